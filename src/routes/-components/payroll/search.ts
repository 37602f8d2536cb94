// The payroll pages' URL search checks, apart from the pages: a route's validateSearch is loaded with the route tree
// on every page, so it must not pull a page's components in (the public home's first chunk).

import { MONTH_NAMES } from '../../../ui/format';
import { type ListSearch, validateListSearch } from '../../_admin/-components/listSearch';
import { positiveId } from '../../_admin/-components/search';

/** The payroll month in the URL: `?month=10&year=2026` (left out: the last full month, India time). */
export interface MonthSearch {
  month?: number;
  year?: number;
}

/** A payroll page's search: the month, the chosen employee (`emp`) and the list's keys. */
export interface PayrollSearch extends MonthSearch, ListSearch {
  emp?: number;
}

export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

const intIn = (raw: unknown, min: number, max: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

/** Month 1-12 and a four-digit year; anything else falls back to the last full month. */
export const validateMonthSearch = (raw: Record<string, unknown>): MonthSearch => ({
  month: intIn(raw.month, 1, 12),
  year: intIn(raw.year, FIRST_YEAR, LAST_YEAR),
});

export const validatePayrollSearch = (raw: Record<string, unknown>): PayrollSearch => ({
  ...validateListSearch(raw),
  ...validateMonthSearch(raw),
  emp: positiveId(raw.emp),
});

let indiaMonth: Intl.DateTimeFormat | undefined;
/** The month it is now in India. */
export function currentMonth(now = new Date()): { month: number; year: number } {
  indiaMonth ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' });
  const parts = indiaMonth.formatToParts(now);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { month: get('month'), year: get('year') };
}

/**
 * The month payroll pages open on: the last full month (India time), the latest a salary can be paid for, since the
 * server pays a month once it is over.
 */
export function defaultMonth(now = new Date()): { month: number; year: number } {
  const c = currentMonth(now);
  return c.month === 1 ? { month: 12, year: c.year - 1 } : { month: c.month - 1, year: c.year };
}

/** The month a search stands for, the last full month filling what it leaves out. */
export function monthOf(s: MonthSearch, now = new Date()): { month: number; year: number } {
  const d = defaultMonth(now);
  return { month: s.month ?? d.month, year: s.year ?? d.year };
}

/** The URL form of a month: the default month keeps a clean address. */
export function monthSearchOf(m: { month: number; year: number }, now = new Date()): MonthSearch {
  const d = defaultMonth(now);
  return m.month === d.month && m.year === d.year ? { month: undefined, year: undefined } : m;
}

/** The month as the API takes it: 'YYYY-MM'. */
export const apiMonth = (m: { month: number; year: number }) => `${m.year}-${String(m.month).padStart(2, '0')}`;

/** 'November 2026'. */
export const monthLabel = (m: { month: number; year: number }) => `${MONTH_NAMES[m.month - 1]} ${m.year}`;

export type SalaryStatusFilter = 'due' | 'paid' | 'noStructure';

export type ExpenseStateFilter = 'pending' | 'approved' | 'rejected' | 'paid';

/** The expenses list: a state, an employee and the list's keys. */
export const validateExpensesSearch = (
  raw: Record<string, unknown>,
): PayrollSearch & { state?: ExpenseStateFilter } => ({
  ...validatePayrollSearch(raw),
  state:
    raw.state === 'pending' || raw.state === 'approved' || raw.state === 'rejected' || raw.state === 'paid'
      ? raw.state
      : undefined,
});

/** A pay run followed on the page (`?run=`). */
export const validateRunSearch = (raw: Record<string, unknown>): PayrollSearch & { run?: number } => ({
  ...validatePayrollSearch(raw),
  run: positiveId(raw.run),
});

/** The salary structures list: with or without a structure, the employee opened and the list's keys. */
export const validateStructureSearch = (
  raw: Record<string, unknown>,
): PayrollSearch & { has?: 'with' | 'without' } => ({
  ...validatePayrollSearch(raw),
  has: raw.has === 'with' || raw.has === 'without' ? raw.has : undefined,
});

/**
 * The accountant's month: the month, a status, the employee whose breakdown is open, the list's keys, and the other
 * views: the expenses (`view=expenses`, with their state) and the salary run (`view=run`, with the run followed).
 */
export const validateSalaryListSearch = (
  raw: Record<string, unknown>,
): PayrollSearch & {
  status?: SalaryStatusFilter;
  view?: 'expenses' | 'run';
  state?: ExpenseStateFilter;
  run?: number;
} => ({
  ...validateExpensesSearch(raw),
  status: raw.status === 'due' || raw.status === 'paid' || raw.status === 'noStructure' ? raw.status : undefined,
  view: raw.view === 'expenses' || raw.view === 'run' ? raw.view : undefined,
  run: positiveId(raw.run),
});
