import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import { type Db, queueConnectionOf } from '../db/client';

/**
 * The one job runner (decision 065): pg-boss on the app's own database. On PostgreSQL every server process runs one
 * and they share the queue: a schedule fires once across them, a job is claimed by one (SKIP LOCKED). On the embedded
 * database it runs on the same PGlite through pg-boss's adapter (one process by definition). This file imports no
 * domain, so a domain may ask for a job soon (runSoon) without a cycle; the jobs themselves are in ./index.ts.
 */

/** The queues' names, here so that a domain names one without importing the jobs (server/jobs/index.ts). */
export const QUEUES = {
  reconcilePayments: 'payments-reconcile',
  expireCoupons: 'coupons-expire',
  advancePayRuns: 'payroll-advance-runs',
  refreshSalesRollup: 'reports-sales-rollup',
  refreshGstRollup: 'reports-gst-rollup',
  refreshLedgerRollup: 'reports-ledger-rollup',
} as const;

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface JobDefinition {
  queue: string;
  /** Cron in UTC; each minute it names makes one job across every process (pg-boss files one job per minute). */
  schedule?: string;
  /** Attempts after the first, each later than the last (30 s, doubling, at most 10 minutes). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A running job not finished by then is failed and retried (a process that died holding it). */
  expireInSeconds?: number;
  /** What the job does; what it answers is kept as the job's output. */
  run(data: Record<string, unknown>): Promise<Record<string, unknown> | undefined>;
}

export interface JobRow {
  id: string;
  queue: string;
  state: JobState;
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  startAfter: Date;
  /** The last failure's message, for a job that failed or waits to retry. */
  error: string | null;
}

export type QueueCounts = { queue: string } & Record<JobState, number>;

export interface JobRunner {
  /** Makes a job on `queue` now; null when the queue already holds one waiting (its policy keeps one). */
  send(queue: string, data?: Record<string, unknown>): Promise<string | null>;
  /** The newest jobs first, of every queue or of one state. */
  list(o?: { state?: JobState; queue?: string; limit?: number }): Promise<JobRow[]>;
  /** Puts a failed job back to run again; false when there is no such failed job. */
  retry(id: string): Promise<boolean>;
  /** Jobs by queue and state, for the admin page and the metrics hook. */
  counts(): Promise<QueueCounts[]>;
  /**
   * Stops fetching, lets a running job finish within `timeoutMs`, then fails what still runs so that another
   * process retries it (pg-boss's graceful stop), and closes the runner's connections.
   */
  stop(o?: { timeoutMs?: number }): Promise<void>;
}

export interface RunnerOptions {
  db: Db;
  jobs: JobDefinition[];
  log: { info(o: object, msg: string): void; error(o: object, msg: string): void };
  /** pg-boss's schema; tests use one of their own. */
  schema?: string;
  /** How often an idle worker looks for a job (2 s unless told); when told, the schedules are checked as often. */
  pollSeconds?: number;
}

const DEFAULT_SCHEMA = 'pgboss';

/** This process, as a job's output names it (host and pid). */
export const RAN_BY = `${os.hostname()}:${process.pid}`;

/** The pg-boss instance for `db`, not started: PostgreSQL through a small pool of its own, PGlite through its adapter. */
function bossFor(db: Db, schema: string, pollSeconds?: number) {
  const conn = queueConnectionOf(db);
  const timing = {
    schema,
    // pg-boss checks the schedules every 30 s (any occurrence of the last minute is still sent); a test that asks
    // for a short poll checks them as often, so that it sees a schedule fire soon.
    ...(pollSeconds ? { cronMonitorIntervalSeconds: pollSeconds, cronWorkerIntervalSeconds: pollSeconds } : {}),
    // No instance registry or persisted warnings: nothing here reads them.
    registerInstance: false,
    persistWarnings: false,
  };
  if (conn.kind === 'pglite') return new PgBoss({ ...timing, backend: 'pglite', db: fromPglite(conn.client) });
  return new PgBoss({ ...timing, ...conn.options, max: 3, application_name: 'doorstep-jobs' });
}

