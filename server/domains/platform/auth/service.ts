import { createHash, randomInt } from 'node:crypto';
import type { Db, Executor } from '../../../db/client';
import { badRequest, type CurrentUser, conflict, forbidden, HttpError, notFound, type RoleCode } from '../../../http';
import { evictUserSessions, hashToken, newToken } from '../../../plugins/auth';
import { notify } from '../../../plugins/notify';
import { accountKey, isStaff } from '../../../roles';
import { hashPassword, verifyPassword } from './passwords';
import * as repo from './repo';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
const GENERIC_LOGIN_FAILURE = 'The mobile number, e-mail or password is not correct.';

export interface LoginInput {
  identifier: string;
  password: string;
  area: 'admin' | 'user';
  ip?: string;
  device?: string;
  latitude?: string;
  longitude?: string;
}

/** Which of these mobile numbers and e-mails are taken by an account (not `except`): staff forms and imports. */
export const contactsTaken = repo.contactsTaken;
export const findUserById = repo.findUserById;

export function toCurrentUser(u: repo.UserRow) {
  return {
    Id: u.id,
    FullName: u.fullName,
    Email: u.email,
    Role: u.role as RoleCode,
    Phone: u.phone,
    MobileNo: u.mobileNo,
    MustChangePassword: u.mustChangePassword,
  };
}

const lockedError = (until: Date) =>
  new HttpError(
    423,
    'Account locked',
    `Too many failed sign-in attempts. This account is locked until ${until.toLocaleTimeString('en-IN', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Asia/Kolkata',
    })} IST.`,
  );

/** Admin sign-in is only for role A; the other login is for everyone else. Both answer one generic failure. */
export async function login(db: Db, input: LoginInput, sessionTtlHours: number) {
  const user = await repo.findUserByIdentifier(db, input.identifier);
  if (user?.lockedUntil && user.lockedUntil > new Date()) throw lockedError(user.lockedUntil);
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid) {
    if (user) {
      const lockedUntil = await repo.recordFailedLogin(db, user.id, MAX_FAILED_LOGINS, LOCK_MINUTES);
      if (lockedUntil && lockedUntil > new Date()) throw lockedError(lockedUntil);
    }
    throw new HttpError(401, 'Sign-in failed', GENERIC_LOGIN_FAILURE);
  }
  const rightArea = input.area === 'admin' ? user.role === 'A' : user.role !== 'A';
  if (!rightArea) throw new HttpError(401, 'Sign-in failed', GENERIC_LOGIN_FAILURE);
  if (!user.active) throw new HttpError(403, 'Account disabled', 'This account is disabled. Please contact Doorstep.');

  return db.transaction(async (tx) => {
    await repo.recordSuccessfulLogin(tx, user.id);
    return startSession(tx, user, input, sessionTtlHours);
  });
}

/** A new session of `user`: its token (stored only hashed), when it expires, and the user as the client sees them. */
export async function startSession(
  exec: Executor,
  user: repo.UserRow,
  where: Pick<LoginInput, 'ip' | 'device' | 'latitude' | 'longitude'>,
  sessionTtlHours: number,
) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + sessionTtlHours * 3600_000);
  await repo.insertSession(exec, {
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt,
    ip: where.ip,
    device: where.device,
    latitude: where.latitude,
    longitude: where.longitude,
  });
  return { Token: token, ExpiresAt: expiresAt.toISOString(), User: toCurrentUser(user) };
}

/**
 * An account of any role but the customer's (whose sign-up also makes a profile): the people modules (vendors,
 * staff) build on it; tests make second vendors with it.
 */
export async function createAccount(
  exec: Executor,
  input: {
    role: Exclude<RoleCode, 'Cust'>;
    fullName: string;
    mobileNo: string;
    email: string | null;
    password: string;
  },
) {
  const email = input.email?.toLowerCase();
  const taken = await repo.contactsTaken(exec, { mobiles: [input.mobileNo], emails: email ? [email] : [] });
  if (taken.mobiles.has(input.mobileNo)) {
    throw conflict('mobileNo', `An account with mobile number ${input.mobileNo} already exists.`);
  }
  if (email && taken.emails.has(email))
    throw conflict('email', `An account with e-mail ${input.email} already exists.`);
  const passwordHash = await hashPassword(input.password);
  const { password: _, ...user } = input;
  return repo.insertUser(exec, { ...user, fullName: user.fullName.trim(), phone: user.mobileNo, passwordHash });
}

