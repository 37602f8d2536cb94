// Shared by every admin list: table state plus the server query for the page it asks for.
import { keepPreviousData, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { Dispatch, SetStateAction } from 'react';
import { type TableState, useTableState } from '../../../ui/DataTable';

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
  onStateChange: Dispatch<SetStateAction<TableState>>;
  rows: Row[];
  total: number;
  /** True while a page is being fetched (the previous rows stay shown meanwhile). */
  loading: boolean;
  /** The failure message to show above the table, or null. */
  error: string | null;
}

/**
 * `options(state)` is a query for one page (e.g. `(s) => categoriesQuery(s)`); the previous page stays
 * on screen while the next loads (placeholderData: keepPreviousData). Spread the result onto DataTable.
 */
export function useServerTable<Row>(
  // biome-ignore lint/suspicious/noExplicitAny: any query key shape (queryOptions() keys are mutable tuples)
  options: (state: TableState) => UseQueryOptions<ServerPage<Row>, Error, ServerPage<Row>, any>,
  initial?: Partial<TableState>,
): ServerTable<Row> {
  const [state, setState] = useTableState(initial);
  const query = useQuery({ ...options(state), placeholderData: keepPreviousData });
  return {
    state,
    onStateChange: setState,
    rows: query.data?.items ?? [],
    total: query.data?.total ?? 0,
    loading: query.isFetching,
    error: query.error ? query.error.message : null,
  };
}
