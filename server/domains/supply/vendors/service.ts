import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Db, Executor, Tx } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import { type PageQuery, pageOf } from '../../../db/paging';
import { type CurrentUser, conflict, type FieldError, forbidden, HttpError, notFound } from '../../../http';
import { nameKey, RowErrors } from '../../../imports';
import { paise, rupeesText, toRupees } from '../../../money';
import { activeToggle, recordTransition } from '../../../plugins/audit';
import { evictUserSessions } from '../../../plugins/auth';
import { notify } from '../../../plugins/notify';
import type { CheckedFile, Storage } from '../../../plugins/storage';
import { gstinProblem } from '../../../shared/gstin';
import {
  aadhaarLast4,
  aadhaarProblem,
  birthDateProblem,
  EMAIL,
  listOf,
  MOBILE,
  maskedAadhaar,
  normalAadhaar,
  normalPan,
  PIN,
  panProblem,
} from '../../../shared/identity';
import { checkProof, proofFileName, proofMime, proofStorage } from '../../../shared/proofs';
import { transitionsOf } from '../../../workflow/apply';
import { stateLabel } from '../../commerce';
import { wallets } from '../../money';
import { contactsTaken, createAccount } from '../../platform';
import * as repo from './repo';
import { REQUEST_END_STATES } from './rules';

/** The transition log's entity name for the Vendor toggle and the deletion. */
export const ENTITY = 'Vendor';

export interface VendorInput {
  firstName: string;
  lastName: string;
  mobileNo: string;
  email?: string | null;
  stateId: number;
  cityId: number;
  pinCode: string;
  addressLine1: string;
  addressLine2?: string | null;
  birthDate?: string | null;
  panNumber: string;
  aadharNumber: string;
  gstno?: string | null;
  aadharProof?: string | null;
  aadharFileName?: string | null;
  vendorZoneList?: { zoneId: number }[];
}

export type VendorPatch = Partial<VendorInput> & { available?: boolean };

const indiaToday = (now = new Date()) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** A one-time password: 12 characters from 9 random bytes (decision 017). */
const oneTimePassword = () => randomBytes(9).toString('base64url');

const invalid = (errors: FieldError[]) =>
  new HttpError(400, 'Invalid request', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);

export const fullNameOf = (first: string, last: string) => `${first.trim()} ${last.trim()}`.trim();

const PROOF_FOLDER = 'vendor-aadhaar';

// ---------------------------------------------------------------- the profile's rules

