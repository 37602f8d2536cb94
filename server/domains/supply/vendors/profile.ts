import type { Db } from '../../../db/client';
import { notFound } from '../../../http';
import { evictUserSessions } from '../../../plugins/auth';
import type { Storage } from '../../../plugins/storage';
import { oneTimePassword } from '../../../shared/person';
import { proofStorage } from '../../../shared/proofs';
import { persons } from '../../fieldService';
import { wallets } from '../../money';
import { detail } from './reads';
import * as repo from './repo';
import { check, insertOne, PROOF_FOLDER, raceConflictOfVendor, type VendorInput, type VendorPatch } from './rules';

/** AddVendor: the vendor as the admin sees them, with the one-time password (answered this once only). */
export async function add(db: Db, uploads: Storage | null, body: VendorInput) {
  const c = await check(db, body);
  const password = oneTimePassword();
  const insert = (proofUrl: string | null) =>
    db.transaction((tx) => insertOne(tx, c, password, proofUrl)).catch(raceConflictOfVendor);
  // Without an upload (the demo seed has no uploads folder) nothing is stored.
  const id =
    c.proof && uploads
      ? await proofStorage(uploads).withFiles([{ folder: PROOF_FOLDER, file: c.proof }], async ([proofUrl]) => ({
          result: await insert(proofUrl),
        }))
      : await insert(null);
  return { ...(await detail(db, id, { role: 'A' })), oneTimePassword: password };
}

/**
 * For the demo seed: the profile of an existing VE account (the demo vendor, whose password is the demo one), with
 * the same rules as AddVendor. Null when the account is not a VE or already has a profile.
 */
export async function addProfileToAccount(db: Db, userId: number, body: Omit<VendorInput, 'mobileNo'>) {
  const account = await repo.accountOf(db, userId);
  if (account?.role !== 'VE' || account.hasProfile) return null;
  const c = await check(db, { ...body, mobileNo: account.mobileNo, email: account.email }, userId);
  await db
    .transaction(async (tx) => {
      await persons.updateUser(tx, userId, { fullName: c.fullName });
      await repo.insertVendor(tx, { ...c.profile, userId, aadhaarProofUrl: null });
      await repo.insertZoneLinks(tx, userId, c.zoneIds ?? []);
      await wallets.openWallet(tx, 'vendor', { id: userId, fullName: c.fullName });
    })
    .catch(raceConflictOfVendor);
  return userId;
}

/**
 * UpdateVendor (PATCH): the fields sent, merged over the stored record and checked as a whole (a new state must still
 * match the GSTIN). The password and the active flag are never touched; a new proof replaces the stored one.
 */
export async function update(db: Db, uploads: Storage, id: number, patch: VendorPatch) {
  const current = await detail(db, id, { role: 'A' });
  if (current.deleted) throw notFound(`Vendor ${id}`);
  const merged: VendorInput = {
    firstName: patch.firstName ?? current.firstName,
    lastName: patch.lastName ?? current.lastName,
    mobileNo: patch.mobileNo ?? current.mobileNo,
    email: patch.email !== undefined ? patch.email : current.email,
    stateId: patch.stateId ?? current.stateId,
    cityId: patch.cityId ?? current.cityId,
    pinCode: patch.pinCode ?? current.pinCode,
    addressLine1: patch.addressLine1 ?? current.addressLine1,
    addressLine2: patch.addressLine2 !== undefined ? patch.addressLine2 : current.addressLine2,
    birthDate: patch.birthDate !== undefined ? patch.birthDate : current.birthDate,
    panNumber: patch.panNumber ?? current.panNumber,
    aadharNumber: patch.aadharNumber ?? current.aadharNumber,
    gstno: patch.gstno !== undefined ? patch.gstno : current.gstno,
    aadharProof: patch.aadharProof ?? null,
    aadharFileName: patch.aadharFileName,
    vendorZoneList: patch.vendorZoneList,
  };
  const c = await check(db, merged, id);
  const { aadhaarFileName, ...profile } = c.profile;
  await proofStorage(uploads).withFiles([c.proof && { folder: PROOF_FOLDER, file: c.proof }], async ([proofUrl]) => {
    let replaced: string | null = null;
    await db
      .transaction(async (tx) => {
        const row = await repo.lock(tx, id);
        if (!row) throw notFound(`Vendor ${id}`);
        await persons.updateUser(tx, id, {
          fullName: c.fullName,
          email: c.email,
          mobileNo: c.mobileNo,
          phone: c.mobileNo,
        });
        await repo.updateVendor(tx, id, {
          ...profile,
          ...(proofUrl ? { aadhaarProofUrl: proofUrl, aadhaarFileName } : {}),
          ...(patch.available !== undefined ? { available: patch.available } : {}),
        });
        if (c.zoneIds) {
          await repo.pruneZones(tx, id, c.zoneIds);
          await repo.insertZoneLinks(tx, id, c.zoneIds);
        }
        if (proofUrl) replaced = row.aadhaarProofUrl;
      })
      .catch(raceConflictOfVendor);
    return { result: null, replaced: [replaced] };
  });
  // A changed mobile number is their new sign-in: cached sessions carry the old one.
  if (c.mobileNo !== current.mobileNo) evictUserSessions(id);
  return detail(db, id, { role: 'A' });
}
