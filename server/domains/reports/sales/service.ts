import type { Db } from '../../../db/client';
import { paise, toRupees } from '../../../money';
import { indiaToday } from '../../../shared/indiaTime';
import { type GroupedQuery, groupingOf, periodOut, resolvePeriod } from '../period';
import { rollupThrough, runRollup } from '../rollup/service';
import * as repo from './repo';

/**
 * GET Common/SalesReportService (decision 057): the service sales of a period, grouped by category, sub-category,
 * service, zone or professional, with its totals and a chart of each bucket's figures. Money is paise inside and
 * rupees in the reply.
 */

export const GROUP_BY = {
  Category: 'category',
  SubCategory: 'subCategory',
  Service: 'service',
  Zone: 'zone',
  Professional: 'professional',
} as const satisfies Record<string, repo.GroupDim>;
export type GroupBy = keyof typeof GROUP_BY;

/** What a key 0 stands for in a grouping (a line with no zone or no professional yet). */
const NONE: Partial<Record<repo.GroupDim, string>> = { zone: 'No zone', professional: 'Not assigned' };

const r = (n: number) => toRupees(paise(n));

/** A row's figures in rupees; net is the taxable value less the credit notes' (the revenue the ledger keeps). */
function figures(m: repo.Measures) {
  return {
    orders: m.orders,
    lines: m.lines,
    gross: r(m.gross_paise),
    catalogueDiscount: r(m.discount_paise),
    couponDiscount: r(m.coupon_paise),
    planDiscount: r(m.plan_paise),
    packageDiscount: r(m.package_paise),
    taxable: r(m.taxable_paise),
    cgst: r(m.cgst_paise),
    sgst: r(m.sgst_paise),
    igst: r(m.igst_paise),
    cancellations: m.cancellations,
    creditNotes: m.credit_notes,
    creditTaxable: r(m.credit_taxable_paise),
    creditCgst: r(m.credit_cgst_paise),
    creditSgst: r(m.credit_sgst_paise),
    creditIgst: r(m.credit_igst_paise),
    net: r(m.taxable_paise - m.credit_taxable_paise),
  };
}

const zero = () => Object.fromEntries(repo.MEASURES.map((m) => [m, 0])) as repo.Measures;
function add(into: repo.Measures, m: repo.Measures) {
  for (const k of repo.MEASURES) into[k] += m[k];
  return into;
}

export type SalesQuery = GroupedQuery;

export async function salesReport(db: Db, q: SalesQuery, now = new Date()) {
  const period = resolvePeriod(q, now);
  const { groupBy, dim } = groupingOf(GROUP_BY, q, 'Category');
  const toDay = dayAfter(period.to);
  const through = await rollupThrough(db, 'sales');
  const [groups, buckets] = await Promise.all([
    repo.byGroup(db, period.from, toDay, through, dim),
    repo.byBucket(db, period.from, toDay, through, period.bucket),
  ]);
  const names = await repo.labels(
    db,
    dim,
    groups.map((g) => g.key).filter((k) => k !== 0),
  );
  const at = new Map(buckets.map((b) => [b.bucket, b]));
  const total = buckets.reduce((t, b) => add(t, b), zero());
  const rows = groups
    .map((g) => ({
      key: g.key,
      label: g.key === 0 ? (NONE[dim] ?? 'None') : (names.get(g.key) ?? `#${g.key}`),
      ...figures(g),
    }))
    .sort((a, b) => b.net - a.net || a.label.localeCompare(b.label));
  return {
    ...periodOut(period),
    groupBy,
    bucket: period.bucket,
    rows,
    totals: { ...figures(total), tips: r(total.tips_paise) },
    chart: period.starts.map((start) => {
      const b = at.get(start) ?? zero();
      return {
        start,
        net: r(b.taxable_paise - b.credit_taxable_paise),
        gst: r(b.cgst_paise + b.sgst_paise + b.igst_paise),
        tips: r(b.tips_paise),
      };
    }),
    rollupThrough: through,
  };
}

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The admin dashboard's sales (decision 061), from the rollup and the rows of the days it has not reached: per India
 * day in [fromDay, toDay) the orders invoiced and their value (tips included), and the `top` services and zones by
 * net sales (lines sold less lines cancelled, value with GST less credit notes), as the service sales report counts.
 */
export async function recentSales(db: Db, fromDay: string, toDay: string, top: number) {
  const through = await rollupThrough(db, 'sales');
  const rows = await repo.daysAndGroups(db, fromDay, toDay, through, ['service', 'zone']);
  const taxed = (m: repo.Measures) => m.taxable_paise + m.cgst_paise + m.sgst_paise + m.igst_paise;
  const credited = (m: repo.Measures) =>
    m.credit_taxable_paise + m.credit_cgst_paise + m.credit_sgst_paise + m.credit_igst_paise;
  const ranked = async (dim: 'service' | 'zone') => {
    const best = rows
      .filter((r) => r.dim === dim)
      .map((r) => ({ key: r.key, lines: r.lines - r.cancellations, paise: taxed(r) - credited(r) }))
      .filter((r) => r.lines > 0 || r.paise > 0)
      .sort((a, b) => b.paise - a.paise || b.lines - a.lines || a.key - b.key)
      .slice(0, top);
    const names = await repo.labels(
      db,
      dim,
      best.map((b) => b.key).filter((k) => k !== 0),
    );
    return best.map((b) => ({
      id: b.key === 0 ? null : b.key,
      name: b.key === 0 ? null : (names.get(b.key) ?? null),
      lines: b.lines,
      paise: b.paise,
    }));
  };
  const [services, zones] = await Promise.all([ranked('service'), ranked('zone')]);
  return {
    perDay: rows
      .filter((r) => r.dim === 'all' && r.day !== null)
      .map((r) => ({ day: r.day as string, orders: r.orders, paise: taxed(r) + r.tips_paise })),
    services,
    zones,
  };
}

/** The rollup job's one run: recompute the changed days before today (India), with a margin for late commits. */
export async function refreshSalesRollup(db: Db, now = new Date()) {
  const today = indiaToday(now);
  return db.transaction((tx) => runRollup(tx, 'sales', today, (last) => repo.recomputeDays(tx, today, last)));
}

/** The rollup's rows beside the same figures computed from the order lines and credit notes (tests, the bench). */
export const rollupAgainstRows = (db: Db, fromDay: string, toDay: string) => repo.rollupAgainstRows(db, fromDay, toDay);
