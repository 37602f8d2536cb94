import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { dayStart, istDay } from '../../../db/indiaDays';
import { rawRows } from '../../../db/rows';
import { gstDaily } from '../../../db/schema';
import { splitPeriod } from '../period';

/** What the returns are read for: India days [fromDay, toDay), the company's state, the B2CL limits (gstr1.ts). */
export interface ReturnQuery {
  fromDay: string;
  toDay: string;
  companyState: string;
  /** Rule 59(4): an invoice dated on or after `b2clFrom` is B2CL above `b2clNew`, before it above `b2clOld` (paise). */
  b2clFrom: Date;
  b2clOld: number;
  b2clNew: number;
}

/**
 * One row shape for every aggregate the return needs (kind says which), so a period is read in one statement, per
 * India day (`dayRows`, which fills gst_daily) and then added up over the period (`returnRows`):
 * - `detail`: an invoice (b2b, b2cl) or credit note (cdnr, cdnur) per rate, with its meta;
 * - `b2cs`: the small B2C supplies per place of supply and rate, credit notes on them netted (Table 7);
 * - `hsn`: per B2B/B2C, HSN/SAC and rate, credit notes netted (Table 12);
 * - `count`: documents per section (`n`) and the (source, number) pairs behind them (`qty`), for the checks;
 * - `series`: each run of consecutive numbers (Table 13); a period's runs are the days' runs joined.
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
 * The days' invoice lines (orders, plans, product requests) and credit-note lines, each with its India day and its
 * section. Every source is filtered on its document date's index (migration 0022), and the rest is set-based.
 */
function dayLines(q: ReturnQuery) {
  const from = dayStart(q.fromDay);
  const to = dayStart(q.toDay);
  return sql`
    inv_lines as (
      select ${istDay(sql`o.invoice_date`)} as day, 'order' as src, o.invoice_no as doc, o.invoice_date as at, o.state as pos_state, null::text as gstin,
        o.customer_name as buyer, (o.taxable_paise + o.gst_paise)::bigint as value, l.sac_code as hsn,
        l.description as descr, l.gst_rate as rate, l.quantity::bigint as qty, l.taxable_paise::bigint as txval,
        l.cgst_paise::bigint as c, l.sgst_paise::bigint as s, l.igst_paise::bigint as i
      from orders o join order_lines l on l.order_id = o.id
      where o.invoice_no is not null and o.invoice_date >= ${from} and o.invoice_date < ${to}
      union all
      -- A plan's rate is not stored: its heads over its taxable value, as backed out at sale (decision 054).
      select ${istDay(sql`cs.invoiced_at`)}, 'plan', cs.invoice_no, cs.invoiced_at, cs.place_of_supply, null::text, u.full_name, cs.price_paise::bigint,
        cs.sac_code, 'Subscription plan',
        coalesce(round((cs.cgst_paise + cs.sgst_paise + cs.igst_paise) * 100.0 / nullif(cs.taxable_paise, 0))::int, 0),
        1::bigint, cs.taxable_paise::bigint, cs.cgst_paise::bigint, cs.sgst_paise::bigint, cs.igst_paise::bigint
      from customer_subscriptions cs join users u on u.id = cs.customer_user_id
      where cs.invoice_no is not null and cs.invoiced_at >= ${from} and cs.invoiced_at < ${to}
      union all
      -- A product request stores its split per request; each line splits as the invoice split it (decision 053): all
      -- IGST outside the company's state, else CGST half rounded half-up and SGST the rest.
      select ${istDay(sql`pr.paid_at`)}, 'product', pr.invoice_no, pr.paid_at,
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
      where pr.invoice_no is not null and pr.paid_at >= ${from} and pr.paid_at < ${to}
    ),
    inv_docs as (
      select day, doc, case
          when max(gstin) is not null then 'b2b'
          when bool_and(pos_state <> ${q.companyState}) and max(value) > ${threshold(q, sql`min(at)`)} then 'b2cl'
          else 'b2cs' end as section
      from inv_lines group by day, doc
    ),
    inv as (select l.*, d.section from inv_lines l join inv_docs d using (day, doc)),
    -- Credit notes are issued on cancelled order lines only (decision 030), to unregistered customers: CDNUR when the
    -- invoice they amend was B2CL, otherwise netted into B2CS.
    notes as (
      select ${istDay(sql`cn.created_at`)} as day, 'note' as src, cn.number as doc, cn.created_at as at,
        o.invoice_no as of_doc, o.state as pos_state,
        null::text as gstin, o.customer_name as buyer, cn.total_paise::bigint as value, l.sac_code as hsn,
        l.description as descr, l.gst_rate as rate, l.quantity::bigint as qty, cn.taxable_paise::bigint as txval,
        cn.cgst_paise::bigint as c, cn.sgst_paise::bigint as s, cn.igst_paise::bigint as i,
        case when not o.intra_state and (o.taxable_paise + o.gst_paise) > ${threshold(q, sql`o.invoice_date`)}
          then 'cdnur' else 'b2cs' end as section
      from credit_notes cn join order_lines l on l.id = cn.order_line_id join orders o on o.id = l.order_id
      where cn.created_at >= ${from} and cn.created_at < ${to}
    ),
    signed as (
      select day, section, pos_state, gstin, hsn, descr, rate, qty, txval, c, s, i from inv
      union all
      select day, section, pos_state, gstin, hsn, descr, rate, -qty, -txval, -c, -s, -i from notes
    ),
    numbers as (
      select day, 'INV' as series, doc from inv_docs
      union all
      select day, 'CN', doc from notes
    ),
    numbered as (
      select day, series, doc, regexp_replace(doc, '[0-9]+$', '') as prefix,
        coalesce(substring(doc from '([0-9]+)$'), '0')::bigint as no
      from numbers
    ),
    islands as (
      select day, series, doc, prefix, no,
        no - row_number() over (partition by day, series, prefix order by no) as island
      from numbered
    )`;
}

