// `npm run bench:dispatch` (decision 016), part 1: on PostgreSQL through one server process (server/main.ts), with
// 1,000,000 order lines and 10,000 professionals seeded in SQL, the admin's unassigned list and the ranked
// suggestions for one line, through the API one request at a time (p95 goal under 50 ms each). Prints the figures and
// the plans of the statements behind them (decision 016). Part 2 (bench/live-streams.ts) runs after it.
import os from 'node:os';
import { openDatabase } from '../server/db/client';
import { DEMO_ACCOUNTS } from '../server/db/seed/demo';
import * as dispatch from '../server/domains/commerce/dispatch/service';
import { TEST_PASSWORD } from '../tests/support/template';
import { benchOnPostgres, must, quantile } from './lib';

const LINES = Number(process.env.BENCH_ORDER_LINES ?? 1_000_000);
const PROFESSIONALS = Number(process.env.BENCH_PROFESSIONALS ?? 10_000);
const ZONES = Number(process.env.BENCH_ZONES ?? 100);
const CUSTOMERS = 1000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

const figure = (xs: number[]) =>
  `p50 ${quantile(xs, 0.5).toFixed(1)} ms, p95 ${quantile(xs, 0.95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length} requests)`;

const { copy, sql, api, close } = await benchOnPostgres('dispatch', 4);

