import fs from 'node:fs/promises';
import {
  RECRUITMENT_EVENT_ROLE,
  RECRUITMENT_STATE_LABELS,
  RECRUITMENT_STEPS,
  type RecruitmentEventType,
  recruitmentAllowedEvents,
  recruitmentFlags,
  recruitmentMachine,
} from '../../../../src/machines/recruitment/recruitment.machine';
import type { Db, Executor, Tx } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import { type PageQuery, pageOf } from '../../../db/paging';
import {
  badRequest,
  type CurrentUser,
  conflict,
  type FieldError,
  HttpError,
  notFound,
  type RoleCode,
} from '../../../http';
import { RowErrors } from '../../../imports';
import { type Paise, toRupees } from '../../../money';
import type { CheckedFile, Storage } from '../../../plugins/storage';
import {
  aadhaarLast4,
  aadhaarProblem,
  birthDateProblem,
  EMAIL,
  MOBILE,
  normalAadhaar,
  normalPan,
  PIN,
  panProblem,
} from '../../../shared/identity';
import { proofStorage } from '../../../shared/proofs';
import { applyEvent } from '../../../workflow/apply';
import type { Designation, RecruitmentState } from './repo';
import * as repo from './repo';
import {
  addDays,
  checkCv,
  checkDoc,
  dateProblem,
  ifscProblem,
  indiaDayStart,
  indiaToday,
  mimeOfUrl,
  safeFileName,
  uanProblem,
} from './rules';

/** The transition log's entity name. */
export const ENTITY = 'Candidate';
const FILE_FOLDER = 'candidate-files';

const invalid = (errors: FieldError[]) =>
  new HttpError(400, 'Invalid request', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);

const files = (uploads: Storage) => proofStorage(uploads);

// ---------------------------------------------------------------- replies

const iso = (d: Date | string | null) =>
  d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();
const rupeesOrNull = (p: number | null) => (p === null ? null : toRupees(p as Paise));

/** The events `role` may send to a candidate in `state` (HR's or the admin's share of the machine's). */
export function eventsFor(state: RecruitmentState, role: RoleCode): RecruitmentEventType[] {
  return recruitmentAllowedEvents(state).filter((e) => RECRUITMENT_EVENT_ROLE[e] === role);
}

function candidateOf(r: repo.ListRow, role: RoleCode) {
  const { cvFileUrl, revisedSalaryPaise, professionalUserId, lastFromState, ...rest } = r;
  return {
    ...rest,
    fullName: [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' '),
    hasCv: cvFileUrl !== null,
    stateLabel: RECRUITMENT_STATE_LABELS[r.state],
    ...recruitmentFlags(r.state, lastFromState),
    revisedSalary: rupeesOrNull(revisedSalaryPaise),
    professionalId: professionalUserId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    lastStepAt: iso(r.lastStepAt) ?? r.createdAt.toISOString(),
    hasDocuments: r.verificationSts !== null,
    allowedEvents: eventsFor(r.state, role),
  };
}

export async function history(exec: Executor, id: number) {
  if (!(await repo.findCandidate(exec, id))) throw notFound(`Candidate ${id}`);
  const rows = await repo.steps(exec, id);
  return rows.map(({ revSalaryPaise, revJoinDate, ...s }) => ({
    ...s,
    at: s.at.toISOString(),
    revSal: rupeesOrNull(revSalaryPaise),
    revJoDate: revJoinDate,
  }));
}

export async function detail(exec: Executor, id: number, viewer: Pick<CurrentUser, 'role'>) {
  const row = await repo.listRow(exec, id);
  if (!row) throw notFound(`Candidate ${id}`);
  return { ...candidateOf(row, viewer.role), history: await history(exec, id) };
}

// ---------------------------------------------------------------- lists

const ACTION_STATES: Record<string, RecruitmentState> = {
  New: 'new',
  Screened: 'screened',
  Interview: 'interview',
  Finalised: 'finalised',
  SentForApproval: 'sentForApproval',
  Approved: 'approved',
  Appointed: 'appointed',
  Rejected: 'rejected',
  AdminRejected: 'adminRejected',
};

export interface ListParams extends PageQuery {
  id?: number;
  state?: RecruitmentState;
  awaitingVerification?: boolean;
  designationType?: Designation;
  sort?: 'createdAt' | 'name' | 'updatedAt';
}

/** Where documents are checked before appointment: the finalised, those with the admin and those to appoint. */
const VERIFYING_STATES: RecruitmentState[] = ['finalised', 'sentForApproval', 'approved'];

