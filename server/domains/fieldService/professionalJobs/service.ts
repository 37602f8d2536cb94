import { timingSafeEqual } from 'node:crypto';
import {
  ORDER_LINE_STATE_LABELS,
  type OrderLineState,
  orderLineAllowedEvents,
} from '../../../../src/machines/orderLine/orderLine.machine';
import type { Db, Tx } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { badRequest, type CurrentUser, conflict, HttpError, notFound } from '../../../http';
import { paise, rupeesText, toRupees } from '../../../money';
import { recordTransition } from '../../../plugins/audit';
import { orderLines as lines, refusalError, refusalsFor } from '../../commerce';
import { referrals } from '../../marketing';
import { attendance } from '../../people';
import { notifyUser, publishLive } from '../../platform';
import * as repo from './repo';

/** The professional's own rules (decision 019). */
export const JOB_RULES = {
  /** Wrong completion codes allowed before completion is locked until the admin resets it. */
  maxCompletionAttempts: 5,
  /** A slot is a one-hour window (decision 014): a job is open to take until its slot has ended. */
  slotMs: 3_600_000,
} as const;

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

export type Caller = Pick<CurrentUser, 'id' | 'role'>;

/** Live events of a job go to the admin's and the call desk's screens, the customer's and the professionals'. */
const JOB_TAGS = ['Dispatch', 'OrderLines', 'ProfessionalJobs'];

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

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';

/**
 * A line as professional `p` sees it: the area and the customer's first name; the full address and the receiver's
 * number only once they have accepted the job (they are going there). Never the completion code.
 */
