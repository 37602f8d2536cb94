import type { FastifyInstance } from 'fastify';
import { retryStaleSourceRefunds } from '../domains/commerce';
import { homeScreenAds } from '../domains/marketing';
import { reconcileOnce } from '../domains/money';
import { payroll } from '../domains/people';
import { refreshGstRollup, refreshLedgerRollup, refreshSalesRollup } from '../domains/reports';
import { type JobDefinition, type JobRunner, QUEUES, type RunnerOptions, startJobRunner } from './queue';

export { type JobRunner, QUEUES, runSoon } from './queue';

/**
 * Doorstep's jobs (decision 065). Each keeps the guarantee it had as a timer: the work itself claims its rows
 * (SKIP LOCKED, row locks, idempotency keys), so a job retried after a crash, or a process racing a person, settles
 * nothing twice; the queue adds that a schedule fires once, failures retry with backoff and stay visible.
 */
export function doorstepJobs(app: FastifyInstance): JobDefinition[] {
  return [
    {
      // Decision 013: intents still open after the TTL are re-verified and settled or expired; refunds to source the
      // provider never answered (decision 030) are asked again (the provider pays one refund per refund id).
      queue: QUEUES.reconcilePayments,
      schedule: '* * * * *',
      expireInSeconds: 10 * 60,
      async run() {
        const outcome = await reconcileOnce(app.db, app.payments, app.config.payments.intentTtlMinutes);
        const refunds = await retryStaleSourceRefunds(app.db, app.payments);
        return { ...outcome, sourceRefundsRetried: refunds.retried };
      },
    },
    {
      // Decision 021: approved and switched-off coupons past their validity get the system's EXPIRE; each coupon is
      // re-checked under its row lock. Reads also expire due coupons first, so the state is right between runs.
      queue: QUEUES.expireCoupons,
      schedule: '* * * * *',
      async run() {
        return { expired: await homeScreenAds.expireDue(app.db) };
      },
    },
    {
      // Decision 034: active salary runs advance a batch at a time, each batch claimed FOR UPDATE SKIP LOCKED in its
      // own transaction. StartPayRun and ResumePayRun send one at once; the schedule picks up a run whose process died.
      queue: QUEUES.advancePayRuns,
      schedule: '* * * * *',
      expireInSeconds: 60 * 60,
      async run() {
        return { batches: await payroll.advanceRuns(app.db) };
      },
    },
    {
      // Decision 057: the days whose sales, cancellations or credit notes changed are recomputed into sales_daily;
      // the rollup state's row lock makes two runs take turns, and a report reads today's rows directly.
      queue: QUEUES.refreshSalesRollup,
      schedule: '*/5 * * * *',
      expireInSeconds: 30 * 60,
      async run() {
        return await refreshSalesRollup(app.db);
      },
    },
    {
      // Decision 058: the days with invoices or credit notes written since the last run are recomputed into
      // gst_daily, so a month's return adds up days instead of reading every line; the month's last days come from
      // the documents themselves.
      queue: QUEUES.refreshGstRollup,
      schedule: '*/5 * * * *',
      expireInSeconds: 30 * 60,
      async run() {
        return await refreshGstRollup(app.db, app.config.company);
      },
    },
    {
      // Decision 059: the days posted since the last run are recomputed into ledger_daily, so a balance at a past
      // date and a statement's opening add up days instead of entries; today comes from the entries themselves.
      queue: QUEUES.refreshLedgerRollup,
      schedule: '*/5 * * * *',
      expireInSeconds: 30 * 60,
      async run() {
        return await refreshLedgerRollup(app.db);
      },
    },
  ];
}

/**
 * Starts this process's runner with Doorstep's jobs (and `extra`, for tests) and hands it to the app (`app.jobs`),
 * so that the admin page, runSoon and the shutdown reach it. server/main.ts calls it unless JOBS=off; most tests
 * never do, and those about jobs start it themselves.
 */
export async function startJobs(
  app: FastifyInstance,
  o: { extra?: JobDefinition[] } & Pick<RunnerOptions, 'schema' | 'pollSeconds'> = {},
): Promise<JobRunner> {
  const runner = await startJobRunner({
    db: app.db,
    jobs: [...doorstepJobs(app), ...(o.extra ?? [])],
    log: app.log,
    schema: o.schema,
    pollSeconds: o.pollSeconds,
  });
  // A test's app outlives the file that started the runner: once stopped, the app has none again.
  const handed: JobRunner = {
    ...runner,
    async stop(s) {
      if (app.jobs === handed) app.jobs = null;
      await runner.stop(s);
    },
  };
  app.jobs = handed;
  return handed;
}