export async function list(db: Db, viewer: Pick<CurrentUser, 'role'>, q: ListParams) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const { rows, total } = await repo.page(db, {
    id: q.id,
    states: q.awaitingVerification
      ? VERIFYING_STATES.filter((st) => !q.state || st === q.state)
      : q.state
        ? [q.state]
        : undefined,
    documentsUnverified: q.awaitingVerification,
    designationType: q.designationType,
    search: q.search,
    sort: q.sort,
    order: q.order,
    limit,
    offset,
  });
  return { items: rows.map((r) => candidateOf(r, viewer.role)), total, page, pageSize };
}

export const byAction = (db: Db, viewer: Pick<CurrentUser, 'role'>, action: string, q: ListParams) =>
  list(db, viewer, { ...q, state: ACTION_STATES[action] });

// ---------------------------------------------------------------- adding

export interface CandidateInput {
  firstName: string;
  middleName?: string | null;
  lastName: string;
  phone: string;
  email?: string | null;
  address: string;
  pincode: string;
  dob: string;
  designationType: Designation;
  offOnRole: 'OnRoll' | 'OffRoll';
  totalExp: number;
  cvFile?: string | null;
  cvFileName?: string | null;
}

interface Checked {
  row: Omit<repo.CandidateInsert, 'createdBy' | 'cvFileUrl' | 'cvFileName'>;
  cv: CheckedFile | null;
  cvFileName: string | null;
}

/** The rules the schema cannot state, every field at once (400), then the open candidate with that phone/e-mail (409). */
async function check(exec: Executor, body: CandidateInput): Promise<Checked> {
  const errors: FieldError[] = [];
  const bad = (field: string, message: string) => errors.push({ field, message });
  const firstName = body.firstName.trim();
  if (!firstName) bad('firstName', 'must not be empty');
  const lastName = body.lastName.trim();
  if (!lastName) bad('lastName', 'must not be empty');
  const address = body.address.trim();
  if (!address) bad('address', 'must not be empty');
  const dobWhy = birthDateProblem(body.dob, indiaToday());
  if (dobWhy) bad('dob', dobWhy);
  const email = body.email?.trim() || null;
  let cv: CheckedFile | null = null;
  if (body.cvFile) {
    try {
      cv = await checkCv(body.cvFile);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      errors.push(...err.errors);
    }
  }
  if (errors.length) throw invalid(errors);
  const taken = await repo.openTaken(exec, [body.phone], email ? [email.toLowerCase()] : []);
  if (taken.phones.has(body.phone)) {
    throw conflict('phone', `A candidate with phone ${body.phone} is already in the pipeline.`);
  }
  if (email && taken.emails.has(email.toLowerCase())) {
    throw conflict('email', `A candidate with e-mail ${email} is already in the pipeline.`);
  }
  return {
    row: {
      firstName,
      middleName: body.middleName?.trim() || null,
      lastName,
      phone: body.phone,
      email,
      address,
      pincode: body.pincode,
      dob: body.dob,
      designationType: body.designationType,
      offOnRole: body.offOnRole,
      totalExp: body.totalExp,
    },
    cv,
    cvFileName: cv ? safeFileName(body.cvFileName, 'cv', cv.ext) : null,
  };
}

/** A unique index that another write won meanwhile, as 409 naming the field. */
function raceConflict(err: unknown): never {
  const c = uniqueViolation(err);
  if (c === null) throw err;
  if (c.includes('email')) throw conflict('email', 'A candidate with this e-mail is already in the pipeline.');
  if (c.includes('phone')) throw conflict('phone', 'A candidate with this phone is already in the pipeline.');
  throw err;
}

async function insertOne(tx: Tx, row: Checked['row'], actorId: number, cvUrl: string | null, cvName: string | null) {
  const id = await repo.insertCandidate(tx, { ...row, cvFileUrl: cvUrl, cvFileName: cvName, createdBy: actorId });
  await repo.insertStep(tx, { candidateId: id, actorId, fromState: null, toState: 'new', event: 'ADD' });
  return id;
}

/** AddCandidates: a new candidate (state new), with the CV stored privately. */
export async function add(
  db: Db,
  uploads: Storage | null,
  user: Pick<CurrentUser, 'id' | 'role'>,
  body: CandidateInput,
) {
  const c = await check(db, body);
  const insert = (cvUrl: string | null) =>
    db.transaction((tx) => insertOne(tx, c.row, user.id, cvUrl, c.cvFileName)).catch(raceConflict);
  const id =
    c.cv && uploads
      ? await files(uploads).withFiles([{ folder: FILE_FOLDER, file: c.cv }], async ([url]) => ({
          result: await insert(url),
        }))
      : await insert(null);
  return detail(db, id, user);
}

