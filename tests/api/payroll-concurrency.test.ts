// Payroll under concurrency (decision 034), on PostgreSQL only (PGlite is one connection, so nothing
// races): 20 PayEmpSalary calls at once for one employee and month pay once; a salary run whose worker dies
// half-way (its batch's transaction rolled back, as PostgreSQL does for a killed process) and then resumes with two
// workers at once pays everyone once. After each scenario the ledger's invariants hold (`npm run ledger:check`).
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { demoUserId } from '../../server/db/seed/demo';
import { checkLedger } from '../../server/domains/money/wallets/service';
import { advanceRunOnce, advanceRuns, runOf, startRun } from '../../server/domains/people/payroll/service';
import { dataOf } from '../support/catalogue';
import { factories, payrollFactories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;
if (!process.env.DATABASE_URL) console.log(`payroll-concurrency.test.ts skipped: ${skipped}`);

const rowsOf = <T>(res: unknown) => ('rows' in (res as object) ? (res as { rows: T[] }).rows : (res as T[]));

describe.skipIf(skipped)(`payroll under concurrency${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
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

  const count = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: string }>(await t.db.execute(query))[0].n);
  const companyBalance = async () =>
    Number(rowsOf<{ b: string }>(await t.db.execute(sql`select balance as b from ledger_accounts where id = 1`))[0].b);

  it('20 PayEmpSalary calls at once for one employee and month: one slip, one transfer, one debit', async () => {
    const pro = await f.professional();
    await pf.structure(pro.id, { effectiveFrom: '2025-01-01', basic: 20000, hra: 8000, allowances: 2000 });
    await pf.fundCompany(1_000_000);
    const before = await companyBalance();
    const ac = await pf.ac();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.api('POST', `/api/Account/PayEmpSalary?id=${pro.id}&date=2025-08`, {
          token: ac,
          body: { bankReference: `UTR-RACE-${i}` },
        }),
      ),
    );
    for (const r of replies) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const first = replies.filter((r) => r.body.data.alreadyPaid === false);
    expect(first).toHaveLength(1);
    // Every reply names the one payment's reference and amount.
    const ref = first[0].body.data.bankReference;
    for (const r of replies) expect(r.body.data).toMatchObject({ bankReference: ref, net: first[0].body.data.net });
    expect(await count(sql`select count(*) as n from salary_slips where user_id = ${pro.id}`)).toBe(1);
    expect(
      await count(
        sql`select count(*) as n from ledger_transfers where idempotency_key = ${`salary-${pro.id}-2025-08`}`,
      ),
    ).toBe(1);
    expect(before - (await companyBalance())).toBe(Math.round(first[0].body.data.net * 100));
  });

  it('a salary run killed half-way and resumed by two workers at once pays everyone once', async () => {
    const people: number[] = [];
    for (let i = 0; i < 16; i++) {
      const pro = await f.professional();
      await pf.structure(pro.id, { effectiveFrom: '2025-01-01', basic: 15000 + i * 100 });
      people.push(pro.id);
    }
    await pf.fundCompany(5_000_000);
    const run = await startRun(
      t.db,
      { id: await demoUserId(t.db, 'HR'), role: 'HR' },
      {
        date: '2025-09',
        bankReferencePrefix: 'RUN-SEP',
      },
    );
    expect(run.total).toBeGreaterThanOrEqual(people.length);

    // One batch of 5 goes through; the worker then dies inside the next batch after paying in it: PostgreSQL rolls
    // the killed transaction back, so those employees are still pending and nothing of theirs moved.
    const one = await advanceRunOnce(t.db, run.id, 5);
    expect(one.paid).toBeGreaterThan(0);
    const killed = {
      transaction: (fn: (tx: unknown) => Promise<unknown>) =>
        t.db.transaction(async (tx) => {
          await fn(tx);
          throw new Error('worker killed');
        }),
    } as unknown as Db;
    await expect(advanceRunOnce(killed, run.id, 7)).rejects.toThrow('worker killed');
    const mid = await runOf(t.db, run.id);
    expect(mid.state).toBe('running');
    expect(mid.paid).toBe(one.paid);
    const slipsMid = await count(sql`select count(*) as n from salary_slips where period = '2025-09-01'`);
    expect(slipsMid).toBe(one.paid);

    // Two workers resume it at once (SKIP LOCKED keeps them off each other's employees).
    await Promise.all([advanceRuns(t.db, { batchSize: 4 }), advanceRuns(t.db, { batchSize: 4 })]);
    await advanceRuns(t.db);
    const done = await runOf(t.db, run.id);
    expect(done.state).toBe('done');
    expect(done.processed).toBe(done.total);
    expect(done.failed).toBe(0);
    for (const id of people) {
      expect(
        await count(sql`select count(*) as n from salary_slips where user_id = ${id} and period = '2025-09-01'`),
      ).toBe(1);
      expect(
        await count(sql`select count(*) as n from ledger_transfers where idempotency_key = ${`salary-${id}-2025-09`}`),
      ).toBe(1);
    }
    expect(await count(sql`select count(*) as n from pay_run_items where run_id = ${run.id} and state = 'paid'`)).toBe(
      done.paid,
    );
    // The run's paid amount is the sum of its slips.
    const sum = Number(
      rowsOf<{ s: string }>(
        await t.db.execute(sql`select coalesce(sum(net_paise), 0) as s from salary_slips where pay_run_id = ${run.id}`),
      )[0].s,
    );
    expect(Math.round(done.paidAmount * 100)).toBe(sum);
    // Sixteen professionals made through the API take a while on a loaded machine.
  }, 120_000);

  it('a run pauses when the company wallet runs short, keeps who it paid, and resumes after a top-up', async () => {
    const a = await f.professional();
    const b = await f.professional();
    await pf.structure(a.id, { effectiveFrom: '2025-01-01', basic: 10000, epf: false, esi: false });
    await pf.structure(b.id, { effectiveFrom: '2025-01-01', basic: 10000, epf: false, esi: false });
    // Empty the company wallet into the bank through the ledger.
    const held = await companyBalance();
    const { post, systemAccountId } = await import('../../server/domains/money/wallets/service');
    if (held > 0) {
      await t.db.transaction((tx) =>
        post(tx, {
          kind: 'correction',
          legs: [
            { accountId: systemAccountId('company_wallet'), amount: -held },
            { accountId: systemAccountId('bank'), amount: held },
          ],
          actorId: null,
          remark: 'test: empty the company wallet',
          amountField: 'x',
          amount: held as never,
        }),
      );
    }
    const ac = await pf.ac();
    const started = dataOf(
      await t.api('POST', '/api/Account/StartPayRun', {
        token: ac,
        body: { date: '2025-10', bankReferencePrefix: 'RUN-OCT' },
      }),
      201,
    );
    await expect
      .poll(async () => dataOf(await t.api('GET', `/api/Account/GetPayRun?id=${started.id}`, { token: ac })).active, {
        timeout: 20_000,
      })
      .toBe(false);
    const paused = dataOf(await t.api('GET', `/api/Account/GetPayRun?id=${started.id}`, { token: ac }));
    expect(paused.lastError).toMatch(/short/);
    expect(await count(sql`select count(*) as n from salary_slips where period = '2025-10-01'`)).toBe(paused.paid);
    await pf.fundCompany(1_000_000);
    dataOf(await t.api('POST', `/api/Account/ResumePayRun?id=${started.id}`, { token: ac }));
    await expect
      .poll(async () => dataOf(await t.api('GET', `/api/Account/GetPayRun?id=${started.id}`, { token: ac })).state, {
        timeout: 20_000,
      })
      .toBe('done');
    for (const id of [a.id, b.id]) {
      expect(
        await count(sql`select count(*) as n from salary_slips where user_id = ${id} and period = '2025-10-01'`),
      ).toBe(1);
    }
  });
});
