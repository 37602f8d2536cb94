import { and, asc, count, desc, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client';
import { likeTerm, pageAndTotal } from '../../../db/paging';
import { type RowOfShape, rawRows } from '../../../db/rows';
import {
  candidateDocuments,
  candidateSteps,
  candidates,
  type Designation,
  professionalBankDetails,
  type RecruitmentState,
  users,
} from '../../../db/schema';

export type { Designation, RecruitmentState };
export type CandidateRow = typeof candidates.$inferSelect;
export type CandidateInsert = typeof candidates.$inferInsert;
export type DocsRow = typeof candidateDocuments.$inferSelect;
export type DocsInsert = typeof candidateDocuments.$inferInsert;
export type StepInsert = typeof candidateSteps.$inferInsert;

/** The states that hold a phone and an e-mail (the partial unique indexes' condition). */
const OPEN = ['new', 'screened', 'interview', 'finalised', 'sentForApproval', 'approved'] as const;

// ---- candidates

export async function insertCandidate(tx: Tx, row: CandidateInsert): Promise<number> {
  const [made] = await tx.insert(candidates).values(row).returning({ id: candidates.id });
  return made.id;
}

/** The candidate row `FOR UPDATE`: every step of a candidate queues behind this lock. */
export async function lockCandidate(tx: Tx, id: number): Promise<CandidateRow | null> {
  const [row] = await tx.select().from(candidates).where(eq(candidates.id, id)).for('update');
  return row ?? null;
}

export async function findCandidate(exec: Executor, id: number): Promise<CandidateRow | null> {
  const [row] = await exec.select().from(candidates).where(eq(candidates.id, id));
  return row ?? null;
}

export async function updateCandidate(tx: Tx, id: number, patch: Partial<CandidateInsert>) {
  await tx
    .update(candidates)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(candidates.id, id));
}

export async function deleteCandidate(tx: Tx, id: number) {
  await tx.delete(candidates).where(eq(candidates.id, id));
}

/** Which of the phones and e-mails (lower case) an open candidate holds (other than `exceptId`). */
export async function openTaken(exec: Executor, phones: string[], emails: string[], exceptId?: number) {
  const found = { phones: new Set<string>(), emails: new Set<string>() };
  if (!phones.length && !emails.length) return found;
  const match: SQL[] = [];
  if (phones.length) match.push(inArray(candidates.phone, phones));
  if (emails.length) match.push(inArray(sql`lower(${candidates.email})`, emails));
  const rows = await exec
    .select({ phone: candidates.phone, email: candidates.email, id: candidates.id })
    .from(candidates)
    .where(and(inArray(candidates.state, [...OPEN]), or(...match)));
  for (const r of rows) {
    if (r.id === exceptId) continue;
    found.phones.add(r.phone);
    if (r.email) found.emails.add(r.email.toLowerCase());
  }
  return found;
}

const lastStep = (column: 'remark' | 'at' | 'from_state') =>
  sql.raw(
    `(select s.${column} from candidate_steps s where s.candidate_id = "candidates"."id" order by s.id desc limit 1)`,
  );

/** A candidate as the lists and the detail show them: the row, its creator, its documents' status, its last step. */
const listColumns = {
  id: candidates.id,
  firstName: candidates.firstName,
  middleName: candidates.middleName,
  lastName: candidates.lastName,
  phone: candidates.phone,
  email: candidates.email,
  address: candidates.address,
  pincode: candidates.pincode,
  dob: candidates.dob,
  designationType: candidates.designationType,
  offOnRole: candidates.offOnRole,
  totalExp: candidates.totalExp,
  cvFileName: candidates.cvFileName,
  cvFileUrl: candidates.cvFileUrl,
  state: candidates.state,
  revisedSalaryPaise: candidates.revisedSalaryPaise,
  revisedJoinDate: candidates.revisedJoinDate,
  professionalUserId: candidates.professionalUserId,
  createdBy: candidates.createdBy,
  createdByName: users.fullName,
  createdAt: candidates.createdAt,
  updatedAt: candidates.updatedAt,
  verificationSts: candidateDocuments.verificationSts,
  lastRemark: sql<string | null>`${lastStep('remark')}`,
  lastStepAt: sql<string | Date | null>`${lastStep('at')}`,
  lastFromState: sql<RecruitmentState | null>`${lastStep('from_state')}`,
};