function jobDto(r: repo.JobRow, p: number) {
  const mine = r.professionalUserId === p;
  const going = mine && r.state === 'accepted';
  return {
    lineId: r.id,
    orderId: r.orderId,
    serviceId: r.serviceId,
    serviceName: r.description,
    quantity: r.quantity,
    slotStart: r.slotStart,
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

/** Professional/GetUnassignedOrdersForProffessional: the jobs they could take, oldest slot first. */
export async function unassignedFor(db: Db, user: Caller, q: PageQ, now = new Date()) {
  const p = await professionalFor(db, user, q.mobileNo);
  const { page, pageSize, limit, offset } = pageOf(q);
  const [found, profile] = await Promise.all([
    repo.openJobsFor(db, p, now, JOB_RULES.slotMs, limit, offset),
    repo.profileOf(db, p),
  ]);
  return {
    items: found.items.map((r) => jobDto(r, p)),
    total: found.total,
    page,
    pageSize,
    available: profile?.available ?? false,
  };
}

/** Professional/GetAssignedOrdersForProffessional: their open jobs (assigned and accepted), soonest first. */
export async function assignedFor(db: Db, user: Caller, q: PageQ & { state?: 'assigned' | 'accepted' }) {
  const p = await professionalFor(db, user, q.mobileNo);
  const { page, pageSize, limit, offset } = pageOf(q);
  const [found, profile] = await Promise.all([
    repo.heldJobs(db, p, q.state ? [q.state] : repo.HELD_STATES, limit, offset),
    repo.profileOf(db, p),
  ]);
  return {
    items: found.items.map((r) => jobDto(r, p)),
    total: found.total,
    page,
    pageSize,
    available: profile?.available ?? false,
  };
}

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

const locked = () =>
  new HttpError(
    423,
    'Completion locked',
    `The completion code was wrong ${JOB_RULES.maxCompletionAttempts} times: this job is locked. Call the office: the admin can unlock it once they have checked with the customer.`,
    [{ field: 'CompletionCode', message: 'is locked after too many wrong codes' }],
    { attemptsLeft: 0 },
  );

const wrongCode = (left: number) =>
  new HttpError(
    409,
    'Wrong completion code',
    `That is not the customer's code for this visit: ${left} ${left === 1 ? 'attempt' : 'attempts'} left before the job is locked.`,
    [
      {
        field: 'CompletionCode',
        message: `is not this visit's code (${left} ${left === 1 ? 'attempt' : 'attempts'} left)`,
      },
    ],
    { attemptsLeft: left },
  );

/** Compares two codes in constant time (the length is fixed by the contract). */
function sameCode(given: string, stored: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface CompleteInput {
  orderId: number;
  serviceId: number;
  code: string;
}

/**
 * The professional's Complete: only their own accepted job, only with the customer's code. A wrong code counts (the
 * count commits, then the refusal is answered); the fifth locks the job (423) until the admin resets it. The right
 * code completes the line (applyLineEvent COMPLETE), owes the order's tip to this professional when theirs is the
 * order's first completed line (once: professional_tips' key is the line), tells the customer and asks for a rating,
 * and pushes the change to the office, the customer and the professional, all in one transaction.
 */
export async function complete(db: Db, user: Caller, input: CompleteInput, now = new Date()) {
  const found = await repo.lineOf(db, input.orderId, input.serviceId);
  const missing = notFound(`Order ${input.orderId} with service ${input.serviceId}`);
  if (!found) throw missing;
  const outcome = await db.transaction(async (tx) => {
    const row = await repo.lockForCompletion(tx, found.id);
    if (!row || row.professionalUserId !== user.id) throw missing;
    if (!orderLineAllowedEvents(row.state).includes('COMPLETE')) throw lines.refused('COMPLETE', row.id, row.state);
    if (row.completionAttempts >= JOB_RULES.maxCompletionAttempts) throw locked();
    if (!row.completionCode) {
      throw conflict('CompletionCode', 'This visit has no completion code: call the office to complete it.');
    }
    if (!sameCode(input.code, row.completionCode)) {
      const attempts = row.completionAttempts + 1;
      await repo.setCompletionAttempts(tx, row.id, attempts);
      if (attempts >= JOB_RULES.maxCompletionAttempts) {
        await recordTransition(tx, {
          entity: lines.ENTITY,
          entityId: row.id,
          from: row.state,
          to: row.state,
          event: 'COMPLETION_LOCKED',
          actorId: user.id,
          remark: `${attempts} wrong completion codes`,
        });
        await publishLive(tx, {
          kind: 'job_completion_locked',
          tags: JOB_TAGS,
          roles: ['A', 'CD'],
          userIds: [user.id],
          payload: { lineId: row.id, orderId: row.orderId },
        });
      }
      return { wrong: true as const, left: JOB_RULES.maxCompletionAttempts - attempts };
    }
    const done = await completeLocked(tx, row, user.id, now);
    return { wrong: false as const, ...done };
  });
  if (outcome.wrong) throw outcome.left <= 0 ? locked() : wrongCode(outcome.left);
  return {
    lineId: found.id,
    state: 'completed',
    tip: toRupees(paise(outcome.tipPaise)),
    message:
      outcome.tipPaise > 0
        ? `Completed. The customer's tip of ${rupeesText(paise(outcome.tipPaise))} is yours; it is paid with your salary.`
        : 'Completed. The customer has been asked to rate the visit.',
  };
}

type LockedLine = NonNullable<Awaited<ReturnType<typeof repo.lockForCompletion>>>;

/** COMPLETE on a locked line whose code was checked (or the demo seed's visits): tip, notification, live event. */
async function completeLocked(tx: Tx, row: LockedLine, professionalUserId: number, now: Date) {
  await lines.applyLineEvent(tx, row.id, 'COMPLETE', professionalUserId, { now });
  const order = await repo.lockOrderForTip(tx, row.orderId, row.id);
  let tipPaise = 0;
  if (order.status === 'order created' && order.tipPaise > 0 && order.otherCompleted === 0) {
    const owed = await repo.oweTip(tx, {
      orderLineId: row.id,
      professionalUserId,
      amountPaise: order.tipPaise,
      createdAt: now,
    });
    if (owed) tipPaise = order.tipPaise;
  }
  // The customer's first completed visit pays whoever referred them (once; decision 024).
  await referrals.payReferralOnCompletion(tx, row.customerUserId, row.id, { now, actorId: professionalUserId });
  await notifyUser(tx, {
    userId: row.customerUserId,
    kind: 'order_completed',
    title: 'Visit completed',
    body: `${row.description} (order ${row.orderId}) is done. How did it go? Rate the visit in My account.`,
    link: '/MyAccounts?tab=orders',
  });
  await publishLive(tx, {
    kind: 'job_completed',
    tags: JOB_TAGS,
    roles: ['A', 'CD'],
    userIds: [row.customerUserId, professionalUserId],
    payload: { lineId: row.id, orderId: row.orderId, event: 'COMPLETE', state: 'completed', professionalUserId },
  });
  return { tipPaise };
}

/**
 * The demo seed's completion: the same write as the professional's, without the code at the door (the seed is the
 * customer and the professional at once). Never reachable over HTTP.
 */
export async function completeForSeed(tx: Tx, lineId: number, professionalUserId: number, now: Date) {
  const row = await repo.lockForCompletion(tx, lineId);
  if (!row) throw new Error(`completeForSeed: no line ${lineId}`);
  return completeLocked(tx, row, professionalUserId, now);
}

/** Professional/ResetCompletionAttempts: the admin unlocks a job's completion, with a remark in its log. */
export async function resetAttempts(db: Db, user: Caller, lineId: number, remarkText: string) {
  const remark = remarkText.trim();
  if (remark.length < 3) throw badRequest('Remark', 'say why the job is unlocked (at least 3 characters)');
  return db.transaction(async (tx) => {
    const row = await repo.lockForCompletion(tx, lineId);
    if (!row) throw notFound(`Order line ${lineId}`);
    if (row.completionAttempts === 0)
      throw conflict('OrderLineId', 'No wrong completion code was entered for this job.');
    await repo.setCompletionAttempts(tx, row.id, 0);
    await recordTransition(tx, {
      entity: lines.ENTITY,
      entityId: row.id,
      from: row.state,
      to: row.state,
      event: 'UNLOCK_COMPLETION',
      actorId: user.id,
      remark,
    });
    await publishLive(tx, {
      kind: 'job_completion_unlocked',
      tags: JOB_TAGS,
      roles: ['A', 'CD'],
      userIds: row.professionalUserId ? [row.professionalUserId] : [],
      payload: { lineId: row.id, orderId: row.orderId },
    });
    return { lineId: row.id, attemptsLeft: JOB_RULES.maxCompletionAttempts };
  });
}

/** Seed only: the professionals' rating figures made consistent with the rated lines. */
export const resyncRatingsForSeed = repo.resyncRatingsForSeed;
