/**
 * India's calendar: the business keeps its days and months in India time (Asia/Kolkata), which is UTC+05:30 all year
 * (no daylight saving). A day is a number (days since 1970-01-01) or its text 'YYYY-MM-DD'; an instant is a Date.
 */

export const IST_MS = 330 * 60_000;
export const DAY_MS = 86_400_000;

/** The day number of 'YYYY-MM-DD' (NaN when it is not a date). */
export const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
/** 'YYYY-MM-DD' of a day number. */
export const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** True when `day` is a real calendar date written 'YYYY-MM-DD' (2026-02-30 is not). */
export const isDayText = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && dayText(dayNumber(day)) === day;

/** The India day an instant falls on, as a day number. */
export const indiaDayOf = (at: Date) => Math.floor((at.getTime() + IST_MS) / DAY_MS);
/** Today in India, as 'YYYY-MM-DD'. */
export const indiaToday = (now = new Date()) => dayText(indiaDayOf(now));
/** The instant an India day starts (00:00 IST). */
export const indiaDayStart = (dayNo: number) => new Date(dayNo * DAY_MS - IST_MS);

/** The India month an instant falls in: its year and month (1–12). */
export function indiaMonthOf(at: Date) {
  const d = new Date(indiaDayOf(at) * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}
/** The day number of the first day of a month (1–12). */
export const firstDayOfMonth = (year: number, month: number) => Date.UTC(year, month - 1, 1) / DAY_MS;
/** The day number of the last day of a month (1–12). */
export const lastDayOfMonth = (year: number, month: number) => Date.UTC(year, month, 1) / DAY_MS - 1;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** 'December 2026'. */
export const monthName = (year: number, month: number) => `${MONTH_NAMES[month - 1]} ${year}`;
