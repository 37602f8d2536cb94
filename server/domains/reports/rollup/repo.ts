import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rawRows } from '../../../db/rows';
import { rollupState } from '../../../db/schema';

/** The state of each report rollup (service.ts): how far it reaches and when its job last read the rows. */
export type RollupName = 'sales' | 'gst' | 'ledger';

/** The first day a rollup does not cover (every earlier day is in its table); null before its first run. */
export async function rollupThrough(exec: Executor, name: RollupName) {
  const [row] = await rawRows(
    exec,
    sql`select through::text as through, refreshed_at from ${rollupState} where name = ${name}`,
    { through: 'text', refreshed_at: 'timestamp' },
  );
  return row ?? null;
}

/**
 * Locks the rollup's state row for this run (two runs take turns) and answers where the last run stopped: `since`
 * is its read time less `marginMs`, null on the first run (then every day is to be computed).
 */
export async function claimRollup(exec: Executor, name: RollupName, today: string, marginMs: number) {
  const [state] = await rawRows(
    exec,
    sql`
    insert into ${rollupState} (name, through, refreshed_at)
    values (${name}, ${today}::date, 'epoch')
    on conflict (name) do update set name = excluded.name
    returning through::text as through, refreshed_at, now() as now`,
    { through: 'text', refreshed_at: 'timestamp', now: 'timestamp' },
  );
  const first = state.refreshed_at.getTime() === 0;
  return {
    through: state.through,
    since: first ? null : new Date(state.refreshed_at.getTime() - marginMs),
    /** This run's read time: the next run's `since`. */
    now: state.now,
  };
}

/** Ends a run that recomputed every changed day before `today`, read at `now`. */
export async function advanceRollup(exec: Executor, name: RollupName, today: string, now: Date) {
  await exec.execute(
    sql`update ${rollupState} set through = greatest(through, ${today}::date), refreshed_at = ${now.toISOString()}::timestamptz where name = ${name}`,
  );
}
