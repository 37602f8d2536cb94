import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rawRows } from '../../../db/rows';
import {
  couponRedemptions,
  coupons,
  customerSubscriptions,
  homeScreenAds,
  referrals,
  specialPackages,
  transitionLog,
  users,
} from '../../../db/schema';

/**
 * The marketing dashboard's aggregates (decision 025). Every function answers counts and sums computed by the
 * database; none reads a list of rows to count it here. Ranges are instants [from, to) the service derives from
 * India days; buckets are India days or weeks (Monday), keyed by their first day as 'YYYY-MM-DD'.
 */

export type BucketUnit = 'day' | 'week';
export type { ReferralStatus } from '../../../db/schema/marketing';

/** The India day or week (its first day, a date) a timestamp column falls in. */
function bucketDay(column: unknown, unit: BucketUnit) {
  return unit === 'day'
    ? sql`(${column} at time zone 'Asia/Kolkata')::date`
    : sql`date_trunc('week', ${column} at time zone 'Asia/Kolkata')::date`;
}

/** The same as text ('YYYY-MM-DD'), for small results. */
function bucketOf(column: unknown, unit: BucketUnit) {
  return sql`to_char(${bucketDay(column, unit)}, 'YYYY-MM-DD')`;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Coupons not deleted, by state now, with the approved ones split by where `now` falls in their validity. An approved
 * or switched-off coupon past its end counts as expired: the expiry sweep (or the next coupon read) is about to send
 * it EXPIRE, so the dashboard agrees with the coupon lists without writing anything itself.
 */
export async function couponStates(exec: Executor, now: Date) {
  return rawRows(
    exec,
    sql`
    select x.state,
           count(*)::int as n,
           count(*) filter (where x.state = 'approved' and x.valid_from <= ${ts(now)})::int as live,
           count(*) filter (where x.state = 'approved' and x.valid_from > ${ts(now)})::int as scheduled
      from (
        select case when c.state in ('approved', 'disabled') and c.valid_to <= ${ts(now)} then 'expired'
                    else c.state end as state,
               c.valid_from
          from ${coupons} c
          join ${homeScreenAds} a on a.id = c.ad_id
         where a.deleted_at is null and c.state <> 'deleted'
      ) x
     group by x.state`,
    { state: 'text', n: 'int', live: 'int', scheduled: 'int' },
  );
}

/** The coupons waiting for approval that have waited longest: since they were last sent (the transition log). */
export async function oldestPending(exec: Executor, limit: number) {
  return rawRows(
    exec,
    sql`
    select c.ad_id as id, c.code, a.description, u.full_name as "makerName",
           coalesce(p.at, a.updated_at) as "waitingSince"
      from ${coupons} c
      join ${homeScreenAds} a on a.id = c.ad_id
      join ${users} u on u.id = c.created_by
      left join lateral (
        select max(t.at) as at from ${transitionLog} t
         where t.entity = 'Coupon' and t.entity_id = c.ad_id and t.to_state = 'pending'
      ) p on true
     where c.state = 'pending' and a.deleted_at is null
     order by 5, 1
     limit ${limit}`,
    { id: 'int', code: 'text', description: 'text', makerName: 'text', waitingSince: 'timestamp' },
  );
}

/**
 * Redemptions held (not released) made in [from, to), per bucket, split between the `top` coupons that gave the
 * most discount in the range and the rest (couponId null). One statement: the range is read once and folded at once
 * to one row per (bucket, coupon); the ranking and the split work on those few rows.
 */
export async function redemptionSeries(exec: Executor, from: Date, to: Date, unit: BucketUnit, top: number) {
  const rows = await rawRows(
    exec,
    sql`
    with g as materialized (
      select ${bucketDay(sql`cr.created_at`, unit)} as b, cr.coupon_id, count(*) as n, sum(cr.discount_paise) as d
        from ${couponRedemptions} cr
       where cr.created_at >= ${ts(from)} and cr.created_at < ${ts(to)} and cr.released_at is null
       group by 1, 2
    ), best as (
      select coupon_id, sum(d) as d, sum(n) as n
        from g group by coupon_id
       order by 2 desc, 3 desc, 1
       limit ${top}
    )
    select to_char(g.b, 'YYYY-MM-DD') as b, best.coupon_id as "couponId", c.code, best.d::bigint as rank_d,
           best.n::int as rank_n, sum(g.n)::int as n, sum(g.d)::bigint as d
      from g
      left join best on best.coupon_id = g.coupon_id
      left join ${coupons} c on c.ad_id = best.coupon_id
     group by g.b, best.coupon_id, c.code, best.d, best.n`,
    { b: 'text', couponId: 'int?', code: 'text?', rank_d: 'bigint?', rank_n: 'int?', n: 'int', d: 'bigint' },
  );
  return rows.map((r) => ({
    bucket: r.b,
    couponId: r.couponId,
    code: r.code,
    rankDiscount: r.rank_d ?? 0,
    rankCount: r.rank_n ?? 0,
    count: r.n,
    discountPaise: r.d,
  }));
}

/** Home-screen advertisements (AD) not deleted, and how many are switched on; special packages, and how many live. */
export async function adsAndPackages(exec: Executor) {
  const [counts] = await rawRows(
    exec,
    sql`
    select (select count(*) from ${homeScreenAds} where adv_type = 'AD' and deleted_at is null)::int as "adsTotal",
           (select count(*) from ${homeScreenAds} where adv_type = 'AD' and deleted_at is null and status)::int as "adsActive",
           (select count(*) from ${specialPackages})::int as "packagesTotal",
           (select count(*) from ${specialPackages} where expired_status = 'N')::int as "packagesActive"`,
    { adsTotal: 'int', adsActive: 'int', packagesTotal: 'int', packagesActive: 'int' },
  );
  return counts;
}

/** Paid plans bought in [from, to) per bucket (count and revenue), and the paid plans running at `now`. */
export async function subscriptionSales(exec: Executor, from: Date, to: Date, unit: BucketUnit, now: Date) {
  const [buckets, running] = await Promise.all([
    rawRows(
      exec,
      sql`
      select ${bucketOf(sql`created_at`, unit)} as b, count(*)::int as n, sum(price_paise)::bigint as d
        from ${customerSubscriptions}
       where state = 'active' and created_at >= ${ts(from)} and created_at < ${ts(to)}
       group by 1`,
      { b: 'text', n: 'int', d: 'bigint' },
    ),
    rawRows(
      exec,
      sql`
      select count(*)::int as n from ${customerSubscriptions}
       where state = 'active' and starts_at <= ${ts(now)} and ends_at > ${ts(now)}`,
      { n: 'int' },
    ),
  ]);
  return {
    buckets: buckets.map((r) => ({ bucket: r.b, count: r.n, amountPaise: r.d })),
    activeNow: running[0].n,
  };
}

/**
 * Referral sign-ups made in [from, to) per bucket and status; payouts made in the range (count and amount); and what
 * every pending referral would pay.
 */
export async function referralFigures(exec: Executor, from: Date, to: Date, unit: BucketUnit) {
  const [signups, money] = await Promise.all([
    rawRows(
      exec,
      sql`
      select ${bucketOf(sql`created_at`, unit)} as b, status, count(*)::int as n
        from ${referrals}
       where created_at >= ${ts(from)} and created_at < ${ts(to)}
       group by 1, 2`,
      { b: 'text', status: 'text', n: 'int' },
    ),
    rawRows(
      exec,
      sql`
      select count(*) filter (where status = 'paid' and settled_at >= ${ts(from)} and settled_at < ${ts(to)})::int as paid,
             coalesce(sum(cost_paise) filter (where status = 'paid' and settled_at >= ${ts(from)} and settled_at < ${ts(to)}), 0)::bigint as "paidPaise",
             coalesce(sum(cost_paise) filter (where status = 'pending'), 0)::bigint as "pendingPaise"
        from ${referrals}`,
      { paid: 'int', paidPaise: 'bigint', pendingPaise: 'bigint' },
    ),
  ]);
  const m = money[0];
  return {
    signups: signups.map((r) => ({ bucket: r.b, status: r.status, count: r.n })),
    paid: m.paid,
    paidPaise: m.paidPaise,
    pendingPaise: m.pendingPaise,
  };
}
