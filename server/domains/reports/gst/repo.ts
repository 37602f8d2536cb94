import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rawRows } from '../../../db/rows';

/** What the returns are read for: the month's instants, the company's state, the B2CL limits (gstr1.ts). */
export interface ReturnQuery {
  start: Date;
  end: Date;
  companyState: string;
  /** Rule 59(4): an invoice dated on or after `b2clFrom` is B2CL above `b2clNew`, before it above `b2clOld` (paise). */
  b2clFrom: Date;
  b2clOld: number;
  b2clNew: number;
}

/**
 * One row shape for every aggregate the return needs (kind says which), so the month is read in one statement:
 * - `detail`: an invoice (b2b, b2cl) or credit note (cdnr, cdnur) per rate, with its meta;
 * - `b2cs`: the small B2C supplies per place of supply and rate, credit notes on them netted (Table 7);
 * - `hsn`: per B2B/B2C, HSN/SAC and rate, credit notes netted (Table 12);
 * - `count`: documents per section (`n`) and the (source, number) pairs behind them (`qty`), for the checks;
 * - `series`: each run of consecutive numbers of the month (Table 13).
 */
export const RETURN_ROW = {
  kind: 'text',
  section: 'text?',
  doc: 'text?',
  at: 'timestamp?',
  ofDoc: 'text?',
  posState: 'text?',
  gstin: 'text?',
  buyer: 'text?',
  value: 'bigint?',
  hsn: 'text?',
  descr: 'text?',
  rate: 'int?',
  qty: 'bigint',
  txval: 'bigint',
  c: 'bigint',
  s: 'bigint',
  i: 'bigint',
  n: 'bigint',
  firstDoc: 'text?',
  lastDoc: 'text?',
} as const;

const threshold = (q: ReturnQuery, at: SQL) =>
  sql`(case when ${at} >= ${q.b2clFrom.toISOString()}::timestamptz then ${q.b2clNew}::bigint else ${q.b2clOld}::bigint end)`;

/**
 * The month's invoice lines (orders, plans, product requests) and credit-note lines, each with its section. Every
 * source is filtered on its document date's index (migration 0023), and the rest is set-based: the month is never
 * walked row by row in JS (the speed target of a month over a million order lines, decision 058).
 */
function monthLines(q: ReturnQuery) {
  const from = q.start.toISOString();
  const to = q.end.toISOString();
  return sql`
    inv_lines as (
      select 'order' as src, o.invoice_no as doc, o.invoice_date as at, o.state as pos_state, null::text as gstin,
        o.customer_name as buyer, (o.taxable_paise + o.gst_paise)::bigint as value, l.sac_code as hsn,
        l.description as descr, l.gst_rate as rate, l.quantity::bigint as qty, l.taxable_paise::bigint as txval,
        l.cgst_paise::bigint as c, l.sgst_paise::bigint as s, l.igst_paise::bigint as i
      from orders o join order_lines l on l.order_id = o.id
      where o.invoice_no is not null and o.invoice_date >= ${from}::timestamptz and o.invoice_date < ${to}::timestamptz
      union all
      -- A plan's rate is not stored: its heads over its taxable value, as backed out at sale (decision 054).
      select 'plan', cs.invoice_no, cs.invoiced_at, cs.place_of_supply, null::text, u.full_name, cs.price_paise::bigint,
        cs.sac_code, 'Subscription plan',
        coalesce(round((cs.cgst_paise + cs.sgst_paise + cs.igst_paise) * 100.0 / nullif(cs.taxable_paise, 0))::int, 0),
        1::bigint, cs.taxable_paise::bigint, cs.cgst_paise::bigint, cs.sgst_paise::bigint, cs.igst_paise::bigint
      from customer_subscriptions cs join users u on u.id = cs.customer_user_id
      where cs.invoice_no is not null and cs.invoiced_at >= ${from}::timestamptz and cs.invoiced_at < ${to}::timestamptz
      union all
      -- A product request stores its split per request; each line splits as the invoice split it (decision 053): all
      -- IGST outside the company's state, else CGST half rounded half-up and SGST the rest.
      select 'product', pr.invoice_no, pr.paid_at,
        case when pr.igst_paise = 0 and pr.gst_paise > 0 then ${q.companyState} else st.name end,
        v.gstin, v.first_name || ' ' || v.last_name, pr.total_paise::bigint, coalesce(pl.hsn_code, ''), pl.product_name,
        pl.gst_percent, pl.quantity::bigint, pl.taxable_paise::bigint,
        case when pr.igst_paise > 0 then 0 else (pl.gst_paise + 1) / 2 end::bigint,
        case when pr.igst_paise > 0 then 0 else pl.gst_paise - (pl.gst_paise + 1) / 2 end::bigint,
        case when pr.igst_paise > 0 then pl.gst_paise else 0 end::bigint
      from product_requests pr
        join product_request_lines pl on pl.request_id = pr.id
        join vendors v on v.user_id = pr.vendor_user_id
        join states st on st.id = v.state_id
      where pr.invoice_no is not null and pr.paid_at >= ${from}::timestamptz and pr.paid_at < ${to}::timestamptz
    ),
    inv_docs as (
      select doc, case
          when max(gstin) is not null then 'b2b'
          when bool_and(pos_state <> ${q.companyState}) and max(value) > ${threshold(q, sql`min(at)`)} then 'b2cl'
          else 'b2cs' end as section
      from inv_lines group by doc
    ),
    inv as (select l.*, d.section from inv_lines l join inv_docs d using (doc)),
    -- Credit notes are issued on cancelled order lines only (decision 030), to unregistered customers: CDNUR when the
    -- invoice they amend was B2CL, otherwise netted into B2CS.
    notes as (
      select 'note' as src, cn.number as doc, cn.created_at as at, o.invoice_no as of_doc, o.state as pos_state,
        null::text as gstin, o.customer_name as buyer, cn.total_paise::bigint as value, l.sac_code as hsn,
        l.description as descr, l.gst_rate as rate, l.quantity::bigint as qty, cn.taxable_paise::bigint as txval,
        cn.cgst_paise::bigint as c, cn.sgst_paise::bigint as s, cn.igst_paise::bigint as i,
        case when not o.intra_state and (o.taxable_paise + o.gst_paise) > ${threshold(q, sql`o.invoice_date`)}
          then 'cdnur' else 'b2cs' end as section
      from credit_notes cn join order_lines l on l.id = cn.order_line_id join orders o on o.id = l.order_id
      where cn.created_at >= ${from}::timestamptz and cn.created_at < ${to}::timestamptz
    ),
    signed as (
      select section, pos_state, gstin, hsn, descr, rate, qty, txval, c, s, i from inv
      union all
      select section, pos_state, gstin, hsn, descr, rate, -qty, -txval, -c, -s, -i from notes
    ),
    numbers as (
      select 'INV' as series, doc from inv_docs
      union all
      select 'CN', doc from notes
    ),
    numbered as (
      select series, doc, regexp_replace(doc, '[0-9]+$', '') as prefix,
        coalesce(substring(doc from '([0-9]+)$'), '0')::bigint as no
      from numbers
    ),
    islands as (
      select series, doc, prefix, no, no - row_number() over (partition by series, prefix order by no) as island
      from numbered
    )`;
}

