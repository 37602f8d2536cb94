import type { Db, Executor } from '../db/client';
import { rawRows } from '../db/rows';
import { notificationOutbox, transitionLog, type users } from '../db/schema';

/** The database access of the cross-cutting plugins (sessions, audit, outbox): only repo files touch tables. */

/** Every signed-in call reads its session: a fixed text (decision 040), not a query built afresh each time. */
const LIVE_SESSION = `select s.id as "sessionId", u.id, u.full_name as "fullName", u.email, u.role, u.phone,
    u.mobile_no as "mobileNo", u.must_change_password as "mustChangePassword", s.expires_at as "expiresAt"
  from sessions s join users u on u.id = s.user_id
  where s.token_hash = $1::varchar and s.revoked_at is null and s.expires_at > $2::timestamptz and u.active
  limit 1`;

const SESSION_SHAPE = {
  sessionId: 'int',
  id: 'int',
  fullName: 'text',
  email: 'text?',
  role: 'text',
  phone: 'text?',
  mobileNo: 'text',
  mustChangePassword: 'bool',
  expiresAt: 'timestamp',
} as const;

/** The live, unrevoked, unexpired session with this token hash, and its active user. */
export async function findLiveSession(db: Db, tokenHash: string) {
  const [row] = await rawRows(db, { text: LIVE_SESSION, values: [tokenHash, new Date()] }, SESSION_SHAPE);
  return row ? { ...row, role: row.role as (typeof users.$inferSelect)['role'] } : null;
}

export async function insertTransition(exec: Executor, row: typeof transitionLog.$inferInsert) {
  await exec.insert(transitionLog).values(row);
}

export async function insertNotification(exec: Executor, row: typeof notificationOutbox.$inferInsert) {
  await exec.insert(notificationOutbox).values(row);
}
