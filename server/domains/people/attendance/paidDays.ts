import type { Executor } from '../../../db/client';
import { indiaDay, monthFirst, monthLast } from './calendar';
import type { DayCounts } from './dayCounts';
import * as repo from './repo';

// What payroll asks of attendance: the paid days of a month, and its lock.

/** One employee's month as payroll counts it. Day counts may be halves (a half-day counts 0.5). */
export interface PaidDays extends DayCounts {
  userId: number;
  /** The calendar month's days, those before the professional joined included. */
  daysInMonth: number;
  /** present + 0.5 × halfDays + paid leave + holidays + weekly offs (decision 033: leave recorded by HR is paid). */
  paidDays: number;
}

/**
 * month 1-12. Users without any record still get an entry (every unmarked past working day from their joining date
 * absent). One query for any number of users. Days from today on that nobody has marked are neither paid nor absent
 * yet; days before the professional joined are counted in notJoined only.
 */
export async function paidDaysForMonth(
  db: Executor,
  year: number,
  month: number,
  userIds: number[],
  now: Date = new Date(),
): Promise<Map<number, PaidDays>> {
  const out = new Map<number, PaidDays>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return out;
  const counts = await repo.countsFor(db, ids, monthFirst(year, month), monthLast(year, month), indiaDay(now).date);
  for (const c of counts) {
    out.set(c.userId, {
      userId: c.userId,
      daysInMonth: c.days,
      present: c.present,
      halfDays: c.halfDays,
      leave: c.leave,
      holidays: c.holidays,
      weeklyOffs: c.weeklyOffs,
      absent: c.absent,
      notJoined: c.notJoined,
      paidDays: c.present + c.halfDays / 2 + c.leave + c.holidays + c.weeklyOffs,
    });
  }
  return out;
}

/** Locks the month (idempotent): payroll calls it inside its transaction once it has paid the month. */
export async function lockMonth(tx: Executor, year: number, month: number, actorId: number | null): Promise<void> {
  await repo.holdMonthExclusive(tx, year, month);
  if (await repo.insertLock(tx, year, month, actorId)) {
    await repo.insertAudit(tx, { kind: 'lock', year, month, actorId, after: { locked: true } });
  }
}

export async function isMonthLocked(db: Executor, year: number, month: number): Promise<boolean> {
  return (await repo.monthLock(db, year, month)) !== null;
}
