// `npm run bench:catalogue`: GetAllCategory on PostgreSQL with 1,000 services, three ways in one run: bare node:http
// answering the same bytes, the app with logging off, and the app with its default logging (written to a file, as
// in production). Goals (decision 007): default logging costs at most 10% of the logging-off throughput, and the app
// with default logging reaches at least 0.6 of bare node:http. The machine may be shared, so the three servers take
// turns for BENCH_ROUNDS rounds (default 3) and the median counts. BENCH_ALL=1 adds the other catalogue reads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Figure, freshPostgres, print, run, startChild } from './lib';

const MAIN = ['GetAllCategory', '/api/Common/GetAllCategory?pageSize=50'] as const;
const OTHER_READS = [
  ['GetAllSubCategory', '/api/Common/GetAllSubCategory?pageSize=50'],
  ['GetAllServices', '/api/Common/GetAllServices?pageSize=20'],
  ['GetAllServicesBySubCategory', '/api/Common/GetAllServicesBySubCategory/7'],
  ['GetServicesByID', '/api/Common/GetServicesByID/123'],
  ['GetAllBanner', '/api/Common/GetAllBanner?type=Home'],
] as const;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const SEED = path.resolve('bench/seed-catalogue.ts');

/** CPU seconds (user + system, all threads) a process has used, from /proc; null where there is no /proc. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** One autocannon run, with the server's CPU time per request: steadier than req/s on a shared machine. */
async function measure(name: string, url: string, pid: number | undefined) {
  const cpu0 = cpuSeconds(pid);
  const figure = await run(name, { url, duration: SECONDS });
  const cpu1 = cpuSeconds(pid);
  const cpuUs = cpu0 === null || cpu1 === null || !figure.total ? NaN : ((cpu1 - cpu0) * 1e6) / figure.total;
  return { ...figure, cpuUs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (x: number) => `${Math.round(100 * x)}%`;

const dbs: { url: string; drop(): Promise<void> }[] = [];
const stops: (() => void)[] = [];
try {
  for (let i = 0; i < 2; i++) {
    const db = await freshPostgres();
    if (!db) {
      console.log('PostgreSQL: no server at 127.0.0.1:5432; the catalogue bench needs one.');
      process.exit(1);
    }
    dbs.push(db);
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const logFile = path.join(tmp, 'app.log');
  // Each app has its own database, so both can be seeded and wait side by side.
  const off = await startChild('bench/app-child.ts', { DATABASE_URL: dbs[0].url, BENCH_SEED: SEED });
  stops.push(() => off.child.kill());
  const logged = await startChild(
    'bench/app-child.ts',
    { DATABASE_URL: dbs[1].url, BENCH_SEED: SEED, BENCH_LOGGING: 'default' },
    { stdoutFile: logFile },
  );
  stops.push(() => logged.child.kill());
  const offUrl = `http://127.0.0.1:${off.port}`;
  const loggedUrl = `http://127.0.0.1:${logged.port}`;

  const reads = process.env.BENCH_ALL === '1' ? [MAIN, ...OTHER_READS] : [MAIN];
  const bodies = [];
  for (const [name, url] of reads) {
    const a = await fetch(offUrl + url);
    const b = await fetch(loggedUrl + url);
    const body = await a.text();
    if (!a.ok || !b.ok) throw new Error(`${name}: ${a.status}/${b.status} ${body}`);
    bodies.push({ method: 'GET', path: `/${name}`, body });
  }
  const routes = path.join(tmp, 'routes.json');
  fs.writeFileSync(routes, JSON.stringify(bodies));
  const bare = await startChild('bench/bare-child.ts', { BARE_ROUTES: routes, BARE_KIND: 'node' });
  stops.push(() => bare.child.kill());
  const bareUrl = `http://127.0.0.1:${bare.port}`;

  const linesBefore = fs.readFileSync(logFile, 'utf8').split('\n').length;
  const figures: Record<'bare' | 'off' | 'logged', (Figure & { cpuUs: number })[]> = { bare: [], off: [], logged: [] };
  const servers: Record<keyof typeof figures, [string, string, number | undefined]> = {
    bare: ['bare node:http', `${bareUrl}/${MAIN[0]}`, bare.child.pid],
    off: ['app, logging off', offUrl + MAIN[1], off.child.pid],
    logged: ['app, default logging', loggedUrl + MAIN[1], logged.child.pid],
  };
  const order = ['bare', 'off', 'logged'] as const;
  const load0 = os.loadavg()[0];
  for (let r = 0; r < ROUNDS; r++) {
    // The order turns each round, so no server always runs right after another (or first, on a cold client).
    for (let k = 0; k < order.length; k++) {
      const key = order[(k + r) % order.length];
      figures[key].push(await measure(...servers[key]));
    }
  }
  const load1 = os.loadavg()[0];
  // Let the asynchronous log writer catch up before counting its lines.
  await new Promise((r) => setTimeout(r, 1500));
  const loggedRequests = figures.logged.reduce((n, f) => n + f.total, 0);
  const logLines = fs.readFileSync(logFile, 'utf8').split('\n').length - linesBefore;

  const m = {
    bare: median(figures.bare.map((f) => f.reqPerSec)),
    off: median(figures.off.map((f) => f.reqPerSec)),
    logged: median(figures.logged.map((f) => f.reqPerSec)),
  };
  console.log(
    `\nGET ${MAIN[0]} on PostgreSQL, 1,000 services (${os.cpus().length} cores, 10 connections, ` +
      `${ROUNDS} rounds × ${SECONDS} s, median; load average ${load0.toFixed(1)} → ${load1.toFixed(1)})`,
  );
  console.log(
    '| server | req/s (median) | p99 ms (median) | server CPU µs/request (median) | each round req/s | non-2xx |',
  );
  console.log('|---|---:|---:|---:|---|---:|');
  for (const key of ['bare', 'off', 'logged'] as const) {
    const rounds = figures[key];
    console.log(
      `| ${rounds[0].name} | ${m[key]} | ${median(rounds.map((f) => f.p99))} | ` +
        `${median(rounds.map((f) => f.cpuUs)).toFixed(1)} | ${rounds.map((f) => f.reqPerSec).join(', ')} | ` +
        `${rounds.reduce((n, f) => n + f.non2xx + f.errors, 0)} |`,
    );
  }
  const cost = 1 - m.logged / m.off;
  const ofBare = m.logged / m.bare;
  const costOk = cost <= 0.1;
  const bareOk = ofBare >= 0.6;
  console.log(`\nlog lines written by the logged app: ${logLines} for ${loggedRequests} requests`);
  console.log(`default logging costs ${pct(cost)} of throughput (goal ≤ 10%): ${costOk ? 'met' : 'NOT met'}`);
  console.log(
    `app with default logging is ${ofBare.toFixed(2)} of bare node:http (goal ≥ 0.6): ${bareOk ? 'met' : 'NOT met'}`,
  );
  console.log(`app with logging off is ${(m.off / m.bare).toFixed(2)} of bare node:http`);
  // The same two ratios from CPU time per request, which other work on a shared machine disturbs less.
  const cpu = {
    bare: median(figures.bare.map((f) => f.cpuUs)),
    off: median(figures.off.map((f) => f.cpuUs)),
    logged: median(figures.logged.map((f) => f.cpuUs)),
  };
  if (!Number.isNaN(cpu.logged)) {
    console.log(
      `by server CPU per request: logging costs ${pct(1 - cpu.off / cpu.logged)}, ` +
        `default logging is ${(cpu.bare / cpu.logged).toFixed(2)} of bare, logging off ${(cpu.bare / cpu.off).toFixed(2)}`,
    );
  }

  if (reads.length > 1) {
    const rows = [];
    for (const [name, url] of OTHER_READS) {
      rows.push({
        app: await run(`GET ${name}`, { url: loggedUrl + url, duration: SECONDS }),
        bare: await run('bare', { url: `${bareUrl}/${name}`, duration: SECONDS }),
      });
    }
    print('Other catalogue reads, app with default logging vs bare node:http', rows);
  }
  if (!costOk || !bareOk) process.exitCode = 1;
} finally {
  for (const stop of stops) stop();
  for (const db of dbs) await db.drop();
}
