import { and, asc, count, eq, ne, not, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { tips } from '../../../db/schema';
import type { Paise } from '../../../money';

export type TipStatus = 'all' | 'active' | 'inactive';

const columns = { id: tips.id, amountPaise: tips.amountPaise, active: tips.active, createdAt: tips.createdAt };
export type TipRow = { id: number; amountPaise: Paise; active: boolean; createdAt: Date };

/** The tips, smallest amount first. */
export const listTips = (exec: Executor, status: TipStatus): Promise<TipRow[]> =>
  exec
    .select(columns)
    .from(tips)
    .where(status === 'all' ? undefined : eq(tips.active, status === 'active'))
    .orderBy(asc(tips.amountPaise));

export const findTip = async (exec: Executor, id: number): Promise<TipRow | undefined> =>
  (await exec.select(columns).from(tips).where(eq(tips.id, id)))[0];

export const lockTip = async (exec: Executor, id: number): Promise<TipRow | undefined> =>
  (await exec.select(columns).from(tips).where(eq(tips.id, id)).for('update'))[0];

/**
 * Serialises the writes that add tips (the count limit and the duplicate check see every committed add); plain
 * reads, such as the checkout's tip check, are not blocked.
 */
export const lockTipWrites = (exec: Executor) => exec.execute(sql`lock table ${tips} in share row exclusive mode`);

export const countTips = async (exec: Executor) => (await exec.select({ n: count() }).from(tips))[0].n;

export const findTipByAmount = async (exec: Executor, amountPaise: Paise, exceptId?: number) =>
  (
    await exec
      .select(columns)
      .from(tips)
      .where(and(eq(tips.amountPaise, amountPaise), exceptId ? ne(tips.id, exceptId) : undefined))
      .limit(1)
  )[0];

export const findActiveTipByAmount = async (exec: Executor, amountPaise: Paise) =>
  (
    await exec
      .select({ id: tips.id })
      .from(tips)
      .where(and(eq(tips.amountPaise, amountPaise), eq(tips.active, true)))
      .limit(1)
  )[0];

export const activeAmounts = async (exec: Executor): Promise<Paise[]> =>
  (
    await exec
      .select({ amountPaise: tips.amountPaise })
      .from(tips)
      .where(eq(tips.active, true))
      .orderBy(asc(tips.amountPaise))
  ).map((r) => r.amountPaise);

export const insertTip = async (exec: Executor, amountPaise: Paise): Promise<TipRow> =>
  (await exec.insert(tips).values({ amountPaise }).returning(columns))[0];

export const updateTipAmount = async (exec: Executor, id: number, amountPaise: Paise): Promise<TipRow> =>
  (await exec.update(tips).set({ amountPaise }).where(eq(tips.id, id)).returning(columns))[0];

export const deleteTip = (exec: Executor, id: number) => exec.delete(tips).where(eq(tips.id, id));

export const toggleTip = async (exec: Executor, id: number) =>
  (
    await exec
      .update(tips)
      .set({ active: not(tips.active) })
      .where(eq(tips.id, id))
      .returning({ id: tips.id, active: tips.active })
  )[0];
