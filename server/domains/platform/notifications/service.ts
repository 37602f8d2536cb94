import type { Db, Executor } from '../../../db/client';
import { type PageQuery, pageOf } from '../../../db/paging';
import { badRequest } from '../../../http';
import type { NotificationKind } from './repo';
import * as repo from './repo';

export interface PersonNotification {
  userId: number;
  /** Where the SMS goes. */
  mobileNo: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The page it opens (`/MyAccounts?tab=orders`). */
  link?: string | null;
}

/**
 * Tells a person something (order placed, payment failed, …): a row /Notification lists and an SMS in the outbox,
 * both inside the caller's transaction, so the message exists exactly when the change does.
 */
export async function notifyPerson(exec: Executor, n: PersonNotification): Promise<void> {
  await repo.insertPersonNotice(exec, { ...n, link: n.link ?? null }, n.body);
}

/**
 * notifyPerson as CTEs of another module's statement, with a body the statement completes (a balance it leaves):
 * wallets' post tells of a credit in the statement that makes it.
 */
export const personNoticeCtes = repo.personNoticeCtes;

/** notifyPerson as CTEs of another module's statement (a workflow step's update), written when that statement runs. */
export const notifyPersonCtes = (n: PersonNotification) => repo.knownNoticeCtes({ ...n, link: n.link ?? null }, n.body);

/** notifyPerson for someone known by their account id only: their mobile number is looked up. */
export async function notifyUser(exec: Executor, n: Omit<PersonNotification, 'mobileNo'>): Promise<void> {
  const mobileNo = await repo.mobileOf(exec, n.userId);
  if (mobileNo === null) throw new Error(`notifyUser: no user ${n.userId}`);
  await notifyPerson(exec, { ...n, mobileNo });
}

/** The caller's own notifications, newest first, with how many are unread. Nobody reads anyone else's. */
export async function mine(db: Db, userId: number, q: PageQuery & { unread?: boolean }) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const [{ rows, total }, unread] = await Promise.all([
    repo.page(db, userId, { limit, offset, unreadOnly: q.unread === true }),
    repo.unreadCount(db, userId),
  ]);
  return {
    items: rows.map((r) => ({ ...r, read: r.readAt !== null })),
    total,
    page,
    pageSize,
    unread,
  };
}

export const unreadCount = (db: Db, userId: number) => repo.unreadCount(db, userId);

/** Marks the caller's listed notifications (or all of them) read; another person's ids are never touched. */
export async function markRead(db: Db, userId: number, body: { ids?: number[]; all?: boolean }) {
  if (body.all === true && body.ids) throw badRequest('ids', 'send either ids or all, not both');
  if (body.all !== true && !body.ids) throw badRequest('ids', 'name the notifications to mark, or send all: true');
  return db.transaction(async (tx) => {
    const marked = await repo.markRead(tx, userId, body.all === true ? null : [...new Set(body.ids)], new Date());
    return { marked, unread: await repo.unreadCount(tx, userId) };
  });
}
