import { COUPON_STATE_LABELS, COUPON_STATES, type CouponState } from '../../../../src/machines/coupon/coupon.machine';
import type { Db } from '../../../db/client';
import { badRequest } from '../../../http';
import { paise, toRupees } from '../../../money';
import * as repo from './repo';

/**
 * GET Marketing/GetMarketingDashboard (decision 025): coupons by state and those waiting for approval,
 * redemptions and their discount over time (the top coupons apart), advertisements and packages live, subscriptions
 * sold, referral sign-ups and payouts. Every figure comes from an SQL aggregate (repo.ts).
 */

/** India has one offset all year (no daylight saving): +05:30. */
const IST_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The default range: the last 30 days, today included. */
export const DEFAULT_DAYS = 30;
/** The longest range: a year, a leap day included. */
export const MAX_DAYS = 366;
/** Day buckets up to this many days, week buckets beyond (unless asked). */
export const DAY_BUCKETS_UP_TO = 92;
export const DEFAULT_TOP = 5;
/** How many of the coupons waiting for approval the dashboard names. */
export const PENDING_SHOWN = 5;
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2099-12-31';

export const REFERRAL_STATUS_LABELS: Record<repo.ReferralStatus, string> = {
  pending: 'Waiting for a first order',
  paid: 'Paid',
  refused: 'Refused',
};
const REFERRAL_STATUSES = Object.keys(REFERRAL_STATUS_LABELS) as repo.ReferralStatus[];

/** The coupon states the dashboard counts: all but deleted. */
export const DASHBOARD_COUPON_STATES = COUPON_STATES.filter((s) => s !== 'deleted') as Exclude<
  CouponState,
  'deleted'
>[];

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** The instant an India day starts. */
const startOf = (dayNo: number) => new Date(dayNo * DAY_MS - IST_MS);
/** The Monday starting the week of a day (as date_trunc('week') in PostgreSQL). */
const mondayOf = (dayNo: number) => dayNo - ((new Date(dayNo * DAY_MS).getUTCDay() + 6) % 7);

/** Today in India (Asia/Kolkata), as 'YYYY-MM-DD'. */
export const indiaToday = (now: Date) => new Date(now.getTime() + IST_MS).toISOString().slice(0, 10);

function checkedDay(field: string, value: string) {
  const n = dayNumber(value);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !Number.isInteger(n) || dayText(n) !== value) {
    throw badRequest(field, 'must be a date (YYYY-MM-DD)');
  }
  if (value < FIRST_DAY || value > LAST_DAY) {
    throw badRequest(field, `must be a day between ${FIRST_DAY} and ${LAST_DAY}`);
  }
  return n;
}

export interface DashboardQuery {
  from?: string;
  to?: string;
  bucket?: repo.BucketUnit;
  top?: number;
}

/**
 * The range a query asks for: India days `from`..`to` (to today, from 29 days before `to`, by default), its
 * instants [start, end), the bucket unit and the first day of every bucket. 400 naming the field when it is wrong.
 */
export function resolveRange(q: DashboardQuery, now: Date) {
  const toNo = checkedDay('to', q.to ?? indiaToday(now));
  const fromNo = q.from === undefined ? toNo - (DEFAULT_DAYS - 1) : checkedDay('from', q.from);
  if (fromNo > toNo) throw badRequest('from', `must be on or before the last day (${dayText(toNo)})`);
  const days = toNo - fromNo + 1;
  if (days > MAX_DAYS) throw badRequest('from', `the range can cover at most ${MAX_DAYS} days`);
  const top = q.top ?? DEFAULT_TOP;
  if (!Number.isInteger(top) || top < 1 || top > 10) throw badRequest('top', 'must be a whole number from 1 to 10');
  const bucket: repo.BucketUnit = q.bucket ?? (days <= DAY_BUCKETS_UP_TO ? 'day' : 'week');
  const starts: string[] = [];
  if (bucket === 'day') for (let d = fromNo; d <= toNo; d++) starts.push(dayText(d));
  else for (let d = mondayOf(fromNo); d <= toNo; d += 7) starts.push(dayText(d));
  return {
    from: dayText(fromNo),
    to: dayText(toNo),
    start: startOf(fromNo),
    end: startOf(toNo + 1),
    bucket,
    top,
    starts,
  };
}

const rupees = (n: number) => toRupees(paise(n));

