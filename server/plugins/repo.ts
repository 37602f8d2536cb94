import { type Db, type Executor, queryText } from '../db/client';
import { notificationOutbox, transitionLog, type users } from '../db/schema';

/** The database access of the cross-cutting plugins (sessions, audit, outbox): only repo files touch tables. */

/** Every signed-in call reads its session: a fixed text (decision 040), not a query built afresh each time. */
const LIVE_SESSION = `select s.id as "sessionId", u.id, u.full_name as "fullName", u.email, u.role, u.phone,
    u.mobile_no as "mobileNo", u.must_change_password as "mustChangePassword", s.expires_at as "expiresAt"
  from sessions s join users u on u.id = s.user_id
  where s.token_hash = $1::varchar and s.revoked_at is null and s.expires_at > $2::timestamptz and u.active
  limit 1`;

/** The live, unrevoked, unexpired session with this token hash, and its active user. */
export async function findLiveSession(db: Db, tokenHash: string) {
  const [row] = await queryText<{
    sessionId: number;
    id: number;
    fullName: string;
    email: string | null;
    role: (typeof users.$inferSelect)['role'];
    phone: string | null;
    mobileNo: string;
    mustChangePassword: boolean;
    expiresAt: Date | string;
  }>(db, LIVE_SESSION, [tokenHash, new Date()]);
  return row ? { ...row, expiresAt: new Date(row.expiresAt) } : null;
}

export async function insertTransition(exec: Executor, row: typeof transitionLog.$inferInsert) {
  await exec.insert(transitionLog).values(row);
}

export async function insertNotification(exec: Executor, row: typeof notificationOutbox.$inferInsert) {
  await exec.insert(notificationOutbox).values(row);
}
