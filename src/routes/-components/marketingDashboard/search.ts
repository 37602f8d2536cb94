// The marketing dashboard's range lives in the URL (from, to, bucket, top), so Back, reload and a shared link keep it.
// Kept apart from the page: a route's validateSearch is in the first chunk every page loads.

export interface MarketingDashboardSearch {
  from?: string;
  to?: string;
  bucket?: 'day' | 'week';
  top?: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = (v: unknown) => (typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined);

/** Anything malformed falls back to the default (left out); the server judges the range itself. */
export function validateMarketingDashboardSearch(raw: Record<string, unknown>): MarketingDashboardSearch {
  const out: MarketingDashboardSearch = {};
  const from = date(raw.from);
  const to = date(raw.to);
  if (from) out.from = from;
  if (to) out.to = to;
  if (raw.bucket === 'day' || raw.bucket === 'week') out.bucket = raw.bucket;
  const top = Number(raw.top);
  if (Number.isInteger(top) && top >= 1 && top <= 10) out.top = top;
  return out;
}