try {
  const t0 = performance.now();
  // Zones: ZONES bench zones over the seeded cities, one pincode each.
  await sql.query(
    `insert into zones (zone_name, state_id, city_id)
     select 'Bench zone ' || i, c.state_id, c.id
       from generate_series(1, $1::int) i
       join lateral (select id, state_id from cities order by id offset (i % 40) limit 1) c on true`,
    [ZONES],
  );
  await sql.query(
    `insert into zone_pincodes (zone_id, pin_code)
     select id, '9' || lpad(row_number() over (order by id)::text, 5, '0') from zones where zone_name like 'Bench zone %'`,
  );
  const { rows: zoneRows } = await sql.query(`select id from zones where zone_name like 'Bench zone %' order by id`);
  const zoneIds: number[] = zoneRows.map((r) => r.id);
  const { rows: serviceRows } = await sql.query(
    `select s.id, sc.category_id from services s join sub_categories sc on sc.id = s.sub_category_id order by s.id`,
  );
  if (serviceRows.length < 5) throw new Error('the demo catalogue has fewer than 5 services');
  const serviceIds: number[] = serviceRows.map((r) => r.id);

  // Professionals: each lives in one zone (home), serves it and the next, has 5 skills; 95% active, 90% available,
  // most rated.
  await sql.query(
    `with made as (
       insert into users (full_name, mobile_no, email, role, password_hash, active)
       select 'Bench pro ' || i, '5' || lpad(i::text, 9, '0'), 'bench-pro-' || i || '@example.in', 'TE', 'x', i % 20 <> 0
         from generate_series(1, $1::int) i returning id, mobile_no)
     insert into professionals (user_id, professional_type, state_id, city_id, pin_code, home_zone_id, address_line1,
        pan_number, aadhaar_number, available, rating_count, rating_total, joined_on)
     select m.id, 'Technician', z.state_id, z.city_id, '400001', z.id, '1 Bench Lane',
            chr(65 + (i / 456976) % 26) || chr(65 + (i / 17576) % 26) || chr(65 + (i / 676) % 26) ||
              chr(65 + (i / 26) % 26) || chr(65 + i % 26) || lpad((i % 10000)::text, 4, '0') || 'B',
            '3' || lpad(i::text, 11, '0'), i % 10 <> 0, i % 7, (i % 7) * (3 + i % 3), '2024-01-01'
       from (select id, mobile_no, substr(mobile_no, 2)::int as i from made) m
       join zones z on z.id = ($2::int[])[1 + m.i % array_length($2::int[], 1)]`,
    [PROFESSIONALS, zoneIds],
  );
  await sql.query(
    `insert into professional_zones (professional_user_id, zone_id)
     select p.user_id, z from professionals p
       join users u on u.id = p.user_id and u.mobile_no like '5%',
       lateral (select p.home_zone_id as z union
                select ($1::int[])[1 + (array_position($1::int[], p.home_zone_id)) % array_length($1::int[], 1)]) zz`,
    [zoneIds],
  );
  await sql.query(
    `insert into professional_services (professional_user_id, service_id)
     select distinct p.user_id, ($1::int[])[1 + (p.user_id + k * 7) % array_length($1::int[], 1)]
       from professionals p join users u on u.id = p.user_id and u.mobile_no like '5%'
       cross join generate_series(0, 4) k`,
    [serviceIds],
  );
  const { rows: proRows } = await sql.query(
    `select p.user_id from professionals p join users u on u.id = p.user_id where u.mobile_no like '5%' order by 1`,
  );
  const proIds: number[] = proRows.map((r) => r.user_id);
  console.log(
    `seeded ${zoneIds.length} zones and ${proIds.length} professionals in ${Math.round(performance.now() - t0)} ms`,
  );

  // Customers and 1,000,000 lines: 250,000 orders of 4 lines. Two in a hundred lines wait unassigned, some are held
  // (assigned, accepted) in the next 30 days, most are completed, rated or cancelled over the past year.
  const t1 = performance.now();
  await sql.query(
    `with made as (
       insert into users (full_name, mobile_no, email, role, password_hash)
       select 'Bench customer ' || i, '4' || lpad(i::text, 9, '0'), 'bench-dispatch-' || i || '@example.in', 'Cust', 'x'
         from generate_series(1, $1::int) i returning id)
     insert into customers (user_id, city, pin_code, zone_id, referral_code)
     select id, 'Mumbai', '900001', $2, 'BD' || id from made`,
    [CUSTOMERS, zoneIds[0]],
  );
  await sql.query(
    `insert into orders (customer_user_id, status, payment_type, customer_name, place_address, city, state, state_id,
        pin_code, receiver_name, receiver_mobile_no, intra_state, taxable_paise, gst_paise, tip_paise, total_paise,
        wallet_paise, created_at)
     select c.ids[1 + (g % array_length(c.ids, 1))], 'order created', 'Wallet', 'Bench dispatch', '1 Bench Road',
            'Mumbai', 'Maharashtra', 1, '900001', 'Bench', '4000000000', true, 400000, 72000, 0, 472000, 472000,
            now() - ((g % 365) || ' days')::interval
       from generate_series(1, $1::int) g,
            (select array_agg(id order by id) ids from users where mobile_no like '4%' and role = 'Cust') c`,
    [LINES / 4],
  );
  await sql.query(
    `insert into order_lines (order_id, customer_user_id, service_id, category_id, description, sac_code, quantity,
        unit_price_paise, discount_percent, discount_paise, taxable_paise, gst_rate, cgst_paise, sgst_paise,
        total_paise, slot_start, state, state_changed_at, zone_id, professional_user_id, completion_code, created_at)
     select x.order_id, x.customer_user_id, x.service_id, x.category_id, 'Bench service', '998729', 1, 100000, 0, 0,
            100000, 18, 9000, 9000, 118000,
            case when x.state in ('unassigned', 'assigned', 'accepted')
                 then date_trunc('hour', now()) + ((2 + x.g % 720) || ' hours')::interval
                 else x.created_at + (x.k || ' hours')::interval end,
            x.state, x.created_at, x.zone_id,
            case when x.state in ('unassigned', 'cancelled') then null else ($3::int[])[1 + x.g % array_length($3::int[], 1)] end,
            lpad((x.g % 10000)::text, 4, '0'), x.created_at
       from (
         select o.id as order_id, o.customer_user_id, o.created_at, k, o.id * 4 + k as g,
                ($1::int[])[1 + (o.id * 4 + k) % array_length($1::int[], 1)] as service_id,
                ($2::int[])[1 + (o.id * 4 + k) % array_length($1::int[], 1)] as category_id,
                ($4::int[])[1 + ((o.id * 4 + k) / 7) % array_length($4::int[], 1)] as zone_id,
                case (o.id * 4 + k) % 50 when 0 then 'unassigned' when 1 then 'unassigned' when 2 then 'assigned'
                  when 3 then 'accepted' when 4 then 'cancelled' when 5 then 'cancelled' when 6 then 'cancelled'
                  else (array['completed', 'rated'])[1 + (o.id + k) % 2] end as state
           from orders o cross join generate_series(1, 4) k where o.customer_name = 'Bench dispatch'
       ) x`,
    [serviceIds, serviceRows.map((r) => r.category_id), proIds, zoneIds],
  );
  await sql.query('vacuum analyze order_lines');
  await sql.query(
    'analyze orders; analyze professionals; analyze professional_zones; analyze professional_services; analyze users',
  );
  const {
    rows: [{ n, unassigned }],
  } = await sql.query(
    `select count(*)::int n, count(*) filter (where state = 'unassigned')::int unassigned from order_lines`,
  );
  console.log(`seeded ${n} order lines (${unassigned} unassigned) in ${Math.round((performance.now() - t1) / 1000)} s`);

  const a = DEMO_ACCOUNTS.find((x) => x.role === 'A')!;
  const admin = must(
    'admin sign-in',
    await api('POST', '/api/adminlogin', { UserName: a.email, Password: TEST_PASSWORD }),
  ).data.Token;
  const timedGet = async (p: string) => {
    const t = performance.now();
    const body = must(p, await api('GET', p, undefined, admin));
    return { ms: performance.now() - t, body };
  };
  // Warm the server's statement paths and the buffer cache the way a running system would be.
  for (let i = 0; i < 10; i++) await timedGet('/api/GetUnassignedOrders');

  // The unassigned list: the first page, pages deeper by cursor, and a zone's list, one request at a time.
  const listMs: number[] = [];
  const byKind: number[][] = [[], [], [], []];
  let cursor: string | null = null;
  for (let i = 0; i < SAMPLES; i++) {
    const zone = zoneIds[i % zoneIds.length];
    const kind = i % 4;
    const p =
      kind === 0
        ? '/api/GetUnassignedOrders'
        : kind === 1
          ? `/api/GetUnassignedOrders${cursor ? `?cursor=${cursor}` : ''}`
          : kind === 2
            ? `/api/GetUnassignedOrders?ZoneId=${zone}`
            : `/api/GetUnassignedOrders?ZoneId=${zone}&from=${new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10)}`;
    const { ms, body } = await timedGet(p);
    if (kind === 1) cursor = body.data.nextCursor;
    listMs.push(ms);
    byKind[kind].push(ms);
  }
  // The ranked suggestions for one line: unassigned lines spread over the zones and services.
  const { rows: sample } = await sql.query(
    `select order_id, service_id from order_lines where state = 'unassigned' order by md5(id::text) limit $1`,
    [SAMPLES],
  );
  const suggestMs: number[] = [];
  let offered = 0;
  for (const s of sample) {
    const { ms, body } = await timedGet(`/api/Dispatch/GetSuggestions?OrderId=${s.order_id}&ServiceId=${s.service_id}`);
    offered += body.data.suggestions.length;
    suggestMs.push(ms);
  }

  // The same two reads through the service in this process (no HTTP, no server process): the statements' own cost.
  const direct = await openDatabase({ databaseUrl: copy.url });
  const directListMs: number[] = [];
  const directSuggestMs: number[] = [];
  try {
    for (let i = 0; i < SAMPLES; i++) {
      const t = performance.now();
      await dispatch.listLines(direct.db, 'unassigned', i % 2 ? { ZoneId: zoneIds[i % zoneIds.length] } : {});
      directListMs.push(performance.now() - t);
    }
    for (const s of sample) {
      const t = performance.now();
      await dispatch.suggestions(direct.db, s.order_id, s.service_id);
      directSuggestMs.push(performance.now() - t);
    }
  } finally {
    await direct.close();
  }

  const explain = async (q: string, params: unknown[]) =>
    (await sql.query(`explain (analyze, buffers off, timing off, summary on) ${q}`, params)).rows
      .map((r) => `    ${r['QUERY PLAN']}`)
      .join('\n');
  const [line] = sample;
  const { rows: lineRow } = await sql.query(
    'select id, zone_id, slot_start from order_lines where order_id = $1 and service_id = $2',
    [line.order_id, line.service_id],
  );

  console.log(
    `\n## bench:dispatch (PostgreSQL, one server process; ${n} order lines, ${proIds.length} professionals)\n`,
  );
  console.log(`- unassigned list (API, first page, cursor pages, a zone's, a zone's from a date): ${figure(listMs)}`);
  ['first page', 'next pages by cursor', "a zone's first page", "a zone's from a date"].forEach((name, k) => {
    console.log(`  - ${name}: ${figure(byKind[k])}`);
  });
  console.log(
    `- ranked suggestions for one line (API): ${figure(suggestMs)}; ${(offered / sample.length).toFixed(1)} suggested per line on average`,
  );
  console.log(`- unassigned list through the service, no HTTP (all lines, a zone's): ${figure(directListMs)}`);
  console.log(`- ranked suggestions through the service, no HTTP: ${figure(directSuggestMs)}`);
  console.log(
    `- load average while measuring: ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')} (${os.cpus().length} cores)`,
  );
  console.log(
    `\nPlan of the unassigned page (keyset on order_lines_state_slot_idx):\n${await explain(
      `select l.id, l.slot_start from order_lines l where l.state = 'unassigned' and l.zone_id = $1
        order by l.slot_start, l.id limit 21`,
      [lineRow[0].zone_id],
    )}`,
  );
  console.log(
    `\nPlan of the capped count of all unassigned lines:\n${await explain(
      `select count(*) from (select 1 from order_lines l where l.state in ('unassigned') limit 1001) t`,
      [],
    )}`,
  );
  console.log(
    `\nPlan of the capped count of a zone's:\n${await explain(
      `select count(*) from (select 1 from order_lines l where l.state in ('unassigned') and l.zone_id = $1 limit 1001) t`,
      [lineRow[0].zone_id],
    )}`,
  );
  console.log(
    `\nPlan of the eligible professionals' overlap check for one of them:\n${await explain(
      `select 1 from order_lines o where o.professional_user_id = $1 and o.state in ('assigned', 'accepted')
         and o.slot_start = $2 limit 1`,
      [proIds[0], lineRow[0].slot_start],
    )}`,
  );
} finally {
  await close();
}
