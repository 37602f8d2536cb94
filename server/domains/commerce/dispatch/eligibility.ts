import type { Executor } from '../../../db/client';
import { HttpError, notFound } from '../../../http';
import * as repo from './repo';

/**
 * The dispatch rules (decision 016), callable from any module's service inside its transaction: the
 * admin's AssignTechnician and the professional's AssignOrderToMyself apply the same ones.
 */

export type RefusalReason =
  | 'wrong_zone'
  | 'missing_skill'
  | 'inactive'
  | 'unavailable'
  | 'overlapping_job'
  | 'rejected_before';

/** Rules an admin's remark may override; an inactive (switched off) professional can never be given a job. */
export const OVERRIDABLE: ReadonlySet<RefusalReason> = new Set([
  'wrong_zone',
  'missing_skill',
  'unavailable',
  'overlapping_job',
  'rejected_before',
]);

/** What an unrated professional's average counts as when ranking: mid-table, so newcomers get work (decision 016). */
export const UNRATED_AS = 4;

const IST_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The India calendar day (midnight to midnight, as instants) that contains `at`. */
export function indiaDay(at: Date): { start: Date; end: Date } {
  const start = Math.floor((at.getTime() + IST_MS) / DAY_MS) * DAY_MS - IST_MS;
  return { start: new Date(start), end: new Date(start + DAY_MS) };
}

/** The line as the rules read it (an order line row has these columns). */
export interface EligibilityLine {
  id: number;
  serviceId: number;
  zoneId: number | null;
  slotStart: Date;
}

export interface Refusal {
  reason: RefusalReason;
  message: string;
}

/**
 * Every rule the professional breaks for the line (empty when they may take it). Locks the professional's row first,
 * so racing assignments of one professional run one after the other and the overlap check sees the earlier one.
 * Throws 404 when the user is not a professional.
 */
export async function refusalsFor(
  tx: Executor,
  { line, professionalUserId }: { line: EligibilityLine; professionalUserId: number },
): Promise<Refusal[]> {
  const pro = await repo.lockProfessional(tx, professionalUserId);
  if (!pro) throw notFound(`Professional ${professionalUserId}`);
  const facts = await repo.eligibilityFacts(tx, {
    lineId: line.id,
    serviceId: line.serviceId,
    zoneId: line.zoneId,
    slotStart: line.slotStart,
    professionalUserId,
  });
  const who = pro.fullName;
  const out: Refusal[] = [];
  if (!pro.active || pro.role !== 'TE') out.push({ reason: 'inactive', message: `${who} is switched off.` });
  if (!pro.available)
    out.push({ reason: 'unavailable', message: `${who} is not available (their 'Available' switch is off).` });
  if (!facts.servesZone) {
    out.push({
      reason: 'wrong_zone',
      message:
        line.zoneId === null
          ? 'The line has no zone.'
          : `${who} does not serve ${facts.zoneName ?? `zone ${line.zoneId}`}.`,
    });
  }
  if (!facts.hasSkill) {
    out.push({
      reason: 'missing_skill',
      message: `${who} does not have the skill ${facts.serviceName ?? `service ${line.serviceId}`}.`,
    });
  }
  if (facts.overlappingLineId !== null) {
    out.push({
      reason: 'overlapping_job',
      message: `${who} already has a job in this slot (line ${facts.overlappingLineId}).`,
    });
  }
  if (facts.rejectedBefore) out.push({ reason: 'rejected_before', message: `${who} rejected this line before.` });
  return out;
}

/** The 409 of a refused assignment: the first reason in `detail` and `reason`, all of them in `reasons`. */
export function refusalError(refusals: Refusal[], field = 'TechnicianId'): HttpError {
  return new HttpError(
    409,
    'Assignment refused',
    refusals.map((r) => r.message).join(' '),
    refusals.map((r) => ({ field, message: r.message })),
    { reason: refusals[0].reason, reasons: refusals.map((r) => r.reason) },
  );
}

/**
 * Refuses (409, reason in the problem's `reason` and `reasons`) an assignment of `line` to the professional that
 * breaks a rule. With an `override` remark (the admin's), the overridable rules are waived and returned, so the caller
 * can record them; an inactive professional is refused whatever the remark. Call it inside the transaction that
 * assigns (after the line is locked): it locks the professional's row.
 */