/** Buckets in range order, zeros included, from rows keyed by a bucket's first day. */
function fill(starts: string[], rows: { bucket: string; count: number; amountPaise: number }[]) {
  const at = new Map(starts.map((s, i) => [s, i]));
  const out = starts.map((start) => ({ start, count: 0, amountPaise: 0 }));
  for (const r of rows) {
    const i = at.get(r.bucket);
    if (i === undefined) throw new Error(`marketing dashboard: bucket ${r.bucket} is outside the range`);
    out[i].count += r.count;
    out[i].amountPaise += r.amountPaise;
  }
  return out.map((b) => ({ start: b.start, count: b.count, amount: rupees(b.amountPaise) }));
}

export async function dashboard(db: Db, q: DashboardQuery, now = new Date()) {
  const range = resolveRange(q, now);
  const { start, end, bucket, starts } = range;
  const [states, oldest, series, live, subs, refs] = await Promise.all([
    repo.couponStates(db, now),
    repo.oldestPending(db, PENDING_SHOWN),
    repo.redemptionSeries(db, start, end, bucket, range.top),
    repo.adsAndPackages(db),
    repo.subscriptionSales(db, start, end, bucket, now),
    repo.referralFigures(db, start, end, bucket),
  ]);

  // Coupons by state.
  const byStateCount = new Map(states.map((s) => [s.state, s.n]));
  const approved = states.find((s) => s.state === 'approved');
  const byState = DASHBOARD_COUPON_STATES.map((state) => ({
    state,
    label: COUPON_STATE_LABELS[state],
    count: byStateCount.get(state) ?? 0,
  }));

  // Redemptions: every coupon's buckets, then the top coupons' own (null: the rest).
  const asBucketRows = (rows: typeof series) =>
    rows.map((r) => ({ bucket: r.bucket, count: r.count, amountPaise: r.discountPaise }));
  const topIds = [
    ...new Map(
      series.filter((r) => r.couponId !== null).map((r) => [r.couponId as number, [r.rankDiscount, r.rankCount]]),
    ),
  ]
    .sort(([a, [ad, an]], [b, [bd, bn]]) => bd - ad || bn - an || a - b)
    .map(([id]) => id);
  const coupons = topIds.map((couponId) => {
    const own = series.filter((r) => r.couponId === couponId);
    return {
      couponId,
      code: own[0].code ?? `#${couponId}`,
      count: own.reduce((n, r) => n + r.count, 0),
      discount: rupees(own.reduce((n, r) => n + r.discountPaise, 0)),
      buckets: fill(starts, asBucketRows(own)),
    };
  });

  // Referrals: sign-ups by status and by bucket.
  const byStatus = REFERRAL_STATUSES.map((status) => ({
    status,
    label: REFERRAL_STATUS_LABELS[status],
    count: refs.signups.filter((r) => r.status === status).reduce((n, r) => n + r.count, 0),
  }));

  return {
    from: range.from,
    to: range.to,
    bucket,
    top: range.top,
    now,
    coupons: {
      total: byState.reduce((n, s) => n + s.count, 0),
      byState,
      live: approved?.live ?? 0,
      scheduled: approved?.scheduled ?? 0,
      pending: { count: byStateCount.get('pending') ?? 0, oldest },
    },
    redemptions: {
      count: series.reduce((n, r) => n + r.count, 0),
      discount: rupees(series.reduce((n, r) => n + r.discountPaise, 0)),
      buckets: fill(starts, asBucketRows(series)),
      coupons,
    },
    advertisements: { active: live.adsActive, total: live.adsTotal },
    packages: { active: live.packagesActive, total: live.packagesTotal },
    subscriptions: {
      sold: subs.buckets.reduce((n, r) => n + r.count, 0),
      revenue: rupees(subs.buckets.reduce((n, r) => n + r.amountPaise, 0)),
      activeNow: subs.activeNow,
      buckets: fill(starts, subs.buckets),
    },
    referrals: {
      signups: byStatus.reduce((n, s) => n + s.count, 0),
      byStatus,
      buckets: fill(
        starts,
        refs.signups.map((r) => ({ bucket: r.bucket, count: r.count, amountPaise: 0 })),
      ),
      paid: refs.paid,
      paidAmount: rupees(refs.paidPaise),
      pendingAmount: rupees(refs.pendingPaise),
    },
  };
}
