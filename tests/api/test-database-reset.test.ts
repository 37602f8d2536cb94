import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../support/factories';
import { rowsOf } from '../support/rows';
import { resetDatabase, startTestServer, type TestServer } from '../support/server';

// Every API and end-to-end file starts on the worker's database put back to the template (decision 041). This
// file proves the reset: whatever a file writes, afterwards every table holds exactly the template's rows.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** Tables whose rows differ from the template's copy, either way (a multiset difference, so duplicates count). */
async function tablesDifferingFromTemplate(): Promise<string[]> {
  const tables = await rowsOf<{ name: string; cols: string }>(t.db, sql`select name, cols from test_seed.tables`);
  const differing: string[] = [];
  for (const { name, cols } of tables) {
    const [{ n }] = await rowsOf<{ n: number }>(
      t.db,
      sql.raw(`select count(*)::int as n from (
        (select ${cols} from public."${name}" except all select ${cols} from test_seed."${name}")
        union all
        (select ${cols} from test_seed."${name}" except all select ${cols} from public."${name}")) d`),
    );
    if (n > 0) differing.push(name);
  }
  return differing.sort();
}

describe('the test database reset', () => {
  it('puts back every row a file inserted, updated or deleted, in every table it touched', async () => {
    const f = factories(t);
    const customer = await f.customer();
    await f.placedOrder(customer);
    await t.db.execute(
      sql`update users set full_name = full_name || ' (renamed)' where id = (select min(id) from users)`,
    );
    await t.db.execute(sql`delete from notification_outbox where id = (select min(id) from notification_outbox)`);
    const touched = await tablesDifferingFromTemplate();
    // The order went through the ledger (append-only: its guards refuse a delete) and the users table.
    expect(touched).toEqual(expect.arrayContaining(['ledger_entries', 'ledger_transfers', 'orders', 'users']));

    const changed = (await resetDatabase(t)).split(' ');
    expect(changed).toEqual(expect.arrayContaining(touched));
    expect(await tablesDifferingFromTemplate()).toEqual([]);
    // Nothing changed since: the next reset restores nothing.
    expect(await resetDatabase(t)).toBe('');
  });

  it('finds an update, which keeps the row count', async () => {
    // The count is the template's; the updated row's transaction is newer than the last reset.
    await t.db.execute(sql`update users set full_name = 'Someone Else' where id = (select max(id) from users)`);
    expect(await tablesDifferingFromTemplate()).toEqual(['users']);
    expect(await resetDatabase(t)).toBe('users');
    expect(await tablesDifferingFromTemplate()).toEqual([]);
  });
});
