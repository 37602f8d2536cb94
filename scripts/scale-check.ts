// `npm run scale:check`: several processes, one product (decision 066). Two server processes (server/main.ts, as
// production starts them) on one fresh PostgreSQL database and one Redis, behind haproxy on 127.0.0.1 (installed from
// Debian's packages when missing), and a line per property proved: sessions, live updates, rate limits, the job
// schedule, the catalogue cache, SIGKILL in the middle of wallet money, a rolling restart, and throughput with one
// and two processes. Exits non-zero when any check fails. Needs PostgreSQL (SCALE_PG_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; it creates and drops doorstep_scale_<time>) and Redis (REDIS_URL,
// default redis://127.0.0.1:6379).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiCaller, closedLoop, must, pool } from '../bench/lib';
import { openDatabase } from '../server/db/client';
import { DEMO_ACCOUNTS, seedDemo } from '../server/db/seed/demo';
import { seedDemoCatalogue } from '../server/db/seed/demo-catalogue';
import { seedReference } from '../server/db/seed/reference';
import { hashPassword } from '../server/domains/platform/auth/passwords';
import { installJobSchema, QUEUES } from '../server/jobs/queue';
import { hashToken, newToken } from '../server/plugins/auth';
import { sseParser } from '../src/api/sse';
import {
  freePort,
  postgresAnswers,
  redisAnswers,
  type ServerProcess,
  startServerProcess,
} from '../tests/support/server-processes';

const BASE = process.env.SCALE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.SCALE_SECONDS ?? 5);
const CUSTOMERS = Number(process.env.SCALE_CUSTOMERS ?? 300);
const PASSWORD = 'Scale-check-2026';
const START_MS = 180_000;
const root = path.resolve(import.meta.dirname, '..');

const results: { name: string; ok: boolean; figure: string }[] = [];
function check(name: string, ok: boolean, figure: string) {
  results.push({ name, ok, figure });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${figure}`);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const since = (t: number) => Math.round(performance.now() - t);

// ---- What the run holds, undone in reverse at the end (also on failure and Ctrl-C).
const undo: (() => Promise<void> | void)[] = [];
let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  for (const u of undo.reverse()) {
    try {
      await u();
    } catch (err) {
      console.error('clean-up step failed:', (err as Error).message);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanUp().then(() => process.exit(130)));
}

/** haproxy from Debian's packages, installed when missing (as root, else through sudo). */
function ensureHaproxy() {
  if (spawnSync('sh', ['-c', 'command -v haproxy']).status === 0) return;
  console.log("haproxy is missing: installing Debian's package …");
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  for (const args of [
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'haproxy'],
  ]) {
    const cmd = [...sudo, 'env', 'DEBIAN_FRONTEND=noninteractive', ...args];
    const r = spawnSync(cmd[0], cmd.slice(1), { stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`${cmd.join(' ')} failed (${r.status})`);
  }
}

/** A server process on a fixed port, so that a restart comes back where the balancer looks for it. */
interface Proc {
  name: 'A' | 'B';
  port: number;
  server: ServerProcess | null;
}
const url = (p: Proc) => `http://127.0.0.1:${p.port}`;
const pidOf = (p: Proc) => p.server?.child.pid ?? 0;
let serverEnv: Record<string, string> = {};
async function start(p: Proc) {
  // startServerProcess picks a port of its own; PORT in the env wins, so its `url` is not used here.
  p.server = await startServerProcess({ ...serverEnv, PORT: String(p.port) }, START_MS);
}
const exited = (child: ChildProcess) =>
  new Promise<number | string>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode ?? child.signalCode!);
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });

