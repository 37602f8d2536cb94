import type { Db } from '../../../db/client';
import { paise, toRupees } from '../../../money';
import { dayText, indiaDayOf, indiaDayStart } from '../../../shared/indiaTime';
import { recentSales } from '../sales/service';
import * as repo from './repo';

/**
 * GET Reports/AdminDashboard (decision 061): today's orders, unassigned lines by age, cancellations and their
 * reasons, the wallet float, what waits for approval, the top services and zones, and a 30-day trend. Days are India
 * days; every figure is an SQL aggregate (repo.ts; the trend and the top lists are the sales rollup's, decision 057),
 * and each carries the days its staff list filters on, so the screen links every tile to the list it counts.
 */

/** The trend, the cancellations and the top services and zones cover the last 30 India days, today included. */
export const DAYS = 30;
/** How many services, zones and cancellation reasons are named. */
export const TOP = 5;

const rupees = (n: number) => toRupees(paise(n));

export const AGE_LABELS = {
  today: 'Placed today',
  days1to2: '1–2 days old',
  days3to7: '3–7 days old',
  older: 'Over a week old',
} as const;

export async function dashboard(db: Db, now = new Date()) {
  const todayNo = indiaDayOf(now);
  const fromNo = todayNo - (DAYS - 1);
  const todayStart = indiaDayStart(todayNo);
  const end = indiaDayStart(todayNo + 1);
  const start = indiaDayStart(fromNo);

  const [today, todayLines, ages, cancelled, float, approvals, sales] = await Promise.all([
    repo.paidOrders(db, todayStart, end),
    repo.linesPlacedByList(db, todayStart, end),
    repo.unassignedByAge(db, todayStart, indiaDayStart(todayNo - 2), indiaDayStart(todayNo - 7)),
    repo.cancellationReasons(db, start, end, TOP),
    repo.walletFloat(db),
    repo.waitingApprovals(db),
    recentSales(db, dayText(fromNo), dayText(todayNo + 1), TOP),
  ]);

  // The unassigned list's placedFrom/placedTo for each age (both days included).
  const byAge = [
    { age: 'today', count: ages.today, placedFrom: dayText(todayNo), placedTo: dayText(todayNo) },
    { age: 'days1to2', count: ages.days1to2, placedFrom: dayText(todayNo - 2), placedTo: dayText(todayNo - 1) },
    { age: 'days3to7', count: ages.days3to7, placedFrom: dayText(todayNo - 7), placedTo: dayText(todayNo - 3) },
    { age: 'older', count: ages.older, placedFrom: null, placedTo: dayText(todayNo - 8) },
  ] as const;

  const named = cancelled.reasons.reduce((n, r) => n + r.count, 0);
  const byReason =
    cancelled.total > named
      ? [...cancelled.reasons, { reason: 'Other reasons', count: cancelled.total - named }]
      : cancelled.reasons;

  const wallet = (kind: string) => {
    const row = float.find((r) => r.kind === kind);
    return { paise: row?.paise ?? 0, wallets: row?.wallets ?? 0 };
  };
  const customers = wallet('customer_wallet');
  const vendors = wallet('vendor_wallet');

  const perDayOf = new Map(sales.perDay.map((r) => [r.day, r]));
  const trend = Array.from({ length: DAYS }, (_, i) => {
    const day = dayText(fromNo + i);
    const r = perDayOf.get(day);
    return { day, orders: r?.orders ?? 0, value: rupees(r?.paise ?? 0) };
  });

  const ranked = (rows: { id: number | null; name: string | null; lines: number; paise: number }[], none: string) =>
    rows.map((r) => ({ id: r.id, name: r.name ?? none, lines: r.lines, value: rupees(r.paise) }));

  return {
    today: dayText(todayNo),
    from: dayText(fromNo),
    to: dayText(todayNo),
    now,
    todayOrders: { orders: today.n, value: rupees(today.paise), lines: todayLines },
    unassigned: {
      total: ages.today + ages.days1to2 + ages.days3to7 + ages.older,
      byAge: byAge.map((a) => ({ ...a, label: AGE_LABELS[a.age] })),
    },
    cancellations: { count: cancelled.total, byReason },
    walletFloat: {
      total: rupees(customers.paise + vendors.paise),
      customers: { amount: rupees(customers.paise), wallets: customers.wallets },
      vendors: { amount: rupees(vendors.paise), wallets: vendors.wallets },
    },
    approvals,
    topServices: ranked(sales.services, 'A service'),
    topZones: ranked(sales.zones, 'No zone'),
    trend,
  };
}
