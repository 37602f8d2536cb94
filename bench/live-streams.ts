// `npx tsx bench/live-streams.ts` (part of `npm run bench:dispatch`; decision 015): 1,000 authenticated
// live streams on PostgreSQL, spread over LIVE_BENCH_PROCESSES server processes (server/main.ts, default 2: the
// deployment of decision 039, so the fan-out crosses processes through LISTEN/NOTIFY), one admin session each. Then
// ROUNDS events addressed to the admins' role are published the way every write publishes them
// (publishLive inside a transaction), and for each we measure the time from the publish's commit to the LAST of the
// 1,000 clients receiving it. Goal: under 1 s. Prints figures; not a test.
import http from 'node:http';
import { openDatabase } from '../server/db/client';
import { sessions } from '../server/db/schema';
import { DEMO_ACCOUNTS } from '../server/db/seed/demo';
import { publishLive } from '../server/domains/platform/live/service';
import { hashToken, newToken } from '../server/plugins/auth';
import { sseParser } from '../src/api/sse';
import {
  postgresAnswers,
  type ServerProcess,
  startServerProcess,
  templateCopy,
} from '../tests/support/server-processes';
import { TEST_PASSWORD } from '../tests/support/template';

const STREAMS = Number(process.env.LIVE_BENCH_STREAMS ?? 1000);
const PROCESSES = Number(process.env.LIVE_BENCH_PROCESSES ?? 2);
const ROUNDS = Number(process.env.LIVE_BENCH_ROUNDS ?? 10);
const GOAL_MS = 1000;
const base = process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

if (!(await postgresAnswers(base))) {
  console.error(`Cannot measure: no PostgreSQL answers at ${base} (set BENCH_PG_URL or DATABASE_URL).`);
  process.exit(2);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

function post(url: string, body: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** One client: the stream read with node:http, each `change` event's id and arrival time kept. */
interface Client {
  arrivals: Map<number, number>;
  ready: Promise<void>;
  req: http.ClientRequest;
}
function openStream(url: string, token: string): Client {
  const arrivals = new Map<number, number>();
  let markReady!: () => void;
  let fail!: (e: Error) => void;
  const ready = new Promise<void>((res, rej) => {
    markReady = res;
    fail = rej;
  });
  const req = http.get(
    `${url}/api/Live/Stream`,
    { agent: false, headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` } },
    (res) => {
      if (res.statusCode !== 200) return fail(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      const parse = sseParser((f) => {
        if (f.event === 'ready') markReady();
        else if (f.event === 'change') arrivals.set(Number(f.id), performance.now());
      });
      res.on('data', parse);
    },
  );
  req.on('error', (e) => fail(e));
  return { arrivals, ready, req };
}

const copy = await templateCopy(base, 'doorstep_livebench', { durable: true });
const database = await openDatabase({ databaseUrl: copy.url });
const servers: ServerProcess[] = [];
const clients: Client[] = [];
try {
  const env = { DATABASE_URL: copy.url, SERVE_CLIENT: 'false', RATE_LIMITS: 'off', LOG_LEVEL: 'warn' };
  servers.push(...(await Promise.all(Array.from({ length: PROCESSES }, () => startServerProcess(env)))));
  const admin = DEMO_ACCOUNTS.find((a) => a.role === 'A')!;

  // One real sign-in; the other sessions are rows made as the sign-in makes them (a random token, its hash stored):
  // 1,000 memory-hard password checks would only measure argon2.
  const signedIn = await post(`${servers[0].url}/api/adminlogin`, { UserName: admin.email, Password: TEST_PASSWORD });
  if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}: ${JSON.stringify(signedIn.body)}`);
  const adminId = signedIn.body.data.User.Id as number;
  const tokens = [signedIn.body.data.Token as string, ...Array.from({ length: STREAMS - 1 }, () => newToken())];
  const expiresAt = new Date(Date.now() + 3600_000);
  await database.db
    .insert(sessions)
    .values(tokens.slice(1).map((tk) => ({ tokenHash: hashToken(tk), userId: adminId, expiresAt })));

  const t = performance.now();
  for (let i = 0; i < STREAMS; i++) clients.push(openStream(servers[i % PROCESSES].url, tokens[i]));
  await Promise.all(clients.map((c) => c.ready));
  console.log(`${STREAMS} streams open over ${PROCESSES} process(es) in ${ms(performance.now() - t)}`);

  const rows: { id: number; commitToLast: number; commitToMedian: number; beginToLast: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const begin = performance.now();
    const id = await database.db.transaction((tx) =>
      publishLive(tx, { kind: 'line_assigned', tags: ['Dispatch'], roles: ['A'], payload: { bench: round } }),
    );
    const committed = performance.now();
    const deadline = committed + 10_000;
    while (clients.some((c) => !c.arrivals.has(id)) && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 2));
    }
    const missing = clients.filter((c) => !c.arrivals.has(id)).length;
    if (missing) throw new Error(`event ${id}: ${missing} of ${STREAMS} clients never received it`);
    const times = clients.map((c) => c.arrivals.get(id)!);
    const last = Math.max(...times);
    rows.push({
      id,
      commitToLast: last - committed,
      commitToMedian: quantile(times, 0.5) - committed,
      beginToLast: last - begin,
    });
    await new Promise((r) => setTimeout(r, 200));
  }

  console.log('\nround  event id  commit→median  commit→LAST  publish start→LAST');
  for (const [i, r] of rows.entries()) {
    console.log(
      `${String(i + 1).padStart(5)}  ${String(r.id).padStart(8)}  ${ms(r.commitToMedian).padStart(13)}  ${ms(r.commitToLast).padStart(11)}  ${ms(r.beginToLast).padStart(18)}`,
    );
  }
  const lasts = rows.map((r) => r.commitToLast);
  const worst = Math.max(...lasts);
  console.log(
    `\n${STREAMS} streams, ${PROCESSES} process(es), ${ROUNDS} events: commit → last client p50 ${ms(quantile(lasts, 0.5))}, ` +
      `max ${ms(worst)} (goal < ${GOAL_MS} ms): ${worst < GOAL_MS ? 'met' : 'NOT MET'}`,
  );
  process.exitCode = worst < GOAL_MS ? 0 : 1;
} finally {
  for (const c of clients) c.req.destroy();
  await Promise.all(servers.map((s) => s.stop()));
  await database.close();
  await copy.drop();
  agent.destroy();
}
