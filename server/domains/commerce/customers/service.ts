import { randomInt } from 'node:crypto';
import type { Db } from '../../../db/client';
import { badRequest, conflict } from '../../../http';
import { referrals } from '../../marketing';
import { auth, geo, hashPassword } from '../../platform';
import * as repo from './repo';

// A customer's account: sign-up makes the user, the customer's profile and, with a code, the referral, in one
// transaction. It sits in commerce, above marketing's referrals; staff accounts are platform's (auth.createAccount).

/** A customer's sign-up, signed in at once (decision 043): the account, then its first session. */
export async function signupAndSignIn(
  db: Db,
  input: SignupInput,
  where: Pick<auth.LoginInput, 'ip' | 'device'>,
  sessionTtlHours: number,
) {
  const made = await signup(db, input);
  const user = await auth.findUserById(db, made.Id);
  return { ...made, ...(await auth.startSession(db, user!, where, sessionTtlHours)) };
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
  const taken = await auth.contactsTaken(db, { mobiles: [input.mobileNo], emails: email ? [email.toLowerCase()] : [] });
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
        // The referral, at the cost in force now; paid at the first completed visit (decision 024).
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
