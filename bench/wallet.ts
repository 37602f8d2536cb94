// `npm run bench:wallet` (issue 8 §8): wallet transfers on PostgreSQL through one server process (server/main.ts)
// with 50 connections: spread over 1,000 wallets, then all on one hot wallet; the same service call straight over a
// pg pool with 50 workers (no HTTP), and a sandbox top-up's settle. Goal: at least 1,000 transfers/s with p99 under
// 100 ms through the API. Every balance is checked at the end, and the ledger's invariants.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { ledgerAccounts, users } from '../server/db/schema';
import { DEMO_ACCOUNTS } from '../server/db/seed/demo';
import { insertCustomer } from '../server/domains/commerce/customers/repo';
import * as wallets from '../server/domains/money/wallets/service';
import { hashPassword } from '../server/domains/platform/auth/passwords';
import type { CurrentUser } from '../server/http';
import { paise } from '../server/money';
import { postgresAnswers, startServerProcess, templateCopy } from '../tests/support/server-processes';
import { TEST_PASSWORD } from '../tests/support/template';
import { apiCaller, pool } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const WALLETS = 1000;
const START_PAISE = 100_000; // ₹1,000 in every wallet first, so no ₹1 debit is ever refused
const FLOWS = Number(process.env.BENCH_SETTLE_FLOWS ?? 200);
const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
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
/** A direct (no HTTP) run's figures, from its latencies, start time and this process's CPU at the start. */
function directRun(
  name: string,
  latencies: number[],
  t0: number,
  cpu0: number,
  done: { Credit: number; Debit: number; other: number; retried: number },
) {
  const secs = (performance.now() - t0) / 1000;
  return {
    name,
    perSec: latencies.length / secs,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    total: latencies.length,
    failed: done.other,
    cpuUs: ((ownCpuSeconds() - cpu0) * 1e6) / latencies.length,
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
  ...(process.env.BENCH_PG_POOL ? { PG_POOL_MAX: process.env.BENCH_PG_POOL } : {}),
});
// The direct runs get the 50 connections their 50 workers need (the server keeps its own pool, default 10).
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
      perSec: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      total: result.requests.total,
      failed: result.non2xx + result.errors,
      cpuUs: (cpu * 1e6) / result.requests.total,
      done,
    };
  }

  /** The same transfers as the API makes (the service's adminMove: one statement that finds the owner), over a pg pool. */
  async function directTransfers(name: string, mobiles: string[], workers = CONNECTIONS, on = db) {
    const actor = { id: adminUser.Id } as CurrentUser;
    const done = { Credit: 0, Debit: 0, other: 0, retried: 0 };
    const latencies: number[] = [];
    let k = 0;
    const until = performance.now() + SECONDS * 1000;
    const t0 = performance.now();
    const cpu0 = ownCpuSeconds();
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (performance.now() < until) {
          const n = k++;
          const action = n % 2 ? 'Debit' : 'Credit';
          const body = { MobileNo: mobiles[Math.floor(n / 2) % mobiles.length], Amount: 1, Action: action };
          const s = performance.now();
          try {
            await wallets.adminMove(on, {
              kind: 'customer',
              who: { mobileNo: body.MobileNo },
              amount: paise(100),
              action,
              remark: 'Bench transfer',
              actor,
              idempotency: { key: newKey(), hash: wallets.requestHash('updateCustomerWalletBalance', actor.id, body) },
              amountField: 'Amount',
              maxWalletBalance: 200_000 * 100,
            });
            done[action]++;
          } catch {
            done.other++;
          }
          latencies.push(performance.now() - s);
        }
      }),
    );
    return directRun(name, latencies, t0, cpu0, done);
  }

  /**
   * Profile: ₹1 from one customer wallet to the next through wallets.post, 50 workers: the same ledger code with no
   * system account in the transfer, so no one row that every transfer locks.
   */
  async function directWalletToWallet(name: string, walletIds: number[]) {
    const latencies: number[] = [];
    let k = 0;
    let failed = 0;
    const until = performance.now() + SECONDS * 1000;
    const t0 = performance.now();
    const cpu0 = ownCpuSeconds();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const n = k++;
          const from = walletIds[n % walletIds.length];
          const to = walletIds[(n * 7 + 1) % walletIds.length];
          const s = performance.now();
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
          } catch {
            failed++;
          }
          latencies.push(performance.now() - s);
        }
      }),
    );
    return directRun(name, latencies, t0, cpu0, { Credit: 0, Debit: 0, other: failed, retried: 0 });
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

  const load0 = os.loadavg()[0];
  const spreadMobiles = spread.map((c) => c.mobileNo);
  let before = await sumOf(spreadMobiles);
  const apiSpread = await checked(await apiTransfers('API, 1,000 wallets', spreadMobiles), spreadMobiles, before);
  before = await sumOf([hot.mobileNo]);
  const apiHot = await checked(await apiTransfers('API, one hot wallet', [hot.mobileNo]), [hot.mobileNo], before);
  before = await sumOf(spreadMobiles);
  const directSpread = await checked(
    await directTransfers('direct pg, 1,000 wallets', spreadMobiles),
    spreadMobiles,
    before,
  );
  before = await sumOf([hot.mobileNo]);
  const directHot = await checked(
    await directTransfers('direct pg, one hot wallet', [hot.mobileNo]),
    [hot.mobileNo],
    before,
  );
  const read = await authedRead();
  // Profile: one worker (the cost of one transfer with nothing to wait for), and transfers without a system account.
  before = await sumOf(spreadMobiles);
  // Statements per transfer (BEGIN and COMMIT included): every one is a round trip to PostgreSQL. The pool names
  // statements by wrapping each client's query as it connects, so the count is patched in before a fresh pool.
  const query = pg.Client.prototype.query;
  let statements = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  const counted = await openDatabase({ databaseUrl: copy.url });
  const directSerial = await checked(
    await directTransfers('direct pg, 1,000 wallets, 1 worker', spreadMobiles, 1, counted.db),
    spreadMobiles,
    before,
  );
  await counted.close();
  pg.Client.prototype.query = query;
  const perTransfer = statements / directSerial.total;
  // The server's pool holds 10 connections: the same concurrency straight over pg, for a like-for-like share.
  before = await sumOf(spreadMobiles);
  const directTen = await checked(
    await directTransfers('direct pg, 1,000 wallets, 10 workers', spreadMobiles, 10),
    spreadMobiles,
    before,
  );
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
      `${SECONDS} s per run; server pool ${process.env.BENCH_PG_POOL ?? 10} connections, log level ` +
      `${process.env.BENCH_LOG_LEVEL ?? 'warn'}; load average ${load0.toFixed(1)} → ${load1.toFixed(1)}`,
  );
  console.log('| run | transfers/s | p50 ms | p99 ms | node CPU µs/transfer | transfers | failed |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of [apiSpread, apiHot, directSpread, directHot, directSerial, directTen, w2w]) console.log(row(r));
  console.log('node CPU: the server process for the API runs, this process (drizzle and pg, no HTTP) for direct ones');
  console.log(
    `one admin move (1 worker): ${perTransfer.toFixed(1)} statements, p50 ${ms(directSerial.p50)} ms; ` +
      'the transfer is one statement, so its wallet and adjustments shard are locked for it alone (decisions 036, 038)',
  );
  const share = (x: Run, y: Run) => `${Math.round((100 * x.perSec) / y.perSec)}%`;
  console.log(
    `API as a share of direct pg (50 workers): 1,000 wallets ${share(apiSpread, directSpread)}, hot wallet ` +
      `${share(apiHot, directHot)}; of direct pg with 10 workers (the server's pool): ${share(apiSpread, directTen)}`,
  );
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
  const goal = apiSpread.perSec >= 1000 && apiSpread.p99 < 100;
  console.log(
    `goal (API, 1,000 wallets: ≥ 1,000 transfers/s, p99 < 100 ms): ${goal ? 'met' : 'NOT met'} ` +
      `(${Math.round(apiSpread.perSec)}/s, p99 ${apiSpread.p99} ms)`,
  );
  if (!ledger.ok || flowFailures) process.exitCode = 1;
} finally {
  await server.stop();
  await database.close();
  // pool.end() resolves before every socket has closed; a forced drop at once makes the last ones report errors.
  await new Promise((r) => setTimeout(r, 500));
  await copy.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
