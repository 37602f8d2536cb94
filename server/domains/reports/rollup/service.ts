/**
 * The one way a report keeps a daily rollup (sales, GST and the books: decisions 057, 058, 059): a job recomputes,
 * under its `rollup_state` row's lock, the days whose documents changed since its last run (less a margin for late
 * commits) up to today excluded, and moves `through` to today; a report reads the rollup for the days before
 * `through` and the rows themselves, by the same statement that fills the rollup, for the rest (`splitPeriod`,
 * period.ts).
 */
import type { Executor } from '../../../db/client';
import * as repo from './repo';

export type { RollupName } from './repo';

/** How late a transaction may commit after a run read its day and still be picked up by the next run. */
export const ROLLUP_MARGIN_MS = 10 * 60_000;

/** The first day a rollup does not cover; null before its first run. */
export const rollupThrough = async (exec: Executor, name: repo.RollupName) =>
  (await repo.rollupThrough(exec, name))?.through ?? null;

/**
 * One run of a rollup's job, inside the caller's transaction: `recompute` gets where the last run stopped (`since`,
 * null on the first run; `through`) and recomputes its days before `today`; the state then moves to today.
 */
export async function runRollup<T>(
  exec: Executor,
  name: repo.RollupName,
  today: string,
  recompute: (last: { since: Date | null; through: string }) => Promise<T>,
) {
  const run = await repo.claimRollup(exec, name, today, ROLLUP_MARGIN_MS);
  const done = await recompute(run);
  await repo.advanceRollup(exec, name, today, run.now);
  return done;
}
