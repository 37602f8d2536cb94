import { randomBytes } from 'node:crypto';
import type { Db, Executor, Tx } from '../../../db/client';
import { isForeignKeyViolation, uniqueViolation } from '../../../db/errors';
import { type PageQuery, pageOf } from '../../../db/paging';
import { type CurrentUser, conflict, type FieldError, HttpError, notFound, type RoleCode } from '../../../http';
import { nameKey, RowErrors } from '../../../imports';
import { activeToggle, recordTransition } from '../../../plugins/audit';
import { evictUserSessions } from '../../../plugins/auth';
import { notify } from '../../../plugins/notify';
import {
  aadhaarLast4,
  aadhaarProblem,
  birthDateProblem,
  EMAIL,
  joiningDateProblem,
  listOf,
  MOBILE,
  maskedAadhaar,
  normalAadhaar,
  normalPan,
  PIN,
  panProblem,
} from '../../../shared/identity';
import { applyLineEvent, dispatch } from '../../commerce';
import { attendance, recruitment } from '../../people';
import { contactsTaken, createAccount, geo, notifyUser } from '../../platform';
import type { ProfessionalType } from './repo';
import * as repo from './repo';

/** The transition log's entity name for the active toggle. */
export const ENTITY = 'Professional';
export const PROFESSIONAL_TYPES: ProfessionalType[] = ['Technician', 'Engineer'];

/** Who sees a professional's full Aadhaar number (the detail page only). */
const SEES_AADHAAR = new Set<RoleCode>(['A', 'HR']);

export interface ProfessionalInput {
  fullName: string;
  professionalType: ProfessionalType;
  phone: string;
  altContactNo?: string | null;
  email?: string | null;
  stateId: number;
  cityId: number;
  pinCode: string;
  addressLine1: string;
  addressLine2?: string | null;
  birthDate?: string | null;
  /** The day they joined (decision 033); when not given: the candidate's date or today on an add, unchanged on an update. */
  joiningDate?: string | null;
  panNumber: string;
  aadharNumber: string;
  vendorId?: number | null;
  serviceId?: number;
  professionalServicesDetailsList?: { serviceId: number }[];
  professionalZoneDetailsList?: { zoneId: number }[];
}

const indiaToday = (now = new Date()) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** A one-time password: 12 characters from 9 random bytes. */
const oneTimePassword = () => randomBytes(9).toString('base64url');

const invalid = (errors: FieldError[]) =>
  new HttpError(400, 'Invalid request', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);

export const averageOf = (count: number, total: number) => (count > 0 ? Math.round((total / count) * 10) / 10 : null);

// ---------------------------------------------------------------- the profile's rules

interface Checked {
  fullName: string;
  email: string | null;
  phone: string;
  profile: Omit<repo.ProfessionalInsert, 'userId' | 'candidateId' | 'joinedOn'>;
  /** The joining date the body gave (checked), or null. */
  joinedOn: string | null;
  zoneIds: number[] | undefined;
  serviceIds: number[] | undefined;
}

/**
 * Every rule of the body that the schema cannot state, all at once (400 listing each field), then the taken
 * mobile number, e-mail, PAN and Aadhaar (409 naming the field).
 */