export async function returnRows(exec: Executor, q: ReturnQuery) {
  return rawRows(
    exec,
    sql`with ${monthLines(q)}
      select 'detail' as kind, section, doc, min(at) as at, null::text as of_doc, min(pos_state) as pos_state,
        min(gstin) as gstin, min(buyer) as buyer, max(value) as value, null::text as hsn, null::text as descr, rate,
        sum(qty) as qty, sum(txval) as txval, sum(c) as c, sum(s) as s, sum(i) as i, count(*) as n,
        null::text as first_doc, null::text as last_doc
      from inv where section in ('b2b', 'b2cl') group by section, doc, rate
      union all
      select 'detail', section, doc, min(at), min(of_doc), min(pos_state), min(gstin), min(buyer), max(value), null,
        null, rate, sum(qty), sum(txval), sum(c), sum(s), sum(i), count(*), null, null
      from notes where section = 'cdnur' group by section, doc, rate
      union all
      select 'b2cs', 'b2cs', null, null, null, pos_state, null, null, null, null, null, rate, sum(qty), sum(txval),
        sum(c), sum(s), sum(i), count(*), null, null
      from signed where section = 'b2cs' group by pos_state, rate
      union all
      select 'hsn', case when gstin is null then 'b2c' else 'b2b' end, null, null, null, null, null, null, null, hsn,
        min(descr), rate, sum(qty), sum(txval), sum(c), sum(s), sum(i), count(*), null, null
      from signed group by case when gstin is null then 'b2c' else 'b2b' end, hsn, rate
      union all
      select 'count', section, 'INV', null, null, null, null, null, null, null, null, null,
        count(distinct src || ' ' || doc), 0, 0, 0, 0, count(distinct doc), null, null
      from inv group by section
      union all
      select 'count', section, 'CN', null, null, null, null, null, null, null, null, null, count(distinct doc), 0, 0,
        0, 0, count(distinct doc), null, null
      from notes group by section
      union all
      select 'series', series, prefix, null, null, null, null, null, null, null, null, null, 0, 0, 0, 0, 0, count(*),
        (array_agg(doc order by no))[1], (array_agg(doc order by no desc))[1]
      from islands group by series, prefix, island
      order by 1, 2, 3, 12`,
    RETURN_ROW,
  );
}

/**
 * The output tax the ledger's heads took in the month (decision 053): the entries on every shard of CGST, SGST/UTGST
 * and IGST payable, by their transfer's time. The one-off moves of old balances into the heads (`gst_reclassified`,
 * migrations 0019 and 0020) are not a month's tax and are left out.
 */
export async function ledgerMovement(exec: Executor, start: Date, end: Date) {
  return rawRows(
    exec,
    sql`select a.kind, coalesce(sum(e.amount), 0) as amount
      from ledger_transfers t
        join ledger_entries e on e.transfer_id = t.id
        join ledger_accounts a on a.id = e.account_id
      where t.created_at >= ${start.toISOString()}::timestamptz and t.created_at < ${end.toISOString()}::timestamptz
        and t.kind <> 'gst_reclassified'
        and a.owner_user_id is null and a.kind in ('cgst_payable', 'sgst_payable', 'igst_payable')
      group by a.kind`,
    { kind: 'text', amount: 'bigint' },
  );
}