interface Checked {
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
async function check(exec: Executor, body: VendorInput, exceptId?: number): Promise<Checked> {
  const errors: FieldError[] = [];
  const bad = (field: string, message: string) => errors.push({ field, message });
  const firstName = body.firstName.trim();
  if (!firstName) bad('firstName', 'must not be empty');
  const lastName = body.lastName.trim();
  if (!lastName) bad('lastName', 'must not be empty');
  const addressLine1 = body.addressLine1.trim();
  if (!addressLine1) bad('addressLine1', 'must not be empty');
  const pan = normalPan(body.panNumber);
  const panWhy = panProblem(pan);
  if (panWhy) bad('panNumber', panWhy);
  const aadhaar = normalAadhaar(body.aadharNumber);
  const aadhaarWhy = aadhaarProblem(aadhaar);
  if (aadhaarWhy) bad('aadharNumber', aadhaarWhy);
  const birthDate = body.birthDate?.trim() || null;
  if (birthDate) {
    const why = birthDateProblem(birthDate, indiaToday());
    if (why) bad('birthDate', why);
  }
  const email = body.email?.trim() || null;

  const place = await repo.placeOf(exec, body.stateId, body.cityId);
  if (!place.state) bad('stateId', 'is not a state');
  else if (!place.cityOfState) bad('cityId', 'is not a city of that state');
  const gstin = body.gstno?.replace(/\s+/g, '').toUpperCase() || null;
  if (gstin && place.state) {
    const why = gstinProblem(gstin, place.state);
    if (why) bad('gstno', why);
  }

  let zoneIds: number[] | undefined;
  if (body.vendorZoneList) {
    zoneIds = [...new Set(body.vendorZoneList.map((z) => z.zoneId))];
    const found = new Set((await repo.zonesByIds(exec, zoneIds)).map((z) => z.id));
    const missing = zoneIds.filter((id) => !found.has(id));
    if (missing.length) bad('vendorZoneList', `has zones that do not exist: ${missing.join(', ')}`);
  }
  let proof: CheckedFile | null = null;
  if (body.aadharProof) {
    try {
      proof = await checkProof(body.aadharProof, 'aadharProof');
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      errors.push(...err.errors);
    }
  }
  if (errors.length) throw invalid(errors);

  const t = {
    ...(await contactsTaken(exec, { mobiles: [body.mobileNo], emails: email ? [email.toLowerCase()] : [] }, exceptId)),
    ...(await repo.taken(exec, { pans: [pan], aadhaars: [aadhaar], gstins: gstin ? [gstin] : [] }, exceptId)),
  };
  if (t.mobiles.has(body.mobileNo)) {
    throw conflict('mobileNo', `An account with mobile number ${body.mobileNo} already exists.`);
  }
  if (email && t.emails.has(email.toLowerCase())) {
    throw conflict('email', `An account with e-mail ${email} already exists.`);
  }
  if (t.pans.has(pan)) throw conflict('panNumber', `Another vendor has PAN ${pan}.`);
  if (t.aadhaars.has(aadhaar)) {
    throw conflict('aadharNumber', `Another vendor has the Aadhaar number ending ${aadhaarLast4(aadhaar)}.`);
  }
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
      addressLine1,
      addressLine2: body.addressLine2?.trim() || null,
      birthDate,
      panNumber: pan,
      aadhaarNumber: aadhaar,
      gstin,
      aadhaarFileName: proof ? proofFileName(body.aadharFileName, proof.ext) : null,
    },
  };
}

/** A unique index that another write won meanwhile, as 409 naming the field. */
function raceConflict(err: unknown): never {
  const c = uniqueViolation(err);
  if (c === null) throw err;
  if (c.includes('pan')) throw conflict('panNumber', 'Another vendor has this PAN.');
  if (c.includes('aadhaar')) throw conflict('aadharNumber', 'Another vendor has this Aadhaar number.');
  if (c.includes('gstin')) throw conflict('gstno', 'Another vendor has this GSTIN.');
  if (c.includes('email')) throw conflict('email', 'An account with this e-mail already exists.');
  throw conflict('mobileNo', 'An account with this mobile number already exists.');
}

/** The welcome message with the one-time password, by SMS and (when known) e-mail, through the outbox. */
async function sendPassword(
  exec: Executor,
  to: { fullName: string; mobileNo: string; email: string | null },
  password: string,
) {
  const body = `Welcome to Doorstep, ${to.fullName}. Sign in as a vendor with your mobile number ${to.mobileNo} and the one-time password ${password}; you will be asked to choose your own password.`;
  const message = { template: 'vendor_welcome', body, payload: { password } };
  await notify(exec, { channel: 'sms', recipient: to.mobileNo, ...message });
  if (to.email) await notify(exec, { channel: 'email', recipient: to.email, ...message });
}

/** The account (role VE, one-time password to change), the profile, its zones and the wallet, inside `tx`. */
async function insertOne(tx: Tx, c: Checked, password: string, proofUrl: string | null) {
  const userId = await createAccount(tx as unknown as Db, {
    role: 'VE',
    fullName: c.fullName,
    mobileNo: c.mobileNo,
    email: c.email,
    password,
  });
  await repo.updateUser(tx, userId, { mustChangePassword: true });
  await repo.insertVendor(tx, { ...c.profile, userId, aadhaarProofUrl: proofUrl });
  await repo.insertZoneLinks(tx, userId, c.zoneIds ?? []);
  // Opened now (balance 0), so the admin's wallet screens list the vendor before any money moves.
  await wallets.openWallet(tx, 'vendor', { id: userId, fullName: c.fullName });
  await sendPassword(tx, c, password);
  return userId;
}

