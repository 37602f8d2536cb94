import type { Executor } from '../../db/client';
import type { NotificationKind } from '../../db/schema';
import { notify } from '../../plugins/notify';
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
  await repo.insert(exec, { userId: n.userId, kind: n.kind, title: n.title, body: n.body, link: n.link ?? null });
  await notify(exec, {
    channel: 'sms',
    recipient: n.mobileNo,
    template: n.kind,
    body: `${n.title}: ${n.body}`,
    payload: n.link ? { link: n.link } : undefined,
  });
}
