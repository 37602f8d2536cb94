import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPerPerson, chromiumPath, signIn, waitForPath } from '../support/browser';
import { factories, payrollFactories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

/**
 * Statutory dues in Chromium (decision 056): a salary paid for March 2025 leaves EPF owed; the accountant opens
 * Statutory dues from the menu, pays the month's EPF to the authority with the challan's reference, and sees the
 * month cleared and the payment in the history, as the server records it.
 */
describe.skipIf(!chromiumPath)('statutory dues in the browser', () => {
  let t: TestServer;
  const people = browserPerPerson();
  let accountant: Page;
  let owed: number;

  const epfMarch = async () => {
    const d = (await t.api('GET', '/api/Account/GetStatutoryDues?scheme=EPF', { token: await t.tokenFor('AC') })).body
      .data as { months: { year: number; month: number; owed: number; paid: number }[] };
    return d.months.find((m) => m.year === 2025 && m.month === 3)!;
  };

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const f = factories(t);
    const pf = payrollFactories(t);
    const pro = await f.professional({ fullName: 'Asha Dues' });
    await pf.structure(pro.id, { effectiveFrom: '2025-01-01', basic: 20000 });
    await pf.fundCompany(100_000);
    const paid = await pf.pay(pro.id, '2025-03');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    owed = (await epfMarch()).owed;
    expect(owed).toBeGreaterThan(0);
    accountant = await (await people.context()).newPage();
    await signIn(accountant, t.url, 'AC');
    await waitForPath(accountant, '/Dashboard/AccountDashboard');
  });
  afterAll(async () => {
    await people.close();
    await t?.close();
  });

  it("the accountant pays March's EPF to the authority and sees it cleared", async () => {
    await accountant.getByRole('link', { name: 'Statutory dues' }).first().click();
    await waitForPath(accountant, '/PayModule/StatutoryDues');
    const dues = accountant.getByRole('table', { name: /Dues per salary month/ });
    const row = dues.getByRole('row', { name: /March 2025.*EPF/ });
    await expect.poll(() => row.getByText(rupees(owed)).first().isVisible()).toBe(true);

    await row.getByRole('button', { name: 'Pay EPF for March 2025' }).click();
    const dialog = accountant.getByRole('dialog', { name: 'Pay EPF for March 2025?' });
    await dialog.getByLabel(/Challan or bank reference/).fill('CHLN-EPF-MAR25');
    await dialog.getByRole('button', { name: 'Pay to the authority' }).click();
    await expect
      .poll(() =>
        accountant
          .getByRole('region', { name: /Notifications/ })
          .getByText(`Paid ${rupees(owed)} of EPF for March 2025, reference CHLN-EPF-MAR25.`)
          .isVisible(),
      )
      .toBe(true);

    // The month is cleared on screen and on the server; the payment is in the history.
    await expect.poll(() => row.getByText('Cleared').isVisible()).toBe(true);
    expect(await epfMarch()).toMatchObject({ owed: 0, paid: owed });
    const history = accountant.getByRole('table', { name: /Payments to the authorities/ });
    await expect.poll(() => history.getByRole('row', { name: /CHLN-EPF-MAR25/ }).isVisible()).toBe(true);
  });
});