const otpHash = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

/** Sends a reset code when the account exists; the caller answers the same either way. */
export async function sendResetOtp(db: Db, role: RoleCode, identifier: string) {
  const user = await repo.findUserByIdentifier(db, identifier);
  if (!user || user.role !== role || !user.active) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await repo.expireOtps(tx, user.id, 'password_reset');
    await repo.insertOtp(tx, {
      userId: user.id,
      purpose: 'password_reset',
      codeHash: otpHash(user.id, code),
      expiresAt: new Date(Date.now() + OTP_TTL_MINUTES * 60_000),
    });
    await notify(tx, {
      channel: 'sms',
      recipient: user.mobileNo,
      template: 'password_reset_otp',
      body: `${code} is your Doorstep code to reset your password. It expires in ${OTP_TTL_MINUTES} minutes. Do not share it.`,
      payload: { code },
    });
  });
}

const wrongCode = () => badRequest('Otp', 'The code is wrong or has expired. Ask for a new code.');

export async function resetPassword(db: Db, role: RoleCode, identifier: string, code: string, newPassword: string) {
  const user = await repo.findUserByIdentifier(db, identifier);
  if (!user || user.role !== role) throw wrongCode();
  const passwordHash = await hashPassword(newPassword);
  const outcome = await db.transaction(async (tx) => {
    const otp = await repo.lockLiveOtp(tx, user.id, 'password_reset');
    if (!otp) return 'wrong';
    if (otp.codeHash !== otpHash(user.id, code)) {
      const attempts = otp.attempts + 1;
      await repo.updateOtp(tx, otp.id, attempts >= OTP_MAX_ATTEMPTS ? { attempts, usedAt: new Date() } : { attempts });
      return 'wrong';
    }
    await repo.updateOtp(tx, otp.id, { usedAt: new Date() });
    await repo.setPassword(tx, user.id, passwordHash);
    await repo.revokeUserSessions(tx, user.id);
    return 'ok';
  });
  evictUserSessions(user.id);
  // Thrown outside the transaction so the attempt count is kept.
  if (outcome !== 'ok') throw wrongCode();
}

export async function changePassword(
  db: Db,
  caller: { id: number; role: RoleCode; mobileNo: string; email: string | null; sessionId: number },
  input: { Role: RoleCode; Phone: string; OldPassword: string; NewPassword: string },
) {
  const phone = input.Phone.trim().toLowerCase();
  const isCaller = phone === caller.mobileNo || (caller.email !== null && phone === caller.email.toLowerCase());
  if (input.Role !== caller.role || !isCaller) throw forbidden('You can only change your own password.');
  const user = await repo.findUserById(db, caller.id);
  if (!user || !(await verifyPassword(user.passwordHash, input.OldPassword))) {
    throw badRequest('OldPassword', 'is not your current password');
  }
  if (input.OldPassword === input.NewPassword)
    throw badRequest('NewPassword', 'must be different from the current one');
  const passwordHash = await hashPassword(input.NewPassword);
  await db.transaction(async (tx) => {
    await repo.setPassword(tx, user.id, passwordHash);
    await repo.revokeUserSessions(tx, user.id, caller.sessionId);
  });
  evictUserSessions(user.id);
}

export async function logout(db: Db, caller: { id: number; sessionId: number }) {
  await repo.revokeSession(db, caller.sessionId);
  evictUserSessions(caller.id);
}

/**
 * The customer an operation acts for: the caller when the mobile number is omitted or is their own; staff allowed
 * by the operation's x-roles name the customer by mobile number (the owner plugin has already refused a party naming
 * someone else).
 */
export async function customerOf(
  exec: Executor,
  user: CurrentUser,
  mobileNo: string | undefined | null,
  field = 'MobileNo',
): Promise<number> {
  const given = mobileNo ? accountKey(mobileNo) : '';
  if (user.role === 'Cust' && (!given || given === accountKey(user.mobileNo))) return user.id;
  if (!isStaff(user)) throw badRequest(field, 'must be your own mobile number');
  if (!given) throw badRequest(field, 'is required: say which customer');
  const customer = await repo.findCustomerByMobile(exec, given);
  if (!customer) throw notFound(`The customer with ${field} ${given}`);
  return customer.id;
}