async function check(exec: Executor, body: ProfessionalInput, exceptId?: number): Promise<Checked> {
  const errors: FieldError[] = [];
  const bad = (field: string, message: string) => errors.push({ field, message });
  const fullName = body.fullName.trim();
  if (!fullName) bad('fullName', 'must not be empty');
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
  const joinedOn = body.joiningDate?.trim() || null;
  if (joinedOn) {
    const why = joiningDateProblem(joinedOn, indiaToday(), birthDate);
    if (why) bad('joiningDate', why);
  }
  const altContactNo = body.altContactNo?.trim() || null;
  if (altContactNo && altContactNo === body.phone) bad('altContactNo', 'must differ from the phone number');
  const email = body.email?.trim() || null;

  if (!(await repo.stateExists(exec, body.stateId))) bad('stateId', 'is not a state');
  else if (!(await repo.cityOfState(exec, body.stateId, body.cityId))) bad('cityId', 'is not a city of that state');

  const vendorId = body.vendorId || null;
  if (vendorId && (await repo.vendors(exec, { ids: [vendorId] })).length === 0) bad('vendorId', 'is not a vendor');

  let zoneIds: number[] | undefined;
  if (body.professionalZoneDetailsList) {
    zoneIds = [...new Set(body.professionalZoneDetailsList.map((z) => z.zoneId))];
    const found = new Set((await repo.zonesByIds(exec, zoneIds)).map((z) => z.id));
    const missing = zoneIds.filter((id) => !found.has(id));
    if (missing.length) bad('professionalZoneDetailsList', `has zones that do not exist: ${missing.join(', ')}`);
  }
  let serviceIds: number[] | undefined;
  if (body.professionalServicesDetailsList || body.serviceId) {
    serviceIds = [
      ...new Set([
        ...(body.professionalServicesDetailsList ?? []).map((s) => s.serviceId),
        ...(body.serviceId ? [body.serviceId] : []),
      ]),
    ];
    const found = new Map((await repo.servicesByIds(exec, serviceIds)).map((s) => [s.id, s]));
    if (body.serviceId && !found.has(body.serviceId)) bad('serviceId', 'is not a service (send 0 for none)');
    const listed = (body.professionalServicesDetailsList ?? []).map((s) => s.serviceId);
    const missing = listed.filter((id) => !found.has(id));
    if (missing.length) bad('professionalServicesDetailsList', `has services that do not exist: ${missing.join(', ')}`);
    const wrongType = [...found.values()].filter((s) => s.professionalType !== body.professionalType);
    if (wrongType.length) {
      bad(
        body.serviceId && wrongType.some((s) => s.id === body.serviceId)
          ? 'serviceId'
          : 'professionalServicesDetailsList',
        `${wrongType.map((s) => `"${s.heading}"`).join(', ')} ${wrongType.length === 1 ? 'is a service' : 'are services'} for ${body.professionalType === 'Technician' ? 'engineers' : 'technicians'}, not for a ${body.professionalType.toLowerCase()}`,
      );
    }
  }
  if (errors.length) throw invalid(errors);

  const t = {
    ...(await contactsTaken(exec, { mobiles: [body.phone], emails: email ? [email.toLowerCase()] : [] }, exceptId)),
    ...(await repo.taken(exec, { pans: [pan], aadhaars: [aadhaar] }, exceptId)),
  };
  if (t.mobiles.has(body.phone)) throw conflict('phone', `An account with mobile number ${body.phone} already exists.`);
  if (email && t.emails.has(email.toLowerCase()))
    throw conflict('email', `An account with e-mail ${email} already exists.`);
  if (t.pans.has(pan)) throw conflict('panNumber', `Another professional has PAN ${pan}.`);
  if (t.aadhaars.has(aadhaar)) {
    throw conflict('aadharNumber', `Another professional has the Aadhaar number ending ${aadhaarLast4(aadhaar)}.`);
  }

  return {
    fullName,
    email,
    phone: body.phone,
    joinedOn,
    zoneIds,
    serviceIds,
    profile: {
      professionalType: body.professionalType,
      stateId: body.stateId,
      cityId: body.cityId,
      pinCode: body.pinCode,
      homeZoneId: await repo.zoneOfPincode(exec, body.pinCode),
      addressLine1,
      addressLine2: body.addressLine2?.trim() || null,
      altContactNo,
      birthDate,
      panNumber: pan,
      aadhaarNumber: aadhaar,
      vendorUserId: vendorId,
    },
  };
}

/** A unique index that another write won meanwhile, as 409 naming the field. */
function raceConflict(err: unknown): never {
  const c = uniqueViolation(err);
  if (c === null) throw err;
  if (c.includes('pan')) throw conflict('panNumber', 'Another professional has this PAN.');
  if (c.includes('aadhaar')) throw conflict('aadharNumber', 'Another professional has this Aadhaar number.');
  if (c.includes('email')) throw conflict('email', 'An account with this e-mail already exists.');
  throw conflict('phone', 'An account with this mobile number already exists.');
}

/** The welcome message with the one-time password, by SMS and (when known) e-mail, through the outbox. */
async function sendPassword(
  exec: Executor,
  to: { fullName: string; phone: string; email: string | null },
  password: string,
) {
  const body = `Welcome to Doorstep, ${to.fullName}. Sign in with your mobile number ${to.phone} and the one-time password ${password}; you will be asked to choose your own password.`;
  await notify(exec, {
    channel: 'sms',
    recipient: to.phone,
    template: 'professional_welcome',
    body,
    payload: { password },
  });
  if (to.email) {
    await notify(exec, {
      channel: 'email',
      recipient: to.email,
      template: 'professional_welcome',
      body,
      payload: { password },
    });
  }
}

