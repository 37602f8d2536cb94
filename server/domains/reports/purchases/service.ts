import type { Db } from '../../../db/client';
import { paise, toRupees } from '../../../money';
import { monthName } from '../../../shared/indiaTime';
import { type GroupedQuery, groupingOf, periodOut, resolvePeriod } from '../period';
import * as repo from './repo';

/**
 * GET Common/PurchaseReportVendor (decision 057): what vendors bought from the company's store in a period (product
 * requests paid from their wallets), by vendor, product or month, with the totals and a chart.
 */

export const GROUP_BY = { Vendor: 'vendor', Product: 'product', Month: 'month' } as const satisfies Record<
  string,
  repo.PurchaseDim
>;
export type GroupBy = keyof typeof GROUP_BY;

type Figures = { -readonly [K in keyof typeof repo.FIGURE_SHAPE]: number };
const r = (n: number) => toRupees(paise(n));

function figures(f: Figures) {
  return {
    requests: f.requests,
    lines: f.lines,
    quantity: f.quantity,
    taxable: r(f.taxable_paise),
    cgst: r(f.cgst_paise),
    sgst: r(f.sgst_paise),
    igst: r(f.igst_paise),
    gst: r(f.cgst_paise + f.sgst_paise + f.igst_paise),
    paidFromWallet: r(f.paid_paise),
  };
}

const FIELDS = Object.keys(repo.FIGURE_SHAPE) as (keyof Figures)[];
const zero = () => Object.fromEntries(FIELDS.map((k) => [k, 0])) as Figures;

export type PurchaseQuery = GroupedQuery;

export async function purchaseReport(db: Db, q: PurchaseQuery, now = new Date()) {
  const period = resolvePeriod(q, now);
  const { groupBy, dim } = groupingOf(GROUP_BY, q, 'Vendor');
  const [groups, buckets] = await Promise.all([
    repo.byGroup(db, period.start, period.end, dim),
    repo.byBucket(db, period.start, period.end, period.bucket),
  ]);
  // Requests are counted once per period: a request has one paid day, so the buckets add up.
  const total = zero();
  for (const b of buckets) for (const k of FIELDS) total[k] += b[k];
  const at = new Map(buckets.map((b) => [b.bucket, b]));
  const labelOf = (g: (typeof groups)[number]) =>
    dim === 'month' ? monthName(Number(g.key.slice(0, 4)), Number(g.key.slice(5, 7))) : (g.label ?? g.key);
  const rows = groups
    .map((g) => ({ key: g.key, label: labelOf(g), ...figures(g) }))
    .sort((a, b) =>
      dim === 'month'
        ? a.key.localeCompare(b.key)
        : b.paidFromWallet - a.paidFromWallet || a.label.localeCompare(b.label),
    );
  return {
    ...periodOut(period),
    groupBy,
    bucket: period.bucket,
    rows,
    totals: figures(total),
    chart: period.starts.map((start) => {
      const b = at.get(start) ?? zero();
      return { start, taxable: r(b.taxable_paise), gst: r(b.cgst_paise + b.sgst_paise + b.igst_paise) };
    }),
  };
}
