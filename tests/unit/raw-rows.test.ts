// The one raw-SQL reader (server/db/rows.ts): each driver's answer becomes the same typed row. node-postgres gives
// bigint and numeric as text and booleans as true/false (its documented text parsers); PGlite gives numbers.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { rawRows, rowInShape } from '../../server/db/rows';

// PGlite takes seconds to start on a busy machine: the hook and the first query get room for it.
const client = new PGlite();
const db = drizzle(client) as unknown as Db;
beforeAll(() => client.waitReady, 60_000);
afterAll(() => client.close());

const SHAPE = {
  accountId: 'bigint',
  amount: 'numeric',
  note: 'text?',
  ok: 'bool',
  day: 'date',
  at: 'timestamp',
} as const;

describe('rawRows', () => {
  it('reads a sql template and fixed text into the same typed rows, snake_case columns by camelCase keys', async () => {
    const text = `select 9007199254740991::bigint as account_id, 1.50::numeric as amount, null::text as note,
      true as ok, '2026-01-02'::date as day, '2026-01-02T03:04:05Z'::timestamptz as at`;
    const expected = [
      {
        accountId: 9007199254740991,
        amount: 1.5,
        note: null,
        ok: true,
        day: '2026-01-02',
        at: new Date('2026-01-02T03:04:05Z'),
      },
    ];
    expect(await rawRows(db, sql.raw(text), SHAPE)).toEqual(expected);
    expect(await rawRows(db, { text, values: [] }, SHAPE)).toEqual(expected);
  }, 30_000);

  it("converts node-postgres's text forms the same way", () => {
    const raw = { account_id: '12', amount: '1.50', note: 'x', ok: 't', day: new Date(2026, 0, 2), at: new Date(0) };
    expect(rowInShape(raw, SHAPE)).toEqual({
      accountId: 12,
      amount: 1.5,
      note: 'x',
      ok: true,
      day: '2026-01-02',
      at: new Date(0),
    });
  });

  it('refuses a row missing a required column, and a bigint past a safe integer', () => {
    expect(() => rowInShape({ amount: 1 }, { accountId: 'int' })).toThrow(/no accountId/);
    expect(() => rowInShape({ n: '9007199254740993' }, { n: 'bigint' })).toThrow(/past a safe integer/);
  });
});