export type ImportRow = Omit<CandidateInput, 'cvFile' | 'cvFileName' | 'designationType' | 'offOnRole'> & {
  designationType: string;
  offOnRole: string;
};

/** Excel/AddCandidatesExcel: every row checked first; all go in, or none (400 with each row's problems). */
export async function importRows(db: Db, user: Pick<CurrentUser, 'id'>, rows: ImportRow[]) {
  const errors = new RowErrors();
  const today = indiaToday();
  const seenPhone = new Map<string, number>();
  const seenEmail = new Map<string, number>();
  const norm = rows.map((r, i) => {
    const firstName = r.firstName.trim();
    const lastName = r.lastName.trim();
    const phone = r.phone.replace(/[\s-]+/g, '').replace(/^(\+91|0)/, '');
    const email = r.email?.trim() || null;
    const address = r.address.trim();
    const pincode = r.pincode.trim();
    const dob = r.dob.trim();
    const designation = ['Technician', 'Engineer'].find(
      (d) => d.toLowerCase() === r.designationType.trim().toLowerCase(),
    );
    const role = ['OnRoll', 'OffRoll'].find(
      (d) => d.toLowerCase() === r.offOnRole.replace(/[\s-]+/g, '').toLowerCase(),
    );
    if (!firstName) errors.add(i, 'firstName', 'must not be empty');
    if (!lastName) errors.add(i, 'lastName', 'must not be empty');
    if (!MOBILE.test(phone)) errors.add(i, 'phone', 'must be a 10-digit mobile number');
    else errors.firstOf(seenPhone, phone, i, 'phone', phone);
    if (email && !EMAIL.test(email)) errors.add(i, 'email', 'is not an e-mail address');
    else if (email) errors.firstOf(seenEmail, email.toLowerCase(), i, 'email', email);
    if (!address) errors.add(i, 'address', 'must not be empty');
    if (!PIN.test(pincode)) errors.add(i, 'pincode', 'must be 6 digits, not starting with 0');
    const dobWhy = birthDateProblem(dob, today);
    if (dobWhy) errors.add(i, 'dob', dobWhy);
    if (!designation) errors.add(i, 'designationType', 'must be Technician or Engineer');
    if (!role) errors.add(i, 'offOnRole', 'must be OnRoll or OffRoll');
    return {
      firstName,
      middleName: r.middleName?.trim() || null,
      lastName,
      phone,
      email,
      address,
      pincode,
      dob,
      designationType: (designation ?? 'Technician') as Designation,
      offOnRole: (role ?? 'OnRoll') as 'OnRoll' | 'OffRoll',
      totalExp: r.totalExp,
    };
  });
  const taken = await repo.openTaken(db, [...seenPhone.keys()], [...seenEmail.keys()]);
  norm.forEach((r, i) => {
    if (seenPhone.get(r.phone) === i && taken.phones.has(r.phone)) {
      errors.add(i, 'phone', `a candidate with phone ${r.phone} is already in the pipeline`);
    }
    if (r.email && seenEmail.get(r.email.toLowerCase()) === i && taken.emails.has(r.email.toLowerCase())) {
      errors.add(i, 'email', `a candidate with e-mail ${r.email} is already in the pipeline`);
    }
  });
  errors.throwIfAny();
  const ids = await db
    .transaction(async (tx) => {
      const made: number[] = [];
      for (const r of norm) made.push(await insertOne(tx, r, user.id, null, null));
      return made;
    })
    .catch(raceConflict);
  return { imported: ids.length, ids };
}

// ---------------------------------------------------------------- the pipeline

interface StepInput {
  id: number;
  event: RecruitmentEventType;
  /** Who sends it; null for the system. */
  actor: { id: number } | null;
  remark?: string | null;
  revSalaryPaise?: Paise | null;
  revJoinDate?: string | null;
}

/**
 * One event on one candidate, inside `tx`: server/workflow/apply.ts locks the row, refuses what the machine refuses
 * (409 with the state and the allowed events), stores the new state and the transition log; the step (with its
 * revised salary and joining date) goes into the candidate's history in the same transaction.
 */
async function step(tx: Tx, s: StepInput, extra: Partial<repo.CandidateInsert> = {}) {
  const revSal = s.revSalaryPaise || null;
  const revDate = s.revJoinDate || null;
  const applied = await applyEvent(tx, {
    machine: recruitmentMachine,
    entity: ENTITY,
    id: s.id,
    event: { type: s.event },
    actorId: s.actor?.id ?? null,
    remark: s.remark || null,
    lock: repo.lockCandidate,
    write: (t, id, next) =>
      repo.updateCandidate(t, id, {
        state: next as RecruitmentState,
        ...(revSal !== null ? { revisedSalaryPaise: revSal } : {}),
        ...(revDate !== null ? { revisedJoinDate: revDate } : {}),
        ...extra,
      }),
  });
  await repo.insertStep(tx, {
    candidateId: s.id,
    actorId: s.actor?.id ?? null,
    fromState: applied.from as RecruitmentState,
    toState: applied.to as RecruitmentState,
    event: s.event,
    remark: s.remark || null,
    revSalaryPaise: revSal,
    revJoinDate: revDate,
  });
  return applied;
}

