import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/domains/money/wallets/service';
import { dataOf } from '../support/catalogue';
import { factories, payrollFactories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

// Statutory dues through HTTP (decision 056): a salary paid credits EPF, ESI and PT payable with the slip's employee
// and employer shares while the company wallet pays the net only; the accountant pays a month's dues to the
// authority from the company wallet, once, never more than is owed; the ledger's invariants hold after each test.

let t: TestServer;
let f: ReturnType<typeof factories>;
let pf: ReturnType<typeof payrollFactories>;
beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  pf = payrollFactories(t);
});
afterAll(() => t?.close());
afterEach(async () => {
  const report = await checkLedger(t.db);
  expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
});

const rows = async <T>(query: ReturnType<typeof sql>) => {
  const res = (await t.db.execute(query)) as unknown as { rows: T[] } | T[];
  return 'rows' in res ? res.rows : res;
};
/** An account's balance in paise, its shards summed (decision 036). */
const balanceOf = async (kind: string) =>
  Number(
    (
      await rows<{ b: string }>(
        sql`select coalesce(sum(balance), 0)::text as b from ledger_accounts where kind = ${kind} and owner_user_id is null`,
      )
    )[0].b,
  );
const paiseOf = (rupees: number) => Math.round(rupees * 100);
const lineOf = (lines: { code: string; amount: number }[], code: string) =>
  paiseOf(lines.find((l) => l.code === code)?.amount ?? 0);

type Dues = {
  months: {
    scheme: string;
    year: number;
    month: number;
    employeeShare: number;
    employerShare: number;
    due: number;
    paid: number;
    owed: number;
  }[];
  payments: { scheme: string; year: number; month: number; amount: number; reference: string; paidBy: string | null }[];
  owed: { EPF: number; ESI: number; PT: number };
};
const dues = async (token?: string) =>
  dataOf<Dues>(await t.api('GET', '/api/Account/GetStatutoryDues', { token: token ?? (await pf.ac()) }));
const monthDues = (d: Dues, scheme: string, year: number, month: number) =>
  d.months.find((m) => m.scheme === scheme && m.year === year && m.month === month);
const payDues = async (
  body: Record<string, unknown>,
  key = `dues-${Math.random().toString(36).slice(2)}`,
  token?: string,
) =>
  t.api('POST', '/api/Account/PayStatutoryDues', {
    token: token ?? (await pf.ac()),
    body,
    headers: { 'idempotency-key': key },
  });

/** An employee under the ESI limit (a ₹18,000 rate), paid for `month`: their pay reply. */
async function paidEmployee(month: string) {
  const pro = await f.professional();
  await pf.structure(pro.id, { effectiveFrom: '2025-01-01', basic: 12000, hra: 4000, allowances: 2000 });
  await pf.fundCompany(100_000);
  const paid = dataOf<{
    net: number;
    tips: number;
    deductions: { code: string; amount: number }[];
    employer: { code: string; amount: number }[];
  }>(await pf.pay(pro.id, month));
  return { pro, paid };
}

