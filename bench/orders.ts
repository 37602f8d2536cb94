// `npm run bench:orders`, on PostgreSQL through one server process (server/main.ts):
// 1. 50 connections in a closed loop: add to cart and the checkout quote, with their throughput. A closed loop's
//    latency is its concurrency over its throughput, so their p99 judges nothing (decision 040).
// 2. Placing a 2-line wallet-paid order, judged by two figures (decision 049). First, the app's throughput (50
//    connections over HTTP) beside the server's own statements for a placement sent straight over pg (plain-sql.ts),
//    on a pool the size of the server's and at the same concurrency, rounds taken in turn. Goal: the app at least half
//    as fast. Second, placements arriving at a fixed rate, half the app's throughput, in an open loop. Goal: p99 under
//    100 ms. Sign-in is outside the timed part. Each round's CPU is printed, with the rows each placement wrote through
//    the app and through plain SQL (they must be the same).
// 3. With 1,000,000 order lines seeded in SQL: the customer's order list and the staff lists by state (dispatch's
//    keyset-paged calls), through the API, answer with p95 under 50 ms; the plan of the customer's list shows its
//    index (decision 014; the staff lists' plans are bench:dispatch's, decision 016).
import autocannon from 'autocannon';
import { DEMO_ACCOUNTS } from '../server/db/seed/demo';
import { hashPassword } from '../server/domains/platform/auth/passwords';
import { TEST_PASSWORD } from '../tests/support/template';
import {
  benchOnPostgres,
  closedLoop,
  cpuMeter,
  must,
  openLoop,
  pool,
  quantile,
  rowsWritten,
  SERVER_POOL,
  sameWrites,
  writeCallGoals,
} from './lib';
import { placing, plainPool, sessions, systemAccounts } from './plain-sql';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 1000);
const PLACEMENTS = Number(process.env.BENCH_PLACEMENTS ?? 2000);
const LINES = Number(process.env.BENCH_ORDER_LINES ?? 1_000_000);
const PASSWORD = 'Bench-orders-1';

const { copy, server, sql, api, close } = await benchOnPostgres('orders', 10);
// The plain-SQL driver's pool: the server's size, so both wait for connections alike.
const plain = plainPool(copy.url, SERVER_POOL);
// What one placement writes (the cart's lines it empties count as minus).
const PLACING_WRITES = [
  'orders',
  'order_lines',
  'transition_log',
  'ledger_transfers',
  'ledger_entries',
  'notifications',
  'notification_outbox',
  'live_events',
  'cart_lines',
];

/** A slot the server accepts: tomorrow (India time) at `hour`:00, plus `day` days. */
function slot(day: number, hour: number): string {
  const ist = new Date(Date.now() + 330 * 60_000);
  const d = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() + 1 + day, hour) - 330 * 60_000;
  return new Date(d).toISOString();
}

interface Timed {
  name: string;
  perSec: number;
  seconds: number;
  p50: number;
  p99: number;
  total: number;
  failed: number;
}
const rows: Timed[] = [];

/** autocannon over `requests` built per request from a rotating list of customers. */
async function timed(
  name: string,
  build: (n: number) => { path: string; body?: unknown; token: string; headers?: Record<string, string> },
  opts: { amount?: number } = {},
): Promise<Timed> {
  let n = 0;
  let failed = 0;
  const t0 = performance.now();
  let last = t0;
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    ...(opts.amount ? { amount: opts.amount } : { duration: SECONDS }),
    requests: [
      {
        method: 'POST',
        setupRequest: (req: any) => {
          const r = build(n++);
          return {
            ...req,
            path: r.path,
            headers: {
              ...req.headers,
              'content-type': 'application/json',
              authorization: `Bearer ${r.token}`,
              ...r.headers,
            },
            body: JSON.stringify(r.body ?? {}),
          };
        },
        onResponse: (status: number, body: string) => {
          last = performance.now();
          if (status >= 300 && failed++ === 0) console.log(`${name}: first failure ${status} ${body.slice(0, 300)}`);
        },
      },
    ],
  } as autocannon.Options);
  // Per second from the start to the last answer: autocannon ends a run of a fixed amount on its next whole-second
  // tick, so its own duration and average would count the idle rest of that second.
  const seconds = (last - t0) / 1000;
  const row = {
    name,
    perSec: Math.round(result.requests.total / seconds),
    seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failed: failed + result.errors,
  };
  rows.push(row);
  console.log(
    `${name}: ${row.perSec}/s p50 ${row.p50} ms p99 ${row.p99} ms (${row.total} requests, ${row.failed} failed)`,
  );
  return row;
}

