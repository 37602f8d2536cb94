import { badRequest } from '../../http';
import {
  dayNumber,
  dayText,
  firstDayOfMonth,
  indiaDayOf,
  indiaDayStart,
  indiaMonthOf,
  isDayText,
  lastDayOfMonth,
  monthName,
} from '../../shared/indiaTime';

/**
 * The period a report covers (decision 055): the §7 parameters Type, FromDate, ToDate, Month and Year, with the
 * defaults the clients send (Month and Year 0, FromDate empty). Days are India days; the period is [start, end).
 *
 * - `Month` (the default Type): Month 1–12 of Year; Month 0 is this month, Year 0 this year.
 * - `Year`: the calendar year Year; 0 is this year.
 * - `Day`: the day FromDate; empty is today.
 * - `Range`: FromDate to ToDate, both included; FromDate empty is the whole period (since the first record can
 *   exist), ToDate empty is today.
 */
export const PERIOD_TYPES = ['Day', 'Month', 'Year', 'Range'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

export interface PeriodQuery {
  /** One of PERIOD_TYPES; anything else is a 400 naming `Type`. */
  Type?: string;
  FromDate?: string;
  ToDate?: string;
  Month?: number;
  Year?: number;
}

/** The first day a report can start: nothing the business records is older. */
export const FIRST_DAY = '2000-01-01';
const LAST_YEAR = 2100;
/** Day buckets for a chart up to this many days, month buckets beyond. */
export const DAY_BUCKETS_UP_TO = 92;

export interface Period {
  type: PeriodType;
  /** First and last India day, 'YYYY-MM-DD', both included. */
  from: string;
  to: string;
  /** The instants [start, end) of those days. */
  start: Date;
  end: Date;
  /** 'December 2026', '2026', '5 Dec 2026', '1 Nov 2026 – 5 Dec 2026'. */
  label: string;
  /** The chart's bucket: a day, or a month for longer periods. */
  bucket: 'day' | 'month';
  /** The first day of every bucket, in order ('YYYY-MM-DD'): a month bucket starts on its month's first day. */
  starts: string[];
  /** The month (1–12) and year of a Month period; null for the other types. */
  month: number | null;
  year: number | null;
}

function checkedDay(field: string, value: string) {
  if (!isDayText(value)) throw badRequest(field, 'must be a date (YYYY-MM-DD)');
  if (value < FIRST_DAY || value > `${LAST_YEAR}-12-31`) {
    throw badRequest(field, `must be a day between ${FIRST_DAY} and ${LAST_YEAR}-12-31`);
  }
  return dayNumber(value);
}

function checkedYear(year: number | undefined, now: Date) {
  if (!year) return indiaMonthOf(now).year;
  if (!Number.isInteger(year) || year < 2000 || year > LAST_YEAR) {
    throw badRequest('Year', `must be 0 (this year) or a year from 2000 to ${LAST_YEAR}`);
  }
  return year;
}

const shortDay = (n: number) =>
  new Date(n * 86_400_000).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The period a query asks for, or 400 naming the field that is wrong. */
export function resolvePeriod(q: PeriodQuery, now = new Date()): Period {
  const type = (q.Type || 'Month') as PeriodType;
  if (!PERIOD_TYPES.includes(type)) throw badRequest('Type', `must be one of ${PERIOD_TYPES.join(', ')}`);
  let fromNo: number;
  let month: number | null = null;
  let year: number | null = null;
  let toNo: number;
  let label: string;
  if (type === 'Month') {
    month = q.Month || indiaMonthOf(now).month;
    if (!Number.isInteger(month) || month < 1 || month > 12) {
      throw badRequest('Month', 'must be 0 (this month) or a month from 1 to 12');
    }
    year = checkedYear(q.Year, now);
    fromNo = firstDayOfMonth(year, month);
    toNo = lastDayOfMonth(year, month);
    label = monthName(year, month);
  } else if (type === 'Year') {
    const whole = checkedYear(q.Year, now);
    fromNo = firstDayOfMonth(whole, 1);
    toNo = lastDayOfMonth(whole, 12);
    label = String(whole);
  } else if (type === 'Day') {
    fromNo = q.FromDate ? checkedDay('FromDate', q.FromDate) : indiaDayOf(now);
    toNo = fromNo;
    label = shortDay(fromNo);
  } else {
    toNo = q.ToDate ? checkedDay('ToDate', q.ToDate) : indiaDayOf(now);
    fromNo = q.FromDate ? checkedDay('FromDate', q.FromDate) : dayNumber(FIRST_DAY);
    if (fromNo > toNo) throw badRequest('FromDate', `must be on or before the last day (${dayText(toNo)})`);
    label = q.FromDate ? `${shortDay(fromNo)} – ${shortDay(toNo)}` : `Everything to ${shortDay(toNo)}`;
  }
  const bucket = toNo - fromNo + 1 <= DAY_BUCKETS_UP_TO ? 'day' : 'month';
  const starts: string[] = [];
  if (bucket === 'day') for (let d = fromNo; d <= toNo; d++) starts.push(dayText(d));
  else {
    const first = new Date(fromNo * 86_400_000);
    let y = first.getUTCFullYear();
    let m = first.getUTCMonth() + 1;
    while (firstDayOfMonth(y, m) <= toNo) {
      starts.push(dayText(firstDayOfMonth(y, m)));
      m += 1;
      if (m === 13) {
        m = 1;
        y += 1;
      }
    }
  }
  return {
    type,
    from: dayText(fromNo),
    to: dayText(toNo),
    start: indiaDayStart(fromNo),
    end: indiaDayStart(toNo + 1),
    label,
    bucket,
    starts,
    month,
    year,
  };
}

/**
 * How a period [fromDay, toDay) splits for a report with a daily rollup (rollup/service.ts): the days the rollup
 * holds (before `through`) and the days read from the rows.
 */
export function splitPeriod(fromDay: string, toDay: string, through: string | null) {
  const at = through ?? '2000-01-01';
  const rollEnd = toDay < at ? toDay : at;
  const rowsFrom = fromDay > at ? fromDay : at;
  return {
    rolled: fromDay < rollEnd ? { from: fromDay, to: rollEnd } : null,
    live: rowsFrom < toDay ? { from: rowsFrom, to: toDay } : null,
  };
}

/** A report grouped by one of its dimensions: the period and the contract's GroupBy. */
export interface GroupedQuery extends PeriodQuery {
  GroupBy?: string;
}

/** The dimension a report's GroupBy names (its `fallback` when none is given); 400 naming the choices otherwise. */
export function groupingOf<K extends string, D>(dims: Record<K, D>, q: GroupedQuery, fallback: K) {
  const groupBy = (q.GroupBy ?? fallback) as K;
  const dim = dims[groupBy];
  if (!dim) throw badRequest('GroupBy', `must be one of ${Object.keys(dims).join(', ')}`);
  return { groupBy, dim };
}

/** How a report names the period it covers, first in its answer. */
export const periodOut = (p: Period) => ({ type: p.type, from: p.from, to: p.to, label: p.label });
