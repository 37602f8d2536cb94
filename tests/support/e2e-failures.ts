// Runs before every end-to-end test file (vitest.config.ts): a failed test reports what its open pages showed and were
// waiting for, so a failure seen once on a busy CI machine can be read from the log (docs/testing.md). The report is
// printed and also added to the test's first error, so it appears in the run's closing list of failures, which is
// the part of a long CI log that is always kept.
import { beforeEach } from 'vitest';
import { describeOpenPages } from './chromium';

beforeEach(({ onTestFailed }) => {
  onTestFailed(async ({ task }) => {
    const report = `What the open pages showed when the test failed:\n${await describeOpenPages()}`;
    console.error(report);
    const first = task.result?.errors?.[0];
    if (first) first.message = `${first.message}\n\n${report}`;
  });
});