export interface ListQuery {
  id?: number;
  states?: RecruitmentState[];
  /** Only those whose documents are missing or not verified. */
  documentsUnverified?: boolean;
  designationType?: Designation;
  search?: string;
  sort?: 'createdAt' | 'name' | 'updatedAt';
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export async function page(exec: Executor, q: ListQuery) {
  const where: SQL[] = [];
  if (q.id) where.push(eq(candidates.id, q.id));
  if (q.states?.length === 0) where.push(sql`false`);
  else if (q.states?.length === 1) where.push(eq(candidates.state, q.states[0]));
  else if (q.states?.length) where.push(inArray(candidates.state, q.states));
  if (q.designationType) where.push(eq(candidates.designationType, q.designationType));
  if (q.documentsUnverified) {
    where.push(
      sql`not exists (select 1 from ${candidateDocuments} where ${candidateDocuments.candidateId} = ${candidates.id} and ${candidateDocuments.verificationSts} = 'Verified')`,
    );
  }
  // Whitespace collapsed to single spaces: a term has no line break, so it never spans two fields of search_text.
  const term = q.search?.replace(/\s+/g, ' ').trim().toLowerCase();
  if (term) {
    // A phone as typed: spaces or dashes, and a +91 (or a 91 or 0 before all ten digits) that the stored phone lacks.
    const digits = term
      .replace(/^\+91/, '')
      .replace(/\D/g, '')
      .replace(/^(?:91|0)(?=[6-9]\d{9}$)/, '');
    const terms = digits.length >= 3 && digits !== term ? [term, digits] : [term];
    where.push(or(...terms.map((t) => like(candidates.searchText, likeTerm(t)))) as SQL);
  }
  const cond = where.length ? and(...where) : undefined;
  // Newest first by default; ties broken by the id in the same direction, so an index on (state, key, id) serves it.
  const dir = (q.order ?? (q.sort === 'name' ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const keys =
    q.sort === 'name'
      ? [dir(candidates.firstName), dir(candidates.lastName), dir(candidates.id)]
      : q.sort === 'updatedAt'
        ? [dir(candidates.updatedAt), dir(candidates.id)]
        : [dir(candidates.createdAt), dir(candidates.id)];
  // The page's ids first (an index scan that skips `offset` rows cheaply), then the details of those ids only: the
  // last-step subqueries and the joins never run for the rows an offset skips.
  const { rows: idRows, total } = await pageAndTotal(
    exec.select({ id: candidates.id }).from(candidates).$dynamic(),
    exec.select({ total: count() }).from(candidates).$dynamic(),
    cond,
    keys,
    q,
  );
  const ids = idRows.map((r) => r.id);
  const rows = ids.length
    ? await exec
        .select(listColumns)
        .from(candidates)
        .leftJoin(users, eq(users.id, candidates.createdBy))
        .leftJoin(candidateDocuments, eq(candidateDocuments.candidateId, candidates.id))
        .where(inArray(candidates.id, ids))
    : [];
  const at = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
  return { rows, total: Number(total) };
}

export type ListRow = Awaited<ReturnType<typeof page>>['rows'][number];

export async function listRow(exec: Executor, id: number): Promise<ListRow | null> {
  const { rows } = await page(exec, { id, limit: 1, offset: 0 });
  return rows[0] ?? null;
}

// ---- steps

export async function insertStep(tx: Tx, row: StepInsert) {
  await tx.insert(candidateSteps).values(row);
}

export function steps(exec: Executor, candidateId: number) {
  return exec
    .select({
      id: candidateSteps.id,
      at: candidateSteps.at,
      fromState: candidateSteps.fromState,
      toState: candidateSteps.toState,
      event: candidateSteps.event,
      actorId: candidateSteps.actorId,
      actorName: users.fullName,
      remark: candidateSteps.remark,
      revSalaryPaise: candidateSteps.revSalaryPaise,
      revJoinDate: candidateSteps.revJoinDate,
    })
    .from(candidateSteps)
    .leftJoin(users, eq(users.id, candidateSteps.actorId))
    .where(eq(candidateSteps.candidateId, candidateId))
    .orderBy(asc(candidateSteps.id));
}

/** Demo seed only: moves a candidate's steps (and its created/updated times) to the given instants, in order. */
export async function backdateForSeed(tx: Tx, candidateId: number, at: Date[]) {
  const rows = await tx
    .select({ id: candidateSteps.id })
    .from(candidateSteps)
    .where(eq(candidateSteps.candidateId, candidateId))
    .orderBy(asc(candidateSteps.id));
  for (const [i, r] of rows.entries()) {
    const when = at[Math.min(i, at.length - 1)];
    await tx.update(candidateSteps).set({ at: when }).where(eq(candidateSteps.id, r.id));
  }
  await tx
    .update(candidates)
    .set({ createdAt: at[0], updatedAt: at[Math.min(rows.length, at.length) - 1] })
    .where(eq(candidates.id, candidateId));
}

// ---- documents

export async function docsOf(exec: Executor, candidateId: number): Promise<DocsRow | null> {
  const [row] = await exec.select().from(candidateDocuments).where(eq(candidateDocuments.candidateId, candidateId));
  return row ?? null;
}

export async function lockDocs(tx: Tx, candidateId: number): Promise<DocsRow | null> {
  const [row] = await tx
    .select()
    .from(candidateDocuments)
    .where(eq(candidateDocuments.candidateId, candidateId))
    .for('update');
  return row ?? null;
}

export async function insertDocs(tx: Tx, row: DocsInsert) {
  await tx.insert(candidateDocuments).values(row);
}

export async function updateDocs(tx: Tx, candidateId: number, patch: Partial<DocsInsert>) {
  await tx
    .update(candidateDocuments)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(candidateDocuments.candidateId, candidateId));
}

export async function insertBankDetails(tx: Tx, row: typeof professionalBankDetails.$inferInsert) {
  await tx.insert(professionalBankDetails).values(row);
}

// ---- derived reports

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

const LOG_ROW = {
  hr_id: 'int',
  hr_name: 'text',
  period: 'text',
  screening: 'int',
  interviewed: 'int',
  finalized: 'int',
  sent: 'int',
  appointed_tech: 'int',
  appointed_engg: 'int',
} as const;
export type LogRow = RowOfShape<typeof LOG_ROW>;

/** Steps per actor per India day (or month) in [from, to): the recruitment log. */
export async function logRows(exec: Executor, from: Date, to: Date, groupBy: 'day' | 'month', hrId?: number) {
  const period =
    groupBy === 'day'
      ? sql`to_char(s.at at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`
      : sql`to_char(s.at at time zone 'Asia/Kolkata', 'YYYY-MM')`;
  return rawRows(
    exec,
    sql`
    select s.actor_id as hr_id, u.full_name as hr_name, ${period} as period,
           count(*) filter (where s.event = 'SCREEN')::int as screening,
           count(*) filter (where s.event = 'INTERVIEW')::int as interviewed,
           count(*) filter (where s.event = 'FINALISE')::int as finalized,
           count(*) filter (where s.event = 'SEND_FOR_APPROVAL')::int as sent,
           count(*) filter (where s.event = 'APPOINT' and c.designation_type = 'Technician')::int as appointed_tech,
           count(*) filter (where s.event = 'APPOINT' and c.designation_type = 'Engineer')::int as appointed_engg
      from ${candidateSteps} s
      join ${candidates} c on c.id = s.candidate_id
      join ${users} u on u.id = s.actor_id
     where s.at >= ${ts(from)} and s.at < ${ts(to)}
       and s.event in ('SCREEN', 'INTERVIEW', 'FINALISE', 'SEND_FOR_APPROVAL', 'APPOINT')
       ${hrId ? sql`and s.actor_id = ${hrId}` : sql``}
     group by s.actor_id, u.full_name, ${period}
     order by ${period} desc, u.full_name, s.actor_id`,
    LOG_ROW,
  );
}

const cohortWhere = (from: Date, to: Date, designation?: Designation) =>
  sql`c.created_at >= ${ts(from)} and c.created_at < ${ts(to)} ${designation ? sql`and c.designation_type = ${designation}` : sql``}`;

/** Candidates added in [from, to) per India month and designation, and how many of them reached each state. */
export async function funnelReached(exec: Executor, from: Date, to: Date, designation?: Designation) {
  const rows = await rawRows(
    exec,
    sql`
    select to_char(c.created_at at time zone 'Asia/Kolkata', 'YYYY-MM') as month, c.designation_type as designation,
           s.to_state as state, count(distinct c.id)::int as n
      from ${candidates} c
      join ${candidateSteps} s on s.candidate_id = c.id
     where ${cohortWhere(from, to, designation)}
     group by 1, 2, 3
     order by 1, 2`,
    { month: 'text', designation: 'text', state: 'text', n: 'int' },
  );
  // The columns hold only the values their types allow.
  return rows.map((r) => ({ ...r, designation: r.designation as Designation, state: r.state as RecruitmentState }));
}

/** The median days between reaching each state and the next step, over the cohort's candidates who moved on. */
export async function funnelMedianDays(exec: Executor, from: Date, to: Date, designation?: Designation) {
  const rows = await rawRows(
    exec,
    sql`
    select x.state, percentile_cont(0.5) within group (order by x.days) as median
      from (
        select s.to_state as state,
               extract(epoch from (lead(s.at) over (partition by s.candidate_id order by s.id) - s.at)) / 86400.0 as days
          from ${candidateSteps} s
          join ${candidates} c on c.id = s.candidate_id
         where ${cohortWhere(from, to, designation)}
      ) x
     where x.days is not null
     group by x.state`,
    { state: 'text', median: 'numeric?' },
  );
  return rows.map((r) => ({ ...r, state: r.state as RecruitmentState }));
}

/** The cohort's rejections by the step they left, who rejected, and the remark (most frequent first). */
export async function funnelRejections(exec: Executor, from: Date, to: Date, designation?: Designation) {
  const rows = await rawRows(
    exec,
    sql`
    select s.from_state as step, (s.event = 'ADMIN_REJECT') as by_admin,
           coalesce(nullif(trim(s.remark), ''), '(no remark)') as reason, count(*)::int as n
      from ${candidateSteps} s
      join ${candidates} c on c.id = s.candidate_id
     where ${cohortWhere(from, to, designation)} and s.event in ('REJECT', 'ADMIN_REJECT')
     group by 1, 2, 3
     order by n desc, reason
     limit 100`,
    { step: 'text', by_admin: 'bool', reason: 'text', n: 'int' },
  );
  // A rejection always leaves a state, so its step is never null.
  return rows.map((r) => ({ ...r, step: r.step as RecruitmentState }));
}

const REPORT_ROW = {
  month: 'text',
  added: 'int',
  screened: 'int',
  interviewed: 'int',
  finalised: 'int',
  sent: 'int',
  approved: 'int',
  appointed_tech: 'int',
  appointed_engg: 'int',
  rejected: 'int',
  admin_rejected: 'int',
} as const;
export type ReportRow = RowOfShape<typeof REPORT_ROW>;

/** Steps taken per India month in [from, to), by event. */
export async function monthRows(exec: Executor, from: Date, to: Date, designation?: Designation) {
  return rawRows(
    exec,
    sql`
    select to_char(s.at at time zone 'Asia/Kolkata', 'YYYY-MM') as month,
           count(*) filter (where s.event = 'ADD')::int as added,
           count(*) filter (where s.event = 'SCREEN')::int as screened,
           count(*) filter (where s.event = 'INTERVIEW')::int as interviewed,
           count(*) filter (where s.event = 'FINALISE')::int as finalised,
           count(*) filter (where s.event = 'SEND_FOR_APPROVAL')::int as sent,
           count(*) filter (where s.event = 'APPROVE')::int as approved,
           count(*) filter (where s.event = 'APPOINT' and c.designation_type = 'Technician')::int as appointed_tech,
           count(*) filter (where s.event = 'APPOINT' and c.designation_type = 'Engineer')::int as appointed_engg,
           count(*) filter (where s.event = 'REJECT')::int as rejected,
           count(*) filter (where s.event = 'ADMIN_REJECT')::int as admin_rejected
      from ${candidateSteps} s
      join ${candidates} c on c.id = s.candidate_id
     where s.at >= ${ts(from)} and s.at < ${ts(to)}
       ${designation ? sql`and c.designation_type = ${designation}` : sql``}
     group by 1`,
    REPORT_ROW,
  );
}
