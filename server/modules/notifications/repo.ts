import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notificationOutbox, notifications, users } from '../../db/schema';
import type { Notification } from '../../plugins/notify';

export type { NotificationKind } from '../../db/schema';

/**
 * The notification row and its message in the outbox (what the notify plugin writes), in one statement: one round
 * trip inside the caller's transaction, where every order payment and wallet credit sends one.
 */
export async function insertWithMessage(exec: Executor, row: typeof notifications.$inferInsert, message: Notification) {
  await exec.execute(sql`with made as (
      insert into ${notifications} (user_id, kind, title, body, link)
      values (${row.userId}, ${row.kind}, ${row.title}, ${row.body}, ${row.link ?? null}))
    insert into ${notificationOutbox} (channel, recipient, template, body, payload)
    values (${message.channel}, ${message.recipient}, ${message.template}, ${message.body},
      ${message.payload === undefined ? null : JSON.stringify(message.payload)}::jsonb)`);
}

const mine = (userId: number, unreadOnly = false): SQL =>
  and(eq(notifications.userId, userId), unreadOnly ? isNull(notifications.readAt) : undefined) as SQL;

/** One page of a person's notifications, newest first. */
export async function page(exec: Executor, userId: number, p: { limit: number; offset: number; unreadOnly: boolean }) {
  const where = mine(userId, p.unreadOnly);
  const [rows, [{ total }]] = await Promise.all([
    exec
      .select({
        id: notifications.id,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(p.limit)
      .offset(p.offset),
    exec.select({ total: count() }).from(notifications).where(where),
  ]);
  return { rows, total };
}

/** How many of a person's notifications are unread (the partial index notifications_unread_idx). */
export async function unreadCount(exec: Executor, userId: number): Promise<number> {
  const [{ n }] = await exec.select({ n: count() }).from(notifications).where(mine(userId, true));
  return n;
}

/** Marks the person's own unread notifications read: the listed ones, or all when `ids` is null. */
export async function markRead(exec: Executor, userId: number, ids: number[] | null, at: Date): Promise<number> {
  const rows = await exec
    .update(notifications)
    .set({ readAt: at })
    .where(and(mine(userId, true), ids ? inArray(notifications.id, ids) : undefined))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The mobile number the person's SMS goes to. */
export async function mobileOf(exec: Executor, userId: number): Promise<string | null> {
  const [row] = await exec.select({ mobileNo: users.mobileNo }).from(users).where(eq(users.id, userId));
  return row?.mobileNo ?? null;
}
