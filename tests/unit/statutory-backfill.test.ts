// Migration 0021's backfill (decision 056) on a database migrated to 0020 with a slip already paid: the slip's
// statutory columns are read from its breakdown, one transfer dated when the slip was paid credits each payable its
// shares and debits the accrued cost, a slip without dues gets none, and the ledger's statutory invariant holds.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, pgliteExtensions } from '../../server/db/client';
import { ledgerBreaches } from '../../server/domains/money/wallets/repo.ledger';

const folder = path.join(import.meta.dirname, '../../server/db/migrations');
const files = fs
  .readdirSync(folder)
  .filter((f) => /^\d{4}_.*\.sql$/.test(f))
  .sort();
const client = new PGlite({ extensions: pgliteExtensions });
const db = drizzle(client) as unknown as Db;
const rows = async <T>(query: string) => (await client.query<T>(query)).rows;
const paidAt = '2025-04-03T10:15:00.000Z';

beforeAll(async () => {
  await client.waitReady;
  for (const f of files.filter((f) => f < '0021')) await client.exec(fs.readFileSync(path.join(folder, f), 'utf8'));
  await client.exec(`
    insert into roles (code, name, staff) select 'TE', 'Technician', false where not exists (select 1 from roles where code = 'TE');
    insert into users (id, full_name, mobile_no, role, password_hash) values
      (501, 'Before 0021', '9000000501', 'TE', 'x'), (502, 'No dues', '9000000502', 'TE', 'x');
    insert into salary_slips (user_id, period, gross_paise, deductions_paise, employer_paise, tips_paise,
        expenses_paise, net_paise, breakdown, bank_reference, paid_at) values
      (501, '2025-03-01', 2000000, 215000, 245000, 0, 0, 1785000, '{
        "deductions": [{"code": "epf", "label": "EPF", "amountPaise": 180000},
          {"code": "esi", "label": "ESI", "amountPaise": 15000}, {"code": "pt", "label": "PT", "amountPaise": 20000}],
        "employer": [{"code": "epf_employer", "label": "EPF", "amountPaise": 180000},
          {"code": "esi_employer", "label": "ESI", "amountPaise": 65000}]}', 'UTR-OLD-1', '${paidAt}'),
      (502, '2025-03-01', 500000, 0, 0, 0, 0, 500000, '{"deductions": [], "employer": []}', 'UTR-OLD-2', now());`);
  await client.exec(fs.readFileSync(path.join(folder, files.find((f) => f.startsWith('0021'))!), 'utf8'));
}, 180_000);
afterAll(() => client.close());

describe('migration 0021 on salaries paid before it', () => {
  it("fills the slip's statutory columns from its breakdown", async () => {
    expect(
      await rows(`select epf_employee_paise::int as ee, epf_employer_paise::int as er, esi_employee_paise::int as esi,
        esi_employer_paise::int as esier, pt_paise::int as pt from salary_slips where user_id = 501`),
    ).toEqual([{ ee: 180000, er: 180000, esi: 15000, esier: 65000, pt: 20000 }]);
  });

  it('posts one transfer dated when the slip was paid: ₹3,600 EPF, ₹800 ESI, ₹200 PT, ₹4,600 accrued', async () => {
    const transfers = await rows<{ id: number; created_at: Date; reference: string }>(
      `select id, created_at, reference from ledger_transfers where kind = 'statutory_accrual'`,
    );
    expect(transfers).toHaveLength(1);
    expect(transfers[0].created_at.toISOString()).toBe(paidAt);
    expect(transfers[0].reference).toBe('UTR-OLD-1');
    const entries = await rows<{ account_id: number; amount: string; balance_after: string; created_at: Date }>(
      `select account_id, amount::text, balance_after::text, created_at from ledger_entries
        where transfer_id = ${transfers[0].id} order by account_id`,
    );
    expect(entries.map((e) => [e.account_id, Number(e.amount), Number(e.balance_after)])).toEqual([
      [15, 360000, 360000],
      [16, 80000, 80000],
      [17, 20000, 20000],
      [18, -460000, -460000],
    ]);
    for (const e of entries) expect(e.created_at.toISOString()).toBe(paidAt);
  });

  it('makes the four accounts with their shards, and every ledger invariant holds', async () => {
    expect(
      await rows(
        `select kind, count(*)::int as n from ledger_accounts where id in (15, 16, 17, 18) or id between 240 and 303 group by kind order by kind`,
      ),
    ).toEqual([
      { kind: 'epf_payable', n: 16 },
      { kind: 'esi_payable', n: 16 },
      { kind: 'pt_payable', n: 16 },
      { kind: 'statutory_accrued', n: 16 },
    ]);
    const breaches = await ledgerBreaches(db);
    expect(Object.entries(breaches).filter(([, found]) => found.length)).toEqual([]);
  });
});
