// Two job runners on one PostgreSQL database (decision 065), as two server processes run them: a schedule due every
// minute makes one job for the minute, run once, whichever runner takes it, though both runners check the schedules
// every second. (pg-boss files a schedule's occurrences one job per minute, so a finer schedule would not fire more
// often.) PostgreSQL only: the embedded database is one process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryText } from '../../server/db/client';
import { type JobRunner, startJobRunner } from '../../server/jobs/queue';
import { startTestServer, type TestServer } from '../support/server';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;
if (!process.env.DATABASE_URL) console.log(`jobs-two-runners.test.ts skipped: ${skipped}`);

describe.skipIf(skipped)(
  `two job runners on one PostgreSQL${skipped ? ` (skipped: ${skipped})` : ''}`,
  { timeout: 150_000 },
  () => {
    let t: TestServer;
    const schema = `jobs_two_${process.pid}`;
    const runners: JobRunner[] = [];
    const runs: { runner: number; at: number }[] = [];
    const log = { info() {}, error() {} };

    beforeAll(async () => {
      t = await startTestServer();
      for (const n of [0, 1]) {
        runners.push(
          await startJobRunner({
            db: t.db,
            schema,
            pollSeconds: 1,
            log,
            jobs: [
              {
                queue: 'test-tick',
                schedule: '* * * * *',
                async run() {
                  runs.push({ runner: n, at: Date.now() });
                  return undefined;
                },
              },
            ],
          }),
        );
      }
    });
    afterAll(async () => {
      await Promise.all(runners.map((r) => r.stop({ timeoutMs: 1000 })));
      await queryText(t.db, `drop schema if exists ${schema} cascade`, []);
      await t?.close();
    });

    it('fires each minute once across both runners', async () => {
      // The next minute's occurrence, within a minute and the runners' polls.
      await expect.poll(() => runs.length, { timeout: 80_000, interval: 250 }).toBeGreaterThanOrEqual(1);
      const firstRun = runs[0].at;
      // Later schedule passes (each second, by either runner) must not send that minute again: wait for passes
      // stamped three seconds after the run.
      await expect
        .poll(
          async () => {
            const [v] = await queryText<{ cron_on: Date | null }>(t.db, `select cron_on from ${schema}.version`, []);
            return v?.cron_on ? new Date(v.cron_on).getTime() : 0;
          },
          { timeout: 20_000, interval: 250 },
        )
        .toBeGreaterThan(firstRun + 3000);
      // Stop both, so that no job is half-way while the table is read.
      await Promise.all(runners.map((r) => r.stop({ timeoutMs: 5000 })));
      const perMinute = await queryText<{ minute: Date; jobs: number; completed: number }>(
        t.db,
        `select date_trunc('minute', created_on) as minute, count(*)::int as jobs,
                count(*) filter (where state = 'completed')::int as completed
           from ${schema}.job where name = 'test-tick' group by 1 order by 1`,
        [],
      );
      expect(perMinute.length).toBeGreaterThanOrEqual(1);
      for (const m of perMinute) expect(m.jobs).toBe(1);
      // Each job ran once, on one runner or the other.
      expect(runs.length).toBe(perMinute.reduce((n, m) => n + m.completed, 0));
    });
  },
);
