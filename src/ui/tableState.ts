// A table's state and defaults, apart from the DataTable component: route search validators import these, and a
// route's validateSearch is in the first chunk every page loads, so it must not pull the component in.
export interface TableState {
  /** 1-based. */
  page: number;
  pageSize: number;
  search: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

export const DEFAULT_PAGE_SIZES = [10, 20, 50, 100];
export const DEFAULT_TABLE_STATE: TableState = { page: 1, pageSize: 20, search: '' };

/** A page number or size from a URL: a whole number of at most 6 digits, else undefined. */
export const urlInt = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) ? n : undefined;
};
