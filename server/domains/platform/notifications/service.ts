import type { Db, Executor } from '../../../db/client';
import { type PageQuery, pageOf } from '../../../db/paging';
import type { Expression, PerRow, WritePlan } from '../../../db/plan';
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
 * notifyPerson as steps of another domain's write-plan (docs/architecture.md): written when that plan's statement
 * runs. The body is known, or the plan's own expression (the balance a wallet move leaves, an invoice's number) read
 * from the rows of `per`.
 */
export function planNotice(plan: WritePlan, n: PlannedNotice, body: string | NoticeBody, per?: PerRow) {
  const text = typeof body === 'string' ? repo.knownBody(body) : repo.bodyWith(body);
  return repo.planNotice(plan, { ...n, link: n.link ?? null }, text, per);
}

/** A notice in a plan: who (known, or the plan's expressions for them), what, and where it leads. */
export type PlannedNotice = Omit<PersonNotification, 'body' | 'userId' | 'mobileNo'> &
  ({ userId: number; mobileNo: string } | PlannedPerson);

/** A body the plan completes: `before`, a value the statement reads (an invoice's number, a balance), `after`. */
export interface NoticeBody {
  before: string;
  value: Expression;
  after: string;
}

/** A person the plan finds itself (a wallet move by mobile number): their id and mobile number as expressions. */
export type PlannedPerson = { userId: Expression; mobileNo: Expression };

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
