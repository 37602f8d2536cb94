// `npm run bench:inventory` (decision 029): on PostgreSQL through one server process (server/main.ts), with 5,000
// products and 100,000 product requests seeded in SQL:
// 1. the inventory manager's and the admin's request lists (TrackRequest, page 1 and a deep page), one request at a
//    time: goal p95 under 50 ms;
// 2. 20 vendors at once, each taking its own requests through the IM's acceptance, the admin's acceptance and the
//    payment from its wallet: goal p99 under 100 ms per call, with the throughput printed.
// At the end the wallet ledger and the stock ledger are checked.
import { openDatabase } from '../server/db/client';
import { DEMO_ACCOUNTS } from '../server/db/seed/demo';
import { checkLedger } from '../server/domains/money/wallets/service';
import { hashPassword } from '../server/domains/platform/auth/passwords';
import { stockCheck } from '../server/domains/supply/products/service';
import { TEST_PASSWORD } from '../tests/support/template';
import { benchOnPostgres, latencyFigure, must, pool, quantile, sequentialListFigure } from './lib';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
const VENDORS = 20;
const PER_VENDOR = Number(process.env.BENCH_PER_VENDOR ?? 25);
// Untimed cycles per vendor first, as a running server would have had: the calls' code compiled and their statements
// prepared on every pooled connection (a cold first quarter-second otherwise held most of the p99's slowest calls).
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 3);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

const { copy, sql, api, close } = await benchOnPostgres('inventory', 4);

