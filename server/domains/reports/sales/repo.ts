import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { dayStart, istDay } from '../../../db/indiaDays';
import { rawRows } from '../../../db/rows';
import {
  categories,
  creditNotes,
  orderLines,
  orders,
  salesDaily,
  services,
  subCategories,
  users,
  zones,
} from '../../../db/schema';
import type { SalesDim } from '../../../db/schema/reports';
import { splitPeriod } from '../period';

/**
 * The service sales report's reads and its daily rollup (decision 057). One aggregate over the rows (`fromRows`)
 * both fills the rollup and covers the days the rollup has not reached yet, so the two cannot count differently.
 * Days are India days; a sale counts on its order's invoice day, a credit note and a cancellation on their own day.
 */

export type { SalesDim };
export const GROUP_DIMS = ['category', 'subCategory', 'service', 'zone', 'professional'] as const;
export type GroupDim = (typeof GROUP_DIMS)[number];

/** The measures, in the rollup's column order; every one is a sum over days. */
export const MEASURES = [
  'orders',
  'lines',
  'gross_paise',
  'discount_paise',
  'coupon_paise',
  'plan_paise',
  'package_paise',
  'taxable_paise',
  'cgst_paise',
  'sgst_paise',
  'igst_paise',
  'tips_paise',
  'cancellations',
  'credit_notes',
  'credit_taxable_paise',
  'credit_cgst_paise',
  'credit_sgst_paise',
  'credit_igst_paise',
] as const;
export type Measure = (typeof MEASURES)[number];
export type Measures = Record<Measure, number>;
const MEASURE_SHAPE = Object.fromEntries(MEASURES.map((m) => [m, 'bigint'])) as Record<Measure, 'bigint'>;

/** The column of the row set each grouping reads. */
const DIM_COLUMN: Record<GroupDim, string> = {
  category: 'category_id',
  subCategory: 'sub_category_id',
  service: 'service_id',
  zone: 'zone_id',
  professional: 'professional_id',
};

/**
 * Per India day in [fromDay, toDay) and per grouping in `dims` (and the day's total, dim 'all'): the measures,
 * computed from the order lines, the credit notes and the cancelled lines. Sales are the lines of invoiced orders; a
 * line with no zone or no professional counts under key 0. A tip is its order's, so it is counted once, in the
 * total only (rows with a null key are the tips' and are dropped from the groupings).
 */