describe('a salary paid', () => {
  it('credits each payable its slip shares, debits the accrued cost, and takes only the net from the company wallet', async () => {
    const before = {
      company: await balanceOf('company_wallet'),
      epf: await balanceOf('epf_payable'),
      esi: await balanceOf('esi_payable'),
      pt: await balanceOf('pt_payable'),
      accrued: await balanceOf('statutory_accrued'),
      salary: await balanceOf('salary_payable'),
    };
    const dBefore = await dues();
    const { paid } = await paidEmployee('2025-03');
    const epf = lineOf(paid.deductions, 'epf') + lineOf(paid.employer, 'epf_employer');
    const esi = lineOf(paid.deductions, 'esi') + lineOf(paid.employer, 'esi_employer');
    const pt = lineOf(paid.deductions, 'pt');
    // The structure is enrolled in EPF and under ESI's ₹21,000 limit: both have dues.
    expect(epf).toBeGreaterThan(0);
    expect(esi).toBeGreaterThan(0);
    expect(await balanceOf('epf_payable')).toBe(before.epf + epf);
    expect(await balanceOf('esi_payable')).toBe(before.esi + esi);
    expect(await balanceOf('pt_payable')).toBe(before.pt + pt);
    expect(await balanceOf('statutory_accrued')).toBe(before.accrued - epf - esi - pt);
    // The net pay moves as before: the company wallet pays it (no tips here) into salary payable.
    expect(await balanceOf('salary_payable')).toBe(before.salary + paiseOf(paid.net));
    // fundCompany added ₹1,00,000 between the two readings.
    expect(await balanceOf('company_wallet')).toBe(before.company + 100_000_00 - paiseOf(paid.net));

    const d = await dues();
    const row = monthDues(d, 'EPF', 2025, 3)!;
    const old = monthDues(dBefore, 'EPF', 2025, 3);
    expect(paiseOf(row.employeeShare) - paiseOf(old?.employeeShare ?? 0)).toBe(lineOf(paid.deductions, 'epf'));
    expect(paiseOf(row.employerShare) - paiseOf(old?.employerShare ?? 0)).toBe(lineOf(paid.employer, 'epf_employer'));
    expect(paiseOf(row.owed)).toBe(paiseOf(row.due) - paiseOf(row.paid));
    expect(paiseOf(d.owed.EPF)).toBe(await balanceOf('epf_payable'));
    expect(paiseOf(d.owed.ESI)).toBe(await balanceOf('esi_payable'));
    expect(paiseOf(d.owed.PT)).toBe(await balanceOf('pt_payable'));
  });
});