const PROCESS_EVENTS: Record<string, RecruitmentEventType> = {
  Screen: 'SCREEN',
  Interview: 'INTERVIEW',
  Finalise: 'FINALISE',
  Reject: 'REJECT',
};

export interface ProcessInput {
  id: number;
  action: 'Screen' | 'Interview' | 'Finalise' | 'Reject';
  accFlag: number;
  rejectRemark: string;
  revSalaryPaise: Paise;
  revJoinDate: string;
}

/** Hr/RecruitmentProcess: AccFlag 1 moves the candidate on (Action's event), AccFlag 0 or Action Reject rejects. */
export async function process(db: Db, user: Pick<CurrentUser, 'id' | 'role'>, q: ProcessInput) {
  const event = q.accFlag === 0 ? 'REJECT' : PROCESS_EVENTS[q.action];
  const remark = q.rejectRemark.trim();
  if (event === 'REJECT' && !remark) throw badRequest('RejectRemark', 'is required to reject a candidate');
  if (q.revJoinDate) {
    const why = dateProblem(q.revJoinDate);
    if (why) throw badRequest('RevJoDate', why);
  }
  await db.transaction((tx) =>
    step(tx, {
      id: q.id,
      event,
      actor: user,
      remark: remark || null,
      revSalaryPaise: q.revSalaryPaise,
      revJoinDate: q.revJoinDate,
    }),
  );
  return detail(db, q.id, user);
}

/** Hr/SendCandidateForApproval: finalised, with documents carrying PAN and Aadhaar (appointment needs them). */
export async function sendForApproval(db: Db, user: Pick<CurrentUser, 'id' | 'role'>, id: number, remark: string) {
  await db.transaction(async (tx) => {
    await step(tx, { id, event: 'SEND_FOR_APPROVAL', actor: user, remark: remark.trim() || null });
    const docs = await repo.docsOf(tx, id);
    if (!docs?.panNumber || !docs.aadharNumber) {
      throw new HttpError(
        409,
        'Documents missing',
        `Candidate ${id} needs documents with PAN and Aadhaar before approval: they carry into the professional.`,
        [{ field: 'id', message: 'add the documents with PAN and Aadhaar first' }],
      );
    }
  });
  return detail(db, id, user);
}

/** Employee/ApproveRejectCandidate: the admin's decision; a rejection needs a remark. */
export async function decide(
  db: Db,
  user: Pick<CurrentUser, 'id' | 'role'>,
  id: number,
  accFlag: number,
  rejectRemark: string,
) {
  const remark = rejectRemark.trim();
  if (accFlag === 0 && !remark) throw badRequest('RejectRemark', 'is required to reject a candidate');
  await db.transaction((tx) =>
    step(tx, { id, event: accFlag === 1 ? 'APPROVE' : 'ADMIN_REJECT', actor: user, remark: remark || null }),
  );
  return detail(db, id, user);
}

/** Hr/DeleteCandidates: only a candidate not yet screened (409 otherwise); their files go too. */
export async function remove(db: Db, uploads: Storage, id: number) {
  const urls = await db.transaction(async (tx) => {
    const row = await repo.lockCandidate(tx, id);
    if (!row) throw notFound(`Candidate ${id}`);
    if (row.state !== 'new') {
      throw new HttpError(
        409,
        'Not deletable',
        `Candidate ${id} is ${RECRUITMENT_STATE_LABELS[row.state].toLowerCase()}: only a candidate not yet screened can be deleted; reject them instead.`,
        [],
        { state: row.state, allowedEvents: recruitmentAllowedEvents(row.state) },
      );
    }
    const docs = await repo.docsOf(tx, id);
    await repo.deleteCandidate(tx, id);
    return [
      row.cvFileUrl,
      docs?.educationFileUrl,
      docs?.aadharFileUrl,
      docs?.panFileUrl,
      docs?.profileImageFileUrl,
      docs?.prevOrgFileUrl,
    ];
  });
  await Promise.all(urls.map((u) => files(uploads).remove(u)));
}