function fromRows(fromDay: string, toDay: string, dims: readonly GroupDim[]) {
  const start = dayStart(fromDay);
  const end = dayStart(toDay);
  const sets = [sql`(day)`, ...dims.map((d) => sql.raw(`(day, ${DIM_COLUMN[d]})`))];
  const dimOf = sql.raw(
    dims.length
      ? `case ${dims.map((d) => `when grouping(${DIM_COLUMN[d]}) = 0 then '${d}'`).join(' ')} else 'all' end`
      : `'all'`,
  );
  const keyOf = sql.raw(
    dims.length
      ? `coalesce(${dims.map((d) => DIM_COLUMN[d]).join(', ')}, case when ${dims.map((d) => `grouping(${DIM_COLUMN[d]}) = 0`).join(' or ')} then null else 0 end)`
      : '0',
  );
  return sql`
    select day, ${dimOf} as dim, ${keyOf} as key,
           count(distinct order_id)::bigint as orders, sum(line)::bigint as lines,
           sum(gross)::bigint as gross_paise, sum(discount)::bigint as discount_paise,
           sum(coupon)::bigint as coupon_paise, sum(plan)::bigint as plan_paise, sum(package)::bigint as package_paise,
           sum(taxable)::bigint as taxable_paise, sum(cgst)::bigint as cgst_paise, sum(sgst)::bigint as sgst_paise,
           sum(igst)::bigint as igst_paise, sum(tip)::bigint as tips_paise,
           sum(cancelled)::bigint as cancellations, sum(cn)::bigint as credit_notes,
           sum(cn_taxable)::bigint as credit_taxable_paise, sum(cn_cgst)::bigint as credit_cgst_paise,
           sum(cn_sgst)::bigint as credit_sgst_paise, sum(cn_igst)::bigint as credit_igst_paise
      from (
        select ${istDay(sql`o.invoice_date`)} as day, l.order_id, l.category_id, sv.sub_category_id, l.service_id,
               coalesce(l.zone_id, 0) as zone_id, coalesce(l.professional_user_id, 0) as professional_id,
               1 as line, l.taxable_paise + l.discount_paise + l.promo_discount_paise as gross,
               l.discount_paise as discount,
               case when l.promo_kind = 'coupon' then l.promo_discount_paise else 0 end as coupon,
               case when l.promo_kind = 'subscription' then l.promo_discount_paise else 0 end as plan,
               case when l.promo_kind = 'package' then l.promo_discount_paise else 0 end as package,
               l.taxable_paise as taxable, l.cgst_paise as cgst, l.sgst_paise as sgst, l.igst_paise as igst,
               0 as tip, 0 as cancelled, 0 as cn, 0 as cn_taxable, 0 as cn_cgst, 0 as cn_sgst, 0 as cn_igst
          from ${orders} o
          join ${orderLines} l on l.order_id = o.id
          join ${services} sv on sv.id = l.service_id
         where o.invoice_no is not null and o.invoice_date >= ${start} and o.invoice_date < ${end}
        union all
        select ${istDay(sql`o.invoice_date`)}, null, null, null, null, null, null,
               0, 0, 0, 0, 0, 0, 0, 0, 0, 0, o.tip_paise, 0, 0, 0, 0, 0, 0
          from ${orders} o
         where o.invoice_no is not null and o.invoice_date >= ${start} and o.invoice_date < ${end} and o.tip_paise > 0
        union all
        select ${istDay(sql`l.cancelled_at`)}, null, l.category_id, sv.sub_category_id, l.service_id,
               coalesce(l.zone_id, 0), coalesce(l.professional_user_id, 0),
               0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0
          from ${orderLines} l
          join ${orders} o on o.id = l.order_id
          join ${services} sv on sv.id = l.service_id
         where l.state = 'cancelled' and o.invoice_no is not null
           and l.cancelled_at >= ${start} and l.cancelled_at < ${end}
        union all
        select ${istDay(sql`cn.created_at`)}, null, l.category_id, sv.sub_category_id, l.service_id,
               coalesce(l.zone_id, 0), coalesce(l.professional_user_id, 0),
               0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, cn.taxable_paise, cn.cgst_paise, cn.sgst_paise, cn.igst_paise
          from ${creditNotes} cn
          join ${orderLines} l on l.id = cn.order_line_id
          join ${services} sv on sv.id = l.service_id
         where cn.created_at >= ${start} and cn.created_at < ${end}
      ) x
     group by grouping sets (${sql.join(sets, sql`, `)})`;
}

const measureList = sql.raw(MEASURES.join(', '));
const measureSums = sql.raw(MEASURES.map((m) => `sum(${m})::bigint as ${m}`).join(', '));

/**
 * Rows of (day, dim, key, measures) for [fromDay, toDay): from the rollup before `through`, from the rows on and
 * after it (rollup/service.ts, `splitPeriod` in period.ts).
 */
function combined(fromDay: string, toDay: string, through: string | null, dims: readonly GroupDim[]) {
  const { rolled, live } = splitPeriod(fromDay, toDay, through);
  const wanted = ['all', ...dims];
  const parts: SQL[] = [];
  if (rolled) {
    parts.push(sql`
      select day, dim, key, ${measureList} from ${salesDaily}
       where dim in (${sql.join(
         wanted.map((d) => sql`${d}`),
         sql`, `,
       )}) and day >= ${rolled.from}::date and day < ${rolled.to}::date`);
  }
  if (live) parts.push(sql`select * from (${fromRows(live.from, live.to, dims)}) f where key is not null`);
  return parts.length ? sql.join(parts, sql` union all `) : null;
}

/** The period's measures per key of one grouping. */
export async function byGroup(exec: Executor, fromDay: string, toDay: string, through: string | null, dim: GroupDim) {
  const rows = combined(fromDay, toDay, through, [dim]);
  if (!rows) return [];
  return rawRows(exec, sql`select key, ${measureSums} from (${rows}) r where dim = ${dim} group by key`, {
    key: 'int',
    ...MEASURE_SHAPE,
  });
}

/** The period's totals per chart bucket (India day or month, keyed by its first day). */
export async function byBucket(
  exec: Executor,
  fromDay: string,
  toDay: string,
  through: string | null,
  bucket: 'day' | 'month',
) {
  const rows = combined(fromDay, toDay, through, []);
  if (!rows) return [];
  const b = bucket === 'day' ? sql`day` : sql`date_trunc('month', day)::date`;
  return rawRows(
    exec,
    sql`select to_char(${b}, 'YYYY-MM-DD') as bucket, ${measureSums} from (${rows}) r where dim = 'all' group by 1`,
    { bucket: 'text', ...MEASURE_SHAPE },
  );
}