/** Creates pg-boss's schema (or migrates it) without starting workers: `npm run db:migrate` on PostgreSQL. */
export async function installJobSchema(db: Db, schema = DEFAULT_SCHEMA) {
  const boss = bossFor(db, schema);
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

const errorOf = (output: unknown): string | null => {
  if (!output || typeof output !== 'object') return null;
  const o = output as { message?: unknown; value?: unknown };
  if (typeof o.message === 'string') return o.message;
  return typeof o.value === 'string' ? o.value : null;
};

/** How long a running job may go without its worker's touch before it is retried. */
const HEARTBEAT_SECONDS = 30;

export async function startJobRunner(o: RunnerOptions): Promise<JobRunner> {
  const schema = o.schema ?? DEFAULT_SCHEMA;
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad job schema name ${schema}`);
  const boss = bossFor(o.db, schema, o.pollSeconds);
  boss.on('error', (err) => o.log.error({ err }, 'job runner error'));
  await boss.start();
  const byQueue = new Map(o.jobs.map((j) => [j.queue, j]));
  for (const job of o.jobs) {
    const options = {
      // One job waiting and one running at most: a schedule firing while a slow run goes on adds nothing.
      policy: 'stately' as const,
      retryLimit: job.retryLimit ?? 5,
      retryDelay: job.retryDelaySeconds ?? 30,
      retryBackoff: true,
      retryDelayMax: 600,
      expireInSeconds: job.expireInSeconds ?? 15 * 60,
      // A running job's worker touches it every 15 s: a job whose process died (SIGKILL, a lost machine) is retried
      // after 30 s instead of holding its stately queue until it expires (decision 066).
      heartbeatSeconds: HEARTBEAT_SECONDS,
    };
    if (!(await boss.getQueue(job.queue))) {
      await boss.createQueue(job.queue, options).catch(async (err) => {
        // Another process made it between the read and the create.
        if (!(await boss.getQueue(job.queue))) throw err;
      });
    } else {
      // A queue made by an earlier version takes today's options (its policy is fixed at creation).
      const { policy: _, ...changeable } = options;
      await boss.updateQueue(job.queue, changeable);
    }
    if (job.schedule) await boss.schedule(job.queue, job.schedule, null, { tz: 'UTC' });
    await boss.work<Record<string, unknown>>(
      job.queue,
      { pollingIntervalSeconds: o.pollSeconds ?? 2, batchSize: 1 },
      async ([claimed]) => {
        try {
          const out = await job.run(claimed.data ?? {});
          // As the timers did: a line when the job did something, not every minute.
          if (out && Object.values(out).some((v) => v !== 0 && v !== false && v != null)) {
            o.log.info({ job: job.queue, out }, 'job done');
          }
          // Which process ran it, kept with the output: with several processes an operator (and
          // scripts/scale-check.ts) can tell who held a job.
          return { ...out, ranBy: RAN_BY };
        } catch (err) {
          o.log.error({ err, job: job.queue, id: claimed.id }, 'job failed');
          throw err;
        }
      },
    );
  }

  const sql = async <T>(text: string, values: unknown[] = []) =>
    (await boss.getDb().executeSql(text, values)).rows as T[];

  return {
    send: (queue, data) => {
      if (!byQueue.has(queue)) throw new Error(`no job queue ${queue}`);
      return boss.send(queue, data ?? null);
    },
    async list(q = {}) {
      const rows = await sql<{
        id: string;
        name: string;
        state: JobState;
        retry_count: number;
        retry_limit: number;
        created_on: Date;
        started_on: Date | null;
        completed_on: Date | null;
        start_after: Date;
        output: unknown;
      }>(
        `select id, name, state, retry_count, retry_limit, created_on, started_on, completed_on, start_after, output
           from ${schema}.job
          where ($1::text is null or state::text = $1) and ($2::text is null or name = $2)
            and name = any($3::text[])
          order by created_on desc, id desc
          limit $4`,
        [q.state ?? null, q.queue ?? null, [...byQueue.keys()], Math.min(q.limit ?? 100, 500)],
      );
      return rows.map((r) => ({
        id: r.id,
        queue: r.name,
        state: r.state,
        retryCount: Number(r.retry_count),
        retryLimit: Number(r.retry_limit),
        createdOn: new Date(r.created_on),
        startedOn: r.started_on ? new Date(r.started_on) : null,
        completedOn: r.completed_on ? new Date(r.completed_on) : null,
        startAfter: new Date(r.start_after),
        error: r.state === 'failed' || r.state === 'retry' ? errorOf(r.output) : null,
      }));
    },
    async retry(id) {
      const [row] = await sql<{ name: string }>(
        `select name from ${schema}.job where id = $1::uuid and state = 'failed' and name = any($2::text[])`,
        [id, [...byQueue.keys()]],
      );
      if (!row) return false;
      // pg-boss answers the count as `affected`, which its typings leave out.
      const done = (await boss.retry(row.name, id)) as { affected?: number };
      return (done.affected ?? 0) > 0;
    },
    async counts() {
      const rows = await sql<{ name: string; state: JobState; n: number }>(
        `select name, state::text as state, count(*)::int as n from ${schema}.job
          where name = any($1::text[]) group by name, state`,
        [[...byQueue.keys()]],
      );
      return [...byQueue.keys()].map((queue) => {
        const c = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
        for (const r of rows) if (r.name === queue) c[r.state] = Number(r.n);
        return { queue, ...c };
      });
    },
    stop: (s = {}) => boss.stop({ graceful: true, timeout: s.timeoutMs ?? 20_000, close: true }),
  };
}

/**
 * Work a request asks for soon (a salary run started): a job on `queue` when this process runs the job runner, so
 * that it retries and shows on the admin page; otherwise `inProcess` right after the reply, as before the runner.
 */
export function runSoon(app: FastifyInstance, queue: string, inProcess: () => Promise<unknown>) {
  if (app.jobs) {
    // Marked, so that the admin's table tells a request's job from the schedule's.
    app.jobs.send(queue, { requested: true }).catch((err) => app.log.error({ err, job: queue }, 'job not sent'));
    return;
  }
  setImmediate(() => {
    inProcess().catch((err) => app.log.error({ err, job: queue }, 'job failed'));
  });
}