/** AddVendor: the vendor as the admin sees them, with the one-time password (answered this once only). */
export async function add(db: Db, uploads: Storage | null, body: VendorInput) {
  const c = await check(db, body);
  const password = oneTimePassword();
  const insert = (proofUrl: string | null) =>
    db.transaction((tx) => insertOne(tx, c, password, proofUrl)).catch(raceConflict);
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
      await repo.updateUser(tx, userId, { fullName: c.fullName });
      await repo.insertVendor(tx, { ...c.profile, userId, aadhaarProofUrl: null });
      await repo.insertZoneLinks(tx, userId, c.zoneIds ?? []);
      await wallets.openWallet(tx, 'vendor', { id: userId, fullName: c.fullName });
    })
    .catch(raceConflict);
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
        await repo.updateUser(tx, id, {
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
      .catch(raceConflict);
    return { result: null, replaced: [replaced] };
  });
  // A changed mobile number is their new sign-in: cached sessions carry the old one.
  if (c.mobileNo !== current.mobileNo) evictUserSessions(id);
  return detail(db, id, { role: 'A' });
}

// ---------------------------------------------------------------- reads

export async function detail(exec: Executor, id: number, viewer: Pick<CurrentUser, 'role'>) {
  const row = await repo.detail(exec, id);
  if (!row) throw notFound(`Vendor ${id}`);
  const zones = await repo.zonesOf(exec, id);
  const full = viewer.role === 'A';
  const { aadhaarNumber, aadhaarProofUrl, deletedAt, ...rest } = row;
  return {
    ...rest,
    phone: row.mobileNo,
    aadharNumber: full ? aadhaarNumber : maskedAadhaar(aadhaarNumber),
    aadharLast4: aadhaarLast4(aadhaarNumber),
    aadharMasked: !full,
    hasAadharProof: aadhaarProofUrl !== null,
    deleted: deletedAt !== null,
    createdDate: row.createdDate.toISOString(),
    vendorZoneList: zones,
  };
}

/** GetVendorByID: a vendor reads only their own (x-owner), and a deleted vendor is gone for them. */
export async function detailFor(db: Db, id: number, user: CurrentUser) {
  const d = await detail(db, id, user);
  if (user.role !== 'A' && d.deleted) throw notFound(`Vendor ${id}`);
  return d;
}

/** The stored Aadhaar proof's bytes, type and name. */
export async function proofOf(db: Db, uploads: Storage, id: number) {
  const row = await repo.detail(db, id);
  if (!row) throw notFound(`Vendor ${id}`);
  if (!row.aadhaarProofUrl) throw notFound(`The Aadhaar proof of vendor ${id}`);
  const bytes = await fs.readFile(proofStorage(uploads).pathOf(row.aadhaarProofUrl)).catch(() => null);
  if (!bytes) throw notFound(`The Aadhaar proof of vendor ${id}`);
  return { bytes, mime: proofMime(row.aadhaarProofUrl), fileName: row.aadharFileName ?? 'aadhaar-proof' };
}

export async function list(db: Db, q: PageQuery & { status?: 'all' | 'active' | 'inactive' }) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const { rows, total } = await repo.page(db, { search: q.search, status: q.status ?? 'all', limit, offset });
  const items = rows.map(({ aadhaarNumber, ...r }) => ({
    ...r,
    aadharLast4: aadhaarLast4(aadhaarNumber),
    createdDate: r.createdDate.toISOString(),
  }));
  return { items, total, page, pageSize };
}

