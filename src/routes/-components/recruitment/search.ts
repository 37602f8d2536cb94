// The recruitment pages' URL search checks, apart from the pages: a route's validateSearch is loaded with the route
// tree on every page, so it must not pull a page's components in (the public home's first chunk).
import { type ListSearch, validateListSearch } from '../../_admin/-components/listSearch';
import { positiveId } from '../../_admin/-components/search';

export interface CandidateListSearch extends ListSearch {
  tab?: string;
}

/** A candidate list: the table's keys and the tab (a state) where the page has several. */
export const validateCandidateListSearch = (raw: Record<string, unknown>): CandidateListSearch => ({
  ...validateListSearch(raw),
  tab: typeof raw.tab === 'string' && /^\w{1,40}$/.test(raw.tab) ? raw.tab : undefined,
});

/** The candidate's page: `?id=N` (0 when missing or invalid). */
export const validateCandidateSearch = (raw: Record<string, unknown>): { id: number } => ({
  id: positiveId(raw.id) ?? 0,
});

export interface PeriodSearch {
  /** The first and last day of a day-by-day log (YYYY-MM-DD). */
  from?: string;
  to?: string;
  /** A year's month-by-month log or report. */
  year?: number;
  designation?: 'Technician' | 'Engineer';
}

/** A real calendar day (2026-02-30 is none), as the server takes it. */
const day = (v: unknown) => {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return undefined;
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v ? v : undefined;
};

const int = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) ? n : undefined;
};

/** The recruitment log's and the month-wise report's period: a range of days, or a year. */
export const validatePeriodSearch = (raw: Record<string, unknown>): PeriodSearch => {
  const year = int(raw.year);
  return {
    from: day(raw.from),
    to: day(raw.to),
    year: year !== undefined && year >= 2000 && year <= 2100 ? year : undefined,
    designation: raw.designation === 'Technician' || raw.designation === 'Engineer' ? raw.designation : undefined,
  };
};

/** The admin's lists, which open a candidate in the page itself: the list's keys, the tab and `?id=`. */
export const validateCandidatesInPageSearch = (raw: Record<string, unknown>): CandidateListSearch & { id?: number } => {
  const id = positiveId(raw.id);
  return { ...validateCandidateListSearch(raw), ...(id ? { id } : {}) };
};
