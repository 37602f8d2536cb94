// Migrations run once when several processes start together (decision 063): two `npm run db:migrate` processes on
// one fresh database both succeed, and every migration is applied once.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../support/run-script';
import { databaseUrlFor } from '../support/template';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : false;
if (skipped) console.log(`migrate-two-processes.test.ts skipped: ${skipped}`);

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** `server/db/migrate.ts` as `npm run db:migrate` runs it; answers its exit code and output. */
const migrate = (url: string) => runScript('server/db/migrate.ts', [], { ...process.env, DATABASE_URL: url });

describe.skipIf(skipped)('two processes migrating one fresh database', () => {
  const name = `doorstep_mig_${process.pid}_${Date.now().toString(36)}`;
  beforeAll(() => admin((c) => c.query(`create database ${name}`)));
  afterAll(() => admin((c) => c.query(`drop database if exists ${name} with (force)`)));

  it('both succeed, and each migration is applied once', async () => {
    const url = databaseUrlFor(process.env.DATABASE_URL!, name);
    const [a, b] = await Promise.all([migrate(url), migrate(url)]);
    expect(a.code, a.out).toBe(0);
    expect(b.code, b.out).toBe(0);
    const journal = JSON.parse(fs.readFileSync(path.join(root, 'server/db/migrations/meta/_journal.json'), 'utf8'));
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const { rows } = await c.query<{ n: number; distinct: number }>(
        'select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
      );
      expect(rows[0]).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
    } finally {
      await c.end();
    }
  }, 120_000);
});