// ---------------------------------------------------------------- status flag, toggle, delete

const statusDto = (s: { userId: number; available: boolean; active: boolean }) => ({
  userId: s.userId,
  status: s.available,
  available: s.available,
  active: s.active,
});

export async function status(db: Db, userId: number) {
  const s = await repo.statusOf(db, userId);
  if (!s) throw notFound(`Vendor ${userId}`);
  return statusDto(s);
}

/** The vendor's own availability switch (the admin may set it too); recorded like a toggle. */
export async function setStatus(db: Db, userId: number, available: boolean, actorId: number) {
  await db.transaction(async (tx) => {
    if (!(await repo.setAvailable(tx, userId, available))) throw notFound(`Vendor ${userId}`);
    await recordTransition(tx, {
      entity: `${ENTITY}Status`,
      entityId: userId,
      from: null,
      to: available ? 'available' : 'unavailable',
      event: available ? 'AVAILABLE' : 'UNAVAILABLE',
      actorId,
    });
  });
  return status(db, userId);
}

/**
 * DeReActivateAll action1=Vendor: flips the account's active flag. Switching off ends their sessions (sign-in refuses
 * an inactive account); their requests and wallet stay as they are.
 */
export async function toggle(db: Db, id: number, actorId: number) {
  const row = await db.transaction(async (tx) => {
    const flipped = await repo.flipActive(tx, id);
    if (!flipped) throw notFound(`Vendor ${id}`);
    await recordTransition(tx, activeToggle(ENTITY, id, flipped.active, actorId));
    if (!flipped.active) await repo.revokeSessions(tx, id);
    return flipped;
  });
  if (!row.active) evictUserSessions(id);
  return { id: row.id, active: row.active };
}

/**
 * DeleteVendor: a soft delete (the record stays for their paid requests and invoices; the account is switched off).
 * Refused, with every reason, while they have professionals, open product requests or money in their wallet. The
 * vendor's row is locked first, so a request submitted meanwhile waits and is then seen.
 */
export async function remove(db: Db, id: number, actorId: number) {
  await db.transaction(async (tx) => {
    if (!(await repo.lock(tx, id))) throw notFound(`Vendor ${id}`);
    const reasons: string[] = [];
    const pros = await repo.professionalCount(tx, id);
    if (pros > 0) {
      reasons.push(
        `${pros} professional${pros === 1 ? ' works' : 's work'} for them: move them to another vendor first`,
      );
    }
    const open = await repo.openRequestIds(tx, id, REQUEST_END_STATES);
    if (open.length) {
      reasons.push(
        `product request${open.length === 1 ? '' : 's'} ${open.join(', ')}${open.length === 10 ? ' and more' : ''} ${open.length === 1 ? 'is' : 'are'} still open: let ${open.length === 1 ? 'it' : 'them'} be issued, cancelled or rejected first`,
      );
    }
    const balance = await wallets.walletBalance(tx, 'vendor', id);
    if (balance !== 0) {
      reasons.push(`their wallet holds ${rupeesText(paise(balance))}: settle it to zero first`);
    }
    if (reasons.length) {
      throw new HttpError(
        409,
        'Conflict',
        `This vendor cannot be deleted: ${reasons.join('; ')}.`,
        reasons.map((message) => ({ field: 'id', message })),
      );
    }
    await repo.markDeleted(tx, id);
    await repo.revokeSessions(tx, id);
    await recordTransition(tx, {
      entity: ENTITY,
      entityId: id,
      from: 'active',
      to: 'deleted',
      event: 'DELETE',
      actorId,
    });
  });
  evictUserSessions(id);
}

// ---------------------------------------------------------------- the vendor's professionals and their jobs

