import { type Dispatch, type ReactNode, type SetStateAction, useEffect, useId, useRef, useState } from 'react';
import { Button } from './Button';
import * as s from './DataTable.css';
import { control, visuallyHidden } from './form/form.css';
import { DEFAULT_PAGE_SIZES, DEFAULT_TABLE_STATE, type TableState } from './tableState';

export { DEFAULT_PAGE_SIZES, DEFAULT_TABLE_STATE, type TableState };

export interface Column<Row> {
  key: string;
  header: string;
  sortable?: boolean;
  align?: 'start' | 'end' | 'center';
  width?: string;
  /**
   * Stays in view at the inline end while the table scrolls sideways on a narrow screen. Defaults to true for the
   * column keyed 'actions', so row actions are always reachable at 390 px (decision 011).
   */
  pinned?: boolean;
  render?: (row: Row) => ReactNode;
}

export interface DataTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  total: number;
  state: TableState;
  onStateChange(next: TableState): void;
  rowKey(row: Row): string | number;
  loading?: boolean;
  error?: string | null;
  toolbar?: ReactNode;
  emptyMessage?: string;
  searchPlaceholder?: string;
  /** False for a list the server cannot search (a wallet's history): no search box. */
  searchable?: boolean;
  pageSizes?: number[];
  /** The server pages by cursor (keyset): pages are walked one at a time, so there is no jump to the last page. */
  keyset?: boolean;
}

/**
 * The props that show `rows` whole, on one page, without search or paging: for the short lists of a detail page (a
 * request's lines, a history) that the table draws for its caption, columns and layout alone.
 */
export const staticTableProps = <Row,>(rows: Row[]) => ({
  rows,
  total: rows.length,
  state: { page: 1, pageSize: Math.max(20, rows.length), search: '' },
  onStateChange: () => {},
  searchable: false,
  pageSizes: [Math.max(20, rows.length)],
});

export const SEARCH_DEBOUNCE_MS = 300;

// ---- Pure helpers (unit-tested) ----

/** Number of pages; never less than 1, so "Page 1 of 1" shows for an empty list. */
export function pageCount(total: number, pageSize: number): number {
  if (!(pageSize > 0) || !(total > 0)) return 1;
  return Math.ceil(total / pageSize);
}

/** The page number kept within 1..pageCount. */
export function clampPage(page: number, total: number, pageSize: number): number {
  const last = pageCount(total, pageSize);
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.floor(page), last);
}

/** First and last item numbers (1-based) shown on a page; both 0 when there is nothing. */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (!(total > 0) || !(pageSize > 0)) return { from: 0, to: 0 };
  const p = clampPage(page, total, pageSize);
  return { from: (p - 1) * pageSize + 1, to: Math.min(p * pageSize, total) };
}

const count = (n: number) => n.toLocaleString('en-IN');

/** 'Showing 21–40 of 1,234' (Indian digit grouping), or 'No results'. */
export function rangeText(page: number, pageSize: number, total: number): string {
  const { from, to } = pageRange(page, pageSize, total);
  if (to === 0) return 'No results';
  return `Showing ${count(from)}–${count(to)} of ${count(total)}`;
}

/** 'Page 2 of 7'. */
export function pageText(page: number, pageSize: number, total: number): string {
  return `Page ${count(clampPage(page, total, pageSize))} of ${count(pageCount(total, pageSize))}`;
}

/** Clicking a header: ascending, then descending, then back to the server's default order. Back to page 1. */
export function toggleSort(state: TableState, key: string): TableState {
  if (state.sort !== key) return { ...state, sort: key, order: 'asc', page: 1 };
  if (state.order !== 'desc') return { ...state, sort: key, order: 'desc', page: 1 };
  return { ...state, sort: undefined, order: undefined, page: 1 };
}

/** aria-sort for a header: only the sorted column carries it (as in the WAI-ARIA sortable table pattern). */
export function ariaSortFor(state: TableState, key: string): 'ascending' | 'descending' | undefined {
  if (state.sort !== key) return undefined;
  return state.order === 'desc' ? 'descending' : 'ascending';
}

/** New search text: back to page 1, since page 5 of the old results means nothing for the new ones. */
export function withSearch(state: TableState, search: string): TableState {
  return { ...state, search, page: 1 };
}

export function withPageSize(state: TableState, pageSize: number): TableState {
  return { ...state, pageSize, page: 1 };
}

