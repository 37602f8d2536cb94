import type { Executor, Tx } from '../../../db/client';
import { badRequest, conflict, notFound } from '../../../http';
import { IST_MS, indiaDay, monthFirst, monthLast } from './calendar';
import * as repo from './repo';

// The attendance rules (decision 033) and the helpers every use case shares.

export const ATTENDANCE_RULES = {
  /** A day checked out after fewer minutes than this is a half-day. */
  halfDayUnderMinutes: 240,
} as const;

/** 'November 2026'. */
export const monthName = (year: number, month: number) =>
  new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const IST_OFFSET = '+05:30';
/** HH:MM (India time) on an India calendar day, as an instant. */
export const instantOf = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00${IST_OFFSET}`);
/** The India wall-clock HH:MM of an instant. */
export const hhmmOf = (at: Date) => new Date(at.getTime() + IST_MS).toISOString().slice(11, 16);
export const minutesBetween = (from: Date | null, to: Date | null) =>
  from && to ? Math.floor((to.getTime() - from.getTime()) / 60_000) : null;

/** Refuses a write to a day of a locked month: 409 naming the lock. Call inside the writing transaction. */
export async function refuseIfLocked(tx: Tx, year: number, month: number, field: string) {
  await repo.holdMonthShared(tx, year, month);
  const lock = await repo.monthLock(tx, year, month);
  if (lock) {
    const by = lock.byName ? `by ${lock.byName}` : 'by payroll';
    throw conflict(
      field,
      `${monthName(year, month)} is locked (${by} on ${indiaDay(lock.lockedAt).date}): HR must unlock the month first.`,
    );
  }
}

/** YYYY-MM-DD naming a day that exists (not 2025-02-30). */
export const isRealDate = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
};

export const monthOfDay = (day: string) => ({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) });

/** Year 0 is this year (India time); any other year must be 2000-2100. */
export function periodOf(yearIn: number | undefined, monthIn: number | undefined, now: Date) {
  const year = yearIn ? yearIn : indiaDay(now).year;
  if (year < 2000 || year > 2100) throw badRequest('Year', 'must be 0 (this year) or between 2000 and 2100');
  const month = monthIn ?? 0;
  const from = month ? monthFirst(year, month) : `${year}-01-01`;
  const to = month ? monthLast(year, month) : `${year}-12-31`;
  return { year, month, from, to };
}

export function countsOut(c: repo.StatusCounts | undefined, days: number) {
  const z = c ?? { present: 0, halfDays: 0, absent: 0, leave: 0, holidays: 0, weeklyOffs: 0, notJoined: 0, days };
  return {
    days: z.days,
    present: z.present,
    halfDay: z.halfDays,
    absent: z.absent,
    leave: z.leave,
    holidays: z.holidays,
    weeklyOffs: z.weeklyOffs,
    notJoined: z.notJoined,
    paidDays: z.present + z.halfDays / 2 + z.leave + z.holidays + z.weeklyOffs,
  };
}

export function dayOut(c: repo.DayCell) {
  return {
    date: c.day,
    status: c.status,
    checkInAt: c.checkInAt?.toISOString() ?? null,
    checkOutAt: c.checkOutAt?.toISOString() ?? null,
    workedMinutes: minutesBetween(c.checkInAt, c.checkOutAt),
    source: c.source,
    holidayName: c.holidayName,
  };
}

export async function professionalOrThrow(db: Executor, empId: number) {
  const p = await repo.professionalName(db, empId);
  if (!p) throw notFound(`Professional ${empId}`);
  return p;
}

/** Refuses a day before the professional joined (400 naming the day's field). */
export function refuseBeforeJoining(day: string, joinedOn: string | null | undefined, field = 'date') {
  if (joinedOn && day < joinedOn) throw badRequest(field, `is before the professional joined (${joinedOn})`);
}

/**
 * A professional's joining date moving from `from` to `to` (UpdateProfessional), inside its transaction: the days
 * between change between "not joined" and counted, so every month they span must be open (409 naming the lock), and
 * no recorded day may fall before the new date (409 naming it). Holds those months shared, as any writer of days.
 */
export async function checkJoiningChange(tx: Tx, userId: number, from: string, to: string, field = 'joiningDate') {
  if (from === to) return;
  const [lo, hi] = from < to ? [from, to] : [to, from];
  await repo.holdMonthsShared(tx, lo, hi);
  const [lock] = await repo.lockedMonthsBetween(tx, lo, hi);
  if (lock) {
    throw conflict(
      field,
      `${monthName(lock.year, lock.month)} is locked: the joining date cannot move across it until HR unlocks it.`,
    );
  }
  const first = await repo.firstDayOf(tx, userId);
  if (first && first < to) {
    throw conflict(field, `The professional has attendance recorded on ${first}, before ${to}.`);
  }
}