/** The period's measures per day of the total (dim 'all'), and per key of each grouping in `dims`, in one read. */
export async function daysAndGroups(
  exec: Executor,
  fromDay: string,
  toDay: string,
  through: string | null,
  dims: readonly GroupDim[],
) {
  const rows = combined(fromDay, toDay, through, dims);
  if (!rows) return [];
  return rawRows(
    exec,
    sql`select dim, key, case when dim = 'all' then to_char(day, 'YYYY-MM-DD') end as day, ${measureSums}
          from (${rows}) r group by 1, 2, 3`,
    { dim: 'text', key: 'int', day: 'text?', ...MEASURE_SHAPE },
  );
}

/** The names of a grouping's keys. */
export async function labels(exec: Executor, dim: GroupDim, keys: number[]) {
  if (!keys.length) return new Map<number, string>();
  const ids = sql`(select unnest(${`{${keys.join(',')}}`}::int[]))`;
  const q: Record<GroupDim, SQL> = {
    category: sql`select id, name as label from ${categories} where id in ${ids}`,
    subCategory: sql`select s.id, c.name || ' / ' || s.name as label from ${subCategories} s join ${categories} c on c.id = s.category_id where s.id in ${ids}`,
    service: sql`select id, heading as label from ${services} where id in ${ids}`,
    zone: sql`select id, zone_name as label from ${zones} where id in ${ids}`,
    professional: sql`select id, full_name as label from ${users} where id in ${ids}`,
  };
  const rows = await rawRows(exec, q[dim], { id: 'int', label: 'text' });
  return new Map(rows.map((r) => [r.id, r.label]));
}

/**
 * The job's recomputation (decision 057, rollup/service.ts): every day from the first one whose rows changed since
 * the last run (`since`, null on the first run: every day) up to `today` (excluded). Answers the days recomputed.
 */
export async function recomputeDays(exec: Executor, today: string, last: { since: Date | null; through: string }) {
  const since = last.since?.toISOString() ?? null;
  // The first run covers every invoiced day; later runs, the invoice days of orders whose lines changed since (a
  // join, not `in (…)`: PostgreSQL would rescan the lines per order once the ids outgrow work_mem).
  const changedOrders =
    since === null
      ? sql`select min(${istDay(sql`o.invoice_date`)}) from ${orders} o where o.invoice_no is not null`
      : sql`select min(${istDay(sql`o.invoice_date`)}) from ${orders} o
              join (select distinct l.order_id from ${orderLines} l where l.state_changed_at >= ${since}::timestamptz) c
                on c.order_id = o.id
             where o.invoice_no is not null`;
  const changedNotes = sql`(select min(${istDay(sql`cn.created_at`)}) from ${creditNotes} cn
     where ${since === null ? sql`true` : sql`cn.created_at >= ${since}::timestamptz`})`;
  const [dirty] = await rawRows(
    exec,
    sql`select least(${since === null ? null : last.through}::date, (${changedOrders}), ${changedNotes})::text as day`,
    { day: 'text?' },
  );
  const from = dirty.day !== null && dirty.day < today ? dirty.day : today;
  if (from < today) {
    await exec.execute(sql`delete from ${salesDaily} where day >= ${from}::date and day < ${today}::date`);
    await exec.execute(sql`
      insert into ${salesDaily} (day, dim, key, ${measureList})
      select * from (${fromRows(from, today, GROUP_DIMS)}) f where key is not null`);
  }
  return { from, to: today };
}

/** Every row of the rollup for [fromDay, toDay) beside the same figures computed from the rows, for the tests. */
export async function rollupAgainstRows(exec: Executor, fromDay: string, toDay: string) {
  const shape = { day: 'text', dim: 'text', key: 'int', ...MEASURE_SHAPE } as const;
  const [rolled, rows] = await Promise.all([
    rawRows(
      exec,
      sql`select day::text as day, dim, key, ${measureList} from ${salesDaily} where day >= ${fromDay}::date and day < ${toDay}::date order by 1, 2, 3`,
      shape,
    ),
    rawRows(
      exec,
      sql`select day::text as day, dim, key, ${measureList} from (${fromRows(fromDay, toDay, GROUP_DIMS)}) f where key is not null order by 1, 2, 3`,
      shape,
    ),
  ]);
  return { rolled, rows };
}
