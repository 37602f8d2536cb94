import { and, arrayContains, asc, eq, gt, gte, inArray, isNull, lte, max, min, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { type Output, type PerRow, perRowSource, WritePlan } from '../../../db/plan';
import { liveEvents, sessions, users } from '../../../db/schema';

/** The channel every server process LISTENs on; the payload is the event's id. */
export const LIVE_CHANNEL = 'live_events';

/**
 * One advisory lock key for every publisher (decision 015): held from the insert until the caller's commit, so event
 * ids become visible in id order and a reader resuming "after id N" can never miss a row that commits late.
 */
const ORDER_LOCK = 1_015_000_015;

/**
 * The event's write as steps of a write-plan, one event per row of `per` (exactly one without it): the insert reads
 * its row from the lock, so the lock is taken before the row's id is drawn, and NOTIFYs the id in its RETURNING (run
 * whether or not the statement reads it). PostgreSQL delivers the notification when (and only if) the caller
 * commits. A plan that takes another shared row (an invoice number) so publishes in the same round trip, after it.
 */
export function planLiveEvent(plan: WritePlan, row: typeof liveEvents.$inferInsert, per?: PerRow): Output {
  const locked = plan.add(
    'live_locked',
    sql`select pg_advisory_xact_lock(${ORDER_LOCK}::bigint) as locked${perRowSource(per)}`,
  );
  // sql.param: an array is one parameter (drizzle's template would spread it into a list).
  return plan.add(
    'live_event',
    sql`insert into ${liveEvents} (kind, tags, user_ids, roles, payload)
      select ${row.kind}, ${sql.param(row.tags)}::text[], ${sql.param(row.userIds ?? [])}::int[],
        ${sql.param(row.roles ?? [])}::text[],
        ${JSON.stringify(row.payload ?? {})}::jsonb
      from ${locked.ref}
      returning id, pg_notify(${LIVE_CHANNEL}, id::text)`,
  );
}

/** Writes the event and NOTIFYs its id, in one statement (one round trip inside the caller's transaction). */
export async function insertAndNotify(exec: Executor, row: typeof liveEvents.$inferInsert): Promise<number> {
  const plan = new WritePlan();
  const made = planLiveEvent(plan, row);
  const [event] = await plan.run(exec, sql`select id from ${made.ref}`, { id: 'bigint' });
  return event.id;
}

export type LiveEventRow = typeof liveEvents.$inferSelect;

/** Every event after `afterId`, oldest first: what a process fans out after a notification. */
export async function eventsAfter(db: Db, afterId: number, limit: number): Promise<LiveEventRow[]> {
  return db.select().from(liveEvents).where(gt(liveEvents.id, afterId)).orderBy(asc(liveEvents.id)).limit(limit);
}

/** The newest event's id (0 when there is none). */
export async function latestId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(liveEvents.id) }).from(liveEvents);
  return Number(row?.id ?? 0);
}

const visibleTo = (userId: number, role: string) =>
  or(arrayContains(liveEvents.userIds, [userId]), arrayContains(liveEvents.roles, [role]));

/** The oldest retained event (id, time), or null: a resume from before it may have lost pruned events. */
export async function oldest(db: Db): Promise<{ id: number; at: Date } | null> {
  const [row] = await db
    .select({ id: liveEvents.id, at: liveEvents.at })
    .from(liveEvents)
    .orderBy(asc(liveEvents.id))
    .limit(1);
  return row ?? null;
}

/** The time of the first event after `id` (null when there is none): how long ago a resuming client began to miss. */
export async function firstTimeAfter(db: Db, id: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: liveEvents.at })
    .from(liveEvents)
    .where(gt(liveEvents.id, id))
    .orderBy(asc(liveEvents.id))
    .limit(1);
  return row?.at ?? null;
}

/** The events in (afterId, throughId] the user may see, oldest first. */
export async function visibleBetween(
  db: Db,
  afterId: number,
  throughId: number,
  user: { id: number; role: string },
  limit: number,
): Promise<LiveEventRow[]> {
  return db
    .select()
    .from(liveEvents)
    .where(and(gt(liveEvents.id, afterId), lte(liveEvents.id, throughId), visibleTo(user.id, user.role)))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

/**
 * Deletes the events older than `before` as a prefix of ids, always keeping the newest row, so "the oldest retained
 * id" tells a resuming stream whether anything after its cursor is gone.
 */
export async function pruneBefore(db: Db, before: Date): Promise<number> {
  const [keepFrom] = await db
    .select({ id: min(liveEvents.id) })
    .from(liveEvents)
    .where(gte(liveEvents.at, before));
  const bound = keepFrom?.id ?? (await latestId(db));
  if (!bound) return 0;
  const gone = await db.delete(liveEvents).where(sql`${liveEvents.id} < ${bound}`).returning({ id: liveEvents.id });
  return gone.length;
}

/** Of these session ids, the ones still live (not revoked, not expired, their user active). */
export async function liveSessionIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, ids),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.active, true),
      ),
    );
  return rows.map((r) => r.id);
}
