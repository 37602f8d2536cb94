import type { Executor } from '../../../db/client';
import { badRequest, type CurrentUser, conflict, HttpError } from '../../../http';
import { paise, toRupees } from '../../../money';
import { monthName as attendanceMonthName, indiaDay } from '../attendance/service';
import { daysInMonth, periodOf } from './calc';
import * as repo from './repo';

// What every payroll use case shares (decision 034): the month, the employee, rupees out of paise.

export type Actor = Pick<CurrentUser, 'id' | 'role'>;
export const r2 = (p: number) => toRupees(paise(p));

export interface Month {
  year: number;
  month: number;
  period: string;
  last: string;
}

/** YYYY-MM or YYYY-MM-DD (any day of the month meant). */
export function monthOf(date: string, field = 'date'): Month {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(date.trim());
  const year = m ? Number(m[1]) : 0;
  const month = m ? Number(m[2]) : 0;
  if (!m || year < 2000 || year > 2100 || month < 1 || month > 12) {
    throw badRequest(field, 'must be a month as YYYY-MM or a day as YYYY-MM-DD');
  }
  if (m[3] && (Number(m[3]) < 1 || Number(m[3]) > daysInMonth(year, month))) {
    throw badRequest(field, 'is not a day of that month');
  }
  const D = daysInMonth(year, month);
  return { year, month, period: periodOf(year, month), last: `${periodOf(year, month).slice(0, 8)}${D}` };
}

/** The month before today's (India): the last full month. */
export function lastFullMonth(now = new Date()): Month {
  const t = indiaDay(now);
  const y = t.month === 1 ? t.year - 1 : t.year;
  const m = t.month === 1 ? 12 : t.month - 1;
  return monthOf(`${y}-${String(m).padStart(2, '0')}`);
}

export const monthName = (m: Month) => attendanceMonthName(m.year, m.month);

export function mustHaveEnded(m: Month, now: Date, field: string) {
  if (m.last >= indiaDay(now).date) {
    throw conflict(field, `${monthName(m)} has not ended yet: a month is paid once it is over.`);
  }
}

export const monthEnd = (period: string) => {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(5, 7));
  return `${period.slice(0, 8)}${daysInMonth(y, m)}`;
};

/** A date in a month already paid is refused: paid months are never recomputed. */
export function afterPaid(lastPaid: string | null, day: string, field: string) {
  if (lastPaid && day <= monthEnd(lastPaid)) {
    throw conflict(
      field,
      `Months up to ${monthName(monthOf(lastPaid))} are paid and are never recomputed: choose a date after ${monthEnd(lastPaid)}.`,
    );
  }
}

export async function employeeOr404(exec: Executor, id: number, field = 'EmpId') {
  const e = await repo.employee(exec, id);
  if (!e)
    throw new HttpError(404, 'Not found', `Employee ${id} was not found.`, [
      { field, message: 'is not a professional' },
    ]);
  return e;
}
