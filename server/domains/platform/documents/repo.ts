import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rawRows } from '../../../db/rows';

/**
 * Takes the next number of a series under the counter row's lock, and answers one row: `number`, the prefix and the
 * number padded to at least 6 digits. Concurrent takers queue on the row, and a number taken by a transaction that
 * rolls back is given again, so the series has no gaps. A statement of its own, or a caller's `with doc as (…)`.
 */
export const takeNextStatement = (series: string, prefix: string): SQL => sql`
  insert into document_counters (series, last) values (${series}, 1)
  on conflict (series) do update set last = document_counters.last + 1
  returning ${prefix} || lpad(last::text, greatest(6, length(last::text)), '0') as number`;

/** takeNextStatement run on its own: the number. */
export async function takeNext(exec: Executor, series: string, prefix: string): Promise<string> {
  const [row] = await rawRows(exec, takeNextStatement(series, prefix), { number: 'text' });
  return row.number;
}
