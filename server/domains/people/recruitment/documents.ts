import fs from 'node:fs/promises';
import { RECRUITMENT_STATE_LABELS } from '../../../../src/machines/recruitment/recruitment.machine';
import type { Db, Executor } from '../../../db/client';
import { type CurrentUser, conflict, formProblems, HttpError, notFound } from '../../../http';
import type { Paise } from '../../../money';
import type { CheckedFile, Storage } from '../../../plugins/storage';
import { aadhaarLast4, aadhaarProblem, normalAadhaar, normalPan, panProblem } from '../../../shared/identity';
import { FILE_FOLDER, files, invalid, rupeesOrNull } from './common';
import type { RecruitmentState } from './repo';
import * as repo from './repo';
import { checkDoc, dateProblem, ifscProblem, mimeOfUrl, safeFileName, uanProblem } from './rules';

// A candidate's documents: checked, saved with their files, served back.

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
  const { errors, bad } = formProblems();
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
