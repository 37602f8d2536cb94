// `npx tsx bench/marketing-dashboard.ts` (decision 025): on PostgreSQL through one server process
// (server/main.ts), with 1,000 coupons, 200,000 redemptions over a year (one order each), 50,000 referrals and 20,000
// subscription purchases seeded in SQL, the marketing dashboard's one call through the API, one request at a time, for
// the default range (30 days), 90 days and a year in weeks. Prints p50/p95 and the plans of the heaviest statements.
import os from 'node:os';
import { openDatabase } from '../server/db/client';
import { DEMO_ACCOUNTS } from '../server/db/seed/demo';
import * as marketingDashboard from '../server/domains/marketing/marketingDashboard/service';
import { TEST_PASSWORD } from '../tests/support/template';
import { benchOnPostgres, must, quantile } from './lib';

const COUPONS = Number(process.env.BENCH_COUPONS ?? 1_000);
const REDEMPTIONS = Number(process.env.BENCH_REDEMPTIONS ?? 200_000);
const REFERRALS = Number(process.env.BENCH_REFERRALS ?? 50_000);
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 20_000);
const CUSTOMERS = 5_000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);

const figure = (xs: number[]) =>
  `p50 ${quantile(xs, 0.5).toFixed(1)} ms, p95 ${quantile(xs, 0.95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length} requests)`;

const { copy, sql, api, close } = await benchOnPostgres('marketing_dashboard', 4);

