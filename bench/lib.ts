import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';

export interface Figure {
  name: string;
  reqPerSec: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Requests answered in the whole run. */
  total: number;
}

/**
 * Starts a bench child (its own process, so the load generator does not share its event loop). With `stdoutFile`
 * the child's output (its logs) goes straight to that file, as in production, and the port arrives over IPC.
 */
export function startChild(
  script: string,
  env: Record<string, string>,
  opts: { stdoutFile?: string } = {},
): Promise<{ port: number; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const toFile = opts.stdoutFile ? fs.openSync(opts.stdoutFile, 'w') : null;
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, ...env },
      stdio: toFile === null ? ['ignore', 'pipe', 'inherit'] : ['ignore', toFile, 'inherit', 'ipc'],
    });
    if (toFile !== null) fs.closeSync(toFile);
    let out = '';
    child.on('message', (m: { ready?: number }) => {
      if (m.ready) resolve({ port: m.ready, child });
    });
    const onData = (d: Buffer) => {
      out += d;
      const m = out.match(/READY (\d+)/);
      if (m) {
        resolve({ port: Number(m[1]), child });
        // Keep draining without keeping: a chatty child must not fill the pipe or the parent's memory.
        child.stdout!.off('data', onData);
        child.stdout!.resume();
      }
    };
    child.stdout?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}: ${out}`)));
  });
}

export async function run(
  name: string,
  opts: { url: string; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string>; duration?: number },
): Promise<Figure> {
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: { ...(opts.body ? { 'content-type': 'application/json' } : {}), ...opts.headers },
    connections: 10,
    duration: opts.duration ?? Number(process.env.BENCH_SECONDS ?? 8),
  });
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

export function print(title: string, rows: { app: Figure; bare: Figure }[]) {
  console.log(`\n${title}`);
  console.log('| call | app req/s | app p99 ms | bare req/s | bare p99 ms | app / bare | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const { app, bare } of rows) {
    const ratio = bare.reqPerSec ? `${Math.round((100 * app.reqPerSec) / bare.reqPerSec)}%` : '-';
    console.log(
      `| ${app.name} | ${app.reqPerSec} | ${app.p99} | ${bare.reqPerSec} | ${bare.p99} | ${ratio} | ${app.non2xx + app.errors} |`,
    );
  }
}

/** A fresh PostgreSQL database for one bench run, or null when no server answers. */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `doorstep_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Builds the front end into `clientDir` for a bench (production React, whatever NODE_ENV the caller has). */
export function buildClient(clientDir: string) {
  const root = path.resolve(import.meta.dirname, '..');
  console.log(`Building the front end into ${clientDir} …`);
  execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CLIENT_DIR: clientDir, NODE_ENV: 'production' },
  });
}

/**
 * A JSON call to the bench's server: the status and the parsed body (or the text when it is not JSON). Over node:http
 * with kept-alive connections, not fetch: the load generator shares the machine's cores with the server and the
 * database, and fetch cost it several times the CPU per call. It asks for gzip like a browser and inflates the reply.
 */
