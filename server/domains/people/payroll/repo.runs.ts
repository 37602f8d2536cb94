import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client';
import { rawRows } from '../../../db/rows';
import { payRunItems, payRuns } from '../../../db/schema';

// Salary runs and their items, the database jobs the payroll workers advance (decision 034).

export type RunRow = typeof payRuns.$inferSelect;

export async function insertRun(tx: Tx, row: typeof payRuns.$inferInsert) {
  const [made] = await tx.insert(payRuns).values(row).onConflictDoNothing().returning();
  return made ?? null;
}

/** One item per employee, in one statement (no list of employees passes through the process). */
export async function insertRunItems(tx: Tx, runId: number) {
  await tx.execute(sql`insert into pay_run_items (run_id, user_id) select ${runId}, p.user_id from professionals p`);
  const [{ n }] = await tx.select({ n: count() }).from(payRunItems).where(eq(payRunItems.runId, runId));
  await tx.update(payRuns).set({ total: n }).where(eq(payRuns.id, runId));
  return n;
}

export async function run(exec: Executor, id: number) {
  const [row] = await exec.select().from(payRuns).where(eq(payRuns.id, id));
  return row ?? null;
}

export async function openRunFor(exec: Executor, period: string) {
  const [row] = await exec
    .select()
    .from(payRuns)
    .where(and(eq(payRuns.period, period), eq(payRuns.state, 'running')));
  return row ?? null;
}

export async function pageRuns(exec: Executor, q: { limit: number; offset: number }) {
  const rows = await exec.select().from(payRuns).orderBy(desc(payRuns.id)).limit(q.limit).offset(q.offset);
  const [{ n }] = await exec.select({ n: count() }).from(payRuns);
  return { rows, total: n };
}

export async function updateRun(tx: Executor, id: number, patch: Partial<typeof payRuns.$inferInsert>) {
  const [row] = await tx
    .update(payRuns)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(payRuns.id, id))
    .returning();
  return row;
}

/** Runs a worker may advance: running and not paused. */
export async function activeRunIds(exec: Executor) {
  const rows = await exec
    .select({ id: payRuns.id })
    .from(payRuns)
    .where(and(eq(payRuns.state, 'running'), eq(payRuns.active, true)))
    .orderBy(asc(payRuns.id));
  return rows.map((r) => r.id);
}

/**
 * Claims up to `limit` pending items of a run for this transaction: FOR UPDATE SKIP LOCKED, so another process's
 * worker takes the next ones; a crash rolls the claim back with everything else.
 */
export async function claimItems(tx: Tx, runId: number, limit: number) {
  const rows = await rawRows(
    tx,
    sql`select user_id from pay_run_items where run_id = ${runId} and state = 'pending'
      order by user_id limit ${limit} for update skip locked`,
    { userId: 'int' },
  );
  return rows.map((r) => r.userId);
}

export async function settleItems(
  tx: Tx,
  runId: number,
  items: { userId: number; state: 'paid' | 'skipped' | 'failed'; message: string | null; slipId: number | null }[],
) {
  if (!items.length) return;
  const values = sql.join(
    items.map((i) => sql`(${i.userId}::int, ${i.state}::varchar, ${i.message}::text, ${i.slipId}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update pay_run_items i set state = v.state, message = v.message, slip_id = v.slip_id,
    updated_at = now() from (values ${values}) as v(user_id, state, message, slip_id)
    where i.run_id = ${runId} and i.user_id = v.user_id`);
}

/** The run's counters from its items (so they stay right whoever advanced it). */
export async function refreshRunCounts(tx: Tx, runId: number) {
  const rows = await rawRows(
    tx,
    sql`update pay_runs r set
      paid = c.paid, skipped = c.skipped, failed = c.failed, paid_paise = c.paid_paise, updated_at = now()
    from (select count(*) filter (where i.state = 'paid')::int as paid,
                 count(*) filter (where i.state = 'skipped')::int as skipped,
                 count(*) filter (where i.state = 'failed')::int as failed,
                 coalesce(sum(s.net_paise) filter (where i.state = 'paid'), 0)::bigint as paid_paise,
                 count(*) filter (where i.state = 'pending')::int as pending
          from pay_run_items i left join salary_slips s on s.id = i.slip_id where i.run_id = ${runId}) c
    where r.id = ${runId} returning c.pending`,
    { pending: 'int' },
  );
  return rows[0]?.pending ?? 0;
}

export async function retryFailedItems(tx: Tx, runId: number) {
  await tx
    .update(payRunItems)
    .set({ state: 'pending', message: null, updatedAt: new Date() })
    .where(and(eq(payRunItems.runId, runId), eq(payRunItems.state, 'failed')));
}
