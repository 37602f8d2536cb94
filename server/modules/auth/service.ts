import { createHash, randomInt } from 'node:crypto';
import type { Db, Executor } from '../../db/client';
import { badRequest, conflict, forbidden, HttpError, type RoleCode } from '../../http';
import { evictUserSessions, hashToken, newToken } from '../../plugins/auth';
import { notify } from '../../plugins/notify';
import * as geo from '../geo/service';
import * as referrals from '../referrals/service';
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
async function startSession(
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

/** A customer's sign-up, signed in at once (decision 043): the account, then its first session. */
export async function signupAndSignIn(
  db: Db,
  input: SignupInput,
  where: Pick<LoginInput, 'ip' | 'device'>,
  sessionTtlHours: number,
) {
  const made = await signup(db, input);
  const user = await repo.findUserById(db, made.Id);
  return { ...made, ...(await startSession(db, user!, where, sessionTtlHours)) };
}

export interface SignupInput {
  fullName: string;
  mobileNo: string;
  email: string;
  city: string;
  pinCode: string;
  referral?: string;
  password: string;
  zoneId?: number | null;
}

function referralCodeFor(name: string, digits: number) {
  const letters = name
    .replace(/[^a-z]/gi, '')
    .toUpperCase()
    .slice(0, 4)
    .padEnd(4, 'X');
  return `${letters}${digits}`;
}

function isUniqueViolation(err: unknown): err is { constraint?: string } {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** `drawDigits` gives the referral code's four random digits (a test draws its own). */
export async function signup(db: Db, input: SignupInput, drawDigits = () => randomInt(1000, 10000)) {
  const email = input.email.trim();
  const taken = await repo.contactsTaken(db, { mobiles: [input.mobileNo], emails: email ? [email.toLowerCase()] : [] });
  if (taken.mobiles.has(input.mobileNo)) {
    throw conflict('mobileNo', `An account with mobile number ${input.mobileNo} already exists.`);
  }
  if (email && taken.emails.has(email.toLowerCase())) {
    throw conflict('email', `An account with e-mail ${email} already exists.`);
  }

  let referredBy: number | null = null;
  if (input.referral?.trim()) {
    const referrer = await repo.findCustomerByReferralCode(db, input.referral.trim());
    if (!referrer) throw badRequest('referral', 'is not a valid referral code');
    referredBy = referrer.userId;
  }

  // The zone is the one chosen, or else the zone that serves the pincode (a pincode belongs to one zone).
  let zoneId: number | null;
  if (input.zoneId) {
    zoneId = await geo.activeZoneId(db, input.zoneId);
    if (!zoneId) throw badRequest('zoneId', 'is not an active zone');
  } else {
    zoneId = await geo.activeZoneOfPincode(db, input.pinCode);
  }

  const passwordHash = await hashPassword(input.password);
  // A referral code is four letters of the name and four random digits: people with similar names can draw the same
  // code, so a clash on the code (and only on it) draws again.
  for (let attempt = 1; ; attempt++) {
    const referralCode = referralCodeFor(input.fullName, drawDigits());
    try {
      const id = await db.transaction(async (tx) => {
        const made = await repo.insertCustomer(
          tx,
          { fullName: input.fullName.trim(), mobileNo: input.mobileNo, email, role: 'Cust', passwordHash },
          { city: input.city.trim(), pinCode: input.pinCode, zoneId, referralCode, referredBy },
        );
        // The referral, at the cost in force now; paid at the first completed visit (issue 11, decision 024).
        if (referredBy !== null) await referrals.recordSignup(tx, referredBy, made);
        return made;
      });
      return { Id: id, ReferralCode: referralCode, ZoneId: zoneId };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (constraintOf(err) === REFERRAL_CODE_UNIQUE && attempt < 10) continue;
      throw conflict('mobileNo', 'An account with this mobile number or e-mail already exists.');
    }
  }
}

const REFERRAL_CODE_UNIQUE = 'customers_referral_code_unique';

function constraintOf(err: unknown): string | undefined {
  const e = err as { constraint?: string; cause?: { constraint?: string } };
  return e?.constraint ?? e?.cause?.constraint;
}

/**
 * An account of any role but the customer's (whose sign-up also makes a profile): the people modules (vendors,
 * staff) build on it; tests make second vendors with it.
 */
export async function createAccount(
  db: Db,
  input: {
    role: Exclude<RoleCode, 'Cust'>;
    fullName: string;
    mobileNo: string;
    email: string | null;
    password: string;
  },
) {
  const email = input.email?.toLowerCase();
  const taken = await repo.contactsTaken(db, { mobiles: [input.mobileNo], emails: email ? [email] : [] });
  if (taken.mobiles.has(input.mobileNo)) {
    throw conflict('mobileNo', `An account with mobile number ${input.mobileNo} already exists.`);
  }
  if (email && taken.emails.has(email))
    throw conflict('email', `An account with e-mail ${input.email} already exists.`);
  const passwordHash = await hashPassword(input.password);
  const { password: _, ...user } = input;
  return repo.insertUser(db, { ...user, fullName: user.fullName.trim(), phone: user.mobileNo, passwordHash });
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
