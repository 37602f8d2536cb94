import {
  RECRUITMENT_STATE_LABELS,
  type RecruitmentEventType,
  recruitmentAllowedEvents,
  recruitmentMachine,
} from '../../../../src/machines/recruitment/recruitment.machine';
import type { Db, Tx } from '../../../db/client';
import { badRequest, type CurrentUser, HttpError, notFound } from '../../../http';
import type { Paise } from '../../../money';
import type { Storage } from '../../../plugins/storage';
import { applyEvent } from '../../../workflow/apply';
import { detail } from './candidates';
import { ENTITY, files } from './common';
import type { RecruitmentState } from './repo';
import * as repo from './repo';
import { dateProblem } from './rules';

// The pipeline: each step a machine event, logged; removal of a candidate.

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
export async function step(tx: Tx, s: StepInput, extra: Partial<repo.CandidateInsert> = {}) {
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
