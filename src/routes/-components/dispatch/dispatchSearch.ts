// A dispatch list's state in its URL: filters, search, page size and the trail of cursors walked so far (keyset
// paging), so Back, reload and a shared link restore the same page. Light on purpose: a route's validateSearch is in
// the first chunk every page loads.
import type { DispatchFilters } from '../../../api/dispatch';
import { DEFAULT_PAGE_SIZES, type TableState, urlInt } from '../../../ui/tableState';

/** The list's filters (src/api/dispatch.ts; a type import, so nothing more loads), plus the page it shows. */
export interface DispatchSearch extends DispatchFilters {
  pageSize?: number;
  /** The cursors of pages 2..N, joined by '.': page N starts at the last one. */
  trail?: string;
}

const CURSOR = /^-?\d{1,15}_\d{1,10}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Deeper than anyone pages by hand; keeps the URL short. */
export const MAX_TRAIL = 100;

const id = (v: unknown) => {
  const n = urlInt(v);
  return n && n > 0 && n <= 2147483647 ? n : undefined;
};

const day = (v: unknown) =>
  typeof v === 'string' && DAY.test(v) && !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()) ? v : undefined;

/** A range of days, first and last swapped when given the wrong way round. */
function days(rawFrom: unknown, rawTo: unknown): [string | undefined, string | undefined] {
  const from = day(rawFrom);
  const to = day(rawTo);
  return from && to && from > to ? [to, from] : [from, to];
}

/** The cursors of a trail; an invalid trail is dropped whole (back to the first page). */
export const trailOf = (trail?: string): string[] => {
  if (!trail) return [];
  const parts = trail.split('.');
  return parts.length <= MAX_TRAIL && parts.every((c) => CURSOR.test(c)) ? parts : [];
};

export function validateDispatchSearch(raw: Record<string, unknown>): DispatchSearch {
  const text = typeof raw.search === 'string' || typeof raw.search === 'number' ? String(raw.search).slice(0, 100) : '';
  const pageSize = urlInt(raw.pageSize);
  const trail = typeof raw.trail === 'string' ? trailOf(raw.trail) : [];
  const [from, to] = days(raw.from, raw.to);
  const [placedFrom, placedTo] = days(raw.placedFrom, raw.placedTo);
  const [cancelledFrom, cancelledTo] = days(raw.cancelledFrom, raw.cancelledTo);
  return {
    search: text.trim() ? text : undefined,
    pageSize: pageSize && DEFAULT_PAGE_SIZES.includes(pageSize) ? pageSize : undefined,
    zoneId: id(raw.zoneId),
    categoryId: id(raw.categoryId),
    professionalId: id(raw.professionalId),
    from,
    to,
    placedFrom,
    placedTo,
    cancelledFrom,
    cancelledTo,
    state: raw.state === 'assigned' || raw.state === 'accepted' ? raw.state : undefined,
    trail: trail.length ? trail.join('.') : undefined,
  };
}

/**
 * Keyset paging walks one page at a time: the trail after the table asked for `value` while showing `state`, or null
 * when nothing should happen. Next pushes the reply's cursor, Previous pops one, First (or a page that no longer
 * exists after lines left the list) goes back to the start; a new search or page size starts again too.
 */
export function walkTrail(
  trail: readonly string[],
  state: TableState,
  value: TableState,
  nextCursor: string | null,
): string[] | null {
  if (value.search !== state.search || value.pageSize !== state.pageSize) return [];
  if (value.page === state.page) return null;
  if (value.page === state.page + 1) return nextCursor && trail.length < MAX_TRAIL ? [...trail, nextCursor] : null;
  if (value.page === state.page - 1) return trail.slice(0, -1);
  return [];
}
