// Named statements on PostgreSQL (server/db/prepared.ts, decision 035): a frequent query is prepared once per
// connection, a failed preparation does not spoil the connection, and PG_NAMED_STATEMENTS=off turns it off.
// PostgreSQL only: PGlite runs through its own driver, which does not name statements.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { rawRows } from '../../server/db/rows';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;

/** One pooled connection, so every statement below runs in the same session. */
async function openOneConnection(env: Record<string, string> = {}) {
  const saved = { ...process.env };
  Object.assign(process.env, { PG_POOL_MAX: '1', ...env });
  try {
    return await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  } finally {
    process.env = saved;
  }
}

const prepared = (database: Database, marker: string) =>
  rawRows(
    database.db,
    sql.raw(
      `select name from pg_prepared_statements where statement like '%${marker}%' and statement not like '%pg_prepared_statements%'`,
    ),
    { name: 'text' },
  );

describe.skipIf(skipped !== null)('named statements on PostgreSQL', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('prepares a query the second time it runs, and answers right from the prepared statement', async () => {
    database = await openOneConnection();
    const marker = `named_${Date.now()}`;
    const add = (n: number) =>
      rawRows(database!.db, sql`select ${n}::int + 1 as ${sql.raw(marker)}`, { [marker]: 'int' as const });
    expect(await add(1)).toEqual([{ [marker]: 2 }]);
    expect(await prepared(database, marker)).toEqual([]);
    expect(await add(2)).toEqual([{ [marker]: 3 }]);
    expect((await prepared(database, marker)).map((r) => r.name)).toEqual([expect.stringMatching(/^d\d+$/)]);
    expect(await add(41)).toEqual([{ [marker]: 42 }]);
  });

  it('prepares again after a preparation failed in an aborted transaction', async () => {
    database = await openOneConnection();
    const marker = `aborted_${Date.now()}`;
    const query = (n: number) =>
      rawRows(database!.db, sql`select ${n}::int as ${sql.raw(marker)}`, { [marker]: 'int' as const });
    await query(1);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 / 0`).catch(() => {});
        // The transaction is aborted: this text's first named Parse fails here.
        await rawRows(tx, sql`select ${2}::int as ${sql.raw(marker)}`, { [marker]: 'int' as const });
      }),
    ).rejects.toThrow(/aborted/);
    expect(await query(3)).toEqual([{ [marker]: 3 }]);
    expect(await prepared(database, marker)).toHaveLength(1);
  });

  it('prepares nothing with PG_NAMED_STATEMENTS=off', async () => {
    database = await openOneConnection({ PG_NAMED_STATEMENTS: 'off' });
    const marker = `off_${Date.now()}`;
    for (const n of [1, 2, 3]) {
      await rawRows(database.db, sql`select ${n}::int as ${sql.raw(marker)}`, { [marker]: 'int' as const });
    }
    expect(await prepared(database, marker)).toEqual([]);
  });
});
