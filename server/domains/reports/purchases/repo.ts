import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rawRows } from '../../../db/rows';
import { productRequestLines, productRequests, users } from '../../../db/schema';

/**
 * The vendor purchase report's reads (decision 057): the lines of product requests paid in [start, end), a request
 * paid (invoiced) on its `paid_at`. Each line's GST is split as its tax invoice splits it (decision 053): all IGST
 * when the request's stored split is IGST, else CGST half the line's GST rounded half-up and SGST the rest, so the
 * lines add up to the request's stored heads.
 */

export type PurchaseDim = 'vendor' | 'product' | 'month';

const FIGURES = sql.raw(`
  count(distinct r.id)::bigint as requests, count(*)::bigint as lines, sum(pl.quantity)::bigint as quantity,
  sum(pl.taxable_paise)::bigint as taxable_paise,
  sum(case when r.igst_paise > 0 then 0 else (pl.gst_paise + 1) / 2 end)::bigint as cgst_paise,
  sum(case when r.igst_paise > 0 then 0 else pl.gst_paise - (pl.gst_paise + 1) / 2 end)::bigint as sgst_paise,
  sum(case when r.igst_paise > 0 then pl.gst_paise else 0 end)::bigint as igst_paise,
  sum(pl.line_total_paise)::bigint as paid_paise`);

export const FIGURE_SHAPE = {
  requests: 'bigint',
  lines: 'bigint',
  quantity: 'bigint',
  taxable_paise: 'bigint',
  cgst_paise: 'bigint',
  sgst_paise: 'bigint',
  igst_paise: 'bigint',
  paid_paise: 'bigint',
} as const;

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const month = sql`to_char(date_trunc('month', r.paid_at at time zone 'Asia/Kolkata'), 'YYYY-MM-DD')`;

const paidIn = (start: Date, end: Date) =>
  sql`r.invoice_no is not null and r.paid_at >= ${ts(start)} and r.paid_at < ${ts(end)}`;

/** The period's figures per vendor, product or month (a month's key is its first day). */
export async function byGroup(exec: Executor, start: Date, end: Date, dim: PurchaseDim) {
  const key = dim === 'vendor' ? sql`r.vendor_user_id::text` : dim === 'product' ? sql`pl.product_id::text` : month;
  const label =
    dim === 'vendor' ? sql`min(u.full_name)` : dim === 'product' ? sql`min(pl.product_name)` : sql`null::text`;
  return rawRows(
    exec,
    sql`
    select ${key} as key, ${label} as label, ${FIGURES}
      from ${productRequests} r
      join ${productRequestLines} pl on pl.request_id = r.id
      join ${users} u on u.id = r.vendor_user_id
     where ${paidIn(start, end)}
     group by 1`,
    { key: 'text', label: 'text?', ...FIGURE_SHAPE },
  );
}

/** The period's figures per chart bucket (India day or month, keyed by its first day). */
export async function byBucket(exec: Executor, start: Date, end: Date, bucket: 'day' | 'month') {
  const b = bucket === 'day' ? sql`to_char(r.paid_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD')` : month;
  return rawRows(
    exec,
    sql`
    select ${b} as bucket, ${FIGURES}
      from ${productRequests} r
      join ${productRequestLines} pl on pl.request_id = r.id
     where ${paidIn(start, end)}
     group by 1`,
    { bucket: 'text', ...FIGURE_SHAPE },
  );
}