export async function assertAssignable(
  tx: Executor,
  o: { line: EligibilityLine; professionalUserId: number; now?: Date; override?: string | null },
): Promise<RefusalReason[]> {
  const refusals = await refusalsFor(tx, o);
  if (refusals.length === 0) return [];
  const blocking = o.override ? refusals.filter((r) => !OVERRIDABLE.has(r.reason)) : refusals;
  if (blocking.length > 0) throw refusalError(blocking);
  return refusals.map((r) => r.reason);
}

type RuledLine = EligibilityLine & { professionalUserId: number | null };

/** The line as the rules read it: read when given by id (404 when there is none), else as given. */
async function ruledLine(exec: Executor, lineOrId: number | RuledLine): Promise<RuledLine> {
  const line = typeof lineOrId === 'number' ? await repo.lineForRules(exec, lineOrId) : lineOrId;
  if (!line) throw notFound(`Order line ${lineOrId}`);
  return line;
}

const suggestionQuery = (line: RuledLine & { zoneId: number }, limit: number): repo.SuggestionQuery => {
  const day = indiaDay(line.slotStart);
  return {
    lineId: line.id,
    serviceId: line.serviceId,
    zoneId: line.zoneId,
    slotStart: line.slotStart,
    dayStart: day.start,
    dayEnd: day.end,
    exceptUserId: line.professionalUserId,
    unratedAs: UNRATED_AS,
    limit,
  };
};

/**
 * Everyone suggestionsFor (with `limit`) would name for any of the lines, read in one statement whatever their
 * number: who is told about lines that became unassigned.
 */
export async function suggestedForAny(exec: Executor, lines: (number | RuledLine)[], limit: number): Promise<number[]> {
  const queries: repo.SuggestionQuery[] = [];
  for (const l of lines) {
    const line = await ruledLine(exec, l);
    if (line.zoneId !== null) queries.push(suggestionQuery({ ...line, zoneId: line.zoneId }, limit));
  }
  const rows = await repo.rankedSuggestionsOfLines(exec, queries);
  return [...new Set(rows.map((r) => r.userId))];
}

export interface Suggestion {
  userId: number;
  fullName: string;
  mobileNo: string;
  professionalType: 'Technician' | 'Engineer';
  rank: number;
  todayJobs: number;
  rating: number | null;
  ratingCount: number;
  zoneDistance: 0 | 1 | 2 | 3;
  reasons: string[];
}

const DISTANCE_TEXT = ['lives in the zone', 'lives in the same city', 'lives in the same state', 'lives further away'];

/**
 * The professionals who may take the line, ranked (fewest jobs that day, best average rating with the unrated
 * counted as UNRATED_AS, nearest home), each with the reasons it was chosen. `line` must be a line that can be
 * assigned; its current professional (a reassignment) is left out.
 */
export async function suggestionsFor(
  exec: Executor,
  lineOrId: number | RuledLine,
  { limit = 10, now = new Date() }: { limit?: number; now?: Date } = {},
): Promise<Suggestion[]> {
  const line = await ruledLine(exec, lineOrId);
  if (line.zoneId === null) return [];
  const day = indiaDay(line.slotStart);
  const today = indiaDay(now).start.getTime() === day.start.getTime();
  const rows = await repo.rankedSuggestions(exec, suggestionQuery({ ...line, zoneId: line.zoneId }, limit));
  return rows.map((r, i) => {
    const rating = r.ratingCount > 0 ? Math.round((r.ratingTotal / r.ratingCount) * 10) / 10 : null;
    const jobs = `${r.todayJobs} ${r.todayJobs === 1 ? 'job' : 'jobs'} ${today ? 'today' : 'that day'}`;
    return {
      userId: r.userId,
      fullName: r.fullName,
      mobileNo: r.mobileNo,
      professionalType: r.professionalType,
      rank: i + 1,
      todayJobs: r.todayJobs,
      rating,
      ratingCount: r.ratingCount,
      zoneDistance: r.zoneDistance,
      reasons: [
        `serves ${r.zoneName}`,
        `has skill ${r.serviceName}`,
        'free in the slot',
        jobs,
        rating === null ? 'not rated yet' : `rated ${rating.toFixed(1)} (${r.ratingCount})`,
        DISTANCE_TEXT[r.zoneDistance],
      ],
    };
  });
}
