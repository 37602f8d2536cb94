// Paying statutory dues under concurrency (decision 056), on PostgreSQL only (PGlite is one connection, so nothing
// races): ten submissions of one payment at once (one Idempotency-Key) pay once; ten payments of a month's balance
// under ten keys at once pay once and refuse the rest naming the month. The ledger's invariants hold after each.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/domains/money/wallets/service';
import { dataOf } from '../support/catalogue';
import { factories, payrollFactories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;
if (!process.env.DATABASE_URL) console.log(`statutory-dues-concurrency.test.ts skipped: ${skipped}`);

const rowsOf = <T>(res: unknown) => ('rows' in (res as object) ? (res as { rows: T[] }).rows : (res as T[]));

describe.skipIf(skipped)(`statutory dues under concurrency${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  let t: TestServer;
  let f: ReturnType<typeof factories>;
  let pf: ReturnType<typeof payrollFactories>;

  beforeAll(async () => {
    t = await startTestServer();
    f = factories(t);
    pf = payrollFactories(t);
  }, 120_000);
  afterAll(() => t?.close());
  afterEach(async () => {
    const report = await checkLedger(t.db);
    expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
  });

  const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(query))[0];
  const companyBalance = async () =>
    Number((await one<{ b: string }>(sql`select balance::text as b from ledger_accounts where id = 1`)).b);
  const remittances = async (period: string) =>
    Number(
      (
        await one<{ n: string }>(
          sql`select count(*)::text as n from statutory_remittances where scheme = 'EPF' and period = ${period}::date`,
        )
      ).n,
    );
  const owedEpf = async (year: number, month: number) => {
    const d = dataOf<{ months: { scheme: string; year: number; month: number; owed: number }[] }>(
      await t.api('GET', '/api/Account/GetStatutoryDues?scheme=EPF', { token: await pf.ac() }),
    );
    return Math.round((d.months.find((m) => m.year === year && m.month === month)?.owed ?? 0) * 100);
  };
  const paidMonth = async (month: string) => {
    const pro = await f.professional();
    await pf.structure(pro.id, { effectiveFrom: '2025-01-01', basic: 20000 });
    await pf.fundCompany(1_000_000);
    dataOf(await pf.pay(pro.id, month));
  };
  const pay = async (key: string, reference: string, month: string) =>
    t.api('POST', '/api/Account/PayStatutoryDues', {
      token: await pf.ac(),
      body: { scheme: 'EPF', month, reference },
      headers: { 'idempotency-key': key },
    });

  it('ten submissions with one Idempotency-Key at once pay once', async () => {
    await paidMonth('2025-07');
    const owed = await owedEpf(2025, 7);
    expect(owed).toBeGreaterThan(0);
    const before = await companyBalance();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => pay('epf-race-one-key', 'CHLN-RACE-1', '2025-07')),
    );
    for (const r of replies) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(replies.filter((r) => r.body.data.alreadyPaid === false)).toHaveLength(1);
    expect(new Set(replies.map((r) => r.body.data.id)).size).toBe(1);
    expect(await remittances('2025-07-01')).toBe(1);
    expect(before - (await companyBalance())).toBe(owed);
    expect(await owedEpf(2025, 7)).toBe(0);
  });

  it("ten payments of a month's balance under ten keys at once: one pays, the rest are refused naming month", async () => {
    await paidMonth('2025-08');
    const owed = await owedEpf(2025, 8);
    const before = await companyBalance();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => pay(`epf-race-key-${i}`, `CHLN-RACE-2-${i}`, '2025-08')),
    );
    const paid = replies.filter((r) => r.status === 200);
    expect(paid).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) {
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      expect(r.body.errors[0].field).toBe('month');
    }
    expect(await remittances('2025-08-01')).toBe(1);
    expect(before - (await companyBalance())).toBe(owed);
  });
});
