// What an operator needs from a running process (decision 062): /healthz and /readyz for the load balancer and the
// orchestrator, /metrics for Prometheus, and load shedding when the process is overloaded.
import { createHash, timingSafeEqual } from 'node:crypto';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { OverloadConfig } from '../config';
import type { Db } from '../db/client';
import { databaseProblem, newestMigration, poolStats } from '../db/health';

/** One queue's jobs in one state, as the job runner reports them. */
export interface JobCount {
  queue: string;
  state: string;
  count: number;
}

/** The ledger check's outcome (server/domains/money/wallets/ledgerCheck.ts): whether it held, and its breaches. */
export interface LedgerCheckResult {
  ok: boolean;
  breaches: number;
}

export interface OperationsOptions {
  db: Db;
  /** METRICS_TOKEN: /metrics answers only a caller presenting it as a bearer token; null leaves /metrics off. */
  metricsToken: string | null;
  /** Shedding thresholds: the event loop's delay (ms) and utilisation (0 to 1); 0 switches a check off. */
  overload: OverloadConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    operations: {
      /** Prometheus' registry of this app. */
      registry: Registry;
      /** Set once the process begins to stop: /readyz answers 503 so the load balancer sends nothing new. */
      draining: boolean;
    };
  }
  interface FastifyContextConfig {
    /** An operational route: no request line at info (a probe every few seconds would bury the real traffic). */
    quiet?: boolean;
  }
}

/** A caller's X-Request-Id kept as the request's id: short, and only characters safe in a log line and a header. */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && WELL_FORMED_ID.test(header) ? header : null;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether `authorization` is `Bearer <token>`, compared in constant time. */
function presents(authorization: string | undefined, token: string) {
  if (!authorization?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(authorization.slice(7)), digest(token));
}

/** The status class a reply is counted under: 2xx, 3xx, 4xx or 5xx. */
const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** What a request is counted under: its operationId, an operational route by its path, or `unmatched` (a 404). */
function operationOf(req: FastifyRequest) {
  const op = req.routeOptions.config?.operationId;
  if (op) return op;
  return req.routeOptions.url ? `route:${req.routeOptions.url}` : 'unmatched';
}

const problem = (req: FastifyRequest, reply: FastifyReply, status: number, title: string, detail: string) =>
  reply
    .code(status)
    .type('application/problem+json')
    .send({ status: 'false', title, detail, errors: [], requestId: String(req.id) });

/**
 * Lets the job runner report its queues (decision 062): `collect` is called at each scrape and answers the count of
 * jobs per queue and state. Calling it again replaces the previous collector.
 */
export function registerJobMetrics(app: FastifyInstance, collect: () => Promise<JobCount[]> | JobCount[]) {
  jobCollectors.set(app, collect);
}

/**
 * Reports the ledger check's last result (decision 062). `check` runs it; the scrape starts it when the last result
 * is older than `everyMs` and answers the last one meanwhile, so a scrape never waits on the whole ledger.
 */
export function registerLedgerCheck(
  app: FastifyInstance,
  check: () => Promise<LedgerCheckResult>,
  everyMs = 15 * 60_000,
) {
  ledgerChecks.set(app, { check, everyMs, last: null, running: null });
}

const jobCollectors = new WeakMap<FastifyInstance, () => Promise<JobCount[]> | JobCount[]>();
interface LedgerState {
  check: () => Promise<LedgerCheckResult>;
  everyMs: number;
  last: (LedgerCheckResult & { at: number }) | null;
  running: Promise<void> | null;
}
const ledgerChecks = new WeakMap<FastifyInstance, LedgerState>();