/** haproxy in the foreground: `both` round-robins over A and B, `one` sends to A only (the 1-process figures). */
async function startHaproxy(dir: string, a: Proc, b: Proc) {
  const [both, one] = [await freePort(), await freePort()];
  const cfg = path.join(dir, 'haproxy.cfg');
  // Health checks on /readyz (503 once a process drains, decision 063) take a dead or stopping process out; a request
  // that meets a refused connection, a connection closed without an answer or Fastify's 503 while closing is sent
  // again to the other process. A POST sent again after its process died mid-way is safe only under an
  // Idempotency-Key, which every money call takes (decision 066).
  fs.writeFileSync(
    cfg,
    `global
  maxconn 4096
  stats socket ${path.join(dir, 'haproxy.sock')} mode 600 level operator
defaults
  mode http
  timeout connect 1s
  timeout client 120s
  timeout server 120s
  timeout http-keep-alive 30s
  timeout queue 30s
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response 503
  timeout check 2s
  default-server check inter 500 fall 3 rise 2
frontend both
  bind 127.0.0.1:${both}
  option forwardfor
  default_backend both
frontend one
  bind 127.0.0.1:${one}
  option forwardfor
  default_backend one
backend both
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  server a 127.0.0.1:${a.port}
  server b 127.0.0.1:${b.port}
backend one
  option httpchk GET /readyz
  http-check expect status 200
  server a 127.0.0.1:${a.port}
`,
  );
  const child = spawn('haproxy', ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => {
    out = (out + d).slice(-10_000);
  });
  child.stderr.on('data', (d) => {
    out = (out + d).slice(-10_000);
  });
  undo.push(async () => {
    child.kill('SIGTERM');
    await exited(child);
  });
  /** haproxy's `show stat` on its socket, a record per frontend, backend and server. */
  const stats = () =>
    new Promise<Record<string, string>[]>((resolve, reject) => {
      const socket = net.createConnection(path.join(dir, 'haproxy.sock'));
      let csv = '';
      socket.on('data', (d) => {
        csv += d;
      });
      socket.on('error', reject);
      socket.on('end', () => {
        const [head, ...rows] = csv.replace(/^# /, '').trim().split('\n');
        const cols = head.split(',');
        resolve(rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [cols[i], v]))));
      });
      socket.end('show stat\n');
    });
  const lb = `http://127.0.0.1:${both}`;
  for (const until = Date.now() + 15_000; ; ) {
    if (child.exitCode !== null) throw new Error(`haproxy exited ${child.exitCode}:\n${out}`);
    const ok = await fetch(`${lb}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > until) throw new Error(`haproxy did not answer on ${lb}:\n${out}`);
    await sleep(200);
  }
  return {
    lb,
    one: `http://127.0.0.1:${one}`,
    version: spawnSync('haproxy', ['-v'])
      .stdout.toString()
      .split('\n')[0]
      .replace(/ - https.*/, ''),
    /** The backend `both`'s retries and redispatches so far. */
    async sentAgain() {
      const row = (await stats()).find((r) => r.pxname === 'both' && r.svname === 'BACKEND');
      return { retries: Number(row?.wretr || 0), redispatches: Number(row?.wredis || 0) };
    },
    /** Waits until haproxy's checks have taken `p` back into both backends it is in. */
    async whenUp(p: Proc) {
      const name = p.name.toLowerCase();
      for (const until = Date.now() + 30_000; Date.now() < until; await sleep(100)) {
        const rows = (await stats()).filter((r) => r.svname === name);
        if (rows.length && rows.every((r) => r.status === 'UP')) return;
      }
      throw new Error(`haproxy did not take ${p.name} back within 30 s`);
    },
  };
}

/** A slot the server accepts: tomorrow (India time) at `hour`:00, plus `day` days (as bench/orders.ts). */
function slot(day: number, hour: number): string {
  const ist = new Date(Date.now() + 330 * 60_000);
  const d = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() + 1 + day, hour) - 330 * 60_000;
  return new Date(d).toISOString();
}

