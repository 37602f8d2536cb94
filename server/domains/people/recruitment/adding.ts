import type { Db, Executor, Tx } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import { type CurrentUser, conflict, formProblems, HttpError } from '../../../http';
import { RowErrors } from '../../../imports';
import type { CheckedFile, Storage } from '../../../plugins/storage';
import { birthDateProblem, EMAIL, MOBILE, PIN } from '../../../shared/identity';
import { detail } from './candidates';
import { FILE_FOLDER, files, invalid } from './common';
import type { Designation } from './repo';
import * as repo from './repo';
import { checkCv, indiaToday, safeFileName } from './rules';

// Adding candidates, one at a time or by import.

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
  const { errors, bad, filled } = formProblems();
  const firstName = filled('firstName', body.firstName);
  const lastName = filled('lastName', body.lastName);
  const address = filled('address', body.address);
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
