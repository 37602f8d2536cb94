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
