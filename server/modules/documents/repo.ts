import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { documentCounters } from '../../db/schema';

/**
 * The next number of a series, taken under the counter row's lock: concurrent takers queue on the row, and a number
 * taken by a transaction that rolls back is given again, so the series has no gaps.
 */
export async function takeNext(exec: Executor, series: string): Promise<number> {
  const [row] = await exec
    .insert(documentCounters)
    .values({ series, last: 1 })
    .onConflictDoUpdate({ target: documentCounters.series, set: { last: sql`${documentCounters.last} + 1` } })
    .returning({ last: documentCounters.last });
  return row.last;
}
