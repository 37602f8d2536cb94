import type { Executor } from '../db/client';
import { insertNotification } from './repo';

export interface Notification {
  channel: 'sms' | 'email';
  recipient: string;
  template: string;
  body: string;
  payload?: Record<string, unknown>;
}

/**
 * The default provider: every message is written to the outbox table (inside the caller's transaction, so a
 * message exists exactly when the change that caused it does). A delivery worker for a real SMS/e-mail
 * provider reads the unsent rows.
 */
export async function notify(exec: Executor, message: Notification): Promise<void> {
  await insertNotification(exec, message);
}
