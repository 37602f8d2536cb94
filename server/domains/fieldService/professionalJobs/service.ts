import { ORDER_LINE_STATE_LABELS, type OrderLineState } from '../../../../src/machines/orderLine/orderLine.machine';
import type { Db, Tx } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { badRequest, conflict, HttpError, notFound } from '../../../http';
import { paise, toRupees } from '../../../money';
import { recordTransition } from '../../../plugins/audit';
import { firstName } from '../../../shared/person';
import { lineNamed, orderLines as lines, refusalError, refusalsFor } from '../../commerce';
import { attendance } from '../../people';
import { publishLive } from '../../platform';
import * as repo from './repo';
import { type Caller, JOB_RULES, JOB_TAGS } from './rules';

export { type Caller, JOB_RULES } from './rules';

const IST_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The India calendar day of `now` (YYYY-MM-DD), its bounds as instants, and the start of its month. */
export function indiaCalendar(now: Date) {
  const shifted = new Date(now.getTime() + IST_MS);
  const y = shifted.getUTCFullYear();
  const m = shifted.getUTCMonth();
  const d = shifted.getUTCDate();
  const dayStart = new Date(Date.UTC(y, m, d) - IST_MS);
  return {
    date: shifted.toISOString().slice(0, 10),
    dayStart,
    dayEnd: new Date(dayStart.getTime() + DAY_MS),
    monthStart: new Date(Date.UTC(y, m, 1) - IST_MS),
  };
}

/** The start of an India calendar day given as YYYY-MM-DD. */
const indiaDayStart = (day: string) => new Date(new Date(`${day}T00:00:00Z`).getTime() - IST_MS);

/**
 * The professional a read is about: a technician is always themself (the owner hook has refused anyone else's
 * number); staff must name one by mobile number.
 */
async function professionalFor(db: Db, user: Caller, mobileNo: string | undefined): Promise<number> {
  if (user.role === 'TE') return user.id;
  if (!mobileNo) throw badRequest('ProffessionalMobileNo', 'is required: say which professional');
  const p = await repo.professionalByMobile(db, mobileNo);
  if (!p) throw notFound(`Professional ${mobileNo}`);
  return p.id;
}

export type JobAction = 'Take' | 'Accept' | 'Reject' | 'Complete';

/** What professional `p` may do with a line now: exactly the buttons their screens show. */
export function jobActions(state: string, mine: boolean): JobAction[] {
  if (state === 'unassigned') return ['Take'];
  if (!mine) return [];
  if (state === 'assigned') return ['Accept', 'Reject'];
  if (state === 'accepted') return ['Complete', 'Reject'];
  return [];
}

/**
 * A line as professional `p` sees it: the area and the customer's first name; the full address and the receiver's
 * number only once they have accepted the job (they are going there). Never the completion code.
 */
function jobDto(r: repo.JobRow, p: number) {
  const mine = r.professionalUserId === p;
  const going = mine && r.state === 'accepted';
  return {
    ...lineNamed(r),
    slotEnd: new Date(r.slotStart.getTime() + JOB_RULES.slotMs),
    state: r.state,
    stateLabel: ORDER_LINE_STATE_LABELS[r.state as OrderLineState] ?? r.state,
    customerName: firstName(r.customerName),
    area: { city: r.city, pinCode: r.pinCode, zoneName: r.zoneName },
    address: going ? r.placeAddress : null,
    receiverMobileNo: going ? r.receiverMobileNo : null,
    actions: jobActions(r.state, mine),
  };
}

interface PageQ {
  mobileNo?: string;
  page?: number;
  pageSize?: number;
}

type JobPage = Awaited<ReturnType<typeof repo.heldJobs>>;

/** A page of the professional's jobs with their own 'Available' switch beside it (the job board shows both). */
async function jobBoard(
  db: Db,
  user: Caller,
  q: PageQ,
  read: (p: number, limit: number, offset: number) => Promise<JobPage>,
) {
  const p = await professionalFor(db, user, q.mobileNo);
  const { page, pageSize, limit, offset } = pageOf(q);
  const [found, profile] = await Promise.all([read(p, limit, offset), repo.profileOf(db, p)]);
  return {
    items: found.items.map((r) => jobDto(r, p)),
    total: found.total,
    page,
    pageSize,
    available: profile?.available ?? false,
  };
}

/** Professional/GetUnassignedOrdersForProffessional: the jobs they could take, oldest slot first. */
export const unassignedFor = (db: Db, user: Caller, q: PageQ, now = new Date()) =>
  jobBoard(db, user, q, (p, limit, offset) => repo.openJobsFor(db, p, now, JOB_RULES.slotMs, limit, offset));

