import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/domains/money/wallets/service';
import { isMonthLocked } from '../../server/domains/people/attendance/service';
import { b64, dataOf, png } from '../support/catalogue';
import { attendanceFactories, factories, payrollFactories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

// Payroll through HTTP (decision 034): structures, deductions, calculation, payment once with the shortfall,
// expenses, slips and their owners, runs and the accountant's figures.

let t: TestServer;
let f: ReturnType<typeof factories>;
let pf: ReturnType<typeof payrollFactories>;
beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  pf = payrollFactories(t);
});
afterAll(() => t?.close());

const rows = async <T>(query: string) => ((await t.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const countOf = async (table: string, where = 'true') =>
  Number((await rows<{ n: number }>(`select count(*) as n from ${table} where ${where}`))[0].n);
const companyBalance = async () =>
  Number((await rows<{ balance: string }>('select balance from ledger_accounts where id = 1'))[0].balance);
/** Empties the company wallet into the bank (a correction-free way for a test to make it short). */
const drainCompany = async () => {
  const held = await companyBalance();
  if (held <= 0) return;
  const ac = await pf.ac();
  // The accountant cannot withdraw through the API; a test moves it through the ledger's own service.
  const { post, systemAccountId } = await import('../../server/domains/money/wallets/service');
  await t.db.transaction((tx) =>
    post(tx, {
      kind: 'correction',
      legs: [
        { accountId: systemAccountId('company_wallet'), amount: -held },
        { accountId: systemAccountId('bank'), amount: held },
      ],
      actorId: null,
      remark: `test drain (${ac.length})`,
      amountField: 'x',
      amount: held as never,
    }),
  );
};
const half = (n: number, d: number) => Math.floor((n * 2 + d) / (2 * d));

describe('salary structures', () => {
  it('HR adds one from a date; the employee reads their own, another professional is refused', async () => {
    const pro = await f.professional();
    const other = await f.professional();
    const hr = await pf.hr();
    const made = await pf.structure(pro.id, { effectiveFrom: '2025-01-01', basic: 18000, hra: 7000, allowances: 1500 });
    expect(made).toMatchObject({
      empId: pro.id,
      basic: 18000,
      hra: 7000,
      allowances: 1500,
      gross: 26500,
      ptState: 'MH',
    });
    const read = dataOf(await t.api('GET', `/api/Hr/GetSalaryStructureEmp?EmpId=${pro.id}`, { token: hr }));
    expect(read.history).toHaveLength(1);
    expect(read.current.id).toBe(made.id);
    const own = await t.api('GET', `/api/Hr/GetSalaryStructureEmp?EmpId=${pro.id}`, { token: await pro.token() });
    expect(own.status).toBe(200);
    const theirs = await t.api('GET', `/api/Hr/GetSalaryStructureEmp?EmpId=${pro.id}`, { token: await other.token() });
    expect(theirs.status).toBe(403);
    const list = dataOf(
      await t.api('GET', `/api/Hr/GetSalaryStructure?search=${encodeURIComponent(pro.fullName)}`, { token: hr }),
    );
    expect(list.items[0]).toMatchObject({ empId: pro.id, current: { id: made.id } });
    // One structure per date; the update corrects an unpaid one.
    const twice = await t.api('POST', `/api/Hr/AddSalaryDetailsEmp?EmpId=${pro.id}`, {
      token: hr,
      body: { effectiveFrom: '2025-01-01', basic: 1 },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0].field).toBe('effectiveFrom');
    const upd = dataOf(
      await t.api('PUT', `/api/Hr/UpdateSalaryDetailsEmp?EmpId=${pro.id}&id=${made.id}`, {
        token: hr,
        body: { effectiveFrom: '2025-01-01', basic: 19000, hra: 7000, allowances: 1500 },
      }),
    );
    expect(upd.basic).toBe(19000);
  });

  it('refuses bad input naming the field and writes nothing', async () => {
    const pro = await f.professional();
    const hr = await pf.hr();
    const before = await countOf('salary_structures');
    for (const [body, field] of [
      [{ effectiveFrom: '2025-01-01' }, 'basic'],
      [{ effectiveFrom: '2025-13-01', basic: 100 }, 'effectiveFrom'],
      [{ effectiveFrom: '2025-01-01', basic: 100.123 }, 'basic'],
      [{ effectiveFrom: '2025-01-01', basic: 100, hra: -1 }, 'hra'],
    ] as const) {
      const res = await t.api('POST', `/api/Hr/AddSalaryDetailsEmp?EmpId=${pro.id}`, { token: hr, body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors[0].field).toBe(field);
    }
    const nobody = await t.api('POST', '/api/Hr/AddSalaryDetailsEmp?EmpId=999999', {
      token: hr,
      body: { effectiveFrom: '2025-01-01', basic: 100 },
    });
    expect(nobody.status).toBe(404);
    expect(await countOf('salary_structures')).toBe(before);
  });
});

describe('calculation and payment', () => {
  it('calculates from attendance, refuses a short wallet with the shortfall, pays once and keeps the paid month', async () => {
    const pro = await f.professional();
    const other = await f.professional();
    await pf.structure(pro.id, { effectiveFrom: '2025-01-01', basic: 20000, hra: 8000, allowances: 2000 });
    const ac = await pf.ac();
    const calc = dataOf(await t.api('GET', `/api/Account/CalculateEmpSalary?id=${pro.id}&date=2025-06`, { token: ac }));
    expect(calc.status).toBe('due');
    expect(calc.daysInMonth).toBe(30);
    // Paid days from attendance, pro-rated over the month's 30 days, line by line.
    const halves = Math.round(calc.paidDays * 2);
    expect(calc.earnings.find((l: { code: string }) => l.code === 'basic').amount).toBe(
      half(2_000_000 * halves, 30 * 2) / 100,
    );
    expect(calc.gross).toBeCloseTo(
      calc.earnings.reduce((n: number, l: { amount: number }) => n + l.amount, 0),
      2,
    );
    expect(calc.net).toBeCloseTo(calc.gross + calc.tips + calc.expenses - calc.totalDeductions, 2);
    expect(calc.netInWords).toMatch(/^Rupees .* Only$/);

    // Give them a full month so there is something to pay (HR leave days are paid, decision 033): structure only
    // decides the amount; the payment below must move exactly `net`.
    await drainCompany();
    const short = await pf.pay(pro.id, '2025-06');
    if (calc.net > 0) {
      expect(short.status).toBe(409);
      expect(short.body.detail).toMatch(/short/);
      expect(await countOf('salary_slips', `user_id = ${pro.id}`)).toBe(0);
    }
    await pf.fundCompany(100000);
    const before = await companyBalance();
    const paid = await pf.pay(pro.id, '2025-06', 'UTR-JUNE-1');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', alreadyPaid: false, bankReference: 'UTR-JUNE-1' });
    expect(before - (await companyBalance())).toBe(
      Math.round(paid.body.data.net * 100) - Math.round(paid.body.data.tips * 100),
    );
    const again = await pf.pay(pro.id, '2025-06', 'UTR-JUNE-2');
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ alreadyPaid: true, bankReference: 'UTR-JUNE-1' });
    expect(await countOf('salary_slips', `user_id = ${pro.id}`)).toBe(1);
    expect(await countOf('ledger_transfers', `idempotency_key = 'salary-${pro.id}-2025-06'`)).toBe(
      calc.net > 0 ? 1 : 0,
    );
    expect(await isMonthLocked(t.db, 2025, 6)).toBe(true);

    // The slip: the employee's own, never another's; a PDF.
    const slip = await t.api('GET', `/api/Account/GetEmpSalarySlip?id=${pro.id}&date=2025-06-15`, {
      token: await pro.token(),
    });
    expect(slip.status).toBe(200);
    expect(slip.body.data).toMatchObject({ status: 'paid', net: paid.body.data.net, bankReference: 'UTR-JUNE-1' });
    const theirs = await t.api('GET', `/api/Account/GetEmpSalarySlip?id=${pro.id}&date=2025-06`, {
      token: await other.token(),
    });
    expect(theirs.status).toBe(403);
    const pdf = await fetch(`${t.url}/api/Account/GetEmpSalarySlipPdf?id=${pro.id}&date=2025-06`, {
      headers: { authorization: `Bearer ${await pro.token()}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const mine = dataOf(await t.api('GET', '/api/Account/GetSalarySlips', { token: await pro.token() }));
    expect(mine.items.map((s: { empId: number }) => s.empId)).toEqual([pro.id]);
    const unpaid = await t.api('GET', `/api/Account/GetEmpSalarySlip?id=${pro.id}&date=2025-07`, { token: ac });
    expect(unpaid.status).toBe(404);

    // A paid month is never recomputed: a structure inside it is refused; a later one leaves June as paid.
    const hr = await pf.hr();
    const inside = await t.api('POST', `/api/Hr/AddSalaryDetailsEmp?EmpId=${pro.id}`, {
      token: hr,
      body: { effectiveFrom: '2025-06-10', basic: 50000 },
    });
    expect(inside.status).toBe(409);
    await pf.structure(pro.id, { effectiveFrom: '2025-07-01', basic: 50000 });
    const june = dataOf(await t.api('GET', `/api/Account/CalculateEmpSalary?id=${pro.id}&date=2025-06`, { token: ac }));
    expect(june).toMatchObject({ status: 'paid', net: paid.body.data.net });
    expect((await checkLedger(t.db)).checks.filter((c) => c.breaches.length)).toEqual([]);
  });

  it('refuses a month not over, an employee without a structure, and bad references', async () => {
    const pro = await f.professional();
    const ac = await pf.ac();
    const none = await pf.pay(pro.id, '2025-05');
    expect(none.status).toBe(409);
    expect(none.body.detail).toMatch(/no salary structure/);
    await pf.structure(pro.id);
    const now = new Date();
    const month = `${now.getUTCFullYear() + 1}-01`;
    const future = await pf.pay(pro.id, month);
    expect(future.status).toBe(409);
    expect(future.body.errors[0].field).toBe('date');
    const badRef = await t.api('POST', `/api/Account/PayEmpSalary?id=${pro.id}&date=2025-05`, {
      token: ac,
      body: { bankReference: 'x' },
    });
    expect(badRef.status).toBe(400);
    expect(badRef.body.errors[0].field).toBe('bankReference');
    const badDate = await t.api('GET', `/api/Account/CalculateEmpSalary?id=${pro.id}&date=2025-13`, { token: ac });
    expect(badDate.status).toBe(400);
    expect(await countOf('salary_slips', `user_id = ${pro.id}`)).toBe(0);
  });
});

describe('a mid-month joiner (decision 033)', () => {
  it('is paid from the joining date only, even when the structure starts on the 1st', async () => {
    // August 2025: 31 days, Sundays 3, 10, 17, 24 and 31. They joined on Friday the 15th and worked every working
    // day from then: 14 present days and the Sundays 17, 24 and 31 are 17 paid days of 31. The Sundays 3 and 10 and
    // the working days before the 15th are neither paid nor absent.
    const pro = await f.professional({ joiningDate: '2025-08-15' });
    await pf.structure(pro.id, { effectiveFrom: '2025-08-01', basic: 20000, hra: 8000, allowances: 2000 });
    const a = attendanceFactories(t);
    for (const d of [15, 16, 18, 19, 20, 21, 22, 23, 25, 26, 27, 28, 29, 30]) await a.day(pro.id, `2025-08-${d}`);
    const ac = await pf.ac();
    const calc = dataOf(await t.api('GET', `/api/Account/CalculateEmpSalary?id=${pro.id}&date=2025-08`, { token: ac }));
    expect(calc).toMatchObject({ daysInMonth: 31, paidDays: 17 });
    // The 14 days before joining are on the slip too, so its days add up to the month's 31.
    expect(calc.attendance).toMatchObject({ present: 14, weeklyOffs: 3, holidays: 0, absent: 0, notJoined: 14 });
    const line = (code: string) => calc.earnings.find((l: { code: string }) => l.code === code).amount;
    expect(line('basic')).toBe(half(2_000_000 * 34, 31 * 2) / 100);
    expect(line('hra')).toBe(half(800_000 * 34, 31 * 2) / 100);
    expect(line('allowances')).toBe(half(200_000 * 34, 31 * 2) / 100);
    expect(calc.gross).toBeCloseTo(line('basic') + line('hra') + line('allowances'), 2);
  });
});

describe('tips held for the professional', () => {
  it('are added to the month and paid out of tips payable with the salary, once', async () => {
    const { pro, lineId } = await pf.tippedProfessional(50);
    await pf.structure(pro.id, { effectiveFrom: '2025-01-01', basic: 15000 });
    const ac = await pf.ac();
    const calc = dataOf(await t.api('GET', `/api/Account/CalculateEmpSalary?id=${pro.id}&date=2025-02`, { token: ac }));
    expect(calc.tips).toBe(50);
    expect(calc.additions).toContainEqual({ code: 'tips', label: 'Tips from customers', amount: 50 });
    await pf.fundCompany(100000);
    // Tips payable is kept in shards (decision 036): its balance is theirs summed.
    const tipsHeld = async () =>
      Number(
        (
          await rows<{ balance: string }>(
            "select sum(balance) as balance from ledger_accounts where kind = 'tips_payable' and owner_user_id is null",
          )
        )[0].balance,
      );
    const [heldBefore, companyBefore] = [await tipsHeld(), await companyBalance()];
    const paid = dataOf(await pf.pay(pro.id, '2025-02'));
    expect(paid.tips).toBe(50);
    // Tips payable pays the tip; the company wallet pays the rest of the net.
    expect(heldBefore - (await tipsHeld())).toBe(5000);
    expect(companyBefore - (await companyBalance())).toBe(Math.round(paid.net * 100) - 5000);
    const [tip] = await rows<{ paid: boolean }>(
      `select paid_at is not null as paid from professional_tips where order_line_id = ${lineId}`,
    );
    expect(tip.paid).toBe(true);
    // The next month no longer counts it.
    const march = dataOf(
      await t.api('GET', `/api/Account/CalculateEmpSalary?id=${pro.id}&date=2025-03`, { token: ac }),
    );
    expect(march.tips).toBe(0);
    expect((await checkLedger(t.db)).checks.filter((c) => c.breaches.length)).toEqual([]);
  });
});

describe('deductions and expenses', () => {
  it('an advance comes off the month; an approved expense is added and paid with the salary', async () => {
    const pro = await f.professional();
    await pf.structure(pro.id, { effectiveFrom: '2025-01-01', basic: 20000, hra: 8000, allowances: 2000 });
    const hr = await pf.hr();
    const ac = await pf.ac();
    const before = dataOf(
      await t.api('GET', `/api/Account/CalculateEmpSalary?id=${pro.id}&date=2025-04`, { token: ac }),
    );
    const adv = dataOf(
      await t.api('POST', `/api/Hr/AddSalaryDeduction?EmpId=${pro.id}`, {
        token: hr,
        body: { kind: 'advance', reason: 'Festival advance', amount: 50, fromMonth: '2025-04', months: 2 },
      }),
      201,
    );
    expect(adv).toMatchObject({ kind: 'advance', amount: 50, fromMonth: '2025-04-01', months: 2 });
    const bad = await t.api('POST', `/api/Hr/AddSalaryDeduction?EmpId=${pro.id}`, {
      token: hr,
      body: { kind: 'loan', reason: 'x', amount: 50, fromMonth: '2025-04' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('reason');

    // An expense with its receipt; a file that is not a PDF/JPEG/PNG is refused.
    const notFile = await t.api('POST', '/api/Hr/AddEmpExpense', {
      token: hr,
      body: { EmpId: pro.id, amount: 120, reason: 'Travel to site', receipt: b64(Buffer.from('hello there')) },
    });
    expect(notFile.status).toBe(400);
    expect(notFile.body.errors[0].field).toBe('receipt');
    const exp = dataOf(
      await t.api('POST', '/api/Hr/AddEmpExpense', {
        token: hr,
        body: { EmpId: pro.id, amount: 120, reason: 'Travel to site', receipt: b64(png()), receiptFileName: 'bus.png' },
      }),
      201,
    );
    expect(exp).toMatchObject({ state: 'pending', amount: 120, receiptFileName: 'bus.png' });
    const receipt = await fetch(`${t.url}/api/Hr/GetEmpExpenseReceipt?id=${exp.id}`, {
      headers: { authorization: `Bearer ${ac}` },
    });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toContain('image/png');
    const asPro = await t.api('GET', `/api/Hr/GetEmpExpenseReceipt?id=${exp.id}`, { token: await pro.token() });
    expect(asPro.status).toBe(403);
    const noRemark = await t.api('PUT', `/api/Account/DecideEmpExpense?id=${exp.id}`, {
      token: ac,
      body: { approve: false },
    });
    expect(noRemark.status).toBe(400);
    expect(noRemark.body.errors[0].field).toBe('remark');
    const approved = dataOf(
      await t.api('PUT', `/api/Account/DecideEmpExpense?id=${exp.id}`, { token: ac, body: { approve: true } }),
    );
    expect(approved.state).toBe('approved');
    const twice = await t.api('PUT', `/api/Account/DecideEmpExpense?id=${exp.id}`, {
      token: ac,
      body: { approve: true },
    });
    expect(twice.status).toBe(409);

    const after = dataOf(
      await t.api('GET', `/api/Account/CalculateEmpSalary?id=${pro.id}&date=2025-04`, { token: ac }),
    );
    expect(after.expenses).toBe(120);
    const advLine = after.deductions.find((l: { code: string }) => l.code === `advance:${adv.id}`);
    expect(advLine.amount).toBe(Math.min(50, before.gross + 120 - before.totalDeductions));
    expect(after.net).toBeCloseTo(before.net + 120 - advLine.amount, 2);

    await pf.fundCompany(100000);
    const paid = dataOf(await pf.pay(pro.id, '2025-04'));
    expect(paid.expenses).toBe(120);
    const list = dataOf(await t.api('GET', `/api/Hr/GetEmpExpenses?EmpId=${pro.id}`, { token: hr }));
    expect(list.items[0]).toMatchObject({ id: exp.id, state: 'paid', paidWith: 'salary' });

    // The update changes what is not paid yet.
    const upd = dataOf(
      await t.api('PUT', `/api/Hr/UpdateSalaryDeduction?id=${adv.id}`, {
        token: hr,
        body: { reason: 'Festival advance, cleared early', active: false },
      }),
    );
    expect(upd.active).toBe(false);
    const may = dataOf(await t.api('GET', `/api/Account/CalculateEmpSalary?id=${pro.id}&date=2025-05`, { token: ac }));
    expect(may.deductions.some((l: { code: string }) => l.code === `advance:${adv.id}`)).toBe(false);
  });

  it('an approved expense can be paid at once, once', async () => {
    const pro = await f.professional();
    const hr = await pf.hr();
    const ac = await pf.ac();
    const exp = dataOf(
      await t.api('POST', '/api/Hr/AddEmpExpense', {
        token: hr,
        body: { EmpId: pro.id, amount: 75.5, reason: 'Tools', receipt: b64(png()) },
      }),
      201,
    );
    const early = await t.api('POST', `/api/Account/PayEmpExpense?id=${exp.id}`, {
      token: ac,
      body: { bankReference: 'UTR-EXP-1' },
    });
    expect(early.status).toBe(409);
    dataOf(await t.api('PUT', `/api/Account/DecideEmpExpense?id=${exp.id}`, { token: ac, body: { approve: true } }));
    await pf.fundCompany(100);
    const before = await companyBalance();
    const paid = dataOf(
      await t.api('POST', `/api/Account/PayEmpExpense?id=${exp.id}`, {
        token: ac,
        body: { bankReference: 'UTR-EXP-1' },
      }),
    );
    expect(paid).toMatchObject({ state: 'paid', paidWith: 'direct', bankReference: 'UTR-EXP-1' });
    expect(before - (await companyBalance())).toBe(7550);
    const again = await t.api('POST', `/api/Account/PayEmpExpense?id=${exp.id}`, {
      token: ac,
      body: { bankReference: 'UTR-EXP-1' },
    });
    expect(again.status).toBe(409);
  });
});

describe('salary runs and the figures', () => {
  it('a run pays everyone with a structure once, skips the rest, and shows its progress', async () => {
    const a = await f.professional();
    const b = await f.professional();
    await pf.structure(a.id, { effectiveFrom: '2025-01-01', basic: 15000 });
    await pf.structure(b.id, { effectiveFrom: '2025-01-01', basic: 25000 });
    await pf.fundCompany(5_000_000);
    const ac = await pf.ac();
    const summaryBefore = dataOf(await t.api('GET', '/api/Account/GetPayrollSummary?date=2025-03', { token: ac }));
    expect(summaryBefore.dueCount).toBeGreaterThanOrEqual(2);
    const run = dataOf(
      await t.api('POST', '/api/Account/StartPayRun', {
        token: ac,
        body: { date: '2025-03', bankReferencePrefix: 'RUN-MAR' },
      }),
      201,
    );
    expect(run.total).toBeGreaterThanOrEqual(2);
    const dup = await t.api('POST', '/api/Account/StartPayRun', {
      token: await pf.hr(),
      body: { date: '2025-03', bankReferencePrefix: 'RUN-MAR' },
    });
    if (dup.status !== 201) expect(dup.status).toBe(409);
    await expect
      .poll(async () => dataOf(await t.api('GET', `/api/Account/GetPayRun?id=${run.id}`, { token: ac })).state, {
        timeout: 20_000,
      })
      .toBe('done');
    const done = dataOf(await t.api('GET', `/api/Account/GetPayRun?id=${run.id}`, { token: ac }));
    expect(done.processed).toBe(done.total);
    expect(done.paid).toBeGreaterThanOrEqual(2);
    expect(await countOf('salary_slips', `period = '2025-03-01' and user_id in (${a.id}, ${b.id})`)).toBe(2);
    const slipA = dataOf(await t.api('GET', `/api/Account/GetEmpSalarySlip?id=${a.id}&date=2025-03`, { token: ac }));
    expect(slipA.bankReference).toBe(`RUN-MAR-${a.id}`);
    // The month's list filters by status in SQL.
    const listed = async (status: string) =>
      dataOf(
        await t.api('GET', `/api/Account/GetEmployeeDetailsSalary?date=2025-03&status=${status}&pageSize=200`, {
          token: ac,
        }),
      );
    const paidList = await listed('paid');
    expect(paidList.items.map((i: { empId: number }) => i.empId)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(paidList.items.every((i: { status: string }) => i.status === 'paid')).toBe(true);
    for (const status of ['due', 'noStructure']) {
      const other = await listed(status);
      expect(other.items.some((i: { empId: number }) => i.empId === a.id || i.empId === b.id)).toBe(false);
      expect(other.items.every((i: { status: string }) => i.status === status)).toBe(true);
    }
    const summary = dataOf(await t.api('GET', '/api/Account/GetPayrollSummary?date=2025-03', { token: ac }));
    expect(summary.paidCount).toBeGreaterThanOrEqual(2);
    expect(summary.total).toBeCloseTo(summary.paid + summary.due, 2);
    const runs = dataOf(await t.api('GET', '/api/Account/GetPayRuns', { token: ac }));
    expect(runs.items[0].id).toBeGreaterThanOrEqual(run.id);
    const resume = await t.api('POST', `/api/Account/ResumePayRun?id=${run.id}`, { token: ac });
    expect(resume.status).toBe(409);
    expect((await checkLedger(t.db)).checks.filter((c) => c.breaches.length)).toEqual([]);
  });
});