/** The vendor a caller may look at: a vendor only themself (x-owner already checked the parameter). */
async function vendorFor(db: Db, by: { mobileNo?: string; id?: number }) {
  if (by.mobileNo !== undefined) {
    const v = await repo.byMobile(db, by.mobileNo);
    if (!v || v.deletedAt) throw notFound(`The vendor with mobile number ${by.mobileNo}`);
    return v.id;
  }
  const s = await repo.statusOf(db, by.id ?? 0);
  if (!s) throw notFound(`Vendor ${by.id}`);
  return s.userId;
}

export const averageOf = (count: number, total: number) => (count > 0 ? Math.round((total / count) * 10) / 10 : null);

export async function professionals(db: Db, vendorMobileNo: string, q: PageQuery) {
  const vendorId = await vendorFor(db, { mobileNo: vendorMobileNo });
  const { page, pageSize, limit, offset } = pageOf(q);
  const { rows, total } = await repo.professionalsOf(db, vendorId, { search: q.search, limit, offset });
  const items = rows.map(({ ratingCount, ratingTotal, ...r }) => ({
    ...r,
    averageRating: averageOf(ratingCount, ratingTotal),
  }));
  return { items, total, page, pageSize };
}

const firstName = (full: string) => full.trim().split(/\s+/)[0] ?? full;

function taskDto(r: repo.TaskRow) {
  return {
    lineId: r.lineId,
    orderId: r.orderId,
    serviceName: r.serviceName,
    categoryName: r.categoryName,
    quantity: r.quantity,
    slotStart: r.slotStart.toISOString(),
    state: r.state,
    stateLabel: stateLabel(r.state),
    zoneName: r.zoneName,
    area: `${r.city} ${r.pinCode}`,
    // The vendor supervises their professionals' work, not the customer: no surname, phone or street address.
    customerFirstName: firstName(r.customerName),
    technicianId: r.technicianId ?? 0,
    technicianName: r.technicianName,
    total: toRupees(paise(Number(r.totalPaise))),
    placedAt: r.placedAt.toISOString(),
    assignedAt: r.assignedAt?.toISOString() ?? null,
    completedAt: r.completedAt?.toISOString() ?? null,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    rating: r.rating,
  };
}

/** A professional the caller may look at: any professional of the vendor (403 for someone else's). */
async function mustBeTheirs(db: Db, vendorId: number, technicianId: number) {
  const pro = await repo.vendorOfProfessional(db, technicianId);
  if (!pro) throw notFound(`Professional ${technicianId}`);
  if (pro.vendorUserId !== vendorId) {
    throw forbidden(`Professional ${technicianId} does not work for vendor ${vendorId}.`);
  }
  return pro;
}

export async function tasks(
  db: Db,
  q: PageQuery & { VendorId: number; TechnicianId?: number; state?: keyof typeof repo.TASK_STATES },
) {
  const vendorId = await vendorFor(db, { id: q.VendorId });
  if (q.TechnicianId) await mustBeTheirs(db, vendorId, q.TechnicianId);
  const { page, pageSize, limit, offset } = pageOf(q);
  const { rows, total } = await repo.tasks(db, vendorId, {
    technicianId: q.TechnicianId,
    state: q.state,
    search: q.search,
    limit,
    offset,
  });
  return { items: rows.map(taskDto), total, page, pageSize };
}

/** One order's lines held by one professional; a vendor only for their own professionals. */
export async function taskView(db: Db, user: CurrentUser, orderId: number, technicianId: number) {
  const pro = await repo.vendorOfProfessional(db, technicianId);
  if (!pro) throw notFound(`Professional ${technicianId}`);
  if (user.role === 'VE') await mustBeTheirs(db, user.id, technicianId);
  const rows = await repo.orderTasks(db, orderId, technicianId);
  if (rows.length === 0) throw notFound(`Order ${orderId} of professional ${technicianId}`);
  const lines = await Promise.all(
    rows.map(async (r) => ({
      ...taskDto(r),
      history: (await transitionsOf(db, 'OrderLine', r.lineId)).map((h) => ({
        at: h.at instanceof Date ? h.at.toISOString() : String(h.at),
        fromState: h.fromState,
        toState: h.toState,
        event: h.event,
        remark: h.remark,
      })),
    })),
  );
  return { orderId, technicianId, technicianName: pro.fullName, lines };
}

