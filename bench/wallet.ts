// `npm run bench:wallet`: wallet transfers (an admin's ₹1 credit or debit of a customer's wallet) on PostgreSQL
// through one server process (server/main.ts), with 50 connections: spread over 1,000 wallets, then all on one hot
// wallet. Judged by two figures (decision 049). First, the app's throughput over 1,000 wallets beside the server's own
// statement for a transfer sent straight over pg (plain-sql.ts), on a pool the size of the server's and at the same
// concurrency. Goal: the app at least half as fast. Second, transfers arriving at a fixed rate, half the app's
// throughput, in an open loop. Goal: p99 under 100 ms. A closed loop's latency is its concurrency over its throughput,
// so it judges nothing. Also timed: an authenticated read, wallet-to-wallet moves through the ledger code, and a
// sandbox top-up's settle. Every balance is checked at the end, and the ledger's invariants.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { ledgerAccounts, users } from '../server/db/schema';
import { DEMO_ACCOUNTS } from '../server/db/seed/demo';
import { insertCustomer } from '../server/domains/commerce/customers/repo';
import * as wallets from '../server/domains/money/wallets/service';
import { hashPassword } from '../server/domains/platform/auth/passwords';
import { paise } from '../server/money';
import { postgresAnswers, startServerProcess, templateCopy } from '../tests/support/server-processes';
import { TEST_PASSWORD } from '../tests/support/template';
import {
  apiCaller,
  closedLoop,
  type LoopFigure,
  openLoop,
  pool,
  quantile,
  rowsWritten,
  SERVER_POOL,
  sameWrites,
  writeCallGoals,
} from './lib';
import { plainPool, systemAccounts, transfers } from './plain-sql';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const WALLETS = 1000;
const START_PAISE = 100_000; // ₹1,000 in every wallet first, so no ₹1 debit is ever refused
const FLOWS = Number(process.env.BENCH_SETTLE_FLOWS ?? 200);
const MAX_WALLET_PAISE = 200_000 * 100; // the server's wallet ceiling: a credit's statement checks it
// What one transfer writes: a credit also tells the customer (a notice and an SMS), a debit does not.
const TRANSFER_WRITES = ['ledger_transfers', 'ledger_entries', 'notifications', 'notification_outbox'];
const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const ms = (x: number) => x.toFixed(1);

/** CPU seconds (user + system) a process has used, from /proc; NaN where there is no /proc. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
/** A run's figures without HTTP (this process sends the statements), and this process's CPU per call. */
function directRun(
  name: string,
  figure: LoopFigure,
  cpu0: number,
  done: { Credit: number; Debit: number; other: number; retried: number },
) {
  return {
    name,
    perSec: figure.perSec,
    p50: figure.p50,
    p99: figure.p99,
    total: figure.total,
    failed: done.other,
    cpuUs: ((ownCpuSeconds() - cpu0) * 1e6) / figure.total,
    done,
  };
}

const ownCpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