/** Demo seed only: spreads a candidate's steps over the given instants (oldest first). */
export const backdateForSeed = (db: Db, id: number, at: Date[]) =>
  db.transaction((tx) => repo.backdateForSeed(tx, id, at));

// ---------------------------------------------------------------- appointment (called by professionals)

/**
 * What an appointment carries into the professional (Professional/AddProfessional?CandidateId): 404 when there is no
 * such candidate, 409 (with the state and allowed events) unless the admin approved them.
 */
export async function appointmentOf(exec: Executor, candidateId: number) {
  const c = await repo.findCandidate(exec, candidateId);
  if (!c) throw notFound(`Candidate ${candidateId}`);
  if (!recruitmentAllowedEvents(c.state).includes('APPOINT')) {
    throw new HttpError(
      409,
      'Event not allowed',
      `APPOINT is not allowed while Candidate ${candidateId} is ${c.state}: the admin must approve them first.`,
      [{ field: 'CandidateId', message: `is ${RECRUITMENT_STATE_LABELS[c.state].toLowerCase()}, not approved` }],
      { state: c.state, allowedEvents: recruitmentAllowedEvents(c.state) },
    );
  }
  const docs = await repo.docsOf(exec, candidateId);
  return {
    fullName: [c.firstName, c.middleName, c.lastName].filter(Boolean).join(' '),
    phone: c.phone,
    email: c.email,
    address: c.address,
    pincode: c.pincode,
    dob: c.dob,
    professionalType: c.designationType,
    panNumber: docs?.panNumber ?? null,
    aadharNumber: docs?.aadharNumber ?? null,
    /** Where the professional's joining date comes from (decision 033): the revised one, else the expected one. */
    revisedJoinDate: c.revisedJoinDate ?? null,
    expectedJoinDate: docs?.expectedJoinDate ?? null,
  };
}

/**
 * The APPOINT event, inside the professional's transaction (first, so two appointments at once queue on the
 * candidate's lock and the second gets 409), then the link and the bank details once the professional exists.
 */
export async function appoint(tx: Tx, candidateId: number, actor: { id: number } | null) {
  await step(tx, { id: candidateId, event: 'APPOINT', actor });
  return async (professionalUserId: number) => {
    await repo.updateCandidate(tx, candidateId, { professionalUserId });
    const docs = await repo.docsOf(tx, candidateId);
    await repo.insertBankDetails(tx, {
      professionalUserId,
      candidateId,
      bankAccNo: docs?.bankAccNo ?? null,
      bankIfsc: docs?.bankIfsc ?? null,
      pfAccNo: docs?.pfAccNo ?? null,
      uanNo: docs?.uanNo ?? null,
      esiNo: docs?.esiNo ?? null,
    });
  };
}

// ---------------------------------------------------------------- documents

type FileKind = 'education' | 'aadhar' | 'pan' | 'profileImage' | 'prevOrg';
const FILE_KINDS: FileKind[] = ['education', 'aadhar', 'pan', 'profileImage', 'prevOrg'];
const URL_COLUMN = {
  education: 'educationFileUrl',
  aadhar: 'aadharFileUrl',
  pan: 'panFileUrl',
  profileImage: 'profileImageFileUrl',
  prevOrg: 'prevOrgFileUrl',
} as const;
const NAME_COLUMN = {
  education: 'educationFileName',
  aadhar: 'aadharFileName',
  pan: 'panFileName',
  profileImage: 'profileImageFileName',
  prevOrg: 'prevOrgFileName',
} as const;

export interface DocsInput {
  candidateId: number;
  educationFile?: string | null;
  educationFileName?: string | null;
  aadharFile?: string | null;
  aadharFileName?: string | null;
  panFile?: string | null;
  panFileName?: string | null;
  profileImageFile?: string | null;
  profileImageFileName?: string | null;
  prevOrgFile?: string | null;
  prevOrgFileName?: string | null;
  aadharNumber?: string | null;
  panNumber?: string | null;
  expectedSal?: Paise | null;
  offeredSal?: Paise | null;
  previousSal?: Paise | null;
  expectedJoinDate?: string | null;
  verificationSts?: 'Pending' | 'Verified' | 'Rejected';
  bankAccNo?: string | null;
  bankIFSC?: string | null;
  pfAccNo?: string | null;
  uanNo?: string | null;
  esiNo?: string | null;
}

