import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMonth, defaultMonth, monthLabel } from '../../src/routes/-components/payroll/search';
import { browserPerPerson, chromiumPath, signIn, waitForPath } from '../support/browser';
import { attendanceFactories, factories, payrollFactories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

/**
 * Payroll in Chromium (decision 034): the accountant sees the month's payroll on the dashboard, opens the month, is
 * told the company wallet's shortfall, pays one employee once (a double click pays once), then runs the month for the
 * rest and follows the run to its end; the professional finds the slip among their own and downloads its PDF.
 */
describe.skipIf(!chromiumPath)('payroll in the browser', () => {
  let t: TestServer;
  // A browser for each person: the session is the browser's cookie (decision 043).
  const people = browserPerPerson();
  let accountant: Page;
  const month = defaultMonth();
  const date = apiMonth(month);
  const label = monthLabel(month);
  let paid: { id: number; fullName: string; mobileNo: string; password: string };
  let other: { id: number; fullName: string };
  let net: number;

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const f = factories(t);
    const pf = payrollFactories(t);
    const af = attendanceFactories(t);
    const a = await f.professional({ fullName: 'Meera Payroll' });
    const b = await f.professional({ fullName: 'Kabir Payroll' });
    // Meera earns more than the company wallet holds (so the shortfall shows), Kabir the factory's usual.
    await pf.structure(a.id, { effectiveFrom: '2024-01-01', basic: 3_000_000, hra: 0, allowances: 0 });
    await pf.structure(b.id, { effectiveFrom: '2024-01-01' });
    for (const p of [a, b]) {
      for (const day of ['05', '06', '07', '08', '09', '10', '11', '12']) await af.day(p.id, `${date}-${day}`);
    }
    await a.token(); // the first sign-in's forced password change, so the browser signs in with `a.password`
    paid = a;
    other = b;
    const calc = await t.api('GET', `/api/Account/CalculateEmpSalary?id=${a.id}&date=${date}`, {
      token: await pf.ac(),
    });
    expect(calc.body.data.status).toBe('due');
    net = calc.body.data.net;
    expect(net).toBeGreaterThan(0);
    accountant = await (await people.context()).newPage();
    await signIn(accountant, t.url, 'AC');
    await waitForPath(accountant, '/Dashboard/AccountDashboard');
  });
  afterAll(async () => {
    await people.close();
    await t?.close();
  });

  const toast = (page: Page, text: string | RegExp) =>
    page.getByRole('region', { name: /Notifications/ }).getByText(text);
  const summary = async () =>
    (await t.api('GET', `/api/Account/GetPayrollSummary?date=${date}`, { token: await t.tokenFor('AC') })).body.data;
  const slipsOf = async (empId: number) =>
    (await t.api('GET', `/api/Account/GetSalarySlips?EmpId=${empId}&date=${date}`, { token: await t.tokenFor('AC') }))
      .body.data;

  it('the accountant sees the month, is told the shortfall, pays one employee once, then runs the month', async () => {
    const before = await summary();
    // The dashboard shows the month's payroll: total, paid and due, as the server counts them.
    await accountant.reload();
    const figures = accountant.getByRole('group', { name: `Payroll for ${label}` });
    await expect.poll(() => figures.getByText(rupees(before.total)).first().isVisible()).toBe(true);

    await accountant.getByRole('link', { name: 'Pay salaries' }).click();
    await waitForPath(accountant, '/PayModule/EmployeeSalaryList');
    const row = accountant.getByRole('row', { name: /Meera Payroll/ });
    await expect.poll(() => row.getByText('Due', { exact: true }).isVisible()).toBe(true);

    // The breakdown, line by line, ends in the net the server calculates.
    await row.getByRole('link', { name: 'Breakdown of Meera Payroll' }).click();
    const card = accountant.getByRole('region', { name: `Meera Payroll, ${label}` });
    await expect.poll(() => card.getByText(`Net pay ${rupees(net)}`).isVisible()).toBe(true);
    await expect.poll(() => card.getByRole('table', { name: 'Earnings' }).isVisible()).toBe(true);

    // The company wallet cannot cover it yet: the server's refusal, with the amount short, shows in the dialog.
    expect(before.companyBalance).toBeLessThan(net);
    await row.getByRole('button', { name: 'Pay Meera Payroll' }).click();
    const dialog = accountant.getByRole('dialog', { name: 'Pay Meera Payroll?' });
    await dialog.getByRole('textbox', { name: /Bank reference/ }).fill('UTR-E2E-0001');
    await dialog.getByRole('button', { name: `Pay ${rupees(net)}` }).click();
    await expect.poll(() => dialog.getByText(/short\. Nothing was paid\./).isVisible()).toBe(true);
    expect((await slipsOf(paid.id)).total).toBe(0);

    // Funded, a double click on Pay pays once.
    await payrollFactories(t).fundCompany(Math.ceil(net - before.companyBalance) + 100_000);
    await dialog.getByRole('button', { name: `Pay ${rupees(net)}` }).dblclick();
    await expect
      .poll(() =>
        toast(accountant, `Paid ${rupees(net)} to Meera Payroll for ${label}, reference UTR-E2E-0001.`).isVisible(),
      )
      .toBe(true);
    await expect.poll(() => row.getByText('Paid', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => row.getByText('UTR-E2E-0001').isVisible()).toBe(true);
    expect((await slipsOf(paid.id)).total).toBe(1);
    const after = await summary();
    expect(after.paid).toBeCloseTo(before.paid + net, 2);
    expect(after.paidCount).toBe(before.paidCount + 1);

    // The month's run pays the rest and skips the one already paid; its progress bar follows it to the end.
    await accountant.getByRole('tab', { name: 'Salary run' }).click();
    await accountant.getByRole('button', { name: 'Start salary run' }).click();
    const progress = accountant.getByRole('progressbar', { name: /Salary run \d+ progress/ });
    await expect.poll(() => progress.isVisible()).toBe(true);
    await expect
      .poll(
        async () => (await accountant.getByRole('status').filter({ hasText: 'employees done' }).textContent()) ?? '',
        {
          timeout: 20_000,
        },
      )
      .toMatch(/Finished\.$/);
    expect(await progress.getAttribute('aria-valuenow')).toBe(await progress.getAttribute('aria-valuemax'));
    expect((await slipsOf(other.id)).total).toBe(1);
    expect((await slipsOf(paid.id)).total).toBe(1);
  });

  it('the professional downloads their slip as a PDF', async () => {
    const page = await (await people.context()).newPage();
    await page.goto(`${t.url}/Auth`);
    await page.getByLabel('Mobile number or e-mail').fill(paid.mobileNo);
    await page.getByLabel('Password', { exact: true }).fill(paid.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/Dashboard/TechnicianDashboard');

    await page.goto(`${t.url}/SalarySlip/SalarySlipTech`);
    const row = page.getByRole('row', { name: new RegExp(label) });
    await expect.poll(() => row.getByText('UTR-E2E-0001').isVisible()).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download the slip of ${label} as PDF` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`salary-slip-${paid.id}-${date}.pdf`);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The month's slip, line by line, with the net in figures.
    await row.getByRole('link', { name: `View the slip of ${label}` }).click();
    await waitForPath(page, '/SalarySlip/GenerateSalarySliptech');
    await expect.poll(() => page.getByText(`Net pay ${rupees(net)}`).isVisible()).toBe(true);
  });
});