/** The row columns, in gst_daily's order after `day`. */
const COLUMNS = sql.raw(
  'kind, section, doc, at, of_doc, pos_state, gstin, buyer, value, hsn, descr, rate, qty, txval, c, s, i, n, first_doc, last_doc',
);

/** The return's rows of each India day in [fromDay, toDay), as gst_daily holds them (day first, then COLUMNS). */
function dayRows(q: ReturnQuery) {
  return sql`with ${dayLines(q)}
      select day, 'detail' as kind, section, doc, min(at) as at, null::text as of_doc, min(pos_state) as pos_state,
        min(gstin) as gstin, min(buyer) as buyer, max(value) as value, null::text as hsn, null::text as descr, rate,
        sum(qty) as qty, sum(txval) as txval, sum(c) as c, sum(s) as s, sum(i) as i, count(*) as n,
        null::text as first_doc, null::text as last_doc
      from inv where section in ('b2b', 'b2cl') group by day, section, doc, rate
      union all
      select day, 'detail', section, doc, min(at), min(of_doc), min(pos_state), min(gstin), min(buyer), max(value),
        null, null, rate, sum(qty), sum(txval), sum(c), sum(s), sum(i), count(*), null, null
      from notes where section = 'cdnur' group by day, section, doc, rate
      union all
      select day, 'b2cs', 'b2cs', null, null, null, pos_state, null, null, null, null, null, rate, sum(qty),
        sum(txval), sum(c), sum(s), sum(i), count(*), null, null
      from signed where section = 'b2cs' group by day, pos_state, rate
      union all
      select day, 'hsn', case when gstin is null then 'b2c' else 'b2b' end, null, null, null, null, null, null, null,
        hsn, min(descr), rate, sum(qty), sum(txval), sum(c), sum(s), sum(i), count(*), null, null
      from signed group by day, case when gstin is null then 'b2c' else 'b2b' end, hsn, rate
      union all
      select day, 'count', section, 'INV', null, null, null, null, null, null, null, null, null,
        count(distinct src || ' ' || doc), 0, 0, 0, 0, count(distinct doc), null, null
      from inv group by day, section
      union all
      select day, 'count', section, 'CN', null, null, null, null, null, null, null, null, null, count(distinct doc),
        0, 0, 0, 0, count(distinct doc), null, null
      from notes group by day, section
      union all
      select day, 'series', series, prefix, null, null, null, null, null, null, null, null, null, 0, 0, 0, 0, 0,
        count(*), (array_agg(doc order by no))[1], (array_agg(doc order by no desc))[1]
      from islands group by day, series, prefix, island`;
}

/**
 * The period's rows: the rollup's days before `through`, the documents' own rows after (rollup/service.ts, `splitPeriod` in period.ts), added
 * up over the days. A document belongs to one day, so its detail rows pass through; the summaries are summed; each
 * day's runs of numbers are joined where they touch or overlap, and a run's count is the numbers it spans, so a
 * number used on two days is counted once against two documents (the first check of gstr3b.ts).
 */
