import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../server/db/client';

/** A test's raw read, its rows as the driver gives them (the server reads raw SQL only through rawRows). */
export const rowsOf = async <T>(exec: Executor, query: SQL): Promise<T[]> =>
  ((await exec.execute(query)) as { rows: T[] }).rows;
