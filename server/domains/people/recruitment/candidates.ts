import {
  RECRUITMENT_EVENT_ROLE,
  RECRUITMENT_STATE_LABELS,
  type RecruitmentEventType,
  recruitmentAllowedEvents,
  recruitmentFlags,
} from '../../../../src/machines/recruitment/recruitment.machine';
import type { Db, Executor } from '../../../db/client';
import { type PageQuery, pageOf } from '../../../db/paging';
import { type CurrentUser, notFound, type RoleCode } from '../../../http';
import { iso, rupeesOrNull } from './common';
import type { Designation, RecruitmentState } from './repo';
import * as repo from './repo';

// A candidate as HR and the admin see them, and the lists they work from.

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