/** The fields sent, checked (400 listing each), as columns; undefined keeps, null clears. Files checked apart. */
async function checkDocs(body: DocsInput) {
  const errors: FieldError[] = [];
  const bad = (field: string, message: string) => errors.push({ field, message });
  const patch: Partial<repo.DocsInsert> = {};
  const set = <K extends keyof repo.DocsInsert>(k: K, v: repo.DocsInsert[K] | undefined) => {
    if (v !== undefined) patch[k] = v;
  };
  const text = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);
  const pan = text(body.panNumber);
  if (pan) {
    const p = normalPan(pan);
    const why = panProblem(p);
    if (why) bad('panNumber', why);
    set('panNumber', p);
  } else set('panNumber', pan);
  const aadhaar = text(body.aadharNumber);
  if (aadhaar) {
    const a = normalAadhaar(aadhaar);
    const why = aadhaarProblem(a);
    if (why) bad('aadharNumber', why);
    set('aadharNumber', a);
  } else set('aadharNumber', aadhaar);
  const ifsc = text(body.bankIFSC)?.toUpperCase();
  if (ifsc) {
    const why = ifscProblem(ifsc);
    if (why) bad('bankIFSC', why);
  }
  set('bankIfsc', body.bankIFSC === undefined ? undefined : (ifsc ?? null));
  const uan = text(body.uanNo);
  if (uan) {
    const why = uanProblem(uan);
    if (why) bad('uanNo', why);
  }
  set('uanNo', uan);
  set('bankAccNo', text(body.bankAccNo));
  set('pfAccNo', text(body.pfAccNo)?.toUpperCase() ?? (body.pfAccNo === undefined ? undefined : null));
  set('esiNo', text(body.esiNo));
  const join = text(body.expectedJoinDate);
  if (join) {
    const why = dateProblem(join);
    if (why) bad('expectedJoinDate', why);
  }
  set('expectedJoinDate', join);
  set('expectedSalPaise', body.expectedSal);
  set('offeredSalPaise', body.offeredSal);
  set('previousSalPaise', body.previousSal);
  set('verificationSts', body.verificationSts);
  const checked: Partial<Record<FileKind, { file: CheckedFile; name: string }>> = {};
  for (const kind of FILE_KINDS) {
    const data = body[`${kind}File`];
    if (!data) continue;
    try {
      const file = await checkDoc(data, `${kind}File`);
      checked[kind] = { file, name: safeFileName(body[`${kind}FileName`], kind, file.ext) };
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      errors.push(...err.errors);
    }
  }
  if (errors.length) throw invalid(errors);
  return { patch, files: checked };
}

const CLOSED: RecruitmentState[] = ['appointed', 'rejected', 'adminRejected'];

/** AddCandidateDocs (create) and UpdateCandidateDocs (the fields sent change; a file sent replaces the stored one). */
export async function saveDocs(
  db: Db,
  uploads: Storage,
  user: Pick<CurrentUser, 'id'>,
  body: DocsInput,
  mode: 'add' | 'update',
) {
  const id = body.candidateId;
  const c = await checkDocs(body);
  const kinds = FILE_KINDS.filter((k) => c.files[k]);
  await files(uploads).withFiles(
    kinds.map((k) => ({ folder: FILE_FOLDER, file: (c.files[k] as { file: CheckedFile }).file })),
    async (urls) => {
      const fileCols: Partial<repo.DocsInsert> = {};
      kinds.forEach((k, i) => {
        fileCols[URL_COLUMN[k]] = urls[i];
        fileCols[NAME_COLUMN[k]] = (c.files[k] as { name: string }).name;
      });
      const replaced = await db.transaction(async (tx) => {
        const cand = await repo.lockCandidate(tx, id);
        if (!cand) throw notFound(`Candidate ${id}`);
        if (CLOSED.includes(cand.state)) {
          throw conflict(
            'candidateId',
            `Candidate ${id} is ${RECRUITMENT_STATE_LABELS[cand.state].toLowerCase()}: their documents are closed.`,
          );
        }
        const current = await repo.lockDocs(tx, id);
        if (mode === 'add') {
          if (current) throw conflict('candidateId', `Candidate ${id} already has documents: update them instead.`);
          await repo.insertDocs(tx, { candidateId: id, ...c.patch, ...fileCols, updatedBy: user.id });
          return [];
        }
        if (!current) throw notFound(`The documents of candidate ${id}`);
        await repo.updateDocs(tx, id, { ...c.patch, ...fileCols, updatedBy: user.id });
        return kinds.map((k) => current[URL_COLUMN[k]]);
      });
      return { result: null, replaced };
    },
  );
  return docs(db, id);
}

