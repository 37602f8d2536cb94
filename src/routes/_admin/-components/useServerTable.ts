// Shared by every admin list: table state kept in the route's URL, plus the server query for the page it asks for.
import { keepPreviousData, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { SetStateAction } from 'react';
import type { TableState } from '../../../ui/DataTable';
import { type ListSearch, listSearchOf, tableStateOf, validateListSearch } from './listSearch';

export type { TableState } from '../../../ui/DataTable';

/** One page as every paged list call answers it. */
export interface ServerPage<Row> {
  items: Row[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ServerTable<Row> {
  state: TableState;
  onStateChange: (next: SetStateAction<TableState>) => void;
  rows: Row[];
  total: number;
  /** True while a page is being fetched (the previous rows stay shown meanwhile). */
  loading: boolean;
  /** The failure message to show above the table, or null. */
  error: string | null;
  /** The list's own words for an empty table, where it has some and nothing narrows it. */
  emptyMessage?: string;
}

/**
 * The list's own words for an empty table ("No zones yet"), shown only while nothing narrows the list: with a search
 * or a filter on (`filtered`), the table's "No results match" says more.
 */
export interface EmptyList {
  message: string;
  filtered?: boolean;
}

/**
 * `options(state)` is a query for one page (e.g. `(s) => categoriesQuery(s)`); the state (page, size, sort, search)
 * lives in the URL (the route validates it with `validateListSearch`), so Back, reload and a shared link restore the
 * list. Paging and sorting add a history entry; typing a search replaces it. The previous page stays on screen while
 * the next loads. Spread the result onto DataTable.
 */
export function useServerTable<Row>(
  // biome-ignore lint/suspicious/noExplicitAny: any query key shape (queryOptions() keys are mutable tuples)
  options: (state: TableState) => UseQueryOptions<ServerPage<Row>, Error, ServerPage<Row>, any>,
  defaults: Partial<TableState> = {},
  empty?: EmptyList,
): ServerTable<Row> {
  const search = validateListSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const state = tableStateOf(search, defaults);
  const query = useQuery({ ...options(state), placeholderData: keepPreviousData });

  const onStateChange = (next: SetStateAction<TableState>) => {
    const value = typeof next === 'function' ? next(state) : next;
    void navigate({
      to: '.',
      search: ((prev: Record<string, unknown>) => ({ ...prev, ...listSearchOf(value, defaults) })) as never,
      replace: value.search !== state.search,
    });
  };

  return {
    state,
    onStateChange,
    rows: query.data?.items ?? [],
    total: query.data?.total ?? 0,
    loading: query.isFetching,
    error: query.error ? query.error.message : null,
    ...(empty && !state.search && !empty.filtered ? { emptyMessage: empty.message } : {}),
  };
}

export type { ListSearch };

/**
 * Sets filters a list keeps in its URL beside the table's state (a tab, a status, an employee): the list starts again
 * at its first page, in a new history entry, so Back returns to the filter before.
 */
export function useListFilter<S extends object = Record<string, unknown>>() {
  const navigate = useNavigate();
  return (patch: Partial<S>) =>
    void navigate({
      to: '.',
      search: ((prev: Record<string, unknown>) => ({ ...prev, ...patch, page: undefined })) as never,
    });
}
