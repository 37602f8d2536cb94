import type { Db, Executor, Tx } from '../../../db/client';
import { conflict } from '../../../http';
import { indiaDay } from './calendar';
import { isMonthLocked } from './paidDays';
import * as repo from './repo';
import {
  ATTENDANCE_RULES,
  hhmmOf,
  minutesBetween,
  professionalOrThrow,
  refuseBeforeJoining,
  refuseIfLocked,
} from './rules';

// The professional's day: checking in and out.

export async function myToday(db: Executor, userId: number, now = new Date()) {
  const today = indiaDay(now);
  const [cell] = await repo.dayCells(db, userId, today.date, today.date, today.date);
  const row = await repo.dayRow(db, userId, today.date);
  const locked = await isMonthLocked(db, today.year, today.month);
  const notJoined = cell?.status === 'notJoined';
  return {
    date: today.date,
    status: cell?.status ?? null,
    checkInAt: row?.checkInAt?.toISOString() ?? null,
    checkOutAt: row?.checkOutAt?.toISOString() ?? null,
    workedMinutes: minutesBetween(row?.checkInAt ?? null, row?.checkOutAt ?? (row?.checkInAt ? now : null)),
    canCheckIn: !locked && !notJoined && row === null,
    canCheckOut: !locked && row !== null && row.checkInAt !== null && row.checkOutAt === null,
    locked,
    halfDayUnderMinutes: ATTENDANCE_RULES.halfDayUnderMinutes,
    holidayName: cell?.holidayName ?? null,
  };
}

/**
 * Checks the professional in for today inside `tx`. With `quiet` (the Available switch) a day already written or a
 * locked month leaves everything as it is and answers false; otherwise those answer 409.
 */
export async function checkInWithin(
  tx: Tx,
  userId: number,
  now: Date,
  source: 'self' | 'available',
  quiet = false,
): Promise<boolean> {
  const today = indiaDay(now);
  const joinedOn = (await repo.joinedOnOf(tx, [userId])).get(userId);
  if (joinedOn && today.date < joinedOn) {
    if (quiet) return false;
    refuseBeforeJoining(today.date, joinedOn);
  }
  if (quiet) {
    await repo.holdMonthShared(tx, today.year, today.month);
    if (await isMonthLocked(tx, today.year, today.month)) return false;
  } else {
    await refuseIfLocked(tx, today.year, today.month, 'date');
  }
  const row = await repo.insertCheckIn(tx, userId, today.date, now, source);
  if (row) return true;
  if (quiet) return false;
  const existing = await repo.dayRow(tx, userId, today.date);
  if (existing?.checkInAt) throw conflict('date', `You already checked in today at ${hhmmOf(existing.checkInAt)}.`);
  throw conflict('date', `HR has already marked today as ${existing?.status ?? 'written'}; ask HR to correct it.`);
}

export async function checkIn(db: Db, userId: number, now = new Date()) {
  await professionalOrThrow(db, userId);
  await db.transaction((tx) => checkInWithin(tx, userId, now, 'self'));
  return myToday(db, userId, now);
}

export async function checkOut(db: Db, userId: number, now = new Date()) {
  await professionalOrThrow(db, userId);
  const today = indiaDay(now);
  await db.transaction(async (tx) => {
    await refuseIfLocked(tx, today.year, today.month, 'date');
    const row = await repo.dayRow(tx, userId, today.date, true);
    if (!row?.checkInAt) throw conflict('date', 'You have not checked in today.');
    if (row.checkOutAt) throw conflict('date', `You already checked out today at ${hhmmOf(row.checkOutAt)}.`);
    const worked = minutesBetween(row.checkInAt, now) ?? 0;
    // An HR correction of today stands; otherwise the worked time decides between present and half-day.
    const status =
      row.source === 'hr' ? row.status : worked < ATTENDANCE_RULES.halfDayUnderMinutes ? 'halfDay' : 'present';
    await repo.updateDay(tx, row.id, { checkOutAt: now, status }, now);
  });
  return myToday(db, userId, now);
}
