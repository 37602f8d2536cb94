import type { Db, Executor } from '../../../db/client';
import { isMonthLocked } from './paidDays';
import type { AttendanceStatus } from './repo';
import * as repo from './repo';
import { instantOf, monthOfDay } from './rules';

// Demo data: holidays and days for the seed.

export interface DemoDay {
  userId: number;
  day: string;
  status: AttendanceStatus;
  checkIn?: string;
  checkOut?: string;
  source: 'self' | 'hr';
  updatedBy: number | null;
}

/** True when any professional has a day written (the demo seed then does nothing). */
export const hasAnyDay = (db: Executor) => repo.anyDay(db);
export const activeProfessionals = (db: Executor) => repo.activeProfessionalIds(db);

/**
 * The demo's holidays and days in one transaction; days of a locked month, days already written and days before a
 * professional joined are left alone.
 */
export async function writeDemoDays(
  db: Db,
  holidayRows: { date: string; name: string }[],
  days: DemoDay[],
  actorId: number | null,
) {
  await db.transaction(async (tx) => {
    await repo.insertHolidays(
      tx,
      holidayRows.map((h) => ({ day: h.date, name: h.name, createdBy: actorId })),
    );
    const months = new Set(days.map((d) => d.day.slice(0, 7)));
    const open = new Set<string>();
    for (const ym of months) {
      const { year, month } = monthOfDay(`${ym}-01`);
      await repo.holdMonthShared(tx, year, month);
      if (!(await isMonthLocked(tx, year, month))) open.add(ym);
    }
    const joined = await repo.joinedOnOf(tx, [...new Set(days.map((d) => d.userId))]);
    const rows = days
      .filter((d) => open.has(d.day.slice(0, 7)) && !(d.day < (joined.get(d.userId) ?? '')))
      .map((d) => ({
        userId: d.userId,
        day: d.day,
        status: d.status,
        checkInAt: d.checkIn ? instantOf(d.day, d.checkIn) : null,
        checkOutAt: d.checkOut ? instantOf(d.day, d.checkOut) : null,
        source: d.source,
        updatedBy: d.updatedBy ?? d.userId,
      }));
    for (let i = 0; i < rows.length; i += 500) await repo.insertDays(tx, rows.slice(i, i + 500));
  });
}
