/** The PostgreSQL error behind a failed query (drizzle wraps the driver's error in `cause`). */
export function pgError(
  err: unknown,
): { code?: string; constraint?: string; constraint_name?: string; detail?: string; hint?: string } | null {
  let cur = err as { code?: string; cause?: unknown } | undefined;
  for (let i = 0; cur && i < 4; i++) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) return cur as never;
    cur = cur.cause as never;
  }
  return null;
}

/** The constraint (or unique index) named by a unique violation (23505), '' when unnamed, null for other errors. */
export function uniqueViolation(err: unknown): string | null {
  const e = pgError(err);
  return e?.code === '23505' ? (e.constraint ?? e.constraint_name ?? '') : null;
}

/** True when a row is still referenced (23503), e.g. a delete that raced with a new child row. */
export const isForeignKeyViolation = (err: unknown) => pgError(err)?.code === '23503';

/** The SQLSTATE of a failed query (23514 check violation, 40001 serialization failure, ...), or null. */
export const pgErrorCode = (err: unknown) => pgError(err)?.code ?? null;