try {
  const started = performance.now();
  const hash = await hashPassword(PASSWORD);
  const { rows: zone } = await sql.query(
    `select z.id as zone_id, p.pin_code, c.name as city, s.name as state, s.id as state_id
       from zones z join zone_pincodes p on p.zone_id = z.id join cities c on c.id = z.city_id
       join states s on s.id = z.state_id order by z.id, p.id limit 1`,
  );
  const served = zone[0];
  const a = DEMO_ACCOUNTS.find((x) => x.role === 'A')!;
  const admin = must(
    'admin sign-in',
    await api('POST', '/api/adminlogin', { UserName: a.email, Password: TEST_PASSWORD }),
  ).data.Token;
  const customers: { id: number; mobile_no: string }[] = [];
  const tokens: string[] = [];
  /**
   * `count` more bench customers: made in SQL (an argon2 hash each would take minutes), each with an address in a
   * served demo pincode, signed in, and ₹100,000 in the wallet so that no placement is refused for money.
   */
  async function addCustomers(count: number) {
    const from = customers.length;
    const { rows: made } = await sql.query(
      `with made as (
         insert into users (full_name, mobile_no, email, role, password_hash)
         select 'Bench customer ' || i, '7' || lpad(i::text, 9, '0'), 'bench-orders-' || i || '@example.in', 'Cust', $1
           from generate_series($2::int, $3::int) i returning id, mobile_no, full_name),
       c as (insert into customers (user_id, city, pin_code, zone_id, referral_code)
         select id, $4, $5, $6, 'BO' || id from made),
       a as (insert into customer_addresses (customer_user_id, address, pin_code, city, state, state_id, receiver_name,
           receiver_mobile_no, is_default)
         select id, '1 Bench Road', $5, $4, $7, $8, full_name, mobile_no, true from made)
       select id, mobile_no from made order by id`,
      [hash, from + 1, from + count, served.city, served.pin_code, served.zone_id, served.state, served.state_id],
    );
    customers.push(...made);
    await pool(made.length, 10, async (i) => {
      const r = must(
        'sign-in',
        await api('POST', '/api/Userlogin', { MobileNoOrEmail: made[i].mobile_no, Password: PASSWORD }),
      );
      tokens[from + i] = r.data?.Token ?? r.Token;
    });
    await pool(made.length, 20, async (i) => {
      must(
        'opening credit',
        await api(
          'POST',
          '/api/UpdateCustomerWalletBalance',
          { MobileNo: made[i].mobile_no, Amount: 100000, Remark: 'Bench opening credit' },
          admin,
          { 'idempotency-key': `bench-orders-open-${from + i}-${Date.now()}` },
        ),
      );
    });
  }
  await addCustomers(CUSTOMERS);
  // Two services of a category served in that zone.
  const { rows: services } = await sql.query(
    `select s.id from services s join sub_categories sc on sc.id = s.sub_category_id
       join category_zones cz on cz.category_id = sc.category_id
      where cz.zone_id = $1 and s.active and sc.active order by s.id limit 4`,
    [served.zone_id],
  );
  if (services.length < 2) throw new Error('the demo catalogue serves fewer than 2 services in the first zone');
  console.log(`set up ${customers.length} customers in ${Math.round(performance.now() - started)} ms`);

  // 1. Add to cart: each request adds one of the services to a customer's cart (raising its quantity after the
  //    first), rotating customers and services; quantities stay far below the 99 cap.
  await timed('add to cart', (n) => ({
    path: '/api/Cart/AddCart',
    token: tokens[n % tokens.length],
    body: { ServiceId: services[Math.floor(n / tokens.length) % 2].id, SchedulingDateTime: slot(1, 10) },
  }));
  /** The 2 services, quantity 1, with a slot, in the carts of customers 0 to n - 1 (through the API, untimed). */
  const fillCarts = (n: number, slotAt: string, emptyFirst = false) =>
    pool(n, 20, async (i) => {
      if (emptyFirst) must('empty cart', await api('POST', '/api/Cart/ClearCart', undefined, tokens[i]));
      for (const s of services.slice(0, 2)) {
        must(
          'cart line',
          await api('POST', '/api/Cart/AddCart', { ServiceId: s.id, SchedulingDateTime: slotAt }, tokens[i]),
        );
      }
    });
  // Every cart now holds the 2 services, quantity 1, with a slot: the quote and the placements read 2 lines. The
  // add-to-cart run raised quantities as far as its speed took them, so the carts are emptied first (otherwise a fast
  // machine's orders outgrow the wallets' credit).
  await fillCarts(customers.length, slot(2, 11), true);
  await timed('checkout quote', (n) => ({
    path: '/api/Order/OrderCheckOut',
    token: tokens[n % tokens.length],
    body: {},
  }));

  // 2. Placing, through the app and in plain SQL, a round of each in turn so that a slow spell of the shared machine
  //    falls on both. Placing empties the cart, so each customer places once per refill; PLACEMENTS spread over the
  //    customers, as many through each.
  const session = sessions(plain);
  const place = placing(plain, await systemAccounts(plain), session);
  const rounds = Math.ceil(PLACEMENTS / customers.length);
  const appRounds: Timed[] = [];
  const plainRounds: Timed[] = [];
  const cpuPerPlacement: { name: string; cpu: ReturnType<ReturnType<typeof cpuMeter>> }[] = [];
  // Rows written per placement, over every round of each.
  const appWrites: Record<string, number> = {};
  const plainWrites: Record<string, number> = {};
  const addWrites = (into: Record<string, number>, perCall: Record<string, number>, calls: number) => {
    for (const [t, x] of Object.entries(perCall)) into[t] = (into[t] ?? 0) + (x * calls) / PLACEMENTS;
  };
  let plainFailures = 0;
  for (let round = 0; round < rounds; round++) {
    const amount = Math.min(customers.length, PLACEMENTS - round * customers.length);
    if (round > 0) await fillCarts(amount, slot(3, 12));
    let meter = cpuMeter(server.child.pid!);
    let writes = await rowsWritten(sql, PLACING_WRITES);
    const app = await timed(
      `place a 2-line wallet order (round ${round + 1})`,
      (n) => ({
        path: '/api/Order/OrderPlacedNew?ApiName=Wallet',
        token: tokens[n % tokens.length],
        body: {},
        headers: { 'idempotency-key': `bench-place-${round}-${n}-${Math.round(started)}` },
      }),
      { amount },
    );
    appRounds.push(app);
    cpuPerPlacement.push({ name: `app, round ${round + 1}`, cpu: meter(amount) });
    addWrites(appWrites, await writes(amount), amount);

    await fillCarts(amount, slot(3, 12));
    // The refill put each customer's session in the server's 10-second cache; the driver's cache gets them alike.
    await pool(amount, 10, async (i) => void (await session(tokens[i])));
    meter = cpuMeter(server.child.pid!);
    writes = await rowsWritten(sql, PLACING_WRITES);
    const figure = await closedLoop({
      workers: CONNECTIONS,
      amount,
      call: (n) =>
        place(tokens[n % tokens.length], `bench-plain-${round}-${n}-${Math.round(started)}`).catch((e) => {
          if (plainFailures++ === 0) console.log(`plain SQL placing: first failure ${e.message}`);
          return false;
        }),
    });
    const row = {
      name: `plain SQL: place a 2-line wallet order (round ${round + 1})`,
      perSec: Math.round(figure.perSec),
      seconds: figure.seconds,
      p50: Math.round(figure.p50),
      p99: Math.round(figure.p99),
      total: figure.total,
      failed: figure.failed,
    };
    rows.push(row);
    plainRounds.push(row);
    console.log(
      `${row.name}: ${row.perSec}/s p50 ${row.p50} ms p99 ${row.p99} ms (${row.total}, ${row.failed} failed)`,
    );
    cpuPerPlacement.push({ name: `plain SQL, round ${round + 1}`, cpu: meter(amount) });
    addWrites(plainWrites, await writes(amount), amount);
  }
  const throughput = (rs: Timed[]) => rs.reduce((x, r) => x + r.total, 0) / rs.reduce((x, r) => x + r.seconds, 0);
  const appPerSec = throughput(appRounds);
  const plainPerSec = throughput(plainRounds);

  // The open loop: placements due at half the app's throughput, each from a customer with a full cart, for
  // BENCH_SECONDS. More customers are made first when the run needs more carts than there are customers.
  const rate = appPerSec / 2;
  const due = Math.max(1, Math.round(rate * SECONDS));
  if (due > customers.length) await addCustomers(due - customers.length);
  await fillCarts(due, slot(4, 13));
  const open = await openLoop(server.url, {
    rate,
    seconds: SECONDS,
    request: (i) => ({
      path: '/api/Order/OrderPlacedNew?ApiName=Wallet',
      token: tokens[i],
      body: {},
      headers: { 'idempotency-key': `bench-open-${i}-${Math.round(started)}` },
    }),
  });

  // 3. A million order lines in SQL: 250,000 orders of 4 lines over the bench customers, states spread as a year of
  //    business would leave them (most completed or rated, some cancelled, the rest open).
  const t1 = performance.now();
  const orders = LINES / 4;
  await sql.query(
    `insert into orders (customer_user_id, status, payment_type, customer_name, place_address, city, state, state_id,
        pin_code, receiver_name, receiver_mobile_no, intra_state, taxable_paise, gst_paise, tip_paise, total_paise,
        wallet_paise, created_at)
     select c.ids[1 + (g % array_length(c.ids, 1))], 'order created', 'Wallet', 'Bench seed', '1 Bench Road', $1, $2, $3,
            $4, 'Bench', '7000000000', true, 400000, 72000, 0, 472000, 472000,
            now() - ((g % 365) || ' days')::interval
       from generate_series(1, $5::int) g, (select array_agg(id order by id) ids from users where mobile_no like '7%') c`,
    [served.city, served.state, served.state_id, served.pin_code, orders],
  );
  await sql.query(
    `insert into order_lines (order_id, customer_user_id, service_id, category_id, description, sac_code, quantity,
        unit_price_paise, discount_percent, discount_paise, taxable_paise, gst_rate, cgst_paise, sgst_paise,
        total_paise, slot_start, state, created_at)
     select o.id, o.customer_user_id, s.id, sc.category_id, s.heading, '998729', 1, 100000, 0, 0, 100000, 18, 9000,
            9000, 118000, o.created_at + (k || ' hours')::interval,
            (array['completed','rated','rated','completed','cancelled','unassigned','assigned','accepted'])[1 + ((o.id * 4 + k) % 8)],
            o.created_at
       from orders o cross join generate_series(1, 4) k
       join services s on s.id = (select array_agg(id order by id) from services)[1 + ((o.id + k) % 4)]
       join sub_categories sc on sc.id = s.sub_category_id
      where o.customer_name = 'Bench seed'`,
  );
  await sql.query('analyze orders; analyze order_lines');
  const {
    rows: [{ n }],
  } = await sql.query('select count(*)::int n from order_lines');
  console.log(`seeded ${n} order lines in ${Math.round((performance.now() - t1) / 1000)} s`);

  // The customer's list through the API: 20 customers, upcoming and past, page 1 and page 5, one request at a time.
  const customerListMs: number[] = [];
  for (let i = 0; i < 200; i++) {
    const when = i % 2 ? 'past' : 'upcoming';
    const page = i % 4 < 2 ? 1 : 5;
    const t = performance.now();
    must('customer list', await api('POST', '/api/Customer/GetOrdersForCustomer', { when, page }, tokens[i % 20]));
    customerListMs.push(performance.now() - t);
  }
  // The staff lists by state, as the app serves them: the dispatch calls (keyset-paged on slot and id, decision 016),
  // through the API one request at a time: the first page, then the next 99 pages by cursor (page 100 costs what
  // page 2 does), twice over.
  const staffLists = {
    unassigned: '/api/GetUnassignedOrders',
    assigned: '/api/GetAssignedOrders',
    completed: '/api/Professional/GetCompletedOrders',
    cancelled: '/api/GetCancelledOrders',
  };
  const staffListMs: Record<string, { first: number[]; deep: number[] }> = {};
  for (const [state, path] of Object.entries(staffLists)) {
    staffListMs[state] = { first: [], deep: [] };
    for (let round = 0; round < 2; round++) {
      let cursor: string | null = null;
      for (let i = 0; i < 100; i++) {
        const t = performance.now();
        const body = must(state, await api('GET', cursor ? `${path}?cursor=${cursor}` : path, undefined, admin));
        (i === 0 ? staffListMs[state].first : staffListMs[state].deep).push(performance.now() - t);
        cursor = body.data.nextCursor;
        if (!cursor) break;
      }
    }
  }
  const plan = async (q: string, params: unknown[]) =>
    (await sql.query(`explain ${q}`, params)).rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n');

  console.log(
    `\n## bench:orders (PostgreSQL, one server process with a pool of ${SERVER_POOL}, 50 connections in a closed loop)\n`,
  );
  console.log('| call | per second | p50 ms | p99 ms | requests | failed |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.name} | ${r.perSec} | ${r.p50} | ${r.p99} | ${r.total} | ${r.failed} |`);
  console.log('\nCPU per placement (ms; server, PostgreSQL and this process share the cores):');
  for (const { name, cpu } of cpuPerPlacement) {
    console.log(
      `- ${name}: server ${cpu.server.toFixed(2)}, PostgreSQL ${cpu.postgres.toFixed(2)}, ` +
        `this process (load generator or plain-SQL driver) ${cpu.bench.toFixed(2)}`,
    );
  }
  console.log('\nPlacing a 2-line wallet order (decision 049):');
  for (const line of writeCallGoals('placing', appPerSec, plainPerSec, open)) console.log(`- ${line}`);
  const writes = sameWrites(appWrites, plainWrites);
  console.log(`- ${writes.line}`);
  if (!writes.same || plainFailures) process.exitCode = 1;
  console.log(`\nWith ${n} order lines:`);
  console.log(
    `- customer's order list (API, one at a time): p50 ${quantile(customerListMs, 0.5).toFixed(1)} ms, p95 ${quantile(customerListMs, 0.95).toFixed(1)} ms`,
  );
  for (const [state, { first, deep }] of Object.entries(staffListMs)) {
    const all = [...first, ...deep];
    console.log(
      `- staff list '${state}' (API, ${all.length} pages): p50 ${quantile(all, 0.5).toFixed(1)} ms, p95 ${quantile(all, 0.95).toFixed(1)} ms; first page p50 ${quantile(first, 0.5).toFixed(1)} ms, pages 2-100 by cursor p95 ${quantile(deep, 0.95).toFixed(1)} ms`,
    );
  }
  const { rows: sample } = await sql.query('select customer_user_id from order_lines order by id desc limit 1');
  console.log(
    `\nPlan of a customer's upcoming lines:\n${await plan(
      `select * from order_lines where customer_user_id = $1 and slot_start >= now() order by slot_start limit 20`,
      [sample[0].customer_user_id],
    )}`,
  );
  const { rows: ledger } = await sql.query(
    `select count(*)::int bad from ledger_accounts where not allow_negative and balance < 0`,
  );
  console.log(`\nLedger: ${ledger[0].bad === 0 ? 'no wallet below zero' : `${ledger[0].bad} wallets below zero!`}`);
} finally {
  await plain.end();
  await close();
}
