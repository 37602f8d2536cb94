// A dispatch list's page: the table state from the URL (keyset paging: the trail of cursors walked so far), the
// server's page for it, and the filters. Reads go through the operation kit, so a live event or a write naming the
// Dispatch tag refreshes the page on screen.
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { SetStateAction } from 'react';
import { type DispatchFilters, type DispatchList, dispatchListQuery } from '../../../../api/dispatch';
import type { TableState } from '../../../../ui/DataTable';
import { DEFAULT_TABLE_STATE } from '../../../../ui/tableState';
import { type DispatchSearch, trailOf, walkTrail } from '../../../-components/dispatch/dispatchSearch';

export type FilterPatch = Partial<Omit<DispatchSearch, 'trail' | 'pageSize' | 'search'>>;

/** The filters a URL stands for (the CSV export sends the same ones). */
export const filtersOf = (list: DispatchList, s: DispatchSearch): DispatchFilters => ({
  zoneId: s.zoneId,
  categoryId: s.categoryId,
  professionalId: s.professionalId,
  from: s.from,
  to: s.to,
  placedFrom: s.placedFrom,
  placedTo: s.placedTo,
  cancelledFrom: list === 'cancelled' ? s.cancelledFrom : undefined,
  cancelledTo: list === 'cancelled' ? s.cancelledTo : undefined,
  search: s.search,
  state: list === 'assigned' ? s.state : undefined,
});

/** The page a URL stands for: the route's loader prefetches it under the same key the table reads. */
export const listQueryOf = (list: DispatchList, search: DispatchSearch) => {
  const query = dispatchListQuery(list, {
    ...filtersOf(list, search),
    pageSize: search.pageSize ?? DEFAULT_TABLE_STATE.pageSize,
    cursor: trailOf(search.trail).at(-1),
  });
  // 'Waited' is the server's count of minutes: the unassigned list asks again each minute to keep it true.
  return list === 'unassigned' ? { ...query, refetchInterval: 60_000 } : query;
};

export function useDispatchTable(list: DispatchList, search: DispatchSearch) {
  const navigate = useNavigate();
  const trail = trailOf(search.trail);
  const pageSize = search.pageSize ?? DEFAULT_TABLE_STATE.pageSize;
  const filters = filtersOf(list, search);
  const query = useQuery(listQueryOf(list, search));
  const state: TableState = { page: trail.length + 1, pageSize, search: search.search ?? '' };
  const nextCursor = query.data?.nextCursor ?? null;

  const go = (patch: Partial<DispatchSearch>, replace = false) =>
    navigate({
      to: '.',
      search: ((prev: Record<string, unknown>) => ({ ...prev, ...patch })) as never,
      replace,
    });

  const onStateChange = (next: SetStateAction<TableState>) => {
    const value = typeof next === 'function' ? next(state) : next;
    const walked = walkTrail(trail, state, value, nextCursor);
    if (!walked) return;
    void go(
      {
        search: value.search.trim() ? value.search : undefined,
        pageSize: value.pageSize !== DEFAULT_TABLE_STATE.pageSize ? value.pageSize : undefined,
        trail: walked.length ? walked.join('.') : undefined,
      },
      value.search !== state.search,
    );
  };

  /** A filter changed: back to the first page (a new history entry, so Back undoes it). */
  const setFilters = (patch: FilterPatch) => void go({ ...patch, trail: undefined });

  const total = query.data?.total ?? 0;
  return {
    table: {
      state,
      onStateChange,
      rows: query.data?.items ?? [],
      total,
      loading: query.isFetching,
      error: query.error ? query.error.message : null,
      keyset: true,
    },
    filters,
    setFilters,
    totalCapped: query.data?.totalCapped ?? false,
  };
}
