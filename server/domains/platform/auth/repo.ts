import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { otps, sessions, users } from '../../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** By e-mail (case-insensitive) when the identifier has an @, otherwise by mobile number. */
export async function findUserByIdentifier(exec: Executor, identifier: string): Promise<UserRow | undefined> {
  const id = identifier.trim();
  const where = id.includes('@') ? sql`lower(${users.email}) = ${id.toLowerCase()}` : eq(users.mobileNo, id);
  const rows = await exec.select().from(users).where(where).limit(1);
  return rows[0];
}

export async function findUserById(exec: Executor, id: number) {
  const rows = await exec.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** Which of these mobile numbers and e-mails (lower-cased) an account holds, other than account `except`. */
export async function contactsTaken(exec: Executor, k: { mobiles: string[]; emails: string[] }, except?: number) {
  const rows =
    k.mobiles.length || k.emails.length
      ? await exec
          .select({ mobileNo: users.mobileNo, email: sql<string | null>`lower(${users.email})` })
          .from(users)
          .where(
            and(
              or(
                k.mobiles.length ? inArray(users.mobileNo, k.mobiles) : undefined,
                k.emails.length ? inArray(sql`lower(${users.email})`, k.emails) : undefined,
              ),
              except ? ne(users.id, except) : undefined,
            ),
          )
      : [];
  return {
    mobiles: new Set(rows.map((r) => r.mobileNo)),
    emails: new Set(rows.map((r) => r.email).filter((e): e is string => !!e)),
  };
}

export async function recordFailedLogin(exec: Executor, userId: number, maxAttempts: number, lockMinutes: number) {
  const rows = await exec
    .update(users)
    .set({
      failedLogins: sql`case when ${users.failedLogins} + 1 >= ${maxAttempts} then 0 else ${users.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${users.failedLogins} + 1 >= ${maxAttempts} then now() + make_interval(mins => ${lockMinutes}) else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.lockedUntil });
  return rows[0]?.lockedUntil ?? null;
}

export async function recordSuccessfulLogin(exec: Executor, userId: number) {
  await exec
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: new Date() })
    .where(eq(users.id, userId));
}

export async function insertSession(exec: Executor, values: typeof sessions.$inferInsert) {
  await exec.insert(sessions).values(values);
}

export async function revokeSession(exec: Executor, sessionId: number) {
  await exec.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Revokes every live session of a user, except one when given (the caller's own). */
export async function revokeUserSessions(exec: Executor, userId: number, exceptSessionId?: number) {
  await exec
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

export async function setPassword(exec: Executor, userId: number, passwordHash: string) {
  await exec
    .update(users)
    .set({ passwordHash, mustChangePassword: false, failedLogins: 0, lockedUntil: null })
    .where(eq(users.id, userId));
}

export async function insertUser(exec: Executor, user: typeof users.$inferInsert) {
  const [row] = await exec.insert(users).values(user).returning({ id: users.id });
  return row.id;
}

export async function expireOtps(exec: Executor, userId: number, purpose: string) {
  await exec
    .update(otps)
    .set({ usedAt: new Date() })
    .where(and(eq(otps.userId, userId), eq(otps.purpose, purpose), isNull(otps.usedAt)));
}

export async function insertOtp(exec: Executor, values: typeof otps.$inferInsert) {
  await exec.insert(otps).values(values);
}

/** The live OTP, locked so that two concurrent resets cannot both use it. */
export async function lockLiveOtp(exec: Executor, userId: number, purpose: string) {
  const rows = await exec
    .select()
    .from(otps)
    .where(and(eq(otps.userId, userId), eq(otps.purpose, purpose), isNull(otps.usedAt), gt(otps.expiresAt, new Date())))
    .orderBy(sql`${otps.createdAt} desc`)
    .limit(1)
    .for('update');
  return rows[0];
}

export async function updateOtp(exec: Executor, id: number, values: Partial<typeof otps.$inferInsert>) {
  await exec.update(otps).set(values).where(eq(otps.id, id));
}

export const findCustomerByMobile = async (exec: Executor, mobileNo: string) =>
  (
    await exec
      .select({ id: users.id, fullName: users.fullName, mobileNo: users.mobileNo, active: users.active })
      .from(users)
      .where(and(eq(users.mobileNo, mobileNo), eq(users.role, 'Cust')))
  )[0];