if (!(await postgresAnswers(base))) {
  console.log(`PostgreSQL: nothing answers at ${base}; bench:wallet needs it (BENCH_PG_URL).`);
  process.exit(1);
}
const copy = await templateCopy(base, 'doorstep_bench_wallet', { durable: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wallet-'));
const server = await startServerProcess({
  DATABASE_URL: copy.url,
  DATA_DIR: dataDir,
  SERVE_CLIENT: 'false',
  RATE_LIMITS: 'off',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  PG_POOL_MAX: String(SERVER_POOL),
});
// The plain-SQL driver's pool: the server's size, so both wait for connections alike.
const plain = plainPool(copy.url, SERVER_POOL);
// The wallet-to-wallet profile gets the 50 connections its 50 workers need.
process.env.PG_POOL_MAX = String(CONNECTIONS);
const database = await openDatabase({ databaseUrl: copy.url });
const db = database.db;

const api = apiCaller(server.url);

const runId = Date.now().toString(36);
let keySeq = 0;
const newKey = () => `bench-${runId}-${++keySeq}`;

try {
  const started = performance.now();
  const a = DEMO_ACCOUNTS.find((x) => x.role === 'A')!;
  const admin: string = (await api('POST', '/api/adminlogin', { UserName: a.email, Password: TEST_PASSWORD })).body.data
    .Token;
  const adminUser = (await api('GET', '/api/Auth/Me', undefined, admin)).body.data;

  // 1,000 customers (and one for the hot wallet) through the sign-up's own repo call, sharing one password hash:
  // argon2 per account would take minutes here, and these accounts only sign in for the settle flows.
  const password = 'Bench-wallet-1';
  const passwordHash = await hashPassword(password);
  const customers = Array.from({ length: WALLETS + 1 }, (_, i) => ({
    fullName: `Bench wallet ${i + 1}`,
    mobileNo: `6${String(100_000_000 + i).padStart(9, '0')}`,
  }));
  await pool(customers.length, 10, async (i) => {
    const c = customers[i];
    await db.transaction((tx) =>
      insertCustomer(
        tx,
        { fullName: c.fullName, mobileNo: c.mobileNo, email: `bench${i + 1}@example.in`, role: 'Cust', passwordHash },
        { city: 'Bengaluru', pinCode: '560034', zoneId: null, referralCode: `BW${i + 1}` },
      ),
    );
  });
  const spread = customers.slice(0, WALLETS);
  const hot = customers[WALLETS];
  // Credit each first, through the API (this also warms the server up).
  await pool(customers.length, CONNECTIONS, async (i) => {
    const amount = i === WALLETS ? 10 * START_PAISE : START_PAISE;
    const r = await api(
      'POST',
      '/api/UpdateCustomerWalletBalance',
      { MobileNo: customers[i].mobileNo, Amount: amount / 100, Remark: 'Bench opening credit' },
      admin,
      { 'idempotency-key': newKey() },
    );
    if (r.status !== 200) throw new Error(`opening credit: ${r.status} ${JSON.stringify(r.body)}`);
  });
  console.log(`set up in ${Math.round(performance.now() - started)} ms: ${customers.length} wallets credited`);

  /** The paise held by these customers' wallets together. */
  const sumOf = async (mobiles: string[]) => {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
      .from(ledgerAccounts)
      .innerJoin(users, eq(users.id, ledgerAccounts.ownerUserId))
      .where(and(eq(ledgerAccounts.kind, 'customer_wallet'), inArray(users.mobileNo, mobiles)));
    return Number(row.total);
  };

  /**
   * Alternating ₹1 admin credits and debits through the API, each with its own Idempotency-Key, over `mobiles`.
   * autocannon stops with up to 50 requests in flight whose answers it never reads; those are sent again with
   * their keys (a client's retry), so every transfer's outcome is known and the balances can be checked exactly.
   */
  async function apiTransfers(name: string, mobiles: string[]) {
    let k = 0;
    const done = { Credit: 0, Debit: 0, other: 0, retried: 0 };
    const pending = new Map<string, { body: string; action: 'Credit' | 'Debit' }>();
    const cpu0 = cpuSeconds(server.child.pid);
    const t0 = performance.now();
    let last = t0;
    const count = (status: number, action: 'Credit' | 'Debit') => {
      if (status === 200) done[action]++;
      else done.other++;
    };
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/api/UpdateCustomerWalletBalance',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
          setupRequest: (req: any, context: any) => {
            const n = k++;
            const action = n % 2 ? 'Debit' : 'Credit';
            const body = JSON.stringify({
              MobileNo: mobiles[Math.floor(n / 2) % mobiles.length],
              Amount: 1,
              Action: action,
              Remark: 'Bench transfer',
            });
            context.key = newKey();
            pending.set(context.key, { body, action });
            return { ...req, headers: { ...req.headers, 'idempotency-key': context.key }, body };
          },
          onResponse: (status: number, _body: string, context: any) => {
            last = performance.now();
            count(status, pending.get(context.key)!.action);
            pending.delete(context.key);
          },
        },
      ],
    } as autocannon.Options);
    const cpu = cpuSeconds(server.child.pid) - cpu0;
    for (const [key, p] of pending) {
      const r = await api('POST', '/api/UpdateCustomerWalletBalance', JSON.parse(p.body), admin, {
        'idempotency-key': key,
      });
      count(r.status, p.action);
      done.retried++;
    }
    return {
      name,
      // From the start to the last answer, as the plain-SQL run is timed (autocannon stops on a whole-second tick).
      perSec: result.requests.total / ((last - t0) / 1000),
      p50: result.latency.p50,
      p99: result.latency.p99,
      total: result.requests.total,
      failed: result.non2xx + result.errors,
      cpuUs: (cpu * 1e6) / result.requests.total,
      done,
    };
  }

  /**
   * The same transfers as the API's run, as the server sends them, straight over pg (plain-sql.ts): the same
   * concurrency on a pool of the server's size, each with its own key.
   */
  async function plainTransfers(name: string, mobiles: string[]) {
    const move = transfers(plain, await systemAccounts(plain), MAX_WALLET_PAISE);
    const done = { Credit: 0, Debit: 0, other: 0, retried: 0 };
    const cpu0 = ownCpuSeconds();
    const figure = await closedLoop({
      workers: CONNECTIONS,
      seconds: SECONDS,
      call: async (n) => {
        const action = n % 2 ? 'Debit' : 'Credit';
        const mobileNo = mobiles[Math.floor(n / 2) % mobiles.length];
        const moved = await move(admin, { mobileNo, action, key: newKey(), remark: 'Bench transfer' }).catch((e) => {
          if (done.other === 0) console.log(`${name}: first failure ${e.message}`);
          return false;
        });
        if (moved) done[action]++;
        else done.other++;
        return moved;
      },
    });
    return { ...directRun(name, figure, cpu0, done), perSec: figure.perSec };
  }

  /**
   * Profile: ₹1 from one customer wallet to the next through wallets.post, 50 workers: the same ledger code with no
   * system account in the transfer, so no one row that every transfer locks.
   */
  async function directWalletToWallet(name: string, walletIds: number[]) {
    let failed = 0;
    const cpu0 = ownCpuSeconds();
    const figure = await closedLoop({
      workers: CONNECTIONS,
      seconds: SECONDS,
      call: async (n) => {
        const from = walletIds[n % walletIds.length];
        const to = walletIds[(n * 7 + 1) % walletIds.length];
        try {
          await db.transaction((tx) =>
            wallets.post(tx, {
              kind: 'wallet_debit',
              legs: [
                { accountId: from, amount: -100 },
                { accountId: to, amount: 100 },
              ],
              remark: 'Bench wallet to wallet',
              actorId: adminUser.Id,
              idempotency: { key: newKey(), hash: 'bench' },
              amountField: 'Amount',
              amount: paise(100),
            }),
          );
          return true;
        } catch {
          failed++;
          return false;
        }
      },
    });
    return directRun(name, figure, cpu0, { Credit: 0, Debit: 0, other: failed, retried: 0 });
  }

  /** An authenticated read of one wallet: what HTTP, auth and validation cost without a transaction. */
  async function authedRead() {
    const result = await autocannon({
      url: `${server.url}/api/GetCustomerWalletBalance`,
      method: 'POST',
      connections: CONNECTIONS,
      duration: Math.min(SECONDS, 5),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ CustomerMobileNo: spread[0].mobileNo }),
    });
    return { perSec: result.requests.average, p99: result.latency.p99, failed: result.non2xx + result.errors };
  }

  type Run = Awaited<ReturnType<typeof apiTransfers>>;
  const checks: string[] = [];
  async function checked(run: Run, mobiles: string[], before: number) {
    const expected = before + (run.done.Credit - run.done.Debit) * 100;
    const after = await sumOf(mobiles);
    checks.push(
      `${run.name}: ${run.done.Credit} credits and ${run.done.Debit} debits of ₹1 succeeded` +
        `${run.done.retried ? ` (${run.done.retried} left in flight, sent again with their keys)` : ''}; balance${mobiles.length > 1 ? 's sum' : ''} ` +
        `${after} paise, expected ${expected}: ${after === expected ? 'right' : 'WRONG'}`,
    );
    if (after !== expected) process.exitCode = 1;
    return run;
  }

  /**
   * The API's transfers over `mobiles` arriving at `rate` a second in an open loop, as apiTransfers alternates them.
   * A request that got no answer is sent again with its key, so every outcome is known for the balance check.
   */
  async function openTransfers(name: string, mobiles: string[], rate: number) {
    const keys: string[] = [];
    const bodyOf = (i: number) => ({
      MobileNo: mobiles[Math.floor(i / 2) % mobiles.length],
      Amount: 1,
      Action: i % 2 ? 'Debit' : 'Credit',
      Remark: 'Bench transfer',
    });
    const figure = await openLoop(server.url, {
      rate,
      seconds: SECONDS,
      request: (i) => {
        keys[i] = newKey();
        const headers = { 'idempotency-key': keys[i] };
        return { path: '/api/UpdateCustomerWalletBalance', body: bodyOf(i), token: admin, headers };
      },
    });
    const done = { Credit: 0, Debit: 0, other: 0, retried: 0 };
    for (const [i, answered] of figure.statuses.entries()) {
      let status = answered;
      if (status === 0) {
        const headers = { 'idempotency-key': keys[i] };
        status = (await api('POST', '/api/UpdateCustomerWalletBalance', bodyOf(i), admin, headers)).status;
        done.retried++;
      }
      if (status === 200) done[i % 2 ? 'Debit' : 'Credit']++;
      else done.other++;
    }
    const run = { name, ...figure, cpuUs: Number.NaN, done };
    return { figure, run };
  }

  const load0 = os.loadavg()[0];
  const spreadMobiles = spread.map((c) => c.mobileNo);
  const moved = (r: Run) => r.done.Credit + r.done.Debit;
  // 1. The app and plain SQL over the 1,000 wallets, one run after the other, with the rows each transfer wrote.
  let before = await sumOf(spreadMobiles);
  let writes = await rowsWritten(plain, TRANSFER_WRITES);
  const apiSpread = await checked(await apiTransfers('API, 1,000 wallets', spreadMobiles), spreadMobiles, before);
  const appWrites = await writes(moved(apiSpread));
  before = await sumOf(spreadMobiles);
  writes = await rowsWritten(plain, TRANSFER_WRITES);
  const plainSpread = await checked(
    await plainTransfers('plain SQL, 1,000 wallets', spreadMobiles),
    spreadMobiles,
    before,
  );
  const plainWrites = await writes(moved(plainSpread));
  before = await sumOf([hot.mobileNo]);
  const apiHot = await checked(await apiTransfers('API, one hot wallet', [hot.mobileNo]), [hot.mobileNo], before);
  // 2. The open loop over the 1,000 wallets at half the app's throughput there.
  before = await sumOf(spreadMobiles);
  const open = await openTransfers('API, 1,000 wallets, open loop', spreadMobiles, apiSpread.perSec / 2);
  await checked(open.run, spreadMobiles, before);
  const read = await authedRead();
  // Profile: transfers without a system account.
  const walletIds: number[] = [];
  for (const c of spread) {
    walletIds.push(await wallets.openWallet(db, 'customer', await wallets.findOwner(db, 'customer', c)));
  }
  const beforeW2w = await sumOf(spreadMobiles);
  const w2w = await directWalletToWallet('direct pg, wallet to wallet (no system account)', walletIds);
  const afterW2w = await sumOf(spreadMobiles);
  checks.push(
    `${w2w.name}: ${w2w.total - w2w.failed} moves; the 1,000 balances sum to ${afterW2w} paise, expected ` +
      `${beforeW2w}: ${afterW2w === beforeW2w ? 'right' : 'WRONG'}`,
  );
  if (afterW2w !== beforeW2w) process.exitCode = 1;

  // Settle: create the intent, pay at the sandbox, verify on return; 10 customers, 10 flows at a time.
  const payers = await Promise.all(
    spread
      .slice(0, 10)
      .map(
        async (c) =>
          (await api('POST', '/api/Userlogin', { MobileNoOrEmail: c.mobileNo, Password: password })).body.data
            .Token as string,
      ),
  );
  const flows: { total: number; create: number; pay: number; verify: number }[] = [];
  let flowFailures = 0;
  await pool(FLOWS, 10, async (i) => {
    const token = payers[i % payers.length];
    const t0 = performance.now();
    const made = await api('POST', '/api/Excel/Gate1CF', { order_amount: 100 }, token);
    const t1 = performance.now();
    const orderId = made.body?.data?.order_id;
    const paid = await fetch(`${server.url}/sandbox/checkout/${orderId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=pay',
      redirect: 'manual',
    });
    await paid.arrayBuffer();
    const t2 = performance.now();
    const verified = await api(
      'PUT',
      `/api/Customer/CheckWalletTransactionStatus?orderID=${orderId}`,
      undefined,
      token,
    );
    const t3 = performance.now();
    if (made.status !== 201 || paid.status !== 303 || verified.status !== 200) flowFailures++;
    flows.push({ total: t3 - t0, create: t1 - t0, pay: t2 - t1, verify: t3 - t2 });
  });
  const load1 = os.loadavg()[0];
  // The sandbox's own webhooks may still be settling (they find the intents paid): let them land first.
  await new Promise((r) => setTimeout(r, 1000));
  const ledger = await wallets.checkLedger(db);
  const [{ n: paidIntents }] = (
    (await db.execute(sql`select count(*)::int as n from payment_intents where state = 'paid'`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;

  const version = ((await db.execute(sql`show server_version`)) as unknown as { rows: { server_version: string }[] })
    .rows[0].server_version;
  const commits = (
    (await db.execute(sql`show synchronous_commit`)) as unknown as { rows: { synchronous_commit: string }[] }
  ).rows[0].synchronous_commit;
  const row = (r: Run) =>
    `| ${r.name} | ${Math.round(r.perSec)} | ${ms(r.p50)} | ${ms(r.p99)} | ${Math.round(r.cpuUs)} | ${r.total} | ${r.failed} |`;
  console.log(
    `\nbench:wallet on PostgreSQL ${version} (synchronous_commit ${commits}), ` +
      `${os.cpus().length} cores (shared with the database and the load generator), ${CONNECTIONS} connections, ` +
      `${SECONDS} s per run; server pool ${SERVER_POOL} connections, log level ` +
      `${process.env.BENCH_LOG_LEVEL ?? 'warn'}; load average ${load0.toFixed(1)} → ${load1.toFixed(1)}`,
  );
  console.log('| run | transfers/s | p50 ms | p99 ms | node CPU µs/transfer | transfers | failed |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of [apiSpread, plainSpread, apiHot, w2w]) console.log(row(r));
  console.log(
    `node CPU: the server process for the API runs, this process for the others (plain SQL: pg on a pool of ` +
      `${SERVER_POOL}, as the server's; wallet to wallet: drizzle and pg on a pool of ${CONNECTIONS})`,
  );
  console.log(
    'a transfer is one statement, as the server sends it and plain SQL replays it, so its wallet and adjustments ' +
      'shard are locked for it alone (decisions 036, 038)',
  );
  for (const line of writeCallGoals(
    'transfers over 1,000 wallets',
    apiSpread.perSec,
    plainSpread.perSec,
    open.figure,
  )) {
    console.log(line);
  }
  const sameRows = sameWrites(appWrites, plainWrites);
  console.log(sameRows.line);
  if (!sameRows.same) process.exitCode = 1;
  console.log(
    `authenticated read (GetCustomerWalletBalance, no transaction): ${Math.round(read.perSec)} req/s, p99 ${read.p99} ms, failed ${read.failed}`,
  );
  const totals = flows.map((f) => f.total);
  console.log(
    `settle (Gate1CF + sandbox pay + CheckWalletTransactionStatus), ${flows.length} flows, 10 at a time: ` +
      `p50 ${ms(quantile(totals, 0.5))} ms, p99 ${ms(quantile(totals, 0.99))} ms ` +
      `(p99 create ${ms(
        quantile(
          flows.map((f) => f.create),
          0.99,
        ),
      )}, pay ${ms(
        quantile(
          flows.map((f) => f.pay),
          0.99,
        ),
      )}, ` +
      `verify ${ms(
        quantile(
          flows.map((f) => f.verify),
          0.99,
        ),
      )}); failed ${flowFailures}; paid intents ${paidIntents}`,
  );
  for (const c of checks) console.log(c);
  console.log(
    `ledger: ${ledger.ok ? 'every invariant holds' : 'BREACHED'} (${ledger.counts.transfers} transfers, ${ledger.counts.entries} entries)`,
  );
  if (!ledger.ok || flowFailures) process.exitCode = 1;
} finally {
  await server.stop();
  await plain.end();
  await database.close();
  // pool.end() resolves before every socket has closed; a forced drop at once makes the last ones report errors.
  await new Promise((r) => setTimeout(r, 500));
  await copy.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
