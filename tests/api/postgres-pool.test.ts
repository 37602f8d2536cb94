// The PostgreSQL pool's close (server/db/client.ts): it returns once its connections have closed, so a database
// dropped or a server stopped right after cuts none of them off. PostgreSQL only: PGlite has no pool.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { rowsOf } from '../support/rows';
import { databaseUrlFor } from '../support/template';

const base = process.env.DATABASE_URL;
const skipped = !base
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;

describe.skipIf(skipped !== null)('closing the PostgreSQL pool', () => {
  const name = `doorstep_pool_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
  });
  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('returns once every connection has closed: dropping the database right after cuts none off', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (let round = 0; round < 10; round++) {
        const database = await openDatabase({ databaseUrl: databaseUrlFor(base!, name) });
        // Several connections at once, each busy for a moment.
        await Promise.all(Array.from({ length: 6 }, () => rowsOf(database.db, sql`select pg_sleep(0.005)`)));
        await database.close();
        await admin.query(`drop database ${name} with (force)`);
        await admin.query(`create database ${name}`);
      }
      // A cut-off connection reports asynchronously.
      await new Promise((r) => setTimeout(r, 200));
      expect(errors.mock.calls.map((c) => String(c[0])).filter((m) => /connection lost/.test(m))).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});