export function apiCaller(baseUrl: string, maxSockets = 256) {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  return (method: string, p: string, body?: unknown, token?: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          path: p,
          method,
          agent,
          headers: {
            'accept-encoding': 'gzip, deflate',
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            let bytes = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            if (encoding === 'gzip') bytes = zlib.gunzipSync(bytes);
            else if (encoding === 'deflate') bytes = zlib.inflateSync(bytes);
            else if (encoding === 'br') bytes = zlib.brotliDecompressSync(bytes);
            const text = bytes.toString('utf8');
            let parsed: any = text;
            try {
              parsed = JSON.parse(text);
            } catch {}
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
}

/** Runs `fn(i)` for i < n, `width` at a time. */
export async function pool(n: number, width: number, fn: (i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < n) await fn(next++);
  };
  await Promise.all(Array.from({ length: width }, worker));
}

/** The q-quantile of some timings (nearest rank). */
export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

/** p50, p95 and p99 of latencies in milliseconds, with their count. */
export const latencyFigure = (xs: number[]) =>
  `p50 ${quantile(xs, 0.5).toFixed(1)} ms, p95 ${quantile(xs, 0.95).toFixed(1)} ms, p99 ${quantile(xs, 0.99).toFixed(1)} ms (${xs.length} requests)`;

/**
 * A list read's line for the list benches: one warm-up call, then `samples` calls one at a time; the figure, marked
 * SHORT when p95 misses 50 ms.
 */
export async function sequentialListFigure(name: string, samples: number, call: () => Promise<unknown>) {
  await call();
  const xs: number[] = [];
  for (let i = 0; i < samples; i++) {
    const s = performance.now();
    await call();
    xs.push(performance.now() - s);
  }
  return `${name}: ${latencyFigure(xs)}${quantile(xs, 0.95) < 50 ? '' : ' — SHORT of p95 < 50 ms'}`;
}

/**
 * The server's pool size (BENCH_PG_POOL, else PG_POOL_MAX, else server/db/client.ts's 10). The benches start the
 * server with it, so a plain-SQL driver beside it can get a pool of the same size (decision 049).
 */
export const SERVER_POOL = Number(process.env.BENCH_PG_POOL ?? process.env.PG_POOL_MAX ?? 10);

/**
 * A bench's PostgreSQL set-up: a copy of the test template (the demo accounts and zones) with the demo catalogue
 * seeded as a fresh start does, one server process (server/main.ts) on it, a pg pool, an API caller, and `close`.
 * Exits with a message when PostgreSQL does not answer at BENCH_PG_URL.
 */
export async function benchOnPostgres(name: string, poolMax: number) {
  const { postgresAnswers, startServerProcess, templateCopy } = await import('../tests/support/server-processes');
  const { openDatabase } = await import('../server/db/client');
  const { seedDemoCatalogue } = await import('../server/db/seed/demo-catalogue');
  const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await postgresAnswers(base))) {
    console.log(`PostgreSQL: nothing answers at ${base}; bench:${name} needs it (BENCH_PG_URL).`);
    process.exit(1);
  }
  const copy = await templateCopy(base, `doorstep_bench_${name}`, { durable: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const server = await startServerProcess(
    {
      DATABASE_URL: copy.url,
      DATA_DIR: dataDir,
      SERVE_CLIENT: 'false',
      RATE_LIMITS: 'off',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      PG_POOL_MAX: String(SERVER_POOL),
      // A loaded machine can take more than the default minute to compile and start the server.
    },
    Number(process.env.BENCH_SERVER_START_MS ?? 60_000),
  );
  const sql = new pg.Pool({ connectionString: copy.url, max: poolMax });
  const database = await openDatabase({ databaseUrl: copy.url });
  await seedDemoCatalogue(database.db, path.join(dataDir, 'uploads'));
  await database.close();
  return {
    copy,
    server,
    sql,
    api: apiCaller(server.url),
    async close() {
      await sql.end();
      server.child.kill();
      // BENCH_KEEP=1 leaves the seeded database for reading query plans (drop it by hand).
      if (process.env.BENCH_KEEP === '1') console.log(`kept the database: ${copy.url}`);
      else await copy.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A reply's body, or an error naming the step when the status is not a success. */
export function must(what: string, r: { status: number; body: any }) {
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 400)}`);
  return r.body;
}

/** CPU time (ms, user + system) of the processes `pick` chooses by name and pid, read from /proc (Linux). */
function processCpuMs(pick: (name: string, pid: number) => boolean): number {
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!pick(stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), Number(entry))) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/**
 * Where a timed run's CPU went: the server process, every PostgreSQL process and this one (the load generator),
 * per call. On a machine whose cores the three share, their sum per call bounds the throughput.
 */
export function cpuMeter(serverPid: number) {
  const read = () => ({
    server: processCpuMs((_name, pid) => pid === serverPid),
    postgres: processCpuMs((name) => name === 'postgres'),
    bench: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  });
  const start = read();
  return (calls: number) => {
    const end = read();
    const per = (k: keyof typeof start) => (end[k] - start[k]) / calls;
    return { server: per('server'), postgres: per('postgres'), bench: per('bench') };
  };
}

/** A timed run's figures: calls per second over its wall time, latency quantiles in ms, calls and failures. */
export interface LoopFigure {
  perSec: number;
  p50: number;
  p99: number;
  total: number;
  failed: number;
  seconds: number;
}

/**
 * `workers` callers at once, each sending its next call when its last one answers (a closed loop), for `amount` calls
 * or for `seconds`: the plain-SQL side of a bench's app / plain SQL figure, at the concurrency autocannon gives the
 * app. `call(i)` answers whether call i succeeded.
 */
export async function closedLoop(o: {
  workers: number;
  amount?: number;
  seconds?: number;
  call: (i: number) => Promise<boolean>;
}): Promise<LoopFigure> {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const t0 = performance.now();
  const until = o.amount === undefined ? t0 + (o.seconds ?? 8) * 1000 : Number.POSITIVE_INFINITY;
  const more = () => (o.amount === undefined ? performance.now() < until : next < o.amount);
  await Promise.all(
    Array.from({ length: o.workers }, async () => {
      while (more()) {
        const i = next++;
        const s = performance.now();
        const ok = await o.call(i).catch(() => false);
        latencies.push(performance.now() - s);
        if (!ok) failed++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return {
    perSec: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    total: latencies.length,
    failed,
    seconds,
  };
}

/** One request of an open-loop run, as apiCaller takes it. */
export interface OpenLoopRequest {
  method?: string;
  path: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export interface OpenLoopFigure extends LoopFigure {
  /** The arrival rate asked for, per second. */
  rate: number;
  max: number;
  /** The most requests sent and not yet answered at one time. */
  maxInFlight: number;
  /** Each request's status (0 when it got no answer), by its index. */
  statuses: number[];
}

/**
 * Requests at a fixed arrival rate for `seconds`, whatever is still unanswered (an open loop, as users arrive): request
 * i is due at start + i / rate and is sent then over its own kept-alive socket if none is free, and its latency runs
 * from when it was due, so a slow answer cannot hold back the requests behind it and hide their wait (coordinated
 * omission). A closed loop's latency is only its concurrency over its throughput (decision 049).
 */
export async function openLoop(
  baseUrl: string,
  o: { rate: number; seconds: number; request: (i: number) => OpenLoopRequest },
): Promise<OpenLoopFigure> {
  const api = apiCaller(baseUrl, 4096);
  const n = Math.max(1, Math.round(o.rate * o.seconds));
  const interval = 1000 / o.rate;
  const latencies = new Array<number>(n);
  const statuses = new Array<number>(n).fill(0);
  let next = 0;
  let answered = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const t0 = performance.now() + 5;
  await new Promise<void>((done) => {
    const tick = () => {
      // Every request already due goes now (a timer may fire late); each keeps its own due time.
      while (next < n && t0 + next * interval <= performance.now()) {
        const i = next++;
        const due = t0 + i * interval;
        const r = o.request(i);
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        api(r.method ?? 'POST', r.path, r.body, r.token, r.headers)
          .then(
            (res) => {
              statuses[i] = res.status;
            },
            () => {},
          )
          .finally(() => {
            latencies[i] = performance.now() - due;
            inFlight--;
            if (++answered === n) done();
          });
      }
      if (next < n) setTimeout(tick, Math.max(0, t0 + next * interval - performance.now()));
    };
    setTimeout(tick, 5);
  });
  const seconds = (performance.now() - t0) / 1000;
  return {
    rate: o.rate,
    perSec: n / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: latencies.reduce((a, b) => Math.max(a, b), 0),
    total: n,
    failed: statuses.filter((s) => s === 0 || s >= 300).length,
    seconds,
    maxInFlight,
    statuses,
  };
}

/**
 * The two figures that judge a write call (decision 049): its throughput through the app beside the same statements
 * straight over pg (goal: the app at least half as fast), and its latency at half the app's throughput in an open loop
 * (goal: p99 under 100 ms).
 */
export function writeCallGoals(what: string, app: number, plain: number, open: OpenLoopFigure): string[] {
  const ratio = app / plain;
  const openMet = open.p99 < 100 && open.failed === 0;
  return [
    `app / plain SQL, ${what}: ${Math.round(app)}/s ÷ ${Math.round(plain)}/s = ${ratio.toFixed(2)} — goal ≥ 0.5: ` +
      `${ratio >= 0.5 ? 'met' : 'NOT met'}`,
    `open loop, ${what} at ${Math.round(open.rate)}/s (half the app's throughput) for ${open.seconds.toFixed(1)} s: ` +
      `p50 ${open.p50.toFixed(1)} ms, p99 ${open.p99.toFixed(1)} ms, max ${open.max.toFixed(1)} ms ` +
      `(${open.total} requests, ${open.failed} failed, at most ${open.maxInFlight} in flight) — goal p99 < 100 ms: ` +
      `${openMet ? 'met' : 'NOT met'}`,
  ];
}

/**
 * Rows in `tables` now; `per(calls)` later gives the rows each call added since. The app's calls and the plain-SQL
 * driver's must add the same rows, or the driver no longer replays what the server sends.
 */
export async function rowsWritten(sql: pg.Pool, tables: string[]) {
  const count = async () =>
    (
      await sql.query<Record<string, number>>(
        `select ${tables.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ')}`,
      )
    ).rows[0];
  const before = await count();
  return async (calls: number) => {
    const after = await count();
    return Object.fromEntries(tables.map((t) => [t, (after[t] - before[t]) / calls])) as Record<string, number>;
  };
}

/** The rows one call wrote through the app and through the plain-SQL driver, side by side; whether they match. */
export function sameWrites(app: Record<string, number>, plain: Record<string, number>) {
  const fmt = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2));
  const same = Object.keys(app).every((t) => Math.abs(app[t] - plain[t]) < 0.01);
  const list = Object.keys(app)
    .map((t) => `${t} ${fmt(app[t])} / ${fmt(plain[t])}`)
    .join(', ');
  return { same, line: `rows written per call (app / plain SQL): ${list} — ${same ? 'the same' : 'DIFFERENT'}` };
}
