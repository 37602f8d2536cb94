import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { adminTab, browserPerPerson, chromiumPath, signIn, waitForPath } from '../support/browser';
import { freshCouponCode } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Coupons with maker-checker approval (decision 021): marketing makes a coupon and sends it for approval,
 * the admin rejects it with a remark, marketing changes it, the admin approves it, and visitors see it on /Coupons.
 */
describe.skipIf(!chromiumPath)('coupons in the browser', () => {
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

  it('marketing makes a coupon, the admin rejects it with a remark, marketing changes it, the admin approves it, visitors see it', async () => {
    const code = freshCouponCode('E2E');
    const marketing = await (await people.context()).newPage();
    await signIn(marketing, t.url, 'MR');
    await waitForPath(marketing, '/Dashboard/MarketingDashboard');
    await marketing.getByRole('button', { name: 'Coupons' }).click();
    await marketing.getByRole('link', { name: 'Add coupon' }).click();
    await expect.poll(() => pathname(marketing)).toBe('/Coupons/AddCoupons');

    // A percentage over 100 is caught before sending, in the server's words.
    await marketing.getByLabel(/^Coupon code/).fill(code.toLowerCase());
    await marketing.getByLabel(/^Offer in a few words/).fill('10% off, up to ₹100');
    await marketing.getByLabel(/^Description/).fill('Ten off your next booking');
    await marketing.getByLabel(/^Discount \(/).fill('150');
    await marketing.getByRole('button', { name: 'Save and send for approval' }).click();
    await marketing
      .getByRole('alert')
      .filter({ hasText: 'Discount must be a whole percent from 1 to 100' })
      .first()
      .waitFor();
    await marketing.getByLabel(/^Discount \(/).fill('10');
    await marketing.getByLabel(/^Most it takes off/).fill('100');
    await marketing.getByRole('button', { name: 'Save and send for approval' }).click();
    await expect.poll(() => pathname(marketing)).toBe('/Coupons/CouponDetail');
    await marketing.getByRole('heading', { name: `Coupon ${code}` }).waitFor();
    await expect.poll(() => toast(marketing, `Coupon ${code} sent for approval.`).isVisible()).toBe(true);
    expect(await axeViolations(marketing)).toEqual([]);

    // The admin finds it waiting and rejects it: first without a remark (refused), then with one.
    const admin = await adminTab(await people.context(), t.url);
    await admin.goto(`${t.url}/Advertisement/MarketingCoupons`);
    await admin.getByRole('link', { name: `Open coupon ${code}` }).click();
    await expect.poll(() => pathname(admin)).toBe('/Advertisement/MarketingCouponDetail');
    await admin.getByRole('button', { name: 'Reject' }).click();
    await admin
      .getByRole('alert')
      .filter({ hasText: /Remark is required to reject a coupon/ })
      .first()
      .waitFor();
    await admin.getByLabel(/^Remark/).fill('Cap it at ₹50, please.');
    await admin.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => toast(admin, `Coupon ${code} rejected.`).isVisible()).toBe(true);
    await admin.getByRole('table', { name: 'Transitions' }).getByText('Cap it at ₹50, please.').waitFor();
    expect(await axeViolations(admin)).toEqual([]);

    // Marketing sees the remark, changes the cap and sends it again.
    await marketing.goto(`${t.url}/Coupons/CouponsList?action=Rejected`);
    await marketing.getByRole('link', { name: `Edit coupon ${code}` }).click();
    await expect.poll(() => pathname(marketing)).toBe('/Coupons/UpdateCoupons');
    await marketing.getByText('Cap it at ₹50, please.').waitFor();
    await marketing.getByLabel(/^Most it takes off/).fill('50');
    await marketing.getByRole('button', { name: 'Save and send for approval' }).click();
    await expect.poll(() => pathname(marketing)).toBe('/Coupons/CouponDetail');
    await expect.poll(() => toast(marketing, `Coupon ${code} saved and sent for approval.`).isVisible()).toBe(true);

    // The admin approves it.
    await admin.reload();
    await admin.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => toast(admin, `Coupon ${code} approved.`).isVisible()).toBe(true);
    await admin.getByText('Live now').first().waitFor();

    // A visitor sees it on /Coupons with its terms.
    const visitor = await (await people.context()).newPage();
    await visitor.goto(`${t.url}/Coupons`);
    const ticket = visitor.getByRole('listitem').filter({ hasText: code });
    await ticket.getByText('10% off, up to ₹50.00').first().waitFor();
    expect(await ticket.getByText(/Once per customer; 100 of 100 left/).count()).toBe(1);
    expect(await axeViolations(visitor)).toEqual([]);
    await Promise.all([marketing.close(), admin.close(), visitor.close()]);
  });
});