/** Makes the account (role TE, one-time password) and the profile with its zones and skills, inside `tx`. */
async function insertOne(tx: Tx, c: Checked, candidateId: number | null, password: string, joinedOn: string) {
  const userId = await createAccount(tx as unknown as Db, {
    role: 'TE',
    fullName: c.fullName,
    mobileNo: c.phone,
    email: c.email,
    password,
  });
  await repo.updateUser(tx, userId, { mustChangePassword: true });
  await repo.insertProfessional(tx, { ...c.profile, userId, candidateId, joinedOn });
  await repo.insertZoneLinks(tx, userId, c.zoneIds ?? []);
  await repo.insertServiceLinks(tx, userId, c.serviceIds ?? []);
  await sendPassword(tx, c, password);
  return userId;
}

/**
 * AddProfessional: the admin's or HR's add (CandidateId 0 outside HR's recruitment). With a CandidateId it is the
 * appointment (issue 13 §1, docs/decisions/032-recruitment.md): the candidate must be approved by the admin; their
 * name, phone, e-mail, address, pincode, birth date, PAN and Aadhaar replace the form's, the professional type is
 * their designation, and the recruitment machine's APPOINT event is applied first in the same transaction (so a
 * second appointment, even at the same moment, is 409); their bank details are carried into the professional.
 * The joining date (decision 033) is the body's joiningDate, else the candidate's revised joining date, else their
 * documents' expected joining date, else today (India); a candidate's date that breaks the rules is 400 naming
 * joiningDate, so the form can send the actual day.
 */
export async function add(
  db: Db,
  body: ProfessionalInput,
  candidateId = 0,
  actor: Pick<CurrentUser, 'id' | 'role'> | null = null,
) {
  let input = body;
  let fromCandidate: { day: string; what: string } | null = null;
  if (candidateId > 0) {
    const cand = await recruitment.appointmentOf(db, candidateId);
    if (cand.revisedJoinDate)
      fromCandidate = { day: cand.revisedJoinDate, what: "the candidate's revised joining date" };
    else if (cand.expectedJoinDate)
      fromCandidate = { day: cand.expectedJoinDate, what: "the candidate's expected joining date" };
    input = {
      ...body,
      fullName: cand.fullName,
      professionalType: cand.professionalType,
      phone: cand.phone,
      email: cand.email,
      addressLine1: cand.address,
      pinCode: cand.pincode,
      birthDate: cand.dob,
      panNumber: cand.panNumber ?? body.panNumber,
      aadharNumber: cand.aadharNumber ?? body.aadharNumber,
    };
  }
  const c = await check(db, input);
  let joinedOn = c.joinedOn;
  if (!joinedOn && fromCandidate) {
    const why = joiningDateProblem(fromCandidate.day, indiaToday(), c.profile.birthDate);
    if (why) {
      throw invalid([
        { field: 'joiningDate', message: `${fromCandidate.what} ${fromCandidate.day} ${why}: give the actual day` },
      ]);
    }
    joinedOn = fromCandidate.day;
  }
  const joined = joinedOn ?? indiaToday();
  const password = oneTimePassword();
  const id = await db
    .transaction(async (tx) => {
      const link = candidateId > 0 ? await recruitment.appoint(tx, candidateId, actor) : null;
      const userId = await insertOne(tx, c, candidateId || null, password, joined);
      if (link) await link(userId);
      return userId;
    })
    .catch(raceConflict);
  return detail(db, id, { role: 'A' });
}

/**
 * For the demo seed: the profile of an existing TE account (the demo technician, whose password is the demo one), with
 * the same rules as AddProfessional. Null when the account is not a TE or already has a profile.
 */
export async function addProfileToAccount(db: Db, userId: number, body: ProfessionalInput) {
  const account = await repo.accountOf(db, userId);
  if (account?.role !== 'TE' || account.hasProfile) return null;
  const c = await check(db, { ...body, phone: account.mobileNo }, userId);
  await db
    .transaction(async (tx) => {
      await repo.insertProfessional(tx, {
        ...c.profile,
        userId,
        candidateId: null,
        joinedOn: c.joinedOn ?? indiaToday(),
      });
      await repo.insertZoneLinks(tx, userId, c.zoneIds ?? []);
      await repo.insertServiceLinks(tx, userId, c.serviceIds ?? []);
    })
    .catch(raceConflict);
  return userId;
}

