import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTab, browserPerPerson, chromiumPath, launch, signIn, waitForPath } from '../support/browser';
import { accountOf, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server';

const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

describe.skipIf(!chromiumPath)('wallets and payments in the browser', () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  // Everyone but the vendor in a browser of their own: the session is the browser's (decision 043).
  const people = browserPerPerson();
  let vendor: Page;
  let admin: Page;
  const vendorAccount = accountOf('VE');
  const customerAccount = accountOf('Cust');

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    browser = await launch();
    vendor = await browser.context.newPage();
    await signIn(vendor, t.url, 'VE');
    await waitForPath(vendor, '/Dashboard/VendorDashboard');
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), people.close()]);
    await t?.close();
  });

  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const toast = (page: Page, text: string | RegExp) =>
    page.getByRole('region', { name: /Notifications/ }).getByText(text);
  const balanceOf = async (role: 'VE' | 'AC') =>
    (await t.api('GET', '/api/Wallet/MyBalance', { token: await t.tokenFor(role) })).body.data.balance as number;
  const customerBalance = async () =>
    (
      await t.api('POST', '/api/GetCustomerWalletBalance', {
        token: await t.tokenFor('A'),
        body: { CustomerMobileNo: customerAccount.mobileNo },
      })
    ).body.data.balance as number;

  /** On the sandbox's checkout page: choose Pay, Fail or Cancel; the sandbox sends the browser back. */
  async function atCheckout(page: Page, outcome: 'Pay' | 'Fail' | 'Cancel') {
    await expect.poll(() => pathOf(page)).toMatch(/^\/sandbox\/checkout\//);
    await page.getByRole('button', { name: outcome, exact: true }).click();
  }

  it('vendor: My Balance shows the rupee amount once clicked; the top-bar top-up refuses a bad amount and an amount over the limit, offers the providers the server has, then pays through the sandbox and verifies once', async () => {
    const before = await balanceOf('VE');
    const myBalance = vendor.getByRole('button', { name: /^My Balance/ });
    await expect.poll(() => myBalance.textContent()).toBe('My Balance');
    await myBalance.click();
    await expect.poll(() => myBalance.textContent()).toBe(`My Balance: ${rupees(before)}`);

    await vendor.getByRole('button', { name: 'Add Money To Wallet' }).click();
    const amountDialog = vendor.getByRole('dialog', { name: 'Add Money To Wallet' });
    await amountDialog.getByRole('textbox', { name: /^Amount/ }).fill('12abc');
    await amountDialog.getByRole('button', { name: 'Continue' }).click();
    // The error toast, with the specification's exact words (trailing space included).
    await expect.poll(() => toast(vendor, 'Please add valid amount').isVisible()).toBe(true);
    expect(await toast(vendor, 'Please add valid amount').first().textContent()).toContain('Please add valid amount ');

    // Over the per-top-up limit: the server refuses, the dialog says why in the form's words, the amount is kept.
    await amountDialog.getByRole('textbox', { name: /^Amount/ }).fill('60000');
    await amountDialog.getByRole('button', { name: 'Continue' }).click();
    const confirm = vendor.getByRole('dialog', { name: 'Confirm payment' });
    // Only the providers this server has set up: without keys, the built-in sandbox, which is then the default.
    await expect.poll(() => confirm.getByLabel('Pay with').inputValue()).toBe('sandbox');
    expect(await confirm.getByLabel('Pay with').locator('option').allTextContents()).toEqual([
      'Test payment (no real money)',
    ]);
    await confirm.getByRole('button', { name: `Pay ${rupees(60000)}` }).click();
    await expect
      .poll(() => confirm.getByRole('alert').textContent())
      .toContain('Amount must be at most ₹50,000.00 per top-up');
    await confirm.getByRole('button', { name: 'Change the amount or how to pay' }).click();
    const amount = amountDialog.getByRole('textbox', { name: /^Amount/ });
    await expect.poll(() => amount.inputValue()).toBe('60000');
    await amount.fill('500');
    await amountDialog.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => confirm.getByText(`Add ${rupees(500)} to your wallet.`).isVisible()).toBe(true);
    await confirm.getByRole('button', { name: `Pay ${rupees(500)}` }).click();

    await atCheckout(vendor, 'Pay');
    await expect.poll(() => pathOf(vendor)).toBe('/Dashboard/VendorDashboard');
    await expect.poll(() => vendor.getByText('Payment received', { exact: true }).isVisible()).toBe(true);
    // A success toast with the server's message.
    await expect
      .poll(() =>
        toast(vendor, /added to your wallet\./)
          .first()
          .isVisible(),
      )
      .toBe(true);
    // UID left the address by replacing the entry: Back does not return to it.
    expect(new URL(vendor.url()).searchParams.has('UID')).toBe(false);
    expect(await balanceOf('VE')).toBe(before + 500);
    // The checkout was a full page load: My Balance waits for a click again.
    await myBalance.click();
    await expect.poll(() => myBalance.textContent()).toBe(`My Balance: ${rupees(before + 500)}`);

    await vendor.reload();
    await expect.poll(() => vendor.getByRole('heading', { name: 'Vendor dashboard' }).isVisible()).toBe(true);
    await vendor.waitForTimeout(500);
    expect(await vendor.getByText('Payment received', { exact: true }).count()).toBe(0);
    expect(await balanceOf('VE')).toBe(before + 500);

    // The same return address opened again (a bookmarked or shared link): the server answers the stored result,
    // and this tab, having shown it, shows nothing twice.
    const intents = await t.api('GET', '/api/Payments/Intents?state=paid', { token: await t.tokenFor('A') });
    const uid = intents.body.data.items[0].orderId as string;
    await vendor.goto(`${t.url}/Dashboard/VendorDashboard?UID=${uid}`);
    await expect.poll(() => new URL(vendor.url()).searchParams.has('UID')).toBe(false);
    await vendor.waitForTimeout(500);
    expect(await vendor.getByText('Payment received', { exact: true }).count()).toBe(0);
    expect(await balanceOf('VE')).toBe(before + 500);
  });

  it('vendor: the wallet page shows the balance and own history with dates and CSV; a failed sandbox payment returns there with an error and credits nothing', async () => {
    await vendor
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Wallet', exact: true })
      .click();
    await expect.poll(() => pathOf(vendor)).toBe('/Wallet/WalletBalanceOfVendor');
    await expect.poll(() => vendor.getByRole('heading', { name: 'My wallet', level: 1 }).isVisible()).toBe(true);
    expect(await vendor.title()).toBe('My wallet · Doorstep');
    const balance = await balanceOf('VE');
    const balanceCard = vendor.getByRole('region', { name: 'Balance' });
    await expect.poll(() => balanceCard.getByText(rupees(balance), { exact: true }).isVisible()).toBe(true);

    const history = vendor.getByRole('region', { name: 'History' });
    const topUpRow = history.getByRole('row').filter({ hasText: `+${rupees(500)}` });
    await expect.poll(() => topUpRow.count()).toBeGreaterThan(0);
    await expect.poll(() => topUpRow.first().textContent()).toContain(rupees(balance));

    // A range in the future has nothing; it is kept in the URL.
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await history.getByLabel('From').fill(future);
    await expect.poll(() => new URL(vendor.url()).searchParams.get('from')).toBe(future);
    await expect.poll(() => history.getByText('No movements between these dates.').isVisible()).toBe(true);
    await history.getByLabel('From').fill('');
    await expect.poll(() => topUpRow.count()).toBeGreaterThan(0);

    const [download] = await Promise.all([
      vendor.waitForEvent('download'),
      history.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('my-wallet-history.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\n').length).toBeGreaterThan(2);
    expect(csv).toContain('500');

    // The inline top-up returns to this page; Fail at the provider is an error and no money.
    const addMoney = vendor.getByRole('region', { name: 'Add money' });
    /** Through the inline top-up to the sandbox, `outcome` there, and back to this page. */
    const topUpAndDecide = async (typed: string, outcome: 'Fail' | 'Cancel') => {
      await addMoney.getByRole('textbox', { name: /^Amount/ }).fill(typed);
      await addMoney.getByRole('button', { name: 'Continue' }).click();
      await addMoney.getByLabel('Pay with').selectOption('sandbox');
      await addMoney.getByRole('button', { name: `Pay ${rupees(Number(typed))}` }).click();
      await atCheckout(vendor, outcome);
      await expect.poll(() => pathOf(vendor)).toBe('/Wallet/WalletBalanceOfVendor');
    };
    await topUpAndDecide('75.50', 'Fail');
    await expect.poll(() => vendor.getByText('Payment not confirmed', { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() => toast(vendor, 'The payment failed: nothing was added to your wallet.').first().isVisible())
      .toBe(true);
    expect(new URL(vendor.url()).searchParams.has('UID')).toBe(false);
    expect(await balanceOf('VE')).toBe(balance);

    // Cancel at the provider: the same, with the cancellation's words (the top-up model's returns are made through
    // the API, so this is where the sandbox's Cancel button is pressed).
    await topUpAndDecide('20', 'Cancel');
    await expect
      .poll(() => toast(vendor, 'The payment was cancelled: nothing was added to your wallet.').first().isVisible())
      .toBe(true);
    expect(new URL(vendor.url()).searchParams.has('UID')).toBe(false);
    expect(await balanceOf('VE')).toBe(balance);
  });

  it('admin: User Management lists customers with balances; a debit past the balance is refused, a credit with a reason lands in the customer history', async () => {
    admin = await adminTab(await people.context(), t.url);
    // Admins have no My Balance.
    expect(await admin.getByRole('button', { name: /^My Balance/ }).count()).toBe(0);
    await admin.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'User Management' }).click();
    await expect.poll(() => pathOf(admin)).toBe('/Customer/CustomerList');
    await expect.poll(() => admin.getByRole('heading', { name: 'User management', level: 1 }).isVisible()).toBe(true);
    await admin.getByRole('searchbox').fill(customerAccount.mobileNo);
    const row = admin.getByRole('row').filter({ hasText: customerAccount.fullName });
    await expect.poll(() => row.count()).toBe(1);
    const start = await customerBalance();
    await expect.poll(() => row.textContent()).toContain(rupees(start));

    await row.getByRole('button', { name: `Update balance of ${customerAccount.fullName}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Update balance of ${customerAccount.fullName}` });
    // The contract's rules, before anything is sent.
    await dialog.getByRole('button', { name: 'Update balance' }).click();
    await expect
      .poll(() =>
        dialog
          .getByText(/Amount is required|Amount must/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect
      .poll(() =>
        dialog
          .getByText(/Reason must/)
          .first()
          .isVisible(),
      )
      .toBe(true);

    await dialog.getByRole('textbox', { name: /^Amount/ }).fill(String(start + 1000));
    await dialog.getByLabel('Credit or debit').selectOption('Debit');
    await dialog.getByLabel('Reason').fill('Refund reversal');
    await dialog.getByRole('button', { name: 'Update balance' }).click();
    await expect
      .poll(() =>
        dialog
          .getByText(/does not hold enough for a debit/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await customerBalance()).toBe(start);

    await dialog.getByRole('textbox', { name: /^Amount/ }).fill('250');
    await dialog.getByLabel('Credit or debit').selectOption('Credit');
    await dialog.getByLabel('Reason').fill('Goodwill credit for a late visit');
    await dialog.getByRole('button', { name: 'Update balance' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => row.textContent()).toContain(rupees(start + 250));
    expect(await customerBalance()).toBe(start + 250);

    await row.getByRole('link', { name: `Wallet history of ${customerAccount.fullName}` }).click();
    await expect.poll(() => pathOf(admin)).toBe('/Customer/GetWalletHistoryCustomer');
    // The router keeps digits a string by quoting them in the address.
    expect(new URL(admin.url()).searchParams.get('mobile')).toContain(customerAccount.mobileNo);
    await expect
      .poll(() => admin.getByRole('heading', { name: `Wallet of ${customerAccount.fullName}`, level: 1 }).isVisible())
      .toBe(true);
    await expect
      .poll(() =>
        admin
          .getByRole('region', { name: 'Balance' })
          .getByText(rupees(start + 250))
          .isVisible(),
      )
      .toBe(true);
    const moved = admin.getByRole('row').filter({ hasText: 'Goodwill credit for a late visit' });
    await expect.poll(() => moved.count()).toBe(1);
    await expect.poll(() => moved.textContent()).toContain(`+${rupees(250)}`);
  });

  it('admin: vendor wallets list balances; a vendor is picked for its history and topped up with a reason, then by phone', async () => {
    await admin
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Vendor Wallet History' })
      .click();
    await expect.poll(() => pathOf(admin)).toBe('/Vendor/VendorWalletHistory');
    await admin.getByRole('searchbox').fill(vendorAccount.fullName);
    const row = admin.getByRole('row').filter({ hasText: vendorAccount.mobileNo });
    await expect.poll(() => row.count()).toBe(1);
    const start = await balanceOf('VE');
    await expect.poll(() => row.textContent()).toContain(rupees(start));

    await row.getByRole('link', { name: `Wallet history of ${vendorAccount.fullName}` }).click();
    const history = admin.getByRole('region', { name: `Wallet history of ${vendorAccount.fullName}` });
    await expect
      .poll(() =>
        history
          .getByRole('row')
          .filter({ hasText: `+${rupees(500)}` })
          .count(),
      )
      .toBeGreaterThan(0);

    await row.getByRole('button', { name: `Top up or adjust ${vendorAccount.fullName}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Top up or adjust ${vendorAccount.fullName}` });
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill('100');
    await dialog.getByLabel('Reason').fill('Opening stock advance');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => history.getByRole('row').filter({ hasText: 'Opening stock advance' }).count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain(rupees(start + 100));
    expect(await balanceOf('VE')).toBe(start + 100);

    // The admin tops up a vendor's wallet by phone and amount.
    await admin.getByRole('button', { name: 'Top up by phone' }).click();
    const byPhone = admin.getByRole('dialog', { name: 'Top up a vendor by phone' });
    await byPhone.getByRole('textbox', { name: /^Vendor phone/ }).fill(vendorAccount.mobileNo);
    await byPhone.getByRole('textbox', { name: /^Amount/ }).fill('250.50');
    await byPhone.getByLabel('Reason').fill('Cash paid at the office');
    await byPhone.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => byPhone.isVisible()).toBe(false);
    await expect.poll(() => history.getByRole('row').filter({ hasText: 'Cash paid at the office' }).count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain(rupees(start + 350.5));
    expect(await balanceOf('VE')).toBe(start + 350.5);
  });

  it('a signed-out admin sent from Add Balance to the sign-in page finds the admin sign-in and comes back', async () => {
    const page = await (await people.context()).newPage();
    await page.goto(`${t.url}/Accountant/AccountantWallet`);
    await waitForPath(page, '/Auth');
    await page.getByRole('link', { name: 'Sign in as an admin' }).click();
    await waitForPath(page, '/Admin');
    expect(new URL(page.url()).searchParams.get('redirect')).toContain('/Accountant/AccountantWallet');
    await page.getByLabel('E-mail or mobile number').fill(accountOf('A').email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/Accountant/AccountantWallet');
    await page.close();
  });

  it("HR sees 'My Balance' inert: the words, nothing to press", async () => {
    const hr = await (await people.context()).newPage();
    await signIn(hr, t.url, 'HR');
    await waitForPath(hr, '/Dashboard/HrDashboard');
    await expect.poll(() => hr.getByText('My Balance', { exact: true }).count()).toBe(1);
    expect(await hr.getByRole('button', { name: /My Balance/ }).count()).toBe(0);
    expect(await hr.getByRole('button', { name: 'Add Money To Wallet' }).count()).toBe(0);
    await hr.close();
  });

  it('accountant: My Balance is the account wallet; Add Balance records a bank payment; the dashboard shows it; the admin reaches Add Balance too', async () => {
    const accountant = await (await people.context()).newPage();
    await signIn(accountant, t.url, 'AC');
    await waitForPath(accountant, '/Dashboard/AccountDashboard');
    // No top-up icon for the accountant: it is the vendor's.
    expect(await accountant.getByRole('button', { name: 'Add Money To Wallet' }).count()).toBe(0);
    const start = await balanceOf('AC');
    const stats = accountant.getByRole('group', { name: 'Account wallet' });
    await expect.poll(() => stats.textContent()).toContain(rupees(start));

    await accountant.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Add Balance' }).click();
    await expect.poll(() => pathOf(accountant)).toBe('/Accountant/AccountantWallet');
    await expect.poll(() => accountant.getByRole('heading', { name: 'Add balance', level: 1 }).isVisible()).toBe(true);
    const form = accountant.getByRole('form', { name: 'Record a payment in' });
    await form.getByRole('textbox', { name: /^Amount/ }).fill('10000');
    await form.getByLabel('Bank reference').fill('UTR#1');
    await form.getByRole('button', { name: 'Add balance' }).click();
    // The contract's pattern, on the field.
    await expect
      .poll(() =>
        form
          .getByText(/Bank reference has an invalid format/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await form.getByLabel('Bank reference').fill('UTR 4471 20261123');
    await form.getByLabel('Remark').fill('November collections');
    await form.getByRole('button', { name: 'Add balance' }).click();
    const row = accountant.getByRole('row').filter({ hasText: 'UTR 4471 20261123' });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain(`+${rupees(10000)}`);
    // A new, empty form for the next one.
    await expect.poll(() => form.getByLabel('Bank reference').inputValue()).toBe('');
    expect(await balanceOf('AC')).toBe(start + 10000);

    const myBalance = accountant.getByRole('button', { name: /^My Balance/ });
    await myBalance.click();
    await expect.poll(() => myBalance.textContent()).toBe(`My Balance: ${rupees(start + 10000)}`);

    await accountant.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => pathOf(accountant)).toBe('/Dashboard/AccountDashboard');
    await expect.poll(() => stats.textContent()).toContain(rupees(start + 10000));
    await expect.poll(() => stats.getByText('Credited this month').isVisible()).toBe(true);
    await accountant.close();

    await admin.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Add Balance' }).click();
    await expect.poll(() => pathOf(admin)).toBe('/Accountant/AccountantWallet');
    await expect.poll(() => admin.getByRole('row').filter({ hasText: 'UTR 4471 20261123' }).count()).toBe(1);
  });

  it('customer: My Accounts shows the balance, tops up through the sandbox and verifies on return', async () => {
    const customer = await (await people.context()).newPage();
    await customer.goto(`${t.url}/MyAccounts`);
    // Signed out: sign in first, then back to My Accounts.
    await expect.poll(() => pathOf(customer)).toBe('/Auth');
    await customer.getByLabel('Mobile number or e-mail').fill(customerAccount.mobileNo);
    await customer.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await customer.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => pathOf(customer)).toBe('/MyAccounts');
    const start = await customerBalance();
    const card = customer.getByRole('region', { name: 'Wallet balance' });
    await expect.poll(() => card.getByText(rupees(start), { exact: true }).isVisible()).toBe(true);

    const addMoney = customer.getByRole('region', { name: 'Add money' });
    await addMoney.getByRole('textbox', { name: /^Amount/ }).fill('300');
    await addMoney.getByRole('button', { name: 'Continue' }).click();
    await addMoney.getByLabel('Pay with').selectOption('sandbox');
    await addMoney.getByRole('button', { name: `Pay ${rupees(300)}` }).click();
    await atCheckout(customer, 'Pay');
    await expect.poll(() => pathOf(customer)).toBe('/MyAccounts');
    await expect.poll(() => customer.getByText('Payment received', { exact: true }).isVisible()).toBe(true);
    expect(new URL(customer.url()).searchParams.has('UID')).toBe(false);
    await expect.poll(() => card.getByText(rupees(start + 300), { exact: true }).isVisible()).toBe(true);
    expect(await customerBalance()).toBe(start + 300);
    const history = customer.getByRole('region', { name: 'Wallet history' });
    await expect
      .poll(() =>
        history
          .getByRole('row')
          .filter({ hasText: `+${rupees(300)}` })
          .count(),
      )
      .toBe(1);
    await customer.close();
  });

  it('staff: payment intents list by state; the detail draws the machine at its state and expires an open payment', async () => {
    // An order the vendor started and never paid.
    const open = await t.api('POST', '/api/Excel/Gate1CF', {
      token: await t.tokenFor('VE'),
      body: { order_amount: 42, payment_mode: 'sandbox' },
    });
    expect(open.status).toBe(201);
    const orderId = open.body.data.order_id as string;

    await admin.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Payment Intents' }).click();
    await expect.poll(() => pathOf(admin)).toBe('/Payments/PaymentIntents');
    await admin.getByLabel('State').selectOption('failed');
    await expect.poll(() => new URL(admin.url()).searchParams.get('state')).toBe('failed');
    await expect.poll(() => admin.getByRole('row').filter({ hasText: 'Failed' }).count()).toBeGreaterThan(0);
    await admin.getByLabel('State').selectOption('');
    const row = admin.getByRole('row').filter({ hasText: orderId });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('link', { name: orderId }).click();

    await expect.poll(() => pathOf(admin)).toBe('/Payments/PaymentIntentDetail');
    await expect
      .poll(() => admin.getByRole('heading', { name: `Payment ${orderId}`, level: 1 }).isVisible())
      .toBe(true);
    const current = admin.locator('li[aria-current="step"]');
    await expect.poll(() => current.textContent()).toMatch(/^(Created|Awaiting payment)/);
    await admin.getByLabel('Remark').fill('Payer abandoned the checkout');
    await admin.getByRole('button', { name: 'Expire' }).click();
    await expect.poll(() => current.textContent()).toMatch(/^Expired/);
    await expect.poll(() => admin.getByRole('button', { name: 'Expire' }).count()).toBe(0);
    await expect
      .poll(() => admin.getByRole('row').filter({ hasText: 'Payer abandoned the checkout' }).count())
      .toBeGreaterThan(0);
    const stored = await t.api('GET', `/api/Payments/Intents?search=${orderId}`, { token: await t.tokenFor('A') });
    expect(stored.body.data.items[0].state).toBe('expired');
  });
});
