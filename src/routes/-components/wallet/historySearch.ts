// A wallet history's page and date range live in the URL (docs/operation-kit.md, Lists), so Back, reload and a shared
// link keep them. A page with a second table (the vendor list above a vendor's history) gives the history a prefix.
import { DEFAULT_PAGE_SIZES, DEFAULT_TABLE_STATE, urlInt } from '../../../ui/tableState';

export interface HistorySearch {
  page?: number;
  pageSize?: number;
  from?: string;
  to?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const date = (v: unknown) => (typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined);

/** The search keys of a history: `page`, `pageSize`, `from`, `to`, each with the prefix in front (`hpage`). */
export const historyKeys = (prefix = '') => ({
  page: `${prefix}page`,
  pageSize: `${prefix}pageSize`,
  from: `${prefix}from`,
  to: `${prefix}to`,
});

/** A route's validateSearch part for a history: anything malformed falls back to the default (left out). */
export function validateHistorySearch(raw: Record<string, unknown>, prefix = ''): Record<string, string | number> {
  const k = historyKeys(prefix);
  const page = urlInt(raw[k.page]);
  const pageSize = urlInt(raw[k.pageSize]);
  const out: Record<string, string | number> = {};
  if (page && page > 1) out[k.page] = page;
  if (pageSize && DEFAULT_PAGE_SIZES.includes(pageSize)) out[k.pageSize] = pageSize;
  const from = date(raw[k.from]);
  const to = date(raw[k.to]);
  if (from) out[k.from] = from;
  if (to) out[k.to] = to;
  return out;
}

/** The history's page and range that the URL stands for. */
export function historyStateOf(raw: Record<string, unknown>, prefix = '') {
  const k = historyKeys(prefix);
  const v = validateHistorySearch(raw, prefix);
  return {
    page: (v[k.page] as number | undefined) ?? 1,
    pageSize: (v[k.pageSize] as number | undefined) ?? DEFAULT_TABLE_STATE.pageSize,
    from: v[k.from] as string | undefined,
    to: v[k.to] as string | undefined,
  };
}

/** A `?UID=` the payment provider sent the browser back with (our order id). */
export function validateReturnSearch(raw: Record<string, unknown>): { UID?: string } {
  const uid = raw.UID;
  return typeof uid === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(uid) ? { UID: uid } : {};
}