try {
  const t0 = performance.now();
  const {
    rows: [{ id: marketer }],
  } = await sql.query(`select id from users where role = 'MR' order by id limit 1`);

  // Customers: CUSTOMERS who redeem and refer and buy plans, and REFERRALS referred ones (each referred once).
  await sql.query(
    `insert into users (full_name, mobile_no, email, role, password_hash)
     select 'Bench marketing ' || i, '3' || lpad(i::text, 9, '0'), 'bench-md-' || i || '@example.in', 'Cust', 'x'
       from generate_series(1, $1::int) i`,
    [CUSTOMERS + REFERRALS],
  );
  const {
    rows: [{ first }],
  } = await sql.query(`select min(id) as first from users where mobile_no like '3%' and role = 'Cust'`);

  // Coupons: every state, validity spread over the year; a tenth waiting for approval (with their SUBMIT logged).
  await sql.query(
    `with ads as (
       insert into home_screen_ads (adv_type, description, discount_desc, added_by, added_by_role, create_date)
       select 'CO', 'Bench coupon ' || i, '10% off', $2, 'MR', now() - ((i % 365) || ' days')::interval
         from generate_series(1, $1::int) i returning id, description)
     insert into coupons (ad_id, code, discount_type, percent, valid_from, valid_to, total_limit, per_customer_limit,
        state, created_by)
     select a.id, 'BENCH' || n, 'P', 10, now() - ((n % 365) || ' days')::interval,
            now() - ((n % 365) || ' days')::interval + interval '400 days', 100000, 100,
            (array['draft', 'pending', 'approved', 'approved', 'approved', 'approved', 'approved', 'rejected',
                   'expired', 'disabled'])[1 + n % 10], $2
       from (select id, substr(description, 14)::int as n from ads) a`,
    [COUPONS, marketer],
  );
  await sql.query(
    `insert into transition_log (entity, entity_id, from_state, to_state, event, actor_id, at)
     select 'Coupon', ad_id, 'draft', 'pending', 'SUBMIT', created_by, now() - ((ad_id % 30) || ' hours')::interval
       from coupons where state = 'pending'`,
  );
  await sql.query(
    `insert into home_screen_ads (adv_type, description, added_by, added_by_role, status)
     select 'AD', 'Bench advertisement ' || i, $1, 'MR', i % 3 <> 0 from generate_series(1, 50) i`,
    [marketer],
  );
  await sql.query(
    `insert into special_packages (pkg_name, pkg_desc, price_paise, expired_status, created_by)
     select 'Bench package ' || i, 'Bench', 99900, case when i % 4 = 0 then 'Y' else 'N' end, $1
       from generate_series(1, 30) i`,
    [marketer],
  );

  // Redemptions: one order each, over the past year, a few coupons used far more than the rest; 5% released.
  await sql.query(
    `insert into orders (customer_user_id, status, payment_type, customer_name, place_address, city, state, pin_code,
        receiver_name, receiver_mobile_no, intra_state, taxable_paise, gst_paise, tip_paise, total_paise, wallet_paise,
        created_at)
     select $2::int + g % $3::int, 'order created', 'Wallet', 'Bench marketing', '1 Bench Road', 'Mumbai',
            'Maharashtra', '400001', 'Bench', '3000000000', true, 100000, 18000, 0, 118000, 118000,
            now() - ((g % 365) || ' days')::interval - ((g % 1440) || ' minutes')::interval
       from generate_series(1, $1::int) g`,
    [REDEMPTIONS, first, CUSTOMERS],
  );
  await sql.query(
    `insert into coupon_redemptions (coupon_id, order_id, customer_user_id, discount_paise, created_at, released_at,
        release_reason)
     select c.ids[1 + (floor(power(random(), 3) * array_length(c.ids, 1)))::int], o.id, o.customer_user_id,
            1000 + (o.id * 37) % 20000, o.created_at,
            case when o.id % 20 = 0 then o.created_at + interval '10 minutes' end,
            case when o.id % 20 = 0 then 'payment failed' end
       from orders o,
            (select array_agg(ad_id order by ad_id) ids from coupons where state in ('approved', 'expired', 'disabled')) c
      where o.customer_name = 'Bench marketing'`,
  );

  // Plans and purchases: most paid, some failed; a few awaiting payment (one per customer at most).
  await sql.query(
    `insert into subscription_plans (subscription_name, duration_in_months, price_paise)
     select 'Bench plan ' || i, 1 + i * 2, 19900 * i from generate_series(1, 5) i`,
  );
  await sql.query(
    `insert into customer_subscriptions (customer_user_id, subscription_id, state, price_paise, duration_in_months,
        starts_at, ends_at, created_at)
     select $2::int + g % $3::int, p.id,
            case when g % 10 = 0 then 'failed' when g % 997 = 0 and g < $3::int then 'awaitingPayment' else 'active' end,
            p.price_paise, p.duration_in_months,
            case when g % 10 = 0 or (g % 997 = 0 and g < $3::int) then null else x.at end,
            case when g % 10 = 0 or (g % 997 = 0 and g < $3::int) then null
                 else x.at + (p.duration_in_months || ' months')::interval end,
            x.at
       from generate_series(1, $1::int) g
       cross join lateral (select now() - ((g % 365) || ' days')::interval as at) x
       join subscription_plans p on p.subscription_name = 'Bench plan ' || (1 + g % 5)`,
    [PURCHASES, first, CUSTOMERS],
  );

  // Referrals: each referred customer once, over the year; a third paid within a week, a few refused.
  await sql.query(`insert into referral_costs (cost_paise, set_at) values (5000, now() - interval '2 years')`);
  await sql.query(
    `insert into referrals (referrer_user_id, referred_user_id, cost_paise, status, refused_reason, created_at,
        settled_at)
     select $2::int + g % $3::int, $2::int + $3::int + g - 1, 5000,
            case when g % 3 = 0 then 'paid' when g % 50 = 1 then 'refused' else 'pending' end,
            case when g % 50 = 1 and g % 3 <> 0 then 'the same mobile number' end,
            now() - ((g % 365) || ' days')::interval,
            case when g % 3 = 0 then now() - ((g % 365) || ' days')::interval + ((g % 7) || ' days')::interval end
       from generate_series(1, $1::int) g`,
    [REFERRALS, first, CUSTOMERS],
  );
  for (const table of ['coupon_redemptions', 'referrals', 'customer_subscriptions']) {
    await sql.query(`vacuum analyze ${table}`);
  }
  await sql.query('analyze coupons; analyze home_screen_ads; analyze orders; analyze transition_log');
  const {
    rows: [counts],
  } = await sql.query(
    `select (select count(*) from coupons)::int as coupons, (select count(*) from coupon_redemptions)::int as redemptions,
            (select count(*) from referrals)::int as referrals,
            (select count(*) from customer_subscriptions)::int as purchases`,
  );
  console.log(
    `seeded ${counts.coupons} coupons, ${counts.redemptions} redemptions, ${counts.referrals} referrals and ${counts.purchases} purchases in ${Math.round((performance.now() - t0) / 1000)} s`,
  );

  const m = DEMO_ACCOUNTS.find((x) => x.role === 'MR')!;
  const token = must(
    'marketing sign-in',
    await api('POST', '/api/Userlogin', { MobileNoOrEmail: m.mobileNo, Password: TEST_PASSWORD }),
  ).data.Token;
  const day = (offset: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + offset * 86_400_000));
  const ranges = [
    { name: 'default (last 30 days, by day)', query: '' },
    { name: 'last 90 days, by day', query: `?from=${day(-89)}&to=${day(0)}` },
    { name: 'last 366 days, by week', query: `?from=${day(-365)}&to=${day(0)}` },
    { name: 'last 366 days, by day, top 10', query: `?from=${day(-365)}&to=${day(0)}&bucket=day&top=10` },
  ];
  const timedGet = async (p: string) => {
    const t = performance.now();
    const body = must(p, await api('GET', p, undefined, token));
    return { ms: performance.now() - t, body };
  };
  // Warm the statement paths and the buffer cache the way a running system would be.
  for (const r of ranges) for (let i = 0; i < 5; i++) await timedGet(`/api/Marketing/GetMarketingDashboard${r.query}`);

  const results: { name: string; ms: number[]; redemptions: number }[] = [];
  for (const r of ranges) {
    const ms: number[] = [];
    let redemptions = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const { ms: one, body } = await timedGet(`/api/Marketing/GetMarketingDashboard${r.query}`);
      ms.push(one);
      redemptions = body.data.redemptions.count;
    }
    results.push({ name: r.name, ms, redemptions });
  }

  // The same call through the service in this process (no HTTP, no server process): the statements' own cost.
  const direct = await openDatabase({ databaseUrl: copy.url });
  const directMs: number[] = [];
  try {
    for (let i = 0; i < SAMPLES; i++) {
      const t = performance.now();
      await marketingDashboard.dashboard(direct.db, {});
      directMs.push(performance.now() - t);
    }
  } finally {
    await direct.close();
  }

  const explain = async (q: string, params: unknown[]) =>
    (await sql.query(`explain (analyze, buffers off, timing off, summary on) ${q}`, params)).rows
      .map((r) => `    ${r['QUERY PLAN']}`)
      .join('\n');

  console.log(
    `\n## bench:marketing-dashboard (PostgreSQL, one server process; ${counts.coupons} coupons, ${counts.redemptions} redemptions, ${counts.referrals} referrals, ${counts.purchases} purchases)\n`,
  );
  for (const r of results) {
    console.log(`- GetMarketingDashboard, ${r.name} (API): ${figure(r.ms)}; ${r.redemptions} redemptions counted`);
  }
  console.log(`- the default range through the service, no HTTP: ${figure(directMs)}`);
  console.log(
    `- load average while measuring: ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')} (${os.cpus().length} cores)`,
  );
  const yearAgo = new Date(Date.now() - 366 * 86_400_000).toISOString();
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const redemptionSeries = `
    with g as materialized (
      select date_trunc('week', cr.created_at at time zone 'Asia/Kolkata')::date as b, cr.coupon_id, count(*) as n,
             sum(cr.discount_paise) as d
        from coupon_redemptions cr
       where cr.created_at >= $1::timestamptz and cr.created_at < now() and cr.released_at is null
       group by 1, 2
    ), best as (
      select coupon_id, sum(d) as d, sum(n) as n from g group by coupon_id order by 2 desc, 3 desc, 1 limit 5
    )
    select to_char(g.b, 'YYYY-MM-DD'), best.coupon_id, c.code, best.d, best.n, sum(g.n), sum(g.d)
      from g left join best on best.coupon_id = g.coupon_id left join coupons c on c.ad_id = best.coupon_id
     group by g.b, best.coupon_id, c.code, best.d, best.n`;
  // Would an index help? The series statement alone, without and then with a covering partial index (held rows
  // only, the columns the statement reads), the same conditions for both.
  const statementMs = async (since: string) => {
    const ms: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      await sql.query(redemptionSeries, [since]);
      ms.push(performance.now() - t);
    }
    return figure(ms).replace('requests', 'runs');
  };
  const without = { month: await statementMs(monthAgo), year: await statementMs(yearAgo) };
  await sql.query(
    `create index bench_coupon_redemptions_held_idx on coupon_redemptions (created_at)
       include (coupon_id, discount_paise) where released_at is null`,
  );
  await sql.query('vacuum analyze coupon_redemptions');
  const withIndex = { month: await statementMs(monthAgo), year: await statementMs(yearAgo) };
  console.log('\nThe redemption series statement alone (SQL, by week):');
  console.log(`- 30 days: ${without.month}; with a covering partial index: ${withIndex.month}`);
  console.log(`- a year: ${without.year}; with a covering partial index: ${withIndex.year}`);
  console.log(
    `\nPlan of the redemption series, 30 days, with that index:\n${await explain(redemptionSeries, [monthAgo])}`,
  );
  await sql.query('drop index bench_coupon_redemptions_held_idx');
  console.log(`\nPlan of the redemption series, 30 days:\n${await explain(redemptionSeries, [monthAgo])}`);
  console.log(`\nPlan of the redemption series, a year:\n${await explain(redemptionSeries, [yearAgo])}`);
  console.log(
    `\nPlan of the referral payouts and what is owed:\n${await explain(
      `select count(*) filter (where status = 'paid' and settled_at >= $1::timestamptz and settled_at < now()),
              coalesce(sum(cost_paise) filter (where status = 'paid' and settled_at >= $1::timestamptz and settled_at < now()), 0),
              coalesce(sum(cost_paise) filter (where status = 'pending'), 0)
         from referrals`,
      [monthAgo],
    )}`,
  );
  console.log(
    `\nPlan of the subscriptions sold, 30 days:\n${await explain(
      `select to_char((created_at at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD'), count(*), sum(price_paise)
         from customer_subscriptions where state = 'active' and created_at >= $1::timestamptz and created_at < now()
        group by 1`,
      [monthAgo],
    )}`,
  );
} finally {
  await close();
}