/** One live stream held open on `base`; each `change` event's arrival time. */
function openStream(base: string, token: string) {
  const changes: { at: number; data: string }[] = [];
  let ready!: () => void;
  let fail!: (e: Error) => void;
  const isReady = new Promise<void>((res, rej) => {
    ready = res;
    fail = rej;
  });
  const req = http.get(
    `${base}/api/Live/Stream`,
    { agent: false, headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` } },
    (res) => {
      if (res.statusCode !== 200) return fail(new Error(`the stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on(
        'data',
        sseParser((f) => {
          if (f.event === 'ready') ready();
          else if (f.event === 'change') changes.push({ at: performance.now(), data: f.data });
        }),
      );
    },
  );
  req.on('error', (e) => fail(e));
  return { changes, ready: isReady, close: () => req.destroy() };
}

// ---- The run.
const a: Proc = { name: 'A', port: 0, server: null };
const b: Proc = { name: 'B', port: 0, server: null };
const runId = Date.now().toString(36);
const dbName = `doorstep_scale_${runId}`;
const t0 = performance.now();

try {
  ensureHaproxy();
  if (!(await postgresAnswers(BASE))) throw new Error(`no PostgreSQL answers at ${BASE} (SCALE_PG_URL)`);
  if (!(await redisAnswers(REDIS_URL))) throw new Error(`no Redis answers at ${REDIS_URL} (REDIS_URL)`);

  // A fresh database, migrated and seeded as `npm run db:migrate` does, with the demo accounts and catalogue.
  const admin0 = new pg.Client({ connectionString: BASE });
  await admin0.connect();
  await admin0.query(`create database ${dbName}`);
  await admin0.end();
  const dbUrlObj = new URL(BASE);
  dbUrlObj.pathname = `/${dbName}`;
  const dbUrl = dbUrlObj.toString();
  undo.push(async () => {
    const c = new pg.Client({ connectionString: BASE });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
    console.log(`dropped ${dbName}`);
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-check-'));
  undo.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  {
    const database = await openDatabase({ databaseUrl: dbUrl });
    await database.migrate(() => seedReference(database.db));
    await installJobSchema(database.db);
    await seedDemo(database.db, PASSWORD);
    await seedDemoCatalogue(database.db, path.join(dataDir, 'uploads'));
    await database.close();
  }
  const sql = new pg.Pool({ connectionString: dbUrl, max: 4 });
  undo.push(() => sql.end());

  // Two processes as production runs them: sessions in the database, rate limits in Redis, each with a job runner.
  serverEnv = {
    DATABASE_URL: dbUrl,
    REDIS_URL,
    DATA_DIR: dataDir,
    SERVE_CLIENT: 'false',
    RATE_LIMITS: 'on',
    JOBS: 'on',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
  };
  a.port = await freePort();
  b.port = await freePort();
  undo.push(() => Promise.all([a.server?.stop(), b.server?.stop()]).then(() => {}));
  const processesFrom = new Date();
  await Promise.all([start(a), start(b)]);
  const proxy = await startHaproxy(dataDir, a, b);
  console.log(
    `set up in ${since(t0)} ms: ${dbName}, processes A (pid ${pidOf(a)}, :${a.port}) and B (pid ${pidOf(b)}, :${b.port}), ` +
      `${proxy.version} on ${proxy.lb} (A only: ${proxy.one}), Redis ${REDIS_URL}`,
  );

  const lb = apiCaller(proxy.lb);
  const viaA = apiCaller(url(a));
  const viaB = apiCaller(url(b));
  const adminAccount = DEMO_ACCOUNTS.find((x) => x.role === 'A')!;
  const customerAccount = DEMO_ACCOUNTS.find((x) => x.role === 'Cust')!;
  const admin: string = must(
    'admin sign-in',
    await viaA('POST', '/api/adminlogin', { UserName: adminAccount.email, Password: PASSWORD }),
  ).data.Token;

  // Customers as bench/orders.ts makes them: rows in SQL sharing one password hash (argon2 each would take
  // minutes), an address in a served demo pincode, a session each, and wallet credit through the API.
  const setup = performance.now();
  const {
    rows: [served],
  } = await sql.query(
    `select z.id as zone_id, p.pin_code, c.name as city, s.name as state, s.id as state_id
       from zones z join zone_pincodes p on p.zone_id = z.id join cities c on c.id = z.city_id
       join states s on s.id = z.state_id order by z.id, p.id limit 1`,
  );
  const { rows: customers } = await sql.query<{ id: number; mobile_no: string }>(
    `with made as (
       insert into users (full_name, mobile_no, email, role, password_hash)
       select 'Scale customer ' || i, '75' || lpad(i::text, 8, '0'), 'scale-' || i || '@example.in', 'Cust', $1
         from generate_series(1, $2::int) i returning id, mobile_no, full_name),
     c as (insert into customers (user_id, city, pin_code, zone_id, referral_code)
       select id, $3, $4, $5, 'SC' || id from made),
     a as (insert into customer_addresses (customer_user_id, address, pin_code, city, state, state_id, receiver_name,
         receiver_mobile_no, is_default)
       select id, '1 Scale Road', $4, $3, $6, $7, full_name, mobile_no, true from made)
     select id, mobile_no from made order by id`,
    [
      await hashPassword(PASSWORD),
      CUSTOMERS,
      served.city,
      served.pin_code,
      served.zone_id,
      served.state,
      served.state_id,
    ],
  );
  const tokens = customers.map(() => newToken());
  await sql.query(
    `insert into sessions (token_hash, user_id, expires_at)
     select unnest($1::text[]), unnest($2::int[]), now() + interval '6 hours'`,
    [tokens.map(hashToken), customers.map((c) => c.id)],
  );
  await pool(customers.length, 16, async (i) => {
    must(
      'opening credit',
      await lb(
        'POST',
        '/api/UpdateCustomerWalletBalance',
        { MobileNo: customers[i].mobile_no, Amount: 50000, Remark: 'Scale check opening credit' },
        admin,
        { 'idempotency-key': `scale-open-${runId}-${i}` },
      ),
    );
  });
  const { rows: services } = await sql.query<{ id: number }>(
    `select s.id from services s join sub_categories sc on sc.id = s.sub_category_id
       join category_zones cz on cz.category_id = sc.category_id
      where cz.zone_id = $1 and s.active and sc.active order by s.id limit 2`,
    [served.zone_id],
  );
  if (services.length < 2) throw new Error('the demo catalogue serves fewer than 2 services in the first zone');
  /** Two services in the carts of customers `from` to `to` - 1 (emptied first), through the balancer. */
  let slotDay = 0;
  const fillCarts = (from: number, to: number) => {
    const at = slot(++slotDay % 5, 10 + (slotDay % 8));
    return pool(to - from, 16, async (k) => {
      const i = from + k;
      must('empty cart', await lb('POST', '/api/Cart/ClearCart', undefined, tokens[i]));
      for (const s of services) {
        must(
          'cart line',
          await lb('POST', '/api/Cart/AddCart', { ServiceId: s.id, SchedulingDateTime: at }, tokens[i]),
        );
      }
    });
  };
  const place = (api: typeof lb, i: number, key: string) =>
    api('POST', '/api/Order/OrderPlacedNew?ApiName=Wallet', {}, tokens[i], { 'idempotency-key': key });
  console.log(`${customers.length} customers with ₹50,000 each and sessions in ${since(setup)} ms\n`);

  // 1. A session made through A (the browser's cookie, decision 043) works through B.
  {
    const signIn = await fetch(`${url(a)}/api/Userlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ MobileNoOrEmail: customerAccount.email, Password: PASSWORD }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
    await signIn.arrayBuffer();
    const me = await fetch(`${url(b)}/api/Auth/Me`, { headers: { cookie } });
    const text = await me.text();
    check(
      'session made on one process, used on the other',
      signIn.status === 200 &&
        cookie.startsWith('doorstep_session=') &&
        me.status === 200 &&
        text.includes(customerAccount.email),
      `signed in on A (${signIn.status}, cookie ${cookie ? 'set' : 'MISSING'}); B answered Auth/Me ${me.status} for ${customerAccount.email}`,
    );
  }

  // 2. A live update raised by a write on A reaches a stream held by B (LISTEN/NOTIFY, decision 015).
  {
    const stream = openStream(url(b), admin);
    await stream.ready;
    const i = customers.length - 1;
    await fillCarts(i, i + 1);
    const sent = performance.now();
    const placed = await place(viaA, i, `scale-live-${runId}`);
    const replied = performance.now();
    while (!stream.changes.length && performance.now() - sent < 5000) await sleep(2);
    stream.close();
    const got = stream.changes[0];
    const ms = got ? got.at - sent : Number.NaN;
    check(
      'live update crosses processes within 1 s',
      placed.status === 201 && !!got && ms < 1000,
      got
        ? `order placed on A (${placed.status}, reply in ${Math.round(replied - sent)} ms); B's stream got ` +
            `${JSON.parse(got.data).kind ?? 'a change'} ${Math.round(ms)} ms after the request was sent`
        : `order placed on A (${placed.status}); B's stream got nothing in 5 s`,
    );
  }

  // 3. Rate limits count across both: ten failed sign-ins alternating A and B, then 429 on each.
  {
    const who = `nobody-${runId}@example.in`;
    const attempt = async (p: Proc) =>
      (
        await fetch(`${url(p)}/api/Userlogin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ MobileNoOrEmail: who, Password: 'not the password' }),
        })
      ).status;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push(await attempt(i % 2 ? b : a));
    const [onA, onB] = [await attempt(a), await attempt(b)];
    check(
      'rate limits count across both processes',
      statuses.every((s) => s === 401) && onA === 429 && onB === 429,
      `10 failed sign-ins, 5 on each: ${[...new Set(statuses)].join('/')}; the 11th: A ${onA}, B ${onB}`,
    );
  }

  // 4. A catalogue write through A is read fresh through B, whose cached list it replaces (decision 039).
  {
    const READ = '/api/Common/GetAllCategory?pageSize=200';
    const names = async () => {
      const r = must('categories on B', await viaB('GET', READ));
      return (r.data.items as { categoryName: string }[]).map((c) => c.categoryName);
    };
    await names();
    await names(); // cached on B now
    const name = `Scale check ${runId}`;
    const added = await viaA('POST', '/api/Common/AddCategory', { categoryName: name }, admin);
    const after = performance.now();
    let reads = 0;
    let seen = false;
    while (!seen && performance.now() - after < 2000) {
      reads++;
      seen = (await names()).includes(name);
      if (!seen) await sleep(10);
    }
    check(
      'catalogue write on one process is read fresh on the other',
      added.status === 201 && seen && reads === 1,
      seen
        ? `category added on A (${added.status}); B's cached list had it on read ${reads}, ${since(after)} ms after A's reply`
        : `category added on A (${added.status}); B still answered the old list after 2 s`,
    );
  }

  // 5. Throughput with 1 process (haproxy → A) and 2 (haproxy → A, B), in one run, the same load generator.
  {
    const WORKERS = 16;
    const figures: Record<string, number> = {};
    let failed = 0;
    const readRun = async (base: string, label: string) => {
      const api = apiCaller(base);
      for (let i = 0; i < 50; i++) await api('GET', '/api/Common/GetAllServices');
      const f = await closedLoop({
        workers: WORKERS,
        seconds: SECONDS,
        call: async () => (await api('GET', '/api/Common/GetAllServices')).status === 200,
      });
      figures[`read ${label}`] = f.perSec;
      failed += f.failed;
      console.log(
        `      GetAllServices, ${label}: ${f.perSec.toFixed(0)}/s, p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms (${f.total} requests, ${f.failed} failed)`,
      );
    };
    const placeRun = async (base: string, label: string) => {
      const api = apiCaller(base);
      const n = customers.length - 1;
      await fillCarts(0, n);
      const f = await closedLoop({
        workers: WORKERS,
        amount: n,
        call: async (i) => (await place(api, i, `scale-tp-${label.replace(/\W+/g, '')}-${runId}-${i}`)).status === 201,
      });
      figures[`place ${label}`] = f.perSec;
      failed += f.failed;
      console.log(
        `      placing (2-line wallet order), ${label}: ${f.perSec.toFixed(0)}/s, p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms (${f.total} placements, ${f.failed} failed)`,
      );
    };
    console.log(`      throughput, ${WORKERS} callers, ${os.cpus().length} cores shared by everything:`);
    await readRun(proxy.one, '1 process');
    await readRun(proxy.lb, '2 processes');
    await placeRun(proxy.one, '1 process');
    await placeRun(proxy.lb, '2 processes');
    const ratio = (k: string) => figures[`${k} 2 processes`] / figures[`${k} 1 process`];
    check(
      'throughput, 1 and 2 processes',
      failed === 0,
      `GetAllServices ${figures['read 1 process'].toFixed(0)}/s → ${figures['read 2 processes'].toFixed(0)}/s ` +
        `(×${ratio('read').toFixed(2)}), placing ${figures['place 1 process'].toFixed(0)}/s → ` +
        `${figures['place 2 processes'].toFixed(0)}/s (×${ratio('place').toFixed(2)}); on ${os.cpus().length} cores ` +
        `the second process shares them with the first, PostgreSQL, haproxy and the load generator, so the ratio ` +
        `shows the cost of sharing, not a gain; ${failed} failed`,
    );
  }

  // 6. The schedule: each occurrence makes one job, run once, by one process (its output names which, RAN_BY).
  const jobRows = async () =>
    (
      await sql.query<{
        id: string;
        state: string;
        retry_count: number;
        slot: Date;
        created_on: Date;
        ran_by: string | null;
      }>(
        `select id, state::text, retry_count, date_trunc('minute', coalesce(singleton_on, created_on)) as slot,
                created_on, output->>'ranBy' as ran_by
           from pgboss.job where name = $1 and created_on >= $2 order by created_on`,
        [QUEUES.expireCoupons, processesFrom],
      )
    ).rows;
  const completedAfter = async (after: Date, timeoutMs: number) => {
    for (const until = Date.now() + timeoutMs; Date.now() < until; await sleep(500)) {
      const done = (await jobRows()).find((j) => j.state === 'completed' && j.created_on > after && j.ran_by);
      if (done) return done;
    }
    return null;
  };
  const pidOfRunner = (ranBy: string | null) => Number(ranBy?.split(':').pop());
  const whoIs = (pid: number) => (pid === pidOf(a) ? 'A' : pid === pidOf(b) ? 'B' : `pid ${pid}`);
  console.log('      waiting for a scheduled coupons-expire occurrence (every minute) …');
  const first = await completedAfter(processesFrom, 150_000);
  const victim = first && pidOfRunner(first.ran_by) === pidOf(b) ? b : a;
  const survivor = victim === a ? b : a;

  // 7. SIGKILL to the process that ran that job, in the middle of 200 wallet-paid placements and top-ups.
  const killedAt = new Date();
  {
    const n = 100;
    await fillCarts(0, n);
    const reqs = Array.from({ length: 2 * n }, (_, j) => {
      const i = j >> 1;
      return j % 2
        ? { kind: 'top-up' as const, i, key: `scale-kill-topup-${runId}-${i}` }
        : { kind: 'place' as const, i, key: `scale-kill-place-${runId}-${i}` };
    });
    const replayed = new Set<string>();
    const send = (r: (typeof reqs)[number]) =>
      (r.kind === 'place'
        ? place(lb, r.i, r.key)
        : lb(
            'POST',
            '/api/UpdateCustomerWalletBalance',
            { MobileNo: customers[r.i].mobile_no, Amount: 1, Remark: 'Scale check top-up' },
            admin,
            { 'idempotency-key': r.key },
          )
      ).then(
        (res) => {
          // A placement answered from its key: another process had committed it (haproxy sent the request again).
          if (res.body?.data?.replayed === true) replayed.add(r.key);
          return res.status;
        },
        () => 0,
      );
    const victimPid = pidOf(victim);
    const sentBefore = await proxy.sentAgain();
    let answered = 0;
    let answeredAtKill = -1;
    const firstAnswers = await Promise.all(
      reqs.map(async (r) => {
        const status = await send(r);
        if (++answered === 20) {
          answeredAtKill = answered;
          victim.server!.child.kill('SIGKILL');
        }
        return status;
      }),
    );
    await exited(victim.server!.child);
    const sentAfter = await proxy.sentAgain();
    const retried = reqs.filter((_, j) => firstAnswers[j] === 0 || firstAnswers[j] >= 500);
    const statuses = [...firstAnswers];
    for (const r of retried) {
      const j = reqs.indexOf(r);
      statuses[j] = await send(r);
    }
    const ok = (s: number) => s >= 200 && s < 300;
    const { rows: counted } = await sql.query<{ key: string; n: number }>(
      `select idempotency_key as key, count(*)::int as n from orders where idempotency_key = any($1::text[]) group by 1
       union all
       select idempotency_key, count(*)::int from ledger_transfers where idempotency_key = any($1::text[]) group by 1`,
      [reqs.map((r) => r.key)],
    );
    const times = new Map(counted.map((c) => [c.key, c.n]));
    const accepted = reqs.filter((_, j) => ok(statuses[j]));
    const lost = accepted.filter((r) => times.get(r.key) !== 1);
    const doubled = reqs.filter((r) => (times.get(r.key) ?? 0) > 1);
    const unanswered = reqs.filter((_, j) => !ok(statuses[j]));
    const histogram = (xs: number[]) => {
      const h = new Map<number, number>();
      for (const x of xs) h.set(x, (h.get(x) ?? 0) + 1);
      return [...h].map(([s, c]) => `${c}×${s === 0 ? 'no answer' : s}`).join(', ') || 'none';
    };
    const ledger = spawnSync('npm', ['run', '--silent', 'ledger:check'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: dbUrl },
      encoding: 'utf8',
    });
    const ledgerLines = (ledger.stdout ?? '').trim().split('\n');
    const ledgerLine = `${ledgerLines.find((l) => l.startsWith('Ledger check'))?.replace(/^Ledger check on [^:]+: /, '')}; ${ledgerLines.at(-1)}`;
    check(
      'SIGKILL in the middle of 200 wallet placements and top-ups loses and doubles nothing',
      lost.length === 0 && doubled.length === 0 && unanswered.length === 0 && ledger.status === 0,
      `killed ${victim.name} (pid ${victimPid}) after ${answeredAtKill} of 200 answers; haproxy sent ` +
        `${sentAfter.retries - sentBefore.retries} again (${sentAfter.redispatches - sentBefore.redispatches} to the ` +
        `other process); first answers ${histogram(firstAnswers)}; ` +
        `${retried.length} sent again with their keys: ${histogram(retried.map((r) => statuses[reqs.indexOf(r)]))}; ` +
        `${accepted.length} accepted (${accepted.filter((r) => r.kind === 'place').length} orders, ` +
        `${accepted.filter((r) => r.kind === 'top-up').length} credits; placements answered from their key after ` +
        `a retry: ${replayed.size}), each in the database exactly once: ` +
        `${lost.length} lost, ${doubled.length} doubled; ledger:check ${ledger.status === 0 ? 'passes' : 'FAILS'} (${ledgerLine})`,
    );
    if (ledger.status !== 0) console.log(ledger.stdout, ledger.stderr);
  }

  // 6 (continued). The next occurrence after the kill runs on the survivor, and no occurrence ran twice.
  {
    console.log(`      waiting for the first coupons-expire occurrence after ${victim.name} was killed …`);
    const next = await completedAfter(killedAt, 150_000);
    const rows = await jobRows();
    const bySlot = new Map<number, typeof rows>();
    for (const r of rows) bySlot.set(r.slot.getTime(), [...(bySlot.get(r.slot.getTime()) ?? []), r]);
    const twice = [...bySlot.values()].filter((js) => js.length > 1).length;
    const rerun = rows.filter((r) => r.retry_count > 0).length;
    const nextPid = pidOfRunner(next?.ran_by ?? null);
    check(
      'scheduled job runs once, and again after its process is killed',
      !!first && !!next && twice === 0 && rerun === 0 && nextPid === pidOf(survivor),
      `${rows.length} coupons-expire jobs over ${bySlot.size} minutes, ${twice} minutes with two, ${rerun} run again; ` +
        (first
          ? `${first.slot.toISOString().slice(11, 16)} ran on ${victim.name} (pid ${pidOfRunner(first.ran_by)}); `
          : 'none ran before the kill; ') +
        (next
          ? `after SIGKILL to ${victim.name}, ${next.slot.toISOString().slice(11, 16)} ran on ${whoIs(nextPid)}`
          : `nothing ran in the 150 s after SIGKILL to ${victim.name}`),
    );
  }

  // 8. Rolling restart under steady load: SIGTERM one, start it again, then the other; no request may fail.
  {
    const t = performance.now();
    await start(victim);
    await proxy.whenUp(victim);
    console.log(`      ${victim.name} started again (pid ${pidOf(victim)}) in ${since(t)} ms`);
    let stopLoad = false;
    const load = { reads: 0, writes: 0, failed: [] as string[] };
    const steady = Array.from({ length: 8 }, async (_, w) => {
      for (let k = 0; !stopLoad; k++) {
        const write = k % 4 === 3;
        const i = (w * 1000 + k) % (customers.length - 1);
        try {
          const r = write
            ? await lb(
                'POST',
                '/api/UpdateCustomerWalletBalance',
                { MobileNo: customers[i].mobile_no, Amount: 1, Remark: 'Scale check steady load' },
                admin,
                { 'idempotency-key': `scale-roll-${runId}-${w}-${k}` },
              )
            : await lb('GET', '/api/Common/GetAllServices');
          if (r.status >= 300) load.failed.push(`${r.status}`);
          else if (write) load.writes++;
          else load.reads++;
        } catch (err) {
          load.failed.push((err as Error).message);
        }
      }
    });
    const steps: string[] = [];
    const sentBefore = await proxy.sentAgain();
    for (const p of [a, b]) {
      await sleep(1000);
      const s = performance.now();
      p.server!.child.kill('SIGTERM');
      const code = await exited(p.server!.child);
      const stopped = since(s);
      await start(p);
      await proxy.whenUp(p);
      steps.push(`${p.name} stopped (exit ${code}) in ${stopped} ms and was back in ${since(s)} ms`);
    }
    await sleep(1000);
    stopLoad = true;
    await Promise.all(steady);
    const sentAfter = await proxy.sentAgain();
    check(
      'rolling restart under steady load drops no request',
      load.failed.length === 0 && steps.every((s) => s.includes('exit 0')),
      `${load.reads} GetAllServices and ${load.writes} wallet credits, ${load.failed.length} failed ` +
        `(haproxy sent ${sentAfter.retries - sentBefore.retries} again)` +
        `${load.failed.length ? ` (${[...new Set(load.failed)].slice(0, 3).join('; ')})` : ''}; ${steps.join('; ')}`,
    );
  }
} catch (err) {
  check('scale check ran to the end', false, (err as Error).stack ?? String(err));
  for (const p of [a, b]) {
    if (p.server) console.log(`--- process ${p.name}'s last output:\n${p.server.output().slice(-3000)}`);
  }
} finally {
  await cleanUp();
}

const failed = results.filter((r) => !r.ok);
console.log(
  `\n${results.length - failed.length} of ${results.length} checks passed in ${Math.round((performance.now() - t0) / 1000)} s` +
    (failed.length ? `; FAILED: ${failed.map((f) => f.name).join(', ')}` : ''),
);
process.exit(failed.length ? 1 : 0);
