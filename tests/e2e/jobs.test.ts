import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryText } from '../../server/db/client';
import { startJobs } from '../../server/jobs';
import type { JobRunner } from '../../server/jobs/queue';
import { axeViolations } from '../support/axe';
import { adminTab, browserPerPerson, chromiumPath } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The admin's Jobs page (/System/Jobs, decision 065): a failed job shows with its error, and Retry puts it back in
 * its queue, where it runs again and is done.
 */
describe.skipIf(!chromiumPath)('the admin jobs page in the browser', () => {
  let t: TestServer;
  let runner: JobRunner;
  const people = browserPerPerson();
  const schema = `jobs_e2e_${process.pid}`;
  let attempts = 0;

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    runner = await startJobs(t.app, {
      schema,
      pollSeconds: 1,
      extra: [
        {
          queue: 'test-report',
          retryLimit: 0,
          async run() {
            attempts++;
            if (attempts === 1) throw new Error('The report service did not answer');
            return { attempts };
          },
        },
      ],
    });
  });
  afterAll(async () => {
    await people.close();
    await runner?.stop({ timeoutMs: 1000 });
    if (t) await queryText(t.db, `drop schema if exists ${schema} cascade`, []);
    await t?.close();
  });

  it('shows a failed job, and Retry runs it again', async () => {
    await runner.send('test-report');
    await expect
      .poll(async () => (await runner.list({ queue: 'test-report' }))[0]?.state, { timeout: 15_000 })
      .toBe('failed');

    const page = await adminTab(await people.context(), t.url);
    // The admin menu's System group leads to the page.
    await page.getByRole('button', { name: 'System' }).click();
    await page.getByRole('link', { name: 'Jobs' }).click();
    await page.waitForURL((u) => u.pathname === '/System/Jobs');
    await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();

    const jobs = page.getByRole('table', { name: 'Newest jobs' });
    const row = jobs.getByRole('row', { name: /test-report/ });
    await expect.poll(() => row.textContent()).toContain('Failed');
    expect(await row.textContent()).toContain('The report service did not answer');
    // The queue's counts show the failure too.
    const counts = page.getByRole('table', { name: 'Jobs by queue' }).getByRole('row', { name: /test-report/ });
    await expect.poll(() => counts.textContent()).toMatch(/test-report/);

    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('button', { name: /^Retry test-report job/ }).click();
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('The job will run again.')
      .waitFor();
    // The page reads again on its own: the job runs a second time and is done; no Retry is offered any more.
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Done');
    expect(await row.getByRole('button', { name: /^Retry/ }).count()).toBe(0);
    expect(attempts).toBe(2);
    expect((await runner.list({ queue: 'test-report' }))[0]).toMatchObject({ state: 'completed', retryCount: 1 });
  });
});
