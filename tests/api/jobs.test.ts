import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryText } from '../../server/db/client';
import { QUEUES, startJobs } from '../../server/jobs';
import { type JobRunner, RAN_BY } from '../../server/jobs/queue';
import { dataOf } from '../support/catalogue';
import { factories, payrollFactories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The job runner on the test's database (decision 065): its admin calls, a failed job retried by the admin, and
 * StartPayRun's work sent to the queue. A schema of its own, dropped at the end: the worker's database is shared
 * with later files.
 */
describe('the job runner and its admin calls', () => {
  let t: TestServer;
  let runner: JobRunner;
  const schema = `jobs_api_${process.pid}`;
  // Fails on its first attempt of each job, succeeds on the next: a failure that a Retry mends.
  const attempts = new Map<string, number>();
  const flaky = {
    queue: 'test-flaky',
    retryLimit: 0,
    async run(data: Record<string, unknown>) {
      const n = (attempts.get(String(data.tag)) ?? 0) + 1;
      attempts.set(String(data.tag), n);
      if (n === 1) throw new Error(`first attempt of ${data.tag} fails`);
      return { attempt: n };
    },
  };
  const jobsOf = async (query = '') => {
    const res = await t.api('GET', `/api/System/Jobs${query}`, { token: await t.tokenFor('A') });
    expect(res.status).toBe(200);
    return res.body.data as {
      running: boolean;
      counts: ({ queue: string } & Record<string, number>)[];
      items: { id: string; queue: string; state: string; error: string | null; retryCount: number }[];
    };
  };
  const jobById = async (id: string) => (await jobsOf('?queue=test-flaky')).items.find((j) => j.id === id);

  beforeAll(async () => {
    t = await startTestServer();
    runner = await startJobs(t.app, { extra: [flaky], schema, pollSeconds: 1 });
  });
  afterAll(async () => {
    await runner?.stop({ timeoutMs: 1000 });
    await queryText(t.db, `drop schema if exists ${schema} cascade`, []);
    await t?.close();
  });

  it('is the admin’s only', async () => {
    for (const role of ['AC', 'HR', 'Cust'] as const) {
      const res = await t.api('GET', '/api/System/Jobs', { token: await t.tokenFor(role) });
      expect(res.status).toBe(403);
    }
    expect((await t.api('GET', '/api/System/Jobs')).status).toBe(401);
  });

  it('lists every queue by state, with the schedules in place', async () => {
    const data = await jobsOf();
    expect(data.running).toBe(true);
    expect(data.counts.map((c) => c.queue).sort()).toEqual(
      [
        QUEUES.advancePayRuns,
        QUEUES.expireCoupons,
        QUEUES.reconcilePayments,
        QUEUES.refreshSalesRollup,
        QUEUES.refreshGstRollup,
        QUEUES.refreshLedgerRollup,
        'test-flaky',
      ].sort(),
    );
    for (const c of data.counts) {
      expect(Object.keys(c).sort()).toEqual(
        ['active', 'cancelled', 'completed', 'created', 'failed', 'queue', 'retry'].sort(),
      );
    }
    const schedules = await queryText<{ name: string; cron: string }>(
      t.db,
      `select name, cron from ${schema}.schedule order by name`,
      [],
    );
    expect(schedules).toEqual(
      [
        { name: QUEUES.expireCoupons, cron: '* * * * *' },
        { name: QUEUES.reconcilePayments, cron: '* * * * *' },
        { name: QUEUES.advancePayRuns, cron: '* * * * *' },
        { name: QUEUES.refreshSalesRollup, cron: '*/5 * * * *' },
        { name: QUEUES.refreshGstRollup, cron: '*/5 * * * *' },
        { name: QUEUES.refreshLedgerRollup, cron: '*/5 * * * *' },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it('shows a failed job with its error; Retry runs it again and it completes', async () => {
    const id = (await runner.send('test-flaky', { tag: 'one' }))!;
    expect(id).toBeTruthy();
    await expect.poll(async () => (await jobById(id))?.state, { timeout: 15_000 }).toBe('failed');
    const failed = (await jobsOf('?state=failed')).items.find((j) => j.id === id)!;
    expect(failed.error).toBe('first attempt of one fails');
    expect((await jobsOf()).counts.find((c) => c.queue === 'test-flaky')!.failed).toBeGreaterThanOrEqual(1);

    const retried = await t.api('POST', `/api/System/Jobs/${id}/Retry`, { token: await t.tokenFor('A') });
    expect(retried.status).toBe(200);
    await expect.poll(async () => (await jobById(id))?.state, { timeout: 15_000 }).toBe('completed');
    expect(attempts.get('one')).toBe(2);
    expect((await jobById(id))!.retryCount).toBe(1);
    // The output names the process that ran it (scripts/scale-check.ts kills that one).
    const [done] = await queryText<{ ranBy: string }>(
      t.db,
      `select output->>'ranBy' as "ranBy" from ${schema}.job where id = $1`,
      [id],
    );
    expect(done.ranBy).toBe(RAN_BY);

    // Only a failed job can be retried: the same one again, or an unknown one, is 404.
    const again = await t.api('POST', `/api/System/Jobs/${id}/Retry`, { token: await t.tokenFor('A') });
    expect(again.status).toBe(404);
    const unknown = await t.api('POST', '/api/System/Jobs/00000000-0000-4000-8000-000000000000/Retry', {
      token: await t.tokenFor('A'),
    });
    expect(unknown.status).toBe(404);
    const refused = await t.api('POST', `/api/System/Jobs/${id}/Retry`, { token: await t.tokenFor('AC') });
    expect(refused.status).toBe(403);
  });

  it('a salary run started with a runner is a job on the queue, and pays each employee once', async () => {
    const f = factories(t);
    const pf = payrollFactories(t);
    const a = await f.professional();
    const b = await f.professional();
    await pf.structure(a.id, { effectiveFrom: '2025-01-01', basic: 15000 });
    await pf.structure(b.id, { effectiveFrom: '2025-01-01', basic: 25000 });
    await pf.fundCompany(5_000_000);
    const ac = await pf.ac();
    const run = dataOf(
      await t.api('POST', '/api/Account/StartPayRun', {
        token: ac,
        body: { date: '2025-04', bankReferencePrefix: 'RUN-APR' },
      }),
      201,
    );
    await expect
      .poll(async () => dataOf(await t.api('GET', `/api/Account/GetPayRun?id=${run.id}`, { token: ac })).state, {
        timeout: 20_000,
      })
      .toBe('done');
    // StartPayRun sent the job (runSoon), which the runner ran (the schedule's jobs carry no data).
    const requested = await queryText<{ n: number }>(
      t.db,
      `select count(*)::int as n from ${schema}.job
        where name = $1 and state = 'completed' and data->>'requested' = 'true'`,
      [QUEUES.advancePayRuns],
    );
    expect(Number(requested[0].n)).toBeGreaterThanOrEqual(1);
    // The schedule's job for the same queue may run the run's advance again: nobody is paid twice.
    await runner.send(QUEUES.advancePayRuns);
    await expect
      .poll(async () => (await jobsOf(`?queue=${QUEUES.advancePayRuns}`)).items.filter((j) => j.state !== 'completed'))
      .toEqual([]);
    const slips = await queryText<{ n: number }>(
      t.db,
      `select count(*)::int as n from salary_slips where period = '2025-04-01' and user_id in (${a.id}, ${b.id})`,
      [],
    );
    expect(Number(slips[0].n)).toBe(2);
  });

  it('answers what it holds to counts() and stops, leaving the app without a runner', async () => {
    const counts = await runner.counts();
    expect(counts.find((c) => c.queue === 'test-flaky')!.completed).toBeGreaterThanOrEqual(1);
    await runner.stop({ timeoutMs: 1000 });
    expect(t.app.jobs).toBeNull();
    const data = await jobsOf();
    expect(data).toEqual({ running: false, counts: [], items: [] });
    const res = await t.api('POST', '/api/System/Jobs/00000000-0000-4000-8000-000000000000/Retry', {
      token: await t.tokenFor('A'),
    });
    expect(res.status).toBe(409);
  });
});
