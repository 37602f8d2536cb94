import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';

/**
 * Waits for the front end the end-to-end global setup is building beside the other tests (tests/e2e/global-setup.ts,
 * decision 041): done when its key is written, failed when its failure is. Its time counts in the file's set-up.
 */
export async function clientBuilt(): Promise<void> {
  const build = inject('clientBuild');
  // Not an end-to-end project: its tests serve a front end of their own, or none.
  if (!build) return;
  const { keyFile, key, failedFile } = build;
  for (;;) {
    if (fs.existsSync(failedFile)) throw new Error(fs.readFileSync(failedFile, 'utf8'));
    if (fs.existsSync(keyFile) && fs.readFileSync(keyFile, 'utf8') === key) return;
    await sleep(200);
  }
}
