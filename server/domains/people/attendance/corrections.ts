import type { Db } from '../../../db/client';
import { badRequest, conflict } from '../../../http';
import { indiaDay } from './calendar';
import { lockMonth } from './paidDays';
import type { AttendanceStatus } from './repo';
import * as repo from './repo';
import {
  dayOut,
  hhmmOf,
  instantOf,
  isRealDate,
  monthName,
  monthOfDay,
  professionalOrThrow,
  refuseBeforeJoining,
  refuseIfLocked,
} from './rules';

// HR's writes: corrections, and locking or unlocking a month.

export interface CorrectionInput {
  EmpId: number;
  date: string;
  status: AttendanceStatus;
  checkIn?: string | null;
  checkOut?: string | null;
  reason: string;
}

const snapshotOf = (c: { status: string | null; checkInAt: Date | null; checkOutAt: Date | null }) => ({
  status: c.status,
  checkIn: c.checkInAt ? hhmmOf(c.checkInAt) : null,
  checkOut: c.checkOutAt ? hhmmOf(c.checkOutAt) : null,
});

export async function correct(db: Db, actorId: number, input: CorrectionInput, now = new Date()) {
  const reason = input.reason.trim();
  if (reason.length < 3) throw badRequest('reason', 'must say why, in at least 3 characters');
  const today = indiaDay(now).date;
  if (!isRealDate(input.date)) throw badRequest('date', 'is not a date');
  if (input.date > today) throw badRequest('date', 'cannot be in the future');
  const timed = input.status === 'present' || input.status === 'halfDay';
  const checkIn = input.checkIn || null;
  const checkOut = input.checkOut || null;
  if (!timed && checkIn) throw badRequest('checkIn', 'is only for a present or half-day status');
  if (!timed && checkOut) throw badRequest('checkOut', 'is only for a present or half-day status');
  if (checkOut && !checkIn) throw badRequest('checkOut', 'needs a check-in time');
  if (checkIn && checkOut && checkOut < checkIn) throw badRequest('checkOut', 'cannot be before the check-in');
  const p = await professionalOrThrow(db, input.EmpId);
  refuseBeforeJoining(input.date, p.joinedOn);
  const { year, month } = monthOfDay(input.date);
  return db.transaction(async (tx) => {
    await refuseIfLocked(tx, year, month, 'date');
    const [beforeCell] = await repo.dayCells(tx, input.EmpId, input.date, input.date, today);
    await repo.dayRow(tx, input.EmpId, input.date, true);
    const written = await repo.upsertDay(tx, {
      userId: input.EmpId,
      day: input.date,
      status: input.status,
      checkInAt: checkIn ? instantOf(input.date, checkIn) : null,
      checkOutAt: checkOut ? instantOf(input.date, checkOut) : null,
      source: 'hr',
      updatedBy: actorId,
      updatedAt: now,
    });
    await repo.insertAudit(tx, {
      kind: 'correction',
      userId: input.EmpId,
      day: input.date,
      year,
      month,
      actorId,
      before: snapshotOf(beforeCell),
      after: snapshotOf(written),
      reason,
    });
    const [cell] = await repo.dayCells(tx, input.EmpId, input.date, input.date, today);
    return dayOut(cell);
  });
}

export async function lockByHr(db: Db, actorId: number, input: { Year: number; month: number }, now = new Date()) {
  const today = indiaDay(now);
  if (input.Year * 12 + input.month >= today.year * 12 + today.month) {
    throw badRequest('month', 'can be locked once it has ended');
  }
  await db.transaction((tx) => lockMonth(tx, input.Year, input.month, actorId));
}

export async function unlock(db: Db, actorId: number, input: { Year: number; month: number; reason: string }) {
  const reason = input.reason.trim();
  if (reason.length < 3) throw badRequest('reason', 'must say why, in at least 3 characters');
  await db.transaction(async (tx) => {
    await repo.holdMonthExclusive(tx, input.Year, input.month);
    const lock = await repo.monthLock(tx, input.Year, input.month);
    if (!lock || !(await repo.deleteLock(tx, input.Year, input.month))) {
      throw conflict('month', `${monthName(input.Year, input.month)} is not locked.`);
    }
    await repo.insertAudit(tx, {
      kind: 'unlock',
      year: input.Year,
      month: input.month,
      actorId,
      before: { locked: true, lockedAt: lock.lockedAt.toISOString(), lockedBy: lock.byName ?? 'payroll' },
      after: { locked: false },
      reason,
    });
  });
}