/**
 * UpdateProfessional: the profile; the zone and skill lists replace the current ones when given. A new joining date
 * may not move across a locked attendance month or after a recorded day (409, decision 033).
 */
export async function update(db: Db, id: number, body: ProfessionalInput) {
  if (!(await repo.find(db, id))) throw notFound(`Professional ${id}`);
  const c = await check(db, body, id);
  await db
    .transaction(async (tx) => {
      const locked = await repo.lock(tx, id);
      if (!locked) throw notFound(`Professional ${id}`);
      if (c.joinedOn && c.joinedOn !== locked.joinedOn) {
        await attendance.checkJoiningChange(tx, id, locked.joinedOn, c.joinedOn);
      }
      await repo.updateUser(tx, id, { fullName: c.fullName, email: c.email, mobileNo: c.phone, phone: c.phone });
      await repo.updateProfessional(tx, id, { ...c.profile, ...(c.joinedOn ? { joinedOn: c.joinedOn } : {}) });
      if (c.zoneIds) {
        await repo.pruneZones(tx, id, c.zoneIds);
        await repo.insertZoneLinks(tx, id, c.zoneIds);
      }
      if (c.serviceIds) {
        await repo.pruneServices(tx, id, c.serviceIds);
        await repo.insertServiceLinks(tx, id, c.serviceIds);
      }
    })
    .catch(raceConflict);
  return detail(db, id, { role: 'A' });
}

// ---------------------------------------------------------------- reads

export async function detail(exec: Executor, id: number, viewer: Pick<CurrentUser, 'role'>) {
  const row = await repo.detail(exec, id);
  if (!row) throw notFound(`Professional ${id}`);
  const [zones, services] = await Promise.all([repo.zonesOf(exec, id), repo.servicesOf(exec, id)]);
  const full = SEES_AADHAAR.has(viewer.role);
  const { aadhaarNumber, ratingTotal, ...rest } = row;
  return {
    ...rest,
    phone: row.mobileNo,
    aadharNumber: full ? aadhaarNumber : maskedAadhaar(aadhaarNumber),
    aadharLast4: aadhaarLast4(aadhaarNumber),
    aadharMasked: !full,
    serviceId: 0,
    averageRating: averageOf(row.ratingCount, ratingTotal),
    createdDate: row.createdDate.toISOString(),
    professionalServicesDetailsList: services,
    professionalZoneDetailsList: zones,
  };
}

export interface ListQuery extends PageQuery {
  action1: 'Professional' | 'Vendor';
  status?: 'active' | 'inactive' | 'all';
  professionalType?: ProfessionalType;
  zoneId?: number;
  serviceId?: number;
}

/** GetProfnVendList: professionals (Aadhaar's last 4 digits only) or vendors, one page, by name. */
export async function list(db: Db, q: ListQuery) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const filter = { ...q, status: q.status ?? 'active', limit, offset };
  if (q.action1 === 'Vendor') {
    const { rows, total } = await repo.vendorPage(db, filter);
    const items = rows.map((r) => ({
      ...r,
      createdDate: r.createdDate.toISOString(),
      professionalType: null,
      cityName: null,
      stateName: null,
      pinCode: null,
      homeZoneName: null,
      aadharLast4: null,
      vendorName: null,
      available: null,
      averageRating: null,
      ratingCount: null,
      zoneCount: null,
      serviceCount: null,
    }));
    return { items, total, page, pageSize };
  }
  const { rows, total } = await repo.page(db, filter);
  const items = rows.map(({ aadhaarNumber, ratingTotal, ...r }) => ({
    ...r,
    createdDate: r.createdDate.toISOString(),
    aadharLast4: aadhaarLast4(aadhaarNumber),
    averageRating: averageOf(r.ratingCount, ratingTotal),
  }));
  return { items, total, page, pageSize };
}

async function mustExist(exec: Executor, id: number) {
  const row = await repo.find(exec, id);
  if (!row) throw notFound(`Professional ${id}`);
  return row;
}