/** The value shown for a column without a render function. */
export function cellText(row: unknown, key: string): string {
  const value = row && typeof row === 'object' ? (row as Record<string, unknown>)[key] : undefined;
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Whether a column sticks to the inline end while the table scrolls sideways. */
export const isPinned = (col: Pick<Column<unknown>, 'key' | 'pinned'>): boolean => col.pinned ?? col.key === 'actions';

// ---- Hook ----

/** Table state in React state, starting from the defaults overridden by `initial`. */
export function useTableState(initial?: Partial<TableState>): [TableState, Dispatch<SetStateAction<TableState>>] {
  return useState<TableState>(() => ({ ...DEFAULT_TABLE_STATE, ...initial }));
}

// ---- Component ----

function SortIcon({ order }: { order?: 'asc' | 'desc' }) {
  return (
    <svg className={s.sortIcon} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M6 1 9.5 5h-7z" fill="currentColor" opacity={order === 'asc' ? 1 : 0.3} />
      <path d="M6 11 2.5 7h7z" fill="currentColor" opacity={order === 'desc' ? 1 : 0.3} />
    </svg>
  );
}

/** Chevrons point along the reading direction; the style mirrors them in right-to-left layouts. */
function Chevron({ double, back }: { double?: boolean; back?: boolean }) {
  const d = back ? 'M10 4 6 8l4 4' : 'M6 4l4 4-4 4';
  const d2 = back ? 'M14 4l-4 4 4 4' : 'M2 4l4 4-4 4';
  return (
    <svg className={s.chevron} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      {double ? (
        <path d={d2} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      ) : null}
    </svg>
  );
}

/**
 * The server-side table of every admin list: the caller fetches `rows` for `state` and gets
 * told when the user searches, sorts or pages. While a new page loads the old rows stay visible
 * under an overlay, so the layout does not jump.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  total,
  state,
  onStateChange,
  rowKey,
  loading = false,
  error = null,
  toolbar,
  emptyMessage,
  searchPlaceholder = 'Search…',
  searchable = true,
  pageSizes = DEFAULT_PAGE_SIZES,
  keyset = false,
}: DataTableProps<Row>) {
  const id = useId();
  const searchId = `${id}-search`;
  const sizeId = `${id}-size`;
  const captionId = `${id}-caption`;

  // The latest props, so the debounce timer never sends a stale state.
  const latest = useRef({ state, onStateChange });
  useEffect(() => {
    latest.current = { state, onStateChange };
  });

  // Search text is local while typing and sent 300 ms after the last key.
  const [searchText, setSearchText] = useState(state.search);
  const sentSearch = useRef(state.search);
  useEffect(() => {
    // Follow outside changes (a reset, a link) without clobbering what the user is typing.
    if (state.search !== sentSearch.current) {
      sentSearch.current = state.search;
      setSearchText(state.search);
    }
  }, [state.search]);
  useEffect(() => {
    if (searchText === sentSearch.current) return;
    const timer = setTimeout(() => {
      if (searchText === sentSearch.current) return; // already sent by Enter
      sentSearch.current = searchText;
      latest.current.onStateChange(withSearch(latest.current.state, searchText));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const pages = pageCount(total, state.pageSize);
  const page = clampPage(state.page, total, state.pageSize);

  // After deletions the current page can lie past the end: step back to the last page.
  useEffect(() => {
    if (!loading && !error && total > 0 && state.page > pages) {
      latest.current.onStateChange({ ...latest.current.state, page: pages });
    }
  }, [loading, error, total, state.page, pages]);

  const goTo = (p: number) => onStateChange({ ...state, page: clampPage(p, total, state.pageSize) });
  const sizes = pageSizes.includes(state.pageSize) ? pageSizes : [...pageSizes, state.pageSize].sort((a, b) => a - b);
  const showEmpty = rows.length === 0 && !loading && !error;
  const firstLoad = rows.length === 0 && loading;
  const empty = emptyMessage ?? (state.search ? `No results match “${state.search}”.` : 'Nothing here yet.');

  return (
    <div className={s.root}>
      <div className={s.toolbar}>
        {searchable ? (
          <div className={s.search}>
            <label htmlFor={searchId} className={visuallyHidden}>
              Search
            </label>
            <svg
              className={s.searchIcon}
              width="16"
              height="16"
              viewBox="0 0 16 16"
              aria-hidden="true"
              focusable="false"
            >
              <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path d="m10.5 10.5 3.5 3.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
            <input
              id={searchId}
              type="search"
              dir="auto"
              className={`${control} ${s.searchInput}`}
              placeholder={searchPlaceholder}
              value={searchText}
              autoComplete="off"
              onChange={(e) => setSearchText(e.target.value)}
              onKeyDown={(e) => {
                // Enter searches at once instead of waiting for the debounce.
                if (e.key === 'Enter' && searchText !== sentSearch.current) {
                  sentSearch.current = searchText;
                  onStateChange(withSearch(state, searchText));
                }
              }}
            />
          </div>
        ) : null}
        {toolbar ? <div className={s.toolbarActions}>{toolbar}</div> : null}
      </div>

      {error ? (
        <div role="alert" className={s.error}>
          {error}
        </div>
      ) : null}

      <div className={s.frame}>
        {/* Focusable so keyboard users can scroll a wide table sideways. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        <section className={s.scroll} aria-labelledby={captionId} tabIndex={0}>
          <table className={s.table} aria-busy={loading || undefined}>
            <caption id={captionId} className={visuallyHidden}>
              {caption}
            </caption>
            <thead>
              <tr>
                {columns.map((col) => {
                  const sorted = state.sort === col.key ? state.order : undefined;
                  return (
                    <th
                      key={col.key}
                      scope="col"
                      className={isPinned(col) ? `${s.th} ${s.pinned}` : s.th}
                      style={{ textAlign: col.align ?? 'start', inlineSize: col.width }}
                      aria-sort={col.sortable ? ariaSortFor(state, col.key) : undefined}
                    >
                      {col.sortable ? (
                        <button
                          type="button"
                          className={s.sortButton}
                          data-align={col.align ?? 'start'}
                          onClick={() => onStateChange(toggleSort(state, col.key))}
                        >
                          {col.header}
                          <SortIcon order={sorted} />
                        </button>
                      ) : (
                        col.header
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} className={s.tr}>
                  {columns.map((col) => (
                    <td
                      key={col.key}
                      className={isPinned(col) ? `${s.td} ${s.pinned}` : s.td}
                      style={{ textAlign: col.align ?? 'start' }}
                    >
                      {/* Data is user-entered: <bdi> gives it its own direction (English stays readable in a
                          right-to-left page) while the cell keeps the page's alignment. */}
                      {col.render ? col.render(row) : <bdi>{cellText(row, col.key)}</bdi>}
                    </td>
                  ))}
                </tr>
              ))}
              {showEmpty || firstLoad ? (
                <tr>
                  <td colSpan={columns.length} className={s.emptyCell}>
                    {firstLoad ? 'Loading…' : empty}
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </section>
        {loading && !firstLoad ? (
          <div className={s.overlay}>
            <span className={s.spinner} aria-hidden="true" />
            <span className={visuallyHidden}>Loading…</span>
          </div>
        ) : null}
      </div>

      <div className={s.footer}>
        <p className={s.range} aria-live="polite">
          {rangeText(page, state.pageSize, total)}
        </p>
        <div className={s.pageSize}>
          <label htmlFor={sizeId}>Rows per page</label>
          <select
            id={sizeId}
            className={`${control} ${s.pageSizeSelect}`}
            value={state.pageSize}
            onChange={(e) => onStateChange(withPageSize(state, Number(e.target.value)))}
          >
            {sizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <nav className={s.pager} aria-label={`${caption} pages`}>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            icon
            aria-label="First page"
            disabled={page <= 1}
            onClick={() => goTo(1)}
          >
            <Chevron double back />
          </Button>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            icon
            aria-label="Previous page"
            disabled={page <= 1}
            onClick={() => goTo(page - 1)}
          >
            <Chevron back />
          </Button>
          <span className={s.pageText}>{pageText(page, state.pageSize, total)}</span>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            icon
            aria-label="Next page"
            disabled={page >= pages}
            onClick={() => goTo(page + 1)}
          >
            <Chevron />
          </Button>
          {keyset ? null : (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              icon
              aria-label="Last page"
              disabled={page >= pages}
              onClick={() => goTo(pages)}
            >
              <Chevron double />
            </Button>
          )}
        </nav>
      </div>
    </div>
  );
}
