import { DEFAULT_PAGE_SIZES, DEFAULT_TABLE_STATE, type TableState, urlInt } from '../../../ui/tableState';

/**
 * A list's state in its URL (`?page=2&pageSize=50&sort=categoryName&order=desc&search=pl`), so Back, forward, reload
 * and a shared link restore it. Defaults are left out of the URL.
 */
export interface ListSearch {
  page?: number;
  pageSize?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  search?: string;
}

/** The route's validateSearch for a list: anything malformed falls back to the default. */
export function validateListSearch(raw: Record<string, unknown>): ListSearch {
  const page = urlInt(raw.page);
  const pageSize = urlInt(raw.pageSize);
  const text = typeof raw.search === 'string' || typeof raw.search === 'number' ? String(raw.search).slice(0, 100) : '';
  return {
    page: page && page > 1 ? page : undefined,
    pageSize: pageSize && DEFAULT_PAGE_SIZES.includes(pageSize) ? pageSize : undefined,
    sort: typeof raw.sort === 'string' && /^\w{1,40}$/.test(raw.sort) ? raw.sort : undefined,
    order: raw.order === 'asc' || raw.order === 'desc' ? raw.order : undefined,
    search: text.trim() ? text : undefined,
  };
}

/** The table state a URL stands for; `defaults` are the list's own (e.g. newest first). */
export const tableStateOf = (s: ListSearch, defaults: Partial<TableState> = {}): TableState => ({
  ...DEFAULT_TABLE_STATE,
  ...defaults,
  ...(s.page ? { page: s.page } : {}),
  ...(s.pageSize ? { pageSize: s.pageSize } : {}),
  ...(s.search ? { search: s.search } : {}),
  ...(s.sort ? { sort: s.sort, order: s.order ?? 'asc' } : {}),
});

/** The URL form of a table state: every key present (undefined removes it), defaults left out. */
export const listSearchOf = (t: TableState, defaults: Partial<TableState> = {}): Required<ListSearch> => {
  const base = { ...DEFAULT_TABLE_STATE, ...defaults };
  const customSort = t.sort !== base.sort || t.order !== base.order;
  return {
    page: t.page > 1 ? t.page : (undefined as never),
    pageSize: t.pageSize !== base.pageSize ? t.pageSize : (undefined as never),
    search: t.search.trim() ? t.search : (undefined as never),
    sort: customSort && t.sort ? t.sort : (undefined as never),
    order: customSort && t.sort ? (t.order ?? 'asc') : (undefined as never),
  };
};