export async function zonesOf(db: Db, id: number) {
  await mustExist(db, id);
  return repo.zonesOf(db, id);
}

export async function servicesOf(db: Db, id: number) {
  await mustExist(db, id);
  return repo.servicesOf(db, id);
}

// ---------------------------------------------------------------- zones and skills

export async function addZone(db: Db, id: number, zoneId: number) {
  return db.transaction(async (tx) => {
    if (!(await repo.lock(tx, id))) throw notFound(`Professional ${id}`);
    if ((await repo.zonesByIds(tx, [zoneId])).length === 0) throw notFound(`Zone ${zoneId}`);
    const [made] = await repo.insertZoneLinks(tx, id, [zoneId]);
    if (!made) throw conflict('Zoneid', 'This professional already serves this zone.');
    return (await repo.zonesOf(tx, id, made.id))[0];
  });
}

export async function addService(db: Db, id: number, serviceId: number) {
  return db.transaction(async (tx) => {
    const pro = await repo.lock(tx, id);
    if (!pro) throw notFound(`Professional ${id}`);
    const [service] = await repo.servicesByIds(tx, [serviceId]);
    if (!service) throw notFound(`Service ${serviceId}`);
    if (service.professionalType !== pro.professionalType) {
      throw new HttpError(
        400,
        'Invalid request',
        `ServiceId: "${service.heading}" is a service for a ${service.professionalType.toLowerCase()}`,
        [
          {
            field: 'ServiceId',
            message: `"${service.heading}" is a service for a ${service.professionalType.toLowerCase()}, and this professional is a ${pro.professionalType.toLowerCase()}`,
          },
        ],
      );
    }
    const [made] = await repo.insertServiceLinks(tx, id, [serviceId]);
    if (!made) throw conflict('ServiceId', 'This professional already has this skill.');
    return (await repo.servicesOf(tx, id, made.id))[0];
  });
}

export async function removeZone(db: Db, linkId: number) {
  if (!(await repo.deleteZoneLink(db, linkId))) throw notFound(`Zone link ${linkId}`);
}

export async function removeService(db: Db, linkId: number) {
  if (!(await repo.deleteServiceLink(db, linkId))) throw notFound(`Skill link ${linkId}`);
}

// ---------------------------------------------------------------- delete, toggle, availability

/** DeleteProfessional: only one who never had an order line; otherwise 409 (deactivate them instead). */
export async function remove(db: Db, mobileNo: string) {
  const refused = () =>
    conflict(
      'MobileNo',
      'This professional has order lines, so their record is kept for the history: deactivate them instead.',
    );
  let userId = 0;
  await db
    .transaction(async (tx) => {
      const user = await repo.userByMobile(tx, mobileNo);
      if (!user?.isProfessional) throw notFound(`Professional with mobile number ${mobileNo}`);
      userId = user.id;
      if ((await repo.lineCount(tx, user.id)) > 0) throw refused();
      await repo.deleteUser(tx, user.id);
    })
    .catch((err) => {
      // Anything else that still names them (a query, a tip, a payment) keeps them too.
      if (isForeignKeyViolation(err)) throw refused();
      throw err;
    });
  evictUserSessions(userId);
}

/**
 * DeReActivateAll action1=Professional. Switching off ends their sessions (sign-in refuses an inactive account) and,
 * in the same transaction, sends each assigned or accepted line back to unassigned (RELEASE, in the transition log),
 * tells every admin, and pushes the change to the dispatch screens.
 */
export async function toggle(db: Db, id: number, actorId: number) {
  const result = await db.transaction(async (tx) => {
    const row = await repo.flipActive(tx, id);
    if (!row) throw notFound(`Professional ${id}`);
    await recordTransition(tx, activeToggle(ENTITY, id, row.active, actorId));
    if (row.active) return { ...row, released: [] as number[] };
    await repo.revokeSessions(tx, id);
    const lineIds = await repo.openLineIds(tx, id);
    const remark = 'The professional was switched off';
    for (const lineId of lineIds) {
      await applyLineEvent(tx, lineId, 'RELEASE', actorId, {
        remark,
        patch: { professionalUserId: null, assignedAt: null },
      });
    }
    if (lineIds.length) {
      const pro = await repo.detail(tx, id);
      const title = `${lineIds.length} job${lineIds.length === 1 ? '' : 's'} back to unassigned`;
      const body = `${pro?.fullName ?? 'A professional'} was switched off: order line${lineIds.length === 1 ? '' : 's'} ${lineIds.join(', ')} need${lineIds.length === 1 ? 's' : ''} a new professional.`;
      for (const adminId of await repo.activeAdmins(tx)) {
        await notifyUser(tx, { userId: adminId, kind: 'job_released', title, body, link: '/Orders/PendingOrders' });
      }
      // Staff and the professionals who could take the lines now see them unassigned (the last write).
      await dispatch.publishUnassigned(tx, lineIds, 'line_released');
    }
    return { ...row, released: lineIds };
  });
  if (!result.active) evictUserSessions(id);
  return { id: result.id, active: result.active };
}