function metrics(app: FastifyInstance, db: Db) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by operationId and status class',
    labelNames: ['operation', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by operationId and status class',
    labelNames: ['operation', 'status_class'] as const,
    registers,
  });
  app.addHook('onResponse', (req, reply, done) => {
    const labels = [operationOf(req), statusClass(reply.statusCode)] as const;
    requests.labels(...labels).inc();
    duration.labels(...labels).observe(reply.elapsedTime / 1000);
    done();
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections, by state (absent on the embedded database)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const s = poolStats(db);
      if (!s) return;
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'busy' }, s.total - s.idle);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_clients',
    help: 'Callers waiting for a PostgreSQL pool connection',
    registers,
    collect() {
      const s = poolStats(db);
      if (s) this.set(s.waiting);
    },
  });
  new Gauge({
    name: 'live_streams_open',
    help: 'Live update streams open in this process (decision 015)',
    registers,
    collect() {
      this.set(app.hasDecorator('live') ? app.live.size : 0);
    },
  });
  new Gauge({
    name: 'jobs',
    help: 'Jobs by queue and state, as the job runner reports them',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      const collect = jobCollectors.get(app);
      if (!collect) return;
      this.reset();
      for (const j of await collect()) this.set({ queue: j.queue, state: j.state }, j.count);
    },
  });
  // Registered before the two below: its collect sets them too (a scrape collects in order), so they show one result.
  new Gauge({
    name: 'ledger_check_ok',
    help: 'The last ledger check: 1 when every invariant held, 0 on a breach',
    registers,
    collect() {
      const state = ledgerChecks.get(app);
      if (!state) return;
      if (!state.running && (!state.last || Date.now() - state.last.at > state.everyMs)) {
        state.running = state
          .check()
          .then((r) => {
            state.last = { ...r, at: Date.now() };
          })
          .catch((err) => app.log.error({ err }, 'ledger check for the metrics failed'))
          .finally(() => {
            state.running = null;
          });
      }
      if (!state.last) return;
      this.set(state.last.ok ? 1 : 0);
      ledgerAt.set(state.last.at / 1000);
      ledgerBreaches.set(state.last.breaches);
    },
  });
  const ledgerBreaches = new Gauge({
    name: 'ledger_check_breaches',
    help: 'Breaches the last ledger check found',
    registers,
  });
  const ledgerAt = new Gauge({
    name: 'ledger_check_timestamp_seconds',
    help: 'When the last ledger check finished (Unix time)',
    registers,
  });
  return registry;
}

export default fp(
  async (app: FastifyInstance, opts: OperationsOptions) => {
    const registry = metrics(app, opts.db);
    app.decorate('operations', { registry, draining: false });
    const newest = newestMigration();

    // Overload: a 503 with Retry-After at once rather than a request that times out (@fastify/under-pressure).
    // /healthz is exempt (a busy process is not a dead one: restarting it would lose its work); /readyz sheds, which
    // takes the process out of the load balancer's rotation until it recovers.
    const o = opts.overload;
    // Building the app holds the event loop for seconds, which the first samples would count as overload: shedding
    // starts two samples after the app is ready, when every sample measures only time spent serving.
    let armed = false;
    app.addHook('onReady', (done) => {
      setTimeout(() => {
        armed = true;
      }, 2 * o.sampleIntervalMs).unref();
      done();
    });
    await app.register(underPressure, {
      maxEventLoopDelay: o.maxEventLoopDelayMs,
      maxEventLoopUtilization: o.maxEventLoopUtilization,
      retryAfter: o.retryAfterSeconds,
      eventLoopUtilizationMode: 'interval',
      sampleInterval: o.sampleIntervalMs,
      // Sending here ends the request (the plugin's documented way); returning nothing lets /healthz through.
      pressureHandler: (req, reply, type, value) => {
        if (!armed || req.routeOptions.url === '/healthz') return;
        const detail = `The server is overloaded (${type}: ${Math.round(Number(value) * 100) / 100}); please retry in ${o.retryAfterSeconds} seconds.`;
        reply
          .code(503)
          .type('application/problem+json')
          .header('retry-after', o.retryAfterSeconds)
          .send({ status: 'false', title: 'Server busy', detail, errors: [], requestId: String(req.id) });
      },
    });

    const quiet = { quiet: true } as const;
    app.get('/healthz', { config: quiet }, async () => ({ status: 'ok' }));

    let wasReady = true;
    app.get('/readyz', { config: quiet }, async (req, reply) => {
      const why = app.operations.draining ? 'the process is stopping' : await databaseProblem(opts.db, newest);
      // One line when readiness changes, not one per probe.
      if (Boolean(why) === wasReady) {
        wasReady = !why;
        if (why) app.log.warn({ reason: why }, 'not ready');
        else app.log.info('ready again');
      }
      if (why) return problem(req, reply, 503, 'Not ready', why);
      return { status: 'ready' };
    });

    if (opts.metricsToken) {
      const token = opts.metricsToken;
      app.get('/metrics', { config: quiet }, async (req, reply) => {
        if (!presents(req.headers.authorization, token)) {
          return problem(req, reply, 401, 'Not allowed', 'Present METRICS_TOKEN as a bearer token.');
        }
        return reply.type(registry.contentType).send(await registry.metrics());
      });
    }
  },
  { name: 'operations' },
);
