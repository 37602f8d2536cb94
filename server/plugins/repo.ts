import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { notificationOutbox, sessions, transitionLog, users } from '../db/schema';

/** The database access of the cross-cutting plugins (sessions, audit, outbox): only repo files touch tables. */

/** The live, unrevoked, unexpired session with this token hash, and its active user. */
export async function findLiveSession(db: Db, tokenHash: string) {
  const rows = await db
    .select({
      sessionId: sessions.id,
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      role: users.role,
      phone: users.phone,
      mobileNo: users.mobileNo,
      mustChangePassword: users.mustChangePassword,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.active, true),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function insertTransition(exec: Executor, row: typeof transitionLog.$inferInsert) {
  await exec.insert(transitionLog).values(row);
}

export async function insertNotification(exec: Executor, row: typeof notificationOutbox.$inferInsert) {
  await exec.insert(notificationOutbox).values(row);
}
