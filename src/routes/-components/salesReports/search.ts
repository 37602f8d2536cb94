// A report's period and grouping live in the URL (Type, FromDate, ToDate, Month, Year, GroupBy; decision 057), so a
// report can be bookmarked and shared. Kept apart from the pages: a route's validateSearch is in the first chunk.

export const PERIOD_TYPES = ['Month', 'Year', 'Day', 'Range'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

export interface ReportSearch<G extends string> {
  Type?: PeriodType;
  FromDate?: string;
  ToDate?: string;
  Month?: number;
  Year?: number;
  GroupBy?: G;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = (v: unknown) => (typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined);

/** Anything malformed falls back to the default (left out); the server judges the period itself. */
export function validateReportSearch<G extends string>(
  raw: Record<string, unknown>,
  groups: readonly G[],
): ReportSearch<G> {
  const out: ReportSearch<G> = {};
  if (PERIOD_TYPES.includes(raw.Type as PeriodType)) out.Type = raw.Type as PeriodType;
  const from = date(raw.FromDate);
  const to = date(raw.ToDate);
  if (from) out.FromDate = from;
  if (to) out.ToDate = to;
  const month = Number(raw.Month);
  if (Number.isInteger(month) && month >= 1 && month <= 12) out.Month = month;
  const year = Number(raw.Year);
  if (Number.isInteger(year) && year >= 2000 && year <= 2099) out.Year = year;
  if (groups.includes(raw.GroupBy as G)) out.GroupBy = raw.GroupBy as G;
  return out;
}

export const SALES_GROUPS = ['Category', 'SubCategory', 'Service', 'Zone', 'Professional'] as const;
export const PURCHASE_GROUPS = ['Vendor', 'Product', 'Month'] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];
export type PurchaseGroup = (typeof PURCHASE_GROUPS)[number];