/**
 * The professional's own 'Available' switch (ChangeMystatus builds on it; the test factory uses it): null when the
 * id is not a professional.
 */
export const setAvailable = (exec: Executor, userId: number, available: boolean) =>
  repo.setAvailable(exec, userId, available);

// ---------------------------------------------------------------- import

export interface ImportRow {
  fullName: string;
  roleName: string;
  phone: string;
  altContactNo?: string;
  email?: string;
  cityName: string;
  stateName: string;
  pinCode: string;
  addressLine1: string;
  addressLine2?: string;
  birthDate?: string;
  /** The day they joined (decision 033); empty: the day of the import. */
  joiningDate?: string;
  panNumber: string;
  aadharNumber: string;
  vendorName?: string;
  serviceName?: string;
  zoneName?: string;
}

/**
 * Excel/AddProfessionalExcel: every row is checked (the same rules as AddProfessional, plus names that must resolve
 * and duplicates inside the sheet) before anything is written; then all rows go in, each with its one-time password,
 * in one transaction.
 */
export async function importRows(db: Db, rows: ImportRow[]) {
  const errors = new RowErrors();
  const today = indiaToday();
  const norm = rows.map((r) => ({
    ...r,
    fullName: r.fullName.trim(),
    phone: r.phone.trim(),
    email: r.email?.trim() || null,
    pan: normalPan(r.panNumber),
    aadhaar: normalAadhaar(r.aadharNumber),
    pinCode: r.pinCode.trim(),
    type: PROFESSIONAL_TYPES.find((t) => nameKey(t) === nameKey(r.roleName)),
    services: listOf(r.serviceName),
    zones: listOf(r.zoneName).map((t) => {
      const m = /^(.*?)\s*\(([^()]*)\)$/.exec(t);
      return m ? { text: t, zone: nameKey(m[1]), city: nameKey(m[2]) } : { text: t, zone: nameKey(t), city: null };
    }),
  }));
  const seen = {
    phone: new Map<string, number>(),
    email: new Map<string, number>(),
    pan: new Map<string, number>(),
    aadhaar: new Map<string, number>(),
  };
  norm.forEach((r, i) => {
    if (!r.fullName) errors.add(i, 'fullName', 'must not be empty');
    if (!r.type) errors.add(i, 'roleName', 'must be Technician or Engineer');
    if (!MOBILE.test(r.phone)) errors.add(i, 'phone', 'must be a 10-digit mobile number');
    else errors.firstOf(seen.phone, r.phone, i, 'phone', r.phone);
    const alt = r.altContactNo?.trim();
    if (alt && !MOBILE.test(alt)) errors.add(i, 'altContactNo', 'must be a 10-digit mobile number');
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
    const birth = r.birthDate?.trim();
    if (birth) {
      const why = birthDateProblem(birth, today);
      if (why) errors.add(i, 'birthDate', why);
    }
    const joined = r.joiningDate?.trim();
    if (joined) {
      const why = joiningDateProblem(joined, today, birth);
      if (why) errors.add(i, 'joiningDate', why);
    }
  });

  // Names to ids, in one query per kind.
  const citiesFound = await repo.citiesByNames(db, [...new Set(norm.map((r) => nameKey(r.cityName)))]);
  const vendorsFound = new Map(
    (
      await repo.vendors(db, {
        mobiles: [...new Set(norm.map((r) => r.vendorName?.trim()).filter((v): v is string => !!v))],
      })
    ).map((v) => [v.mobileNo, v.id]),
  );
  const servicesFound = new Map<string, { id: number; professionalType: string }[]>();
  for (const s of await repo.servicesByNames(db, [...new Set(norm.flatMap((r) => r.services.map(nameKey)))])) {
    const key = nameKey(s.heading);
    servicesFound.set(key, [...(servicesFound.get(key) ?? []), s]);
  }
  const zonesFound = await geo.zonesNamed(db, [...new Set(norm.flatMap((r) => r.zones.map((z) => z.zone)))]);
  const homeZones = await repo.zonesOfPincodes(db, [...new Set(norm.map((r) => r.pinCode).filter((p) => PIN.test(p)))]);
  const t = {
    ...(await contactsTaken(db, { mobiles: [...seen.phone.keys()], emails: [...seen.email.keys()] })),
    ...(await repo.taken(db, { pans: [...seen.pan.keys()], aadhaars: [...seen.aadhaar.keys()] })),
  };

  const ready: Checked[] = [];
  norm.forEach((r, i) => {
    const city = citiesFound.filter((c) => c.city === nameKey(r.cityName));
    const inState = city.find((c) => c.state === nameKey(r.stateName));
    if (city.length === 0) errors.add(i, 'cityName', `"${r.cityName.trim()}" is not a city we know`);
    else if (!inState) errors.add(i, 'stateName', `"${r.cityName.trim()}" is not a city of "${r.stateName.trim()}"`);
    let vendorId: number | null = null;
    const vendor = r.vendorName?.trim();
    if (vendor) {
      vendorId = vendorsFound.get(vendor) ?? null;
      if (!vendorId) errors.add(i, 'vendorName', `${vendor} is not the mobile number of a vendor`);
    }
    const serviceIds: number[] = [];
    for (const name of r.services) {
      const matches = servicesFound.get(nameKey(name)) ?? [];
      const ofType = matches.filter((s) => s.professionalType === r.type);
      if (matches.length === 0) errors.add(i, 'serviceName', `"${name}" is not a service`);
      else if (r.type && ofType.length === 0)
        errors.add(i, 'serviceName', `"${name}" is not a service for a ${r.type.toLowerCase()}`);
      else if (ofType.length > 1) errors.add(i, 'serviceName', `"${name}" names more than one service`);
      else if (ofType[0]) serviceIds.push(ofType[0].id);
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
    if (seen.phone.get(r.phone) === i && t.mobiles.has(r.phone))
      errors.add(i, 'phone', `an account with ${r.phone} already exists`);
    if (r.email && seen.email.get(r.email.toLowerCase()) === i && t.emails.has(r.email.toLowerCase())) {
      errors.add(i, 'email', `an account with ${r.email} already exists`);
    }
    if (seen.pan.get(r.pan) === i && t.pans.has(r.pan))
      errors.add(i, 'panNumber', `another professional has PAN ${r.pan}`);
    if (seen.aadhaar.get(r.aadhaar) === i && t.aadhaars.has(r.aadhaar)) {
      errors.add(i, 'aadharNumber', `another professional has the Aadhaar number ending ${aadhaarLast4(r.aadhaar)}`);
    }
    ready.push({
      fullName: r.fullName,
      email: r.email,
      phone: r.phone,
      joinedOn: r.joiningDate?.trim() || null,
      zoneIds: [...new Set(zoneIds)],
      serviceIds: [...new Set(serviceIds)],
      profile: {
        professionalType: r.type ?? 'Technician',
        stateId: inState?.stateId ?? 0,
        cityId: inState?.id ?? 0,
        pinCode: r.pinCode,
        homeZoneId: homeZones.get(r.pinCode) ?? null,
        addressLine1: r.addressLine1.trim(),
        addressLine2: r.addressLine2?.trim() || null,
        altContactNo: r.altContactNo?.trim() || null,
        birthDate: r.birthDate?.trim() || null,
        panNumber: r.pan,
        aadhaarNumber: r.aadhaar,
        vendorUserId: vendorId,
      },
    });
  });
  errors.throwIfAny();

  await db
    .transaction(async (tx) => {
      for (const c of ready) await insertOne(tx, c, null, oneTimePassword(), c.joinedOn ?? today);
    })
    .catch((err) => {
      if (uniqueViolation(err) !== null) {
        throw conflict(
          'rows',
          'Another change added some of these people meanwhile; nothing was imported. Please try again.',
        );
      }
      throw err;
    });
  return { imported: ready.length };
}
