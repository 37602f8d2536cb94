// Shared by admin routes whose URL carries ids (?id=3, ?categoryId=2): read them as positive integers.

/** A positive integer from a search param, or undefined. */
export function positiveId(value: unknown): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : undefined;
}

/** `validateSearch` of an update page: `?id=N` (0 when missing or invalid). */
export const validateIdSearch = (search: Record<string, unknown>): { id: number } => ({
  id: positiveId(search.id) ?? 0,
});

/** A list's page from a search param: 2 or more, else undefined (page 1 stays out of the URL). */
export function pageParam(value: unknown): number | undefined {
  const n = positiveId(value);
  return n !== undefined && n > 1 ? n : undefined;
}

/** A non-empty text search param (a number is read as its text), else undefined. */
export function textParam(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value ? value : undefined;
}