try {
  const t0 = performance.now();
  const hash = await hashPassword(TEST_PASSWORD);
  const { rows: place } = await sql.query(
    `select z.id as zone_id, z.state_id, z.city_id from zones z order by z.id limit 1`,
  );
  const { state_id: stateId, city_id: cityId, zone_id: zoneId } = place[0];

  // Products with plenty of stock, each received once (the ledger and the cached figures agree).
  await sql.query(
    `insert into products (product_name, mrp_paise, discount_type, discount, actual_price_paise, cost_paise,
        gst_percent, on_hand, reserved, low_stock_at)
     select 'Bench product ' || i, 10000 + (i % 50) * 100, 'percentage', 10, (10000 + (i % 50) * 100) * 9 / 10,
            5000, (array[5, 12, 18])[1 + i % 3], 1000000, 0, 10
       from generate_series(1, $1::int) i`,
    [PRODUCTS],
  );
  await sql.query(
    `insert into stock_movements (product_id, kind, on_hand_delta, reserved_delta, on_hand_after, reserved_after, reason)
     select id, 'received', on_hand, 0, on_hand, 0, 'Bench stock' from products where product_name like 'Bench product %'`,
  );
  const { rows: productRows } = await sql.query(
    `select id, product_name, mrp_paise, actual_price_paise, gst_percent from products
      where product_name like 'Bench product %' order by id`,
  );

  // Vendors with a profile and one professional each.
  await sql.query(
    `with made as (
       insert into users (full_name, mobile_no, email, role, password_hash)
       select 'Bench vendor ' || i, '4' || lpad(i::text, 9, '0'), 'bench-vendor-' || i || '@example.in', 'VE', $2
         from generate_series(1, $1::int) i returning id, substr(mobile_no, 2)::int as i)
     insert into vendors (user_id, first_name, last_name, state_id, city_id, pin_code, address_line1, pan_number,
        aadhaar_number)
     select id, 'Bench', 'Vendor ' || i, $3, $4, '400001', '1 Bench Lane',
            'BNCHV' || lpad(i::text, 4, '0') || 'V', '4' || lpad(i::text, 11, '0')
       from made`,
    [VENDORS, hash, stateId, cityId],
  );
  const { rows: vendors } = await sql.query(
    `select id, mobile_no from users where role = 'VE' and mobile_no like '4%' order by id`,
  );
  await sql.query(
    `with made as (
       insert into users (full_name, mobile_no, email, role, password_hash)
       select 'Bench vendor pro ' || i, '3' || lpad(i::text, 9, '0'), 'bench-vpro-' || i || '@example.in', 'TE', 'x'
         from generate_series(1, $1::int) i returning id, substr(mobile_no, 2)::int as i)
     insert into professionals (user_id, professional_type, state_id, city_id, pin_code, home_zone_id, address_line1,
        pan_number, aadhaar_number, vendor_user_id, joined_on)
     select m.id, 'Technician', $2, $3, '400001', $4, '1 Bench Lane', 'BNCHP' || lpad(m.i::text, 4, '0') || 'P',
            '5' || lpad(m.i::text, 11, '0'), ($5::int[])[m.i], '2024-01-01'
       from made m`,
    [VENDORS, stateId, cityId, zoneId, vendors.map((v) => v.id)],
  );
  const { rows: pros } = await sql.query(
    `select user_id, vendor_user_id from professionals where vendor_user_id = any($1) order by user_id`,
    [vendors.map((v) => v.id)],
  );
  const proOf = new Map<number, number>(pros.map((p) => [p.vendor_user_id, p.user_id]));

  // 100,000 requests of the past, one line each, in the states a store's history holds: most issued.
  const states = `(array['issued','issued','issued','issued','issued','issued','issued','issued','issued','issued',
      'issued','issued','issued','issued','issued','cancelled','rejectedByIM','rejectedByAdmin','pendingIM','pendingAdmin',
      'approved'])`;
  await sql.query(
    `with made as (
       insert into product_requests (vendor_user_id, state, total_paise, taxable_paise, gst_paise, created_at, updated_at)
       select ($2::int[])[1 + i % array_length($2::int[], 1)], ${states}[1 + i % 21], 18000, 15254, 2746,
              now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
         from generate_series(1, $1::int) i returning id, vendor_user_id)
     insert into product_request_lines (request_id, professional_user_id, product_id, product_name, quantity, mrp_paise,
        unit_price_paise, gst_percent, line_total_paise, taxable_paise, gst_paise)
     select m.id, ($3::int[])[1 + m.vendor_user_id % array_length($3::int[], 1)], $4, 'Bench product', 2, 10000, 9000, 18,
            18000, 15254, 2746
       from made m`,
    [REQUESTS, vendors.map((v) => v.id), pros.map((p) => p.user_id), productRows[0].id],
  );
  await sql.query('analyze');
  console.log(
    `Seeded ${PRODUCTS} products, ${REQUESTS} requests, ${VENDORS} vendors in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const signIn = async (role: 'A' | 'IM') => {
    const a = DEMO_ACCOUNTS.find((x) => x.role === role)!;
    const r = await api(
      'POST',
      role === 'A' ? '/api/adminlogin' : '/api/Userlogin',
      role === 'A'
        ? { UserName: a.email, Password: TEST_PASSWORD }
        : { MobileNoOrEmail: a.mobileNo, Password: TEST_PASSWORD },
    );
    return must(`${role} sign-in`, r).data.Token as string;
  };
  const admin = await signIn('A');
  const im = await signIn('IM');

  // 1. The lists, one request at a time.
  const lists: [string, string, string][] = [
    ["IM's list, page 1", im, '/api/Vendor/TrackRequest?Action=GetPendingRequestAckFromIM&page=1&pageSize=10'],
    ["IM's list, page 50", im, '/api/Vendor/TrackRequest?Action=GetPendingRequestAckFromIM&page=50&pageSize=10'],
    ["admin's list, page 1", admin, '/api/Vendor/TrackRequest?Action=GetPendingRequestAckFromAdmin&page=1&pageSize=10'],
    [
      "admin's list, page 50",
      admin,
      '/api/Vendor/TrackRequest?Action=GetPendingRequestAckFromAdmin&page=50&pageSize=10',
    ],
    ['all requests (history), page 1', admin, '/api/Vendor/TrackRequest?Action=AllRequest&page=1&pageSize=10'],
  ];
  const listFigures: string[] = [];
  for (const [name, token, p] of lists) {
    listFigures.push(
      await sequentialListFigure(name, SAMPLES, async () => must(name, await api('GET', p, undefined, token))),
    );
  }

  // 2. Each vendor gets PER_VENDOR requests waiting for the IM (2 lines each, its own products), and a wallet that
  //    pays them all.
  const vendorTokens: string[] = [];
  await pool(vendors.length, 5, async (i) => {
    must(
      'vendor wallet',
      await api(
        'POST',
        '/api/Vendor/AdminPayForVendorWallet',
        { id: vendors[i].id, Amount: 100_000, Remark: 'Bench funds' },
        admin,
        { 'idempotency-key': `bench-inventory-${vendors[i].id}` },
      ),
    );
    const r = await api('POST', '/api/Userlogin', { MobileNoOrEmail: vendors[i].mobile_no, Password: TEST_PASSWORD });
    vendorTokens[i] = must('vendor sign-in', r).data.Token;
  });
  const work: { vendor: number; requests: number[] }[] = [];
  for (const [i, v] of vendors.entries()) {
    const ids: number[] = [];
    for (let k = 0; k < WARM_UP + PER_VENDOR; k++) {
      const picks = [productRows[(i * PER_VENDOR * 2 + k * 2) % productRows.length], productRows[(i * 7 + k) % 50]];
      const lines = picks.map((p) => {
        const total = p.actual_price_paise * 3;
        const taxable = Math.round((total * 100) / (100 + p.gst_percent));
        return { p, total, taxable };
      });
      const total = lines.reduce((n, l) => n + l.total, 0);
      const taxable = lines.reduce((n, l) => n + l.taxable, 0);
      const { rows } = await sql.query(
        `insert into product_requests (vendor_user_id, state, total_paise, taxable_paise, gst_paise)
         values ($1, 'pendingIM', $2, $3, $4) returning id`,
        [v.id, total, taxable, total - taxable],
      );
      ids.push(rows[0].id);
      for (const l of lines) {
        await sql.query(
          `insert into product_request_lines (request_id, professional_user_id, product_id, product_name, quantity,
             mrp_paise, unit_price_paise, gst_percent, line_total_paise, taxable_paise, gst_paise)
           values ($1, $2, $3, $4, 3, $5, $6, $7, $8, $9, $10)`,
          [
            rows[0].id,
            proOf.get(v.id),
            l.p.id,
            l.p.product_name,
            l.p.mrp_paise,
            l.p.actual_price_paise,
            l.p.gst_percent,
            l.total,
            l.taxable,
            l.total - l.taxable,
          ],
        );
      }
    }
    work.push({ vendor: i, requests: ids });
  }

  const latencies: Record<string, number[]> = { 'IM accepts': [], 'admin accepts': [], 'vendor pays': [] };
  let timing = false;
  const timed = async (name: string, method: string, p: string, token: string, body?: unknown) => {
    const s = performance.now();
    must(name, await api(method, p, body, token));
    if (timing) latencies[name].push(performance.now() - s);
  };
  const cycles = (part: 'warm-up' | 'timed') =>
    Promise.all(
      work.map(async ({ vendor, requests }) => {
        const v = vendors[vendor];
        for (const id of part === 'warm-up' ? requests.slice(0, WARM_UP) : requests.slice(WARM_UP)) {
          await timed(
            'IM accepts',
            'PUT',
            `/api/Vendor/RequestRejectAccept?IOrderId=${id}&RejFlag=false&ResRole=IM`,
            im,
            {},
          );
          await timed(
            'admin accepts',
            'PUT',
            `/api/Vendor/RequestRejectAccept?IOrderId=${id}&RejFlag=false&ResRole=A`,
            admin,
            {},
          );
          await timed(
            'vendor pays',
            'POST',
            `/api/Vendor/VendorReqWalletPay?VendorId=${v.id}&IOrderId=${id}`,
            vendorTokens[vendor],
          );
        }
      }),
    );
  await cycles('warm-up');
  timing = true;
  const started = performance.now();
  await cycles('timed');
  const secs = (performance.now() - started) / 1000;
  const all = Object.values(latencies).flat();
  const timedCycles = VENDORS * PER_VENDOR;

  console.log('\n## bench:inventory (PostgreSQL, one run)');
  console.log(`\nLists (${SAMPLES} sequential requests each, ${REQUESTS} requests and ${PRODUCTS} products seeded):`);
  for (const f of listFigures) console.log(`- ${f}`);
  console.log(
    `\nApproving and paying, ${VENDORS} vendors at once (${timedCycles} requests, 3 calls each, after ${WARM_UP} untimed per vendor):`,
  );
  for (const [name, xs] of Object.entries(latencies)) console.log(`- ${name}: ${latencyFigure(xs)}`);
  console.log(
    `- every call: ${latencyFigure(all)}${quantile(all, 0.99) < 100 ? '' : ' — SHORT of p99 < 100 ms'}; throughput ${(all.length / secs).toFixed(0)} calls/s, ${(timedCycles / secs).toFixed(1)} requests approved twice and paid per s`,
  );

  const database = await openDatabase({ databaseUrl: copy.url });
  const ledger = await checkLedger(database.db);
  const stock = await stockCheck(database.db);
  await database.close();
  console.log(`\nledger:check ${ledger.ok ? 'balances' : `BREACHED: ${JSON.stringify(ledger.checks)}`}`);
  console.log(`stock check ${stock.ok ? 'balances' : `BREACHED: ${JSON.stringify(stock.checks)}`}`);
} finally {
  await close();
}
