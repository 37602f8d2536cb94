import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletBalance } from '../../server/domains/money/wallets/service';
import { axeViolations } from '../support/axe';
import { adminTab, browserPerPerson, chromiumPath } from '../support/browser';
import { factories, subscriptionFactories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Subscriptions (decision 023): the admin adds a plan on the Subscription Master screens and gives it a discount; a
 * customer with money in their wallet opens /SubscriptionPlan, buys it from the wallet and sees it active.
 */
describe.skipIf(!chromiumPath)('subscriptions in the browser', () => {
  let t: TestServer;
  // A browser for each person: the session is the browser's cookie (decision 043).
  const people = browserPerPerson();
  const pathname = (page: Page) => new URL(page.url()).pathname;
  const toast = (page: Page, text: string | RegExp) =>
    page.getByRole('region', { name: /Notifications/ }).getByText(text);

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
  });
  afterAll(async () => {
    await people.close();
    await t?.close();
  });

  it('admin adds a plan; a customer buys it from the wallet on /SubscriptionPlan and sees it active', async () => {
    const service = await factories(t).service({ heading: 'E2E Sofa Care', price: 800, discount: 0 });
    const admin = await adminTab(await people.context(), t.url);
    await admin.goto(`${t.url}/Subscription/AddSubscriptionDetails`);
    await admin.getByLabel(/^Plan name/).fill('E2E Care Plus');
    await admin.getByLabel(/^Duration in months/).fill('6');
    await admin.getByLabel(/^Price/).fill('0');
    await admin.getByRole('button', { name: 'Add plan' }).click();
    // The contract's rule, in the server's words, before anything is sent.
    await admin.getByRole('alert').filter({ hasText: 'Price must be at least 1' }).first().waitFor();
    await admin.getByLabel(/^Price/).fill('499');
    await admin.getByRole('button', { name: 'Add plan' }).click();
    await expect.poll(() => pathname(admin)).toBe('/Subscription/UpdateSubscriptionDetails');
    await admin.getByRole('heading', { name: 'Change E2E Care Plus' }).waitFor();
    const plan = (await t.api('GET', '/api/Common/GetAllsubscription')).body.data.items.find(
      (p: { subscriptionName: string }) => p.subscriptionName === 'E2E Care Plus',
    );
    await subscriptionFactories(t).discount(plan.id, { ServiceID: service.id, discount: 20 });
    await admin.goto(`${t.url}/Subscription/GetSubscriptionDetails`);
    await expect.poll(() => admin.getByRole('row', { name: /E2E Care Plus/ }).count()).toBe(1);
    expect(await axeViolations(admin)).toEqual([]);
    await admin.close();

    const customer = await subscriptionFactories(t).customer(600);
    const page = await (await people.context()).newPage();
    await page.goto(`${t.url}/Auth?redirect=/SubscriptionPlan`);
    await page.getByLabel('Mobile number or e-mail').fill(customer.mobileNo);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => pathname(page)).toBe('/SubscriptionPlan');
    await page.getByTestId('my-plan').filter({ hasText: 'You have no plan now' }).waitFor();
    const card = page.getByRole('article', { name: 'E2E Care Plus' });
    await card.getByText('20% off').waitFor();
    expect(await card.getByText('E2E Sofa Care').count()).toBe(1);
    await expect.poll(() => page.getByLabel('Pay with').inputValue()).toBe('Wallet');
    await card.getByRole('button', { name: 'Buy · ₹499.00 · E2E Care Plus' }).click();
    await expect.poll(() => toast(page, /^E2E Care Plus is yours until /).isVisible()).toBe(true);
    const mine = page.getByTestId('my-plan');
    await mine.getByText('Active').waitFor();
    expect(await mine.getByText('E2E Care Plus').count()).toBe(1);
    await card.getByText(/^Your plan, until /).waitFor();
    expect(await walletBalance(t.db, 'customer', customer.id)).toBe(10_100);
    // Its tax invoice (decision 054): ₹499 includes GST ₹76.12, and the PDF downloads.
    const invoice = page.getByTestId('plan-invoice');
    await invoice.getByText(/^Tax invoice INV\/\d{4}\/\d{6}/).waitFor();
    expect(await invoice.getByText('incl. GST ₹76.12').count()).toBe(1);
    const download = page.waitForEvent('download');
    await invoice.getByRole('button', { name: /^Download invoice INV\// }).click();
    expect((await download).suggestedFilename()).toMatch(/^invoice-INV-\d{4}-\d{6}\.pdf$/);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
