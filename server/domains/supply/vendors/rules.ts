import type { Executor } from '../../../db/client';
import { conflict, formProblems } from '../../../http';
import type { CheckedFile } from '../../../plugins/storage';
import { gstinProblem } from '../../../shared/gstin';
import { checkPersonFields, invalidRequest, type PersonBody, raceConflict, throwIfTaken } from '../../../shared/person';
import { checkProofInto, proofFileName } from '../../../shared/proofs';
import { persons } from '../../fieldService';
import { wallets } from '../../money';
import { contactsTaken } from '../../platform';
import * as repo from './repo';

/** The states of the product request machine that end a request: anything else keeps a vendor from deletion. */
export const REQUEST_END_STATES = ['issued', 'cancelled', 'rejectedByIM', 'rejectedByAdmin'] as const;

/** The transition log's entity name for the Vendor toggle and the deletion. */
export const ENTITY = 'Vendor';

export interface VendorInput extends PersonBody {
  firstName: string;
  lastName: string;
  mobileNo: string;
  gstno?: string | null;
  aadharProof?: string | null;
  aadharFileName?: string | null;
  vendorZoneList?: { zoneId: number }[];
}

export type VendorPatch = Partial<VendorInput> & { available?: boolean };

export const fullNameOf = (first: string, last: string) => `${first.trim()} ${last.trim()}`.trim();

export const PROOF_FOLDER = 'vendor-aadhaar';

// ---------------------------------------------------------------- the profile's rules

export interface Checked {
  fullName: string;
  mobileNo: string;
  email: string | null;
  profile: Omit<repo.VendorInsert, 'userId' | 'aadhaarProofUrl'>;
  zoneIds: number[] | undefined;
  proof: CheckedFile | null;
}

/**
 * Every rule of the (complete) body that the schema cannot state, all at once (400 listing each field), then the
 * taken mobile number, e-mail, PAN, Aadhaar and GSTIN (409 naming the field).
 */
export async function check(exec: Executor, body: VendorInput, exceptId?: number): Promise<Checked> {
  const { errors, bad, filled } = formProblems();
  const firstName = filled('firstName', body.firstName);
  const lastName = filled('lastName', body.lastName);
  const person = checkPersonFields(
    {
      mobile: body.mobileNo,
      email: body.email,
      addressLine1: body.addressLine1,
      birthDate: body.birthDate,
      panNumber: body.panNumber,
      aadharNumber: body.aadharNumber,
    },
    bad,
  );
  const { email, pan, aadhaar } = person;

  const state = await persons.checkPlace(exec, body.stateId, body.cityId, bad);
  const gstin = body.gstno?.replace(/\s+/g, '').toUpperCase() || null;
  if (gstin && state) {
    const why = gstinProblem(gstin, state);
    if (why) bad('gstno', why);
  }

  const zoneIds = await persons.checkZones(exec, body.vendorZoneList, 'vendorZoneList', bad);
  const proof = body.aadharProof ? await checkProofInto(body.aadharProof, 'aadharProof', errors) : null;
  if (errors.length) throw invalidRequest(errors);

  const t = {
    ...(await contactsTaken(exec, { mobiles: [body.mobileNo], emails: email ? [email.toLowerCase()] : [] }, exceptId)),
    ...(await repo.taken(exec, { pans: [pan], aadhaars: [aadhaar], gstins: gstin ? [gstin] : [] }, exceptId)),
  };
  throwIfTaken(t, 'vendor', 'mobileNo', { mobile: body.mobileNo, email, pan, aadhaar });
  if (gstin && t.gstins.has(gstin)) throw conflict('gstno', `Another vendor has GSTIN ${gstin}.`);

  return {
    fullName: fullNameOf(firstName, lastName),
    mobileNo: body.mobileNo,
    email,
    zoneIds,
    proof,
    profile: {
      firstName,
      lastName,
      stateId: body.stateId,
      cityId: body.cityId,
      pinCode: body.pinCode,
      addressLine1: person.addressLine1,
      addressLine2: body.addressLine2?.trim() || null,
      birthDate: person.birthDate,
      panNumber: pan,
      aadhaarNumber: aadhaar,
      gstin,
      aadhaarFileName: proof ? proofFileName(body.aadharFileName, proof.ext) : null,
    },
  };
}

/** A unique index that another write won meanwhile, as 409 naming the field. */
export const raceConflictOfVendor = (err: unknown) =>
  raceConflict(err, 'vendor', 'mobileNo', [['gstin', 'gstno', 'GSTIN']]);

/** The account (role VE, one-time password to change), the profile, its zones and the wallet, inside `tx`. */
export async function insertOne(tx: Executor, c: Checked, password: string, proofUrl: string | null) {
  const userId = await persons.openAccount(tx, {
    role: 'VE',
    fullName: c.fullName,
    mobileNo: c.mobileNo,
    email: c.email,
    password,
  });
  await repo.insertVendor(tx, { ...c.profile, userId, aadhaarProofUrl: proofUrl });
  await repo.insertZoneLinks(tx, userId, c.zoneIds ?? []);
  // Opened now (balance 0), so the admin's wallet screens list the vendor before any money moves.
  await wallets.openWallet(tx, 'vendor', { id: userId, fullName: c.fullName });
  await persons.sendWelcome(tx, c, {
    template: 'vendor_welcome',
    body: `Welcome to Doorstep, ${c.fullName}. Sign in as a vendor with your mobile number ${c.mobileNo} and the one-time password ${password}; you will be asked to choose your own password.`,
    password,
  });
  return userId;
}