describe('paying statutory dues', () => {
  it("pays a month's EPF balance from the company wallet, clears it, lists it, and answers a repeat with the first", async () => {
    await paidEmployee('2025-04');
    const owed = paiseOf(monthDues(await dues(), 'EPF', 2025, 4)!.owed);
    expect(owed).toBeGreaterThan(0);
    const company = await balanceOf('company_wallet');
    const payable = await balanceOf('epf_payable');
    const accrued = await balanceOf('statutory_accrued');

    const key = `epf-2025-04-${Date.now()}`;
    const first = dataOf<{
      amount: number;
      alreadyPaid: boolean;
      owedAfter: number;
      scheme: string;
      transferId: number;
    }>(await payDues({ scheme: 'EPF', month: '2025-04', reference: 'CHLN-EPF-0425' }, key));
    expect(first).toMatchObject({ scheme: 'EPF', alreadyPaid: false, owedAfter: 0 });
    expect(paiseOf(first.amount)).toBe(owed);
    expect(await balanceOf('company_wallet')).toBe(company - owed);
    expect(await balanceOf('epf_payable')).toBe(payable - owed);
    expect(await balanceOf('statutory_accrued')).toBe(accrued + owed);

    // The same key again: the first payment, nothing more paid.
    const again = dataOf<{ alreadyPaid: boolean; transferId: number }>(
      await payDues({ scheme: 'EPF', month: '2025-04', reference: 'CHLN-EPF-0425' }, key),
    );
    expect(again).toMatchObject({ alreadyPaid: true, transferId: first.transferId });
    expect(await balanceOf('company_wallet')).toBe(company - owed);
    // The same key with another request is refused.
    const other = await payDues({ scheme: 'EPF', month: '2025-04', reference: 'CHLN-OTHER' }, key);
    expect(other.status).toBe(422);

    const d = await dues();
    expect(monthDues(d, 'EPF', 2025, 4)).toMatchObject({ owed: 0 });
    expect(paiseOf(monthDues(d, 'EPF', 2025, 4)!.paid)).toBe(owed);
    expect(d.payments.find((p) => p.reference === 'CHLN-EPF-0425')).toMatchObject({
      scheme: 'EPF',
      year: 2025,
      month: 4,
      amount: first.amount,
    });
    // Nothing left: a second payment of the balance, under another key, is refused naming the month.
    const none = await payDues({ scheme: 'EPF', month: '2025-04', reference: 'CHLN-EPF-AGAIN' });
    expect(none.status).toBe(409);
    expect(none.body.errors[0].field).toBe('month');
  });

  it('pays part of a month, refuses more than is owed naming amount, then pays the rest', async () => {
    await paidEmployee('2025-05');
    const owed = paiseOf(monthDues(await dues(), 'ESI', 2025, 5)!.owed);
    expect(owed).toBeGreaterThan(100);
    const company = await balanceOf('company_wallet');
    const payments = Number(
      (await rows<{ n: string }>(sql`select count(*)::text as n from statutory_remittances`))[0].n,
    );

    const over = await payDues({
      scheme: 'ESI',
      month: '2025-05',
      amount: (owed + 1) / 100,
      reference: 'CHLN-ESI-OVER',
    });
    expect(over.status).toBe(409);
    expect(over.body.errors[0].field).toBe('amount');
    expect(await balanceOf('company_wallet')).toBe(company);
    expect(Number((await rows<{ n: string }>(sql`select count(*)::text as n from statutory_remittances`))[0].n)).toBe(
      payments,
    );

    const part = dataOf<{ owedAfter: number }>(
      await payDues({ scheme: 'ESI', month: '2025-05', amount: 1, reference: 'CHLN-ESI-PART' }),
    );
    expect(paiseOf(part.owedAfter)).toBe(owed - 100);
    const rest = dataOf<{ amount: number; owedAfter: number }>(
      await payDues({ scheme: 'ESI', month: '2025-05', reference: 'CHLN-ESI-REST' }),
    );
    expect(paiseOf(rest.amount)).toBe(owed - 100);
    expect(rest.owedAfter).toBe(0);
    expect(await balanceOf('company_wallet')).toBe(company - owed);
  });

  it('refuses bad input naming the field, and a month with nothing owed', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ scheme: 'GST', month: '2025-04', reference: 'CHLN-1' }, 'scheme'],
      [{ scheme: 'EPF', month: '2025-13', reference: 'CHLN-1' }, 'month'],
      [{ scheme: 'EPF', month: '2025-04', amount: -5, reference: 'CHLN-1' }, 'amount'],
      [{ scheme: 'EPF', month: '2025-04', amount: 1.234, reference: 'CHLN-1' }, 'amount'],
      [{ scheme: 'EPF', month: '2025-04', reference: 'x' }, 'reference'],
      [{ scheme: 'EPF', month: '2025-04' }, 'reference'],
    ];
    const before = Number((await rows<{ n: string }>(sql`select count(*)::text as n from statutory_remittances`))[0].n);
    for (const [body, field] of cases) {
      const res = await payDues(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    const nothing = await payDues({ scheme: 'PT', month: '2019-01', amount: 10, reference: 'CHLN-NONE' });
    expect(nothing.status).toBe(409);
    expect(nothing.body.errors[0].field).toBe('amount');
    expect(Number((await rows<{ n: string }>(sql`select count(*)::text as n from statutory_remittances`))[0].n)).toBe(
      before,
    );
  });

  it('is the accountant’s: HR and the admin may not pay; the admin reads the dues', async () => {
    for (const role of ['HR', 'A', 'TE'] as const) {
      const res = await payDues(
        { scheme: 'EPF', month: '2025-04', reference: 'CHLN-ROLE' },
        undefined,
        await t.tokenFor(role),
      );
      expect(res.status, role).toBe(403);
    }
    await dues(await t.tokenFor('A'));
    expect((await t.api('GET', '/api/Account/GetStatutoryDues', { token: await t.tokenFor('HR') })).status).toBe(403);
  });

  it('refuses a payment the company wallet cannot cover, with the shortfall, and pays nothing', async () => {
    await paidEmployee('2025-06');
    const owed = paiseOf(monthDues(await dues(), 'EPF', 2025, 6)!.owed);
    const held = await balanceOf('company_wallet');
    // Empty the company wallet into the bank through the ledger's own service (the API has no withdrawal).
    const { post, systemAccountId } = await import('../../server/domains/money/wallets/service');
    await t.db.transaction((tx) =>
      post(tx, {
        kind: 'correction',
        legs: [
          { accountId: systemAccountId('company_wallet'), amount: -held },
          { accountId: systemAccountId('bank'), amount: held },
        ],
        actorId: null,
        remark: 'test drain',
        amountField: 'x',
        amount: held as never,
      }),
    );
    const res = await payDues({ scheme: 'EPF', month: '2025-06', reference: 'CHLN-SHORT' });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].field).toBe('amount');
    expect(res.body.detail).toMatch(/short/);
    expect(paiseOf(monthDues(await dues(), 'EPF', 2025, 6)!.owed)).toBe(owed);
    await pf.fundCompany(100_000);
  });
});
