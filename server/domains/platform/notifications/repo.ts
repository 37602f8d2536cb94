import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { pageAndTotal } from '../../../db/paging';
import { type PerRow, perRowSource, WritePlan } from '../../../db/plan';
import { type NotificationKind, notificationOutbox, notifications, users } from '../../../db/schema';

export type { NotificationKind };

/** Who hears what: a person's notification row, and the SMS of it in the outbox (the notify plugin sends it). */
export interface PersonNotice {
  /** Or the statement's own expression for them (a wallet move that finds its owner). */
  userId: number | SQL;
  mobileNo: string | SQL;
  kind: NotificationKind;
  title: string;
  /** The page it opens (`/MyAccounts?tab=orders`). */
  link: string | null;
}

/**
 * A person's notice as steps of a write-plan: the row /Notification lists and its SMS in the outbox, one of each per
 * row of `per` (exactly one without it), with a body that may read `per`'s columns. A statement that moves money can
 * so tell of the balance it leaves, in the same round trip.
 */
export function planNotice(plan: WritePlan, n: PersonNotice, body: SQL, per?: PerRow) {
  const payload = n.link ? JSON.stringify({ link: n.link }) : null;
  const source = perRowSource(per);
  const row = plan.add(
    'notice',
    sql`insert into ${notifications} (user_id, kind, title, body, link)
      select ${n.userId}::int, ${n.kind}::text, ${n.title}::text, ${body}, ${n.link}::text${source}`,
  );
  const sms = plan.add(
    'notice_sms',
    sql`insert into ${notificationOutbox} (channel, recipient, template, body, payload)
      select 'sms', ${n.mobileNo}::text, ${n.kind}::text, ${`${n.title}: `}::text || ${body}, ${payload}::jsonb${source}`,
  );
  return { row, sms };
}

/** A known body as the statement's text. */
export const knownBody = (body: string): SQL => sql`${body}::text`;

/** A body around a value the statement reads. */
export const bodyWith = (b: { before: string; value: SQL; after: string }): SQL =>
  sql`${b.before}::text || ${b.value} || ${b.after}::text`;

/** A person's notice with a known body, in one statement: one round trip inside the caller's transaction. */
export async function insertPersonNotice(exec: Executor, n: PersonNotice, body: string) {
  const plan = new WritePlan();
  planNotice(plan, n, sql`${body}::text`);
  await plan.run(exec, sql`select 1 as one`, {});
}

const mine = (userId: number, unreadOnly = false): SQL =>
  and(eq(notifications.userId, userId), unreadOnly ? isNull(notifications.readAt) : undefined) as SQL;

/** One page of a person's notifications, newest first. */
export async function page(exec: Executor, userId: number, p: { limit: number; offset: number; unreadOnly: boolean }) {
  const where = mine(userId, p.unreadOnly);
  return pageAndTotal(
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
      .$dynamic(),
    exec.select({ total: count() }).from(notifications).$dynamic(),
    where,
    [desc(notifications.id)],
    p,
  );
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