export async function docs(exec: Executor, id: number) {
  const cand = await repo.findCandidate(exec, id);
  if (!cand) throw notFound(`Candidate ${id}`);
  const d = await repo.docsOf(exec, id);
  if (!d) throw notFound(`The documents of candidate ${id}`);
  const fileList: { kind: 'cv' | FileKind; fileName: string }[] = [];
  if (cand.cvFileUrl) fileList.push({ kind: 'cv', fileName: cand.cvFileName ?? 'cv' });
  for (const k of FILE_KINDS) {
    if (d[URL_COLUMN[k]]) fileList.push({ kind: k, fileName: d[NAME_COLUMN[k]] ?? k });
  }
  return {
    candidateId: id,
    candidateName: [cand.firstName, cand.middleName, cand.lastName].filter(Boolean).join(' '),
    educationFileName: d.educationFileName,
    aadharFileName: d.aadharFileName,
    panFileName: d.panFileName,
    profileImageFileName: d.profileImageFileName,
    prevOrgFileName: d.prevOrgFileName,
    files: fileList,
    // Only HR and the admin call this: they see the whole number (the lists never carry it).
    aadharNumber: d.aadharNumber,
    aadharLast4: d.aadharNumber ? aadhaarLast4(d.aadharNumber) : null,
    panNumber: d.panNumber,
    expectedSal: rupeesOrNull(d.expectedSalPaise),
    offeredSal: rupeesOrNull(d.offeredSalPaise),
    previousSal: rupeesOrNull(d.previousSalPaise),
    expectedJoinDate: d.expectedJoinDate,
    verificationSts: d.verificationSts,
    bankAccNo: d.bankAccNo,
    bankIFSC: d.bankIfsc,
    pfAccNo: d.pfAccNo,
    uanNo: d.uanNo,
    esiNo: d.esiNo,
    updatedAt: d.updatedAt.toISOString(),
  };
}

/** One private file (the CV or a document): bytes, type and name; 404 when there is none. */
export async function fileOf(db: Db, uploads: Storage, id: number, kind: 'cv' | FileKind) {
  const cand = await repo.findCandidate(db, id);
  if (!cand) throw notFound(`Candidate ${id}`);
  let url: string | null = null;
  let name: string | null = null;
  if (kind === 'cv') {
    url = cand.cvFileUrl;
    name = cand.cvFileName;
  } else {
    const d = await repo.docsOf(db, id);
    url = d?.[URL_COLUMN[kind]] ?? null;
    name = d?.[NAME_COLUMN[kind]] ?? null;
  }
  if (!url) throw notFound(`The ${kind} file of candidate ${id}`);
  const bytes = await fs.readFile(files(uploads).pathOf(url)).catch(() => null);
  if (!bytes) throw notFound(`The ${kind} file of candidate ${id}`);
  return { bytes, mime: mimeOfUrl(url), fileName: name ?? `${kind}.${url.split('.').pop()}` };
}

// ---------------------------------------------------------------- the log, the funnel, the report

const MAX_DAYS = 400;

/** [from, to] India days with defaults, checked (400), as instants [start, end). */
function range(from: string | undefined, to: string | undefined, defaultDays: number) {
  const last = to ?? indiaToday();
  const first = from ?? addDays(last, -(defaultDays - 1));
  if (first > last) throw badRequest('from', 'must not be after to');
  if ((Date.parse(last) - Date.parse(first)) / 86_400_000 >= MAX_DAYS) {
    throw badRequest('from', `the range must be at most ${MAX_DAYS} days`);
  }
  return { first, last, start: indiaDayStart(first), end: indiaDayStart(addDays(last, 1)) };
}

const logRowOf = (r: repo.LogRow) => ({
  hrId: r.hr_id,
  hrName: r.hr_name,
  period: r.period,
  screeningProcess: r.screening,
  interviewed: r.interviewed,
  finalized: r.finalized,
  sentForApproval: r.sent,
  appointedTech: r.appointed_tech,
  apointedEngg: r.appointed_engg,
});

export async function log(db: Db, q: { from?: string; to?: string; groupBy?: 'day' | 'month'; hrId?: number }) {
  const r = range(q.from, q.to, 30);
  const groupBy = q.groupBy ?? 'day';
  const rows = (await repo.logRows(db, r.start, r.end, groupBy, q.hrId)).map(logRowOf);
  const totals = {
    screeningProcess: 0,
    interviewed: 0,
    finalized: 0,
    sentForApproval: 0,
    appointedTech: 0,
    apointedEngg: 0,
  };
  for (const row of rows) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += row[k];
  return { from: r.first, to: r.last, groupBy, rows, totals };
}

/** AddIntoRecruitmentLog: nothing is typed; the caller's counts for today, derived afresh. */
export const todayLog = (db: Db, user: Pick<CurrentUser, 'id'>) => {
  const today = indiaToday();
  return log(db, { from: today, to: today, groupBy: 'day', hrId: user.id });
};