/** Professional/GetAssignedOrdersForProffessional: their open jobs (assigned and accepted), soonest first. */
export const assignedFor = (db: Db, user: Caller, q: PageQ & { state?: 'assigned' | 'accepted' }) =>
  jobBoard(db, user, q, (p, limit, offset) =>
    repo.heldJobs(db, p, q.state ? [q.state] : repo.HELD_STATES, limit, offset),
  );

/** Professional/GetAcceptedOrdersForProffessional: accepted jobs to do, or done ones with rating and tip. */
export async function acceptedFor(
  db: Db,
  user: Caller,
  q: PageQ & { when?: 'open' | 'done'; from?: string; to?: string },
) {
  const p = await professionalFor(db, user, q.mobileNo);
  const { page, pageSize, limit, offset } = pageOf(q);
  if (q.from && q.to && q.from > q.to) throw badRequest('to', 'must not be before from');
  const range = {
    from: q.from ? indiaDayStart(q.from) : undefined,
    to: q.to ? new Date(indiaDayStart(q.to).getTime() + DAY_MS) : undefined,
  };
  const found = await repo.acceptedJobs(db, p, q.when ?? 'open', range, limit, offset);
  return {
    items: found.items.map((r) => ({
      ...jobDto(r, p),
      completedAt: r.completedAt,
      rating: r.rating,
      review: r.reviewHiddenAt ? null : r.review,
      tip: toRupees(paise(r.tipPaise)),
    })),
    total: found.total,
    page,
    pageSize,
  };
}

/** Professional/GetRejectedOrdersForProffessional: what they turned down, latest first. */
export async function rejectedFor(db: Db, user: Caller, q: PageQ) {
  const p = await professionalFor(db, user, q.mobileNo);
  const { page, pageSize, limit, offset } = pageOf(q);
  const found = await repo.rejectedJobs(db, p, limit, offset);
  return {
    items: found.items.map((r) => ({
      rejectionId: r.rejectionId,
      lineId: r.lineId,
      orderId: r.orderId,
      serviceId: r.serviceId,
      serviceName: r.description,
      slotStart: r.slotStart,
      area: { city: r.city, pinCode: r.pinCode, zoneName: r.zoneName },
      reason: r.reason,
      rejectedAt: r.at,
    })),
    total: found.total,
    page,
    pageSize,
  };
}

/** Professional/GetTechnicianDashboard: today's jobs in slot order, the counts, the average rating, the switch. */
export async function dashboard(db: Db, user: Caller, mobileNo: string | undefined, now = new Date()) {
  const p = await professionalFor(db, user, mobileNo);
  const cal = indiaCalendar(now);
  const [profile, today, counts] = await Promise.all([
    repo.profileOf(db, p),
    repo.dayJobs(db, p, cal.dayStart, cal.dayEnd),
    repo.dashboardCounts(db, p, now, JOB_RULES.slotMs, cal.monthStart),
  ]);
  const count = profile?.ratingCount ?? 0;
  return {
    date: cal.date,
    today: today.map((r) => jobDto(r, p)),
    counts,
    rating: { average: count === 0 ? 0 : Math.round(((profile?.ratingTotal ?? 0) * 10) / count) / 10, count },
    available: profile?.available ?? false,
  };
}

/** Professional/ChangeMystatus: the 'Available' switch. Jobs already held stay theirs. */
export async function changeMyStatus(db: Db, user: Caller, value: boolean, now = new Date()) {
  return db.transaction(async (tx) => {
    const before = await repo.setAvailable(tx, user.id, value, now);
    if (before === null) throw notFound('Your professional profile');
    // Turning the switch on for the first time in a day also checks them in (decision 033).
    const checkedIn = value ? await attendance.checkInWithin(tx, user.id, now, 'available', true) : false;
    if (before !== value) {
      await recordTransition(tx, {
        entity: 'ProfessionalAvailability',
        entityId: user.id,
        from: before ? 'available' : 'unavailable',
        to: value ? 'available' : 'unavailable',
        event: value ? 'SWITCH_ON' : 'SWITCH_OFF',
        actorId: user.id,
      });
      await publishLive(tx, {
        kind: 'professional_availability',
        tags: ['Dispatch', 'ProfessionalJobs'],
        roles: ['A', 'CD'],
        userIds: [user.id],
        payload: { professionalUserId: user.id, available: value },
      });
    }
    return {
      available: value,
      message: value
        ? `You are available: new jobs can be assigned to you.${checkedIn ? ' You are checked in for today.' : ''}`
        : 'You are unavailable: no new jobs will be assigned to you until you switch back on.',
    };
  });
}