// ---------------------------------------------------------------- import

export interface ImportRow {
  firstName: string;
  lastName: string;
  mobileNo: string;
  email?: string;
  cityName: string;
  stateName: string;
  pinCode: string;
  addressLine1: string;
  addressLine2?: string;
  birthDate?: string;
  panNumber: string;
  aadharNumber: string;
  gstno?: string;
  zoneName?: string;
}

/**
 * Excel/AddVendorExcel: every row is checked (the rules of AddVendor, names that must resolve, duplicates inside the
 * sheet) before anything is written; then all rows go in, each with its one-time password and wallet, in one
 * transaction.
 */
export async function importRows(db: Db, rows: ImportRow[]) {
  const errors = new RowErrors();
  const today = indiaToday();
  const norm = rows.map((r) => ({
    ...r,
    firstName: r.firstName.trim(),
    lastName: r.lastName.trim(),
    mobileNo: r.mobileNo.trim(),
    email: r.email?.trim() || null,
    pan: normalPan(r.panNumber),
    aadhaar: normalAadhaar(r.aadharNumber),
    gstin: r.gstno?.replace(/\s+/g, '').toUpperCase() || null,
    pinCode: r.pinCode.trim(),
    zones: listOf(r.zoneName).map((t) => {
      const m = /^(.*?)\s*\(([^()]*)\)$/.exec(t);
      return m ? { text: t, zone: nameKey(m[1]), city: nameKey(m[2]) } : { text: t, zone: nameKey(t), city: null };
    }),
  }));
  const seen = {
    mobile: new Map<string, number>(),
    email: new Map<string, number>(),
    pan: new Map<string, number>(),
    aadhaar: new Map<string, number>(),
    gstin: new Map<string, number>(),
  };
  norm.forEach((r, i) => {
    if (!r.firstName) errors.add(i, 'firstName', 'must not be empty');
    if (!r.lastName) errors.add(i, 'lastName', 'must not be empty');
    if (!MOBILE.test(r.mobileNo)) errors.add(i, 'mobileNo', 'must be a 10-digit mobile number');
    else errors.firstOf(seen.mobile, r.mobileNo, i, 'mobileNo', r.mobileNo);
    if (r.email && !EMAIL.test(r.email)) errors.add(i, 'email', 'is not an e-mail address');
    else if (r.email) errors.firstOf(seen.email, r.email.toLowerCase(), i, 'email', r.email);
    if (!PIN.test(r.pinCode)) errors.add(i, 'pinCode', 'must be 6 digits, not starting with 0');
    if (!r.addressLine1.trim()) errors.add(i, 'addressLine1', 'must not be empty');
    const panWhy = panProblem(r.pan);
    if (panWhy) errors.add(i, 'panNumber', panWhy);
    else errors.firstOf(seen.pan, r.pan, i, 'panNumber', r.pan);
    const aadhaarWhy = aadhaarProblem(r.aadhaar);
    if (aadhaarWhy) errors.add(i, 'aadharNumber', aadhaarWhy);
    else errors.firstOf(seen.aadhaar, r.aadhaar, i, 'aadharNumber', `Aadhaar ending ${aadhaarLast4(r.aadhaar)}`);
    if (r.gstin) errors.firstOf(seen.gstin, r.gstin, i, 'gstno', r.gstin);
    const birth = r.birthDate?.trim();
    if (birth) {
      const why = birthDateProblem(birth, today);
      if (why) errors.add(i, 'birthDate', why);
    }
  });

  const citiesFound = await repo.citiesByNames(db, [...new Set(norm.map((r) => nameKey(r.cityName)))]);
  const zonesFound = await repo.zonesByNames(db, [...new Set(norm.flatMap((r) => r.zones.map((z) => z.zone)))]);
  const t = {
    ...(await contactsTaken(db, { mobiles: [...seen.mobile.keys()], emails: [...seen.email.keys()] })),
    ...(await repo.taken(db, {
      pans: [...seen.pan.keys()],
      aadhaars: [...seen.aadhaar.keys()],
      gstins: [...seen.gstin.keys()],
    })),
  };

  const ready: Checked[] = [];
  norm.forEach((r, i) => {
    const city = citiesFound.filter((c) => c.city === nameKey(r.cityName));
    const inState = city.find((c) => c.state === nameKey(r.stateName));
    if (city.length === 0) errors.add(i, 'cityName', `"${r.cityName.trim()}" is not a city we know`);
    else if (!inState) errors.add(i, 'stateName', `"${r.cityName.trim()}" is not a city of "${r.stateName.trim()}"`);
    if (r.gstin && inState) {
      const why = gstinProblem(r.gstin, inState.stateName);
      if (why) errors.add(i, 'gstno', why);
    }
    const zoneIds: number[] = [];
    for (const z of r.zones) {
      const matches = zonesFound.filter(
        (f) => nameKey(f.zoneName) === z.zone && (z.city === null || nameKey(f.cityName) === z.city),
      );
      if (matches.length === 0) errors.add(i, 'zoneName', `"${z.text}" is not a zone`);
      else if (matches.length > 1)
        errors.add(i, 'zoneName', `"${z.text}" is a zone of several cities: write it "Zone (City)"`);
      else zoneIds.push(matches[0].id);
    }
    if (seen.mobile.get(r.mobileNo) === i && t.mobiles.has(r.mobileNo))
      errors.add(i, 'mobileNo', `an account with ${r.mobileNo} already exists`);
    if (r.email && seen.email.get(r.email.toLowerCase()) === i && t.emails.has(r.email.toLowerCase())) {
      errors.add(i, 'email', `an account with ${r.email} already exists`);
    }
    if (seen.pan.get(r.pan) === i && t.pans.has(r.pan)) errors.add(i, 'panNumber', `another vendor has PAN ${r.pan}`);
    if (seen.aadhaar.get(r.aadhaar) === i && t.aadhaars.has(r.aadhaar)) {
      errors.add(i, 'aadharNumber', `another vendor has the Aadhaar number ending ${aadhaarLast4(r.aadhaar)}`);
    }
    if (r.gstin && seen.gstin.get(r.gstin) === i && t.gstins.has(r.gstin)) {
      errors.add(i, 'gstno', `another vendor has GSTIN ${r.gstin}`);
    }
    ready.push({
      fullName: fullNameOf(r.firstName, r.lastName),
      mobileNo: r.mobileNo,
      email: r.email,
      zoneIds: [...new Set(zoneIds)],
      proof: null,
      profile: {
        firstName: r.firstName,
        lastName: r.lastName,
        stateId: inState?.stateId ?? 0,
        cityId: inState?.id ?? 0,
        pinCode: r.pinCode,
        addressLine1: r.addressLine1.trim(),
        addressLine2: r.addressLine2?.trim() || null,
        birthDate: r.birthDate?.trim() || null,
        panNumber: r.pan,
        aadhaarNumber: r.aadhaar,
        gstin: r.gstin,
        aadhaarFileName: null,
      },
    });
  });
  errors.throwIfAny();

  await db
    .transaction(async (tx) => {
      for (const c of ready) await insertOne(tx, c, oneTimePassword(), null);
    })
    .catch((err) => {
      if (uniqueViolation(err) !== null) {
        throw conflict(
          'rows',
          'Another change added some of these vendors meanwhile; nothing was imported. Please try again.',
        );
      }
      throw err;
    });
  return { imported: ready.length };
}