export async function funnel(db: Db, q: { from?: string; to?: string; designationType?: Designation }) {
  const r = range(q.from, q.to, 183);
  const [reached, medians, rejections] = await Promise.all([
    repo.funnelReached(db, r.start, r.end, q.designationType),
    repo.funnelMedianDays(db, r.start, r.end, q.designationType),
    repo.funnelRejections(db, r.start, r.end, q.designationType),
  ]);
  const cohorts = new Map<
    string,
    { month: string; designationType: Designation; added: number; reached: Record<string, number> }
  >();
  const total: Record<string, number> = {};
  for (const row of reached) {
    const key = `${row.month}|${row.designation}`;
    let c = cohorts.get(key);
    if (!c) {
      c = {
        month: row.month,
        designationType: row.designation,
        added: 0,
        reached: Object.fromEntries(RECRUITMENT_STEPS.map((s) => [s, 0])),
      };
      cohorts.set(key, c);
    }
    if (row.state === 'new') c.added = row.n;
    if (RECRUITMENT_STEPS.includes(row.state)) {
      c.reached[row.state] = row.n;
      total[row.state] = (total[row.state] ?? 0) + row.n;
    }
  }
  const median = new Map(medians.map((m) => [m.state, m.median === null ? null : Number(m.median)]));
  const steps = RECRUITMENT_STEPS.map((step, i) => {
    const next = RECRUITMENT_STEPS[i + 1] ?? null;
    const here = total[step] ?? 0;
    const m = median.get(step);
    return {
      step,
      label: RECRUITMENT_STATE_LABELS[step],
      reached: here,
      nextStep: next,
      conversion: next && here > 0 ? Math.round(((total[next] ?? 0) / here) * 1000) / 1000 : null,
      medianDays: next && m !== undefined && m !== null ? Math.round(m * 10) / 10 : null,
    };
  });
  return {
    from: r.first,
    to: r.last,
    cohorts: [...cohorts.values()],
    steps,
    rejections: rejections.map((x) => ({ step: x.step, byAdmin: x.by_admin, reason: x.reason, count: x.n })),
  };
}

export const REPORT_COLUMNS = [
  'month',
  'added',
  'screened',
  'interviewed',
  'finalised',
  'sentForApproval',
  'approved',
  'appointedTech',
  'appointedEngg',
  'rejected',
  'adminRejected',
] as const;

export async function report(db: Db, q: { year?: number; designationType?: Designation }) {
  const year = q.year ?? Number(indiaToday().slice(0, 4));
  const rows = await repo.monthRows(
    db,
    indiaDayStart(`${year}-01-01`),
    indiaDayStart(`${year + 1}-01-01`),
    q.designationType,
  );
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return {
    year,
    rows: Array.from({ length: 12 }, (_, i) => {
      const month = `${year}-${String(i + 1).padStart(2, '0')}`;
      const r = byMonth.get(month);
      return {
        month,
        added: r?.added ?? 0,
        screened: r?.screened ?? 0,
        interviewed: r?.interviewed ?? 0,
        finalised: r?.finalised ?? 0,
        sentForApproval: r?.sent ?? 0,
        approved: r?.approved ?? 0,
        appointedTech: r?.appointed_tech ?? 0,
        appointedEngg: r?.appointed_engg ?? 0,
        rejected: r?.rejected ?? 0,
        adminRejected: r?.admin_rejected ?? 0,
      };
    }),
  };
}

const REPORT_HEADERS: Record<(typeof REPORT_COLUMNS)[number], string> = {
  month: 'Month',
  added: 'Added',
  screened: 'Screened',
  interviewed: 'Interviewed',
  finalised: 'Finalised',
  sentForApproval: 'Sent for approval',
  approved: 'Approved',
  appointedTech: 'Technicians appointed',
  appointedEngg: 'Engineers appointed',
  rejected: 'Rejected by HR',
  adminRejected: 'Rejected by the admin',
};

/** The month-wise report as an .xlsx workbook (write-excel-file). */
export async function reportWorkbook(data: Awaited<ReturnType<typeof report>>): Promise<Buffer> {
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const header = REPORT_COLUMNS.map((c) => ({ value: REPORT_HEADERS[c], fontWeight: 'bold' as const }));
  const rows = data.rows.map((r) =>
    REPORT_COLUMNS.map((c) => (c === 'month' ? { type: String, value: r.month } : { type: Number, value: r[c] })),
  );
  return writeXlsxFile([header, ...rows], {
    sheet: `Recruitment ${data.year}`,
    columns: REPORT_COLUMNS.map((c) => ({ width: c === 'month' ? 10 : 16 })),
    stickyRowsCount: 1,
  }).toBuffer();
}
