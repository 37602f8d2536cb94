// What the operational endpoints ask of the database (decision 062): whether it answers and its migrations are all
// applied, and how busy the pool is. Here because only server/db may query outside a repo.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client';
import { rawRows } from './rows';

const journal = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations/meta/_journal.json');

/** The newest migration this build carries: drizzle records each applied one with its journal `when`. */
export const newestMigration = (): number => {
  const { entries } = JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: { when: number }[] };
  return Math.max(...entries.map((e) => e.when));
};

/**
 * Why the database is not ready, or null when it answers within `timeoutMs` and holds every migration of this build.
 * A process started before a newer one migrated is still ready (its migrations are a prefix of what is applied).
 */
export async function databaseProblem(db: Db, newest: number, timeoutMs = 2000): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`the database did not answer in ${timeoutMs} ms`), timeoutMs);
  });
  const check = rawRows(db, sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`, { at: 'text' })
    .then(([row]) => (Number(row?.at ?? 0) >= newest ? null : 'migrations are pending'))
    .catch((err: Error) => `the database failed: ${err.message}`);
  try {
    return await Promise.race([check, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The PostgreSQL pool's connections and the callers waiting for one; null on the embedded database (no pool). */
export function poolStats(db: Db): { total: number; idle: number; waiting: number } | null {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) return null;
  return { total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount };
}