/**
 * The dispatch rules of the admin's assignment (zone, skill, active and available, no job in the slot, never rejected
 * it: dispatch/eligibility), plus the slot must not have ended. Runs under the line's lock; refusalsFor then locks
 * the professional's row, so two takes of one professional queue and the second sees the first's slot.
 */
async function checkTake(
  tx: Tx,
  row: { id: number; serviceId: number; zoneId: number | null; slotStart: Date },
  p: number,
  now: Date,
) {
  if (row.slotStart.getTime() + JOB_RULES.slotMs <= now.getTime()) {
    throw conflict('id', "This job's slot has ended: it can no longer be taken.");
  }
  const refusals = await refusalsFor(tx, { line: row, professionalUserId: p });
  if (refusals.length > 0) throw refusalError(refusals, 'id');
}

export interface MoveInput {
  lineId: number;
  /** 0: take an unassigned job or accept one assigned to you; 1: reject one assigned to you. */
  rejFlag: 0 | 1;
  reason?: string | null;
}

/**
 * Professional/AssignOrderToMyself. Which event RejFlag means depends on the job: 0 takes an unassigned one
 * (SELF_ASSIGN, under the dispatch rules) or accepts one assigned to the caller (ACCEPT); 1 rejects the caller's
 * (REJECT). Another professional's job, or one not open to anyone, is 404. Under the line's row lock the owner is
 * checked again, so an admin's reassignment racing an accept cannot hand the caller someone else's job.
 */
export async function moveJob(db: Db, user: Caller, input: MoveInput, now = new Date()) {
  const line = await repo.lineById(db, input.lineId);
  const missing = notFound(`Job ${input.lineId}`);
  if (!line) throw missing;
  const mine = line.professionalUserId === user.id;
  // A job someone else holds: taking it lost a race (409, as the machine answers a take that came second); nothing
  // else of it is theirs to see or do (404).
  if (!mine && input.rejFlag === 0 && (line.state === 'assigned' || line.state === 'accepted')) throw taken();
  if (!mine && line.state !== 'unassigned') throw missing;
  let event: 'SELF_ASSIGN' | 'ACCEPT' | 'REJECT';
  if (line.state === 'unassigned') {
    if (input.rejFlag === 1) {
      throw conflict('RejFlag', 'This job is not assigned to you, so there is nothing to reject: leave it open.');
    }
    event = 'SELF_ASSIGN';
  } else {
    event = input.rejFlag === 1 ? 'REJECT' : 'ACCEPT';
  }
  // The other professionals whose open lists lose the job when it is taken.
  const rivals = event === 'SELF_ASSIGN' ? await repo.couldTake(db, line.id) : [];
  return db.transaction(async (tx) => {
    const applied = await lines.applyLineEvent(tx, line.id, event, user.id, {
      now,
      remark: event === 'REJECT' ? (input.reason ?? null) : null,
      reason: input.reason ?? null,
      professionalUserId: event === 'SELF_ASSIGN' ? user.id : undefined,
      // A job taken by its professional carries no admin override from an earlier assignment.
      patch: event === 'SELF_ASSIGN' ? { assignmentOverride: null } : undefined,
      check: async (row) => {
        if (event === 'SELF_ASSIGN') await checkTake(tx, row, user.id, now);
        else if (row.professionalUserId !== user.id) throw missing;
      },
    });
    // Back in the pool: the professionals who could take it now hear of it.
    const audience = event === 'REJECT' ? await repo.couldTake(tx, line.id) : rivals;
    await publishLive(tx, {
      kind: event === 'SELF_ASSIGN' ? 'job_taken' : event === 'ACCEPT' ? 'job_accepted' : 'job_rejected',
      tags: JOB_TAGS,
      roles: ['A', 'CD'],
      userIds: [line.customerUserId, user.id, ...audience],
      payload: { lineId: line.id, orderId: line.orderId, event, state: applied.to, professionalUserId: user.id },
    });
    const message =
      event === 'SELF_ASSIGN'
        ? 'The job is yours: it is in your accepted jobs.'
        : event === 'ACCEPT'
          ? 'Accepted: the address is now in your accepted jobs.'
          : 'Rejected: the job went back to the open jobs and will not be offered to you again.';
    return { lineId: line.id, event, state: applied.to, allowedEvents: applied.allowedEvents, message };
  });
}

const taken = () =>
  new HttpError(409, 'Job taken', 'Another professional has this job now: it is no longer open.', [
    { field: 'id', message: 'is taken by another professional' },
  ]);

export * from './completion';