export async function returnRows(exec: Executor, q: ReturnQuery, through: string | null) {
  const { rolled, live } = splitPeriod(q.fromDay, q.toDay, through);
  const parts: SQL[] = [];
  if (rolled) {
    parts.push(sql`select ${COLUMNS} from ${gstDaily} where day >= ${rolled.from}::date and day < ${rolled.to}::date`);
  }
  if (live) parts.push(sql`select ${COLUMNS} from (${dayRows({ ...q, fromDay: live.from, toDay: live.to })}) d`);
  if (!parts.length) return [];
  return rawRows(
    exec,
    sql`with days as (${sql.join(parts, sql` union all `)}),
      runs as (
        select section as series, doc as prefix, first_doc, last_doc,
          coalesce(substring(first_doc from '([0-9]+)$'), '0')::bigint as lo,
          coalesce(substring(last_doc from '([0-9]+)$'), '0')::bigint as hi
        from days where kind = 'series'
      ),
      run_starts as (
        select *, case when lo <= max(hi) over (partition by series, prefix order by lo, hi
            rows between unbounded preceding and 1 preceding) + 1 then 0 else 1 end as starts
        from runs
      ),
      joined as (
        select *, sum(starts) over (partition by series, prefix order by lo, hi) as run from run_starts
      )
      select ${COLUMNS} from days where kind = 'detail'
      union all
      select 'b2cs', 'b2cs', null, null, null, pos_state, null, null, null, null, null, rate, sum(qty), sum(txval),
        sum(c), sum(s), sum(i), sum(n), null, null
      from days where kind = 'b2cs' group by pos_state, rate
      union all
      select 'hsn', section, null, null, null, null, null, null, null, hsn, min(descr), rate, sum(qty), sum(txval),
        sum(c), sum(s), sum(i), sum(n), null, null
      from days where kind = 'hsn' group by section, hsn, rate
      union all
      select 'count', section, doc, null, null, null, null, null, null, null, null, null, sum(qty), 0, 0, 0, 0, sum(n),
        null, null
      from days where kind = 'count' group by section, doc
      union all
      select 'series', series, prefix, null, null, null, null, null, null, null, null, null, 0, 0, 0, 0, 0,
        max(hi) - min(lo) + 1, (array_agg(first_doc order by lo))[1], (array_agg(last_doc order by hi desc))[1]
      from joined group by series, prefix, run
      order by 1, 2, 3, 12`,
    RETURN_ROW,
  );
}

/**
 * The rollup job's recomputation (decision 058, rollup/service.ts). A document is dated when it is written and never
 * changes afterwards, so the days to recompute are those from the last run's read time (`since`, already less the
 * margin for late commits) to `today` excluded; the first run (`since` null) computes every day since the first
 * document.
 */
export async function recomputeDays(
  exec: Executor,
  q: Omit<ReturnQuery, 'fromDay' | 'toDay'>,
  today: string,
  last: { since: Date | null; through: string },
) {
  const [first] = await rawRows(
    exec,
    last.since === null
      ? sql`select least(
          (select min(${istDay(sql`invoice_date`)}) from orders where invoice_no is not null),
          (select min(${istDay(sql`invoiced_at`)}) from customer_subscriptions where invoice_no is not null),
          (select min(${istDay(sql`paid_at`)}) from product_requests where invoice_no is not null),
          (select min(${istDay(sql`created_at`)}) from credit_notes))::text as day`
      : sql`select least(${last.through}::date, ${istDay(sql`${last.since.toISOString()}::timestamptz`)})::text as day`,
    { day: 'text?' },
  );
  const from = first.day !== null && first.day < today ? first.day : today;
  if (from < today) {
    await exec.execute(sql`delete from ${gstDaily} where day >= ${from}::date and day < ${today}::date`);
    await exec.execute(
      sql`insert into ${gstDaily} (day, ${COLUMNS}) ${dayRows({ ...q, fromDay: from, toDay: today })}`,
    );
  }
  return { from, to: today };
}

/** The rollup's rows for [fromDay, toDay) beside the same rows computed from the documents (tests, the bench). */
export async function rollupAgainstRows(exec: Executor, q: ReturnQuery) {
  const order = sql.raw('order by day, kind, section, doc, pos_state, hsn, rate, first_doc');
  const shape = { day: 'text', ...RETURN_ROW } as const;
  const [rolled, rows] = await Promise.all([
    rawRows(
      exec,
      sql`select day::text as day, ${COLUMNS} from ${gstDaily}
        where day >= ${q.fromDay}::date and day < ${q.toDay}::date ${order}`,
      shape,
    ),
    rawRows(exec, sql`select day::text as day, ${COLUMNS} from (${dayRows(q)}) d ${order}`, shape),
  ]);
  return { rolled, rows };
}

/**
 * The output tax the ledger's heads took in the month (decision 053): the entries on every shard of CGST, SGST/UTGST
 * and IGST payable, by their time (an entry's is its transfer's: decision 038), read from
 * ledger_entries_account_created_idx alone. The one-off moves of old balances into the heads (`gst_reclassified`,
 * migrations 0019 and 0020) are not a month's tax and are left out.
 */
export async function ledgerMovement(exec: Executor, start: Date, end: Date) {
  return rawRows(
    exec,
    sql`select a.kind, coalesce(sum(e.amount), 0) as amount
      from ledger_accounts a
        join ledger_entries e on e.account_id = a.id
         and e.created_at >= ${start.toISOString()}::timestamptz and e.created_at < ${end.toISOString()}::timestamptz
      where a.owner_user_id is null and a.kind in ('cgst_payable', 'sgst_payable', 'igst_payable')
        and e.transfer_id not in (select t.id from ledger_transfers t where t.kind = 'gst_reclassified')
      group by a.kind`,
    { kind: 'text', amount: 'bigint' },
  );
}
