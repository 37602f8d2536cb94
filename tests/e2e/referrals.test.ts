import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { adminTab, browserPerPerson, chromiumPath, signIn, waitForPath } from '../support/browser';
import { factories, referralFactories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Referrals (decision 024): the admin sets the referral cost (/Referral/SetReferralCost) and marketing
 * shares the programme (/share/sharerefral); a new customer signs up through a customer's referral link from My
 * account, their first order is completed, and the referrer's wallet on My account shows the credit.
 */
describe.skipIf(!chromiumPath)('referrals in the browser', () => {
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

  it('admin sets the referral cost and sees it in force and in the update history; marketing shares the programme', async () => {
    const page = await adminTab(await people.context(), t.url);
    await page.getByRole('button', { name: 'Referral' }).click();
    await page.getByRole('link', { name: 'Set Referral Cost' }).click();
    await expect.poll(() => pathname(page)).toBe('/Referral/SetReferralCost');
    await page.getByText('Never set: referrals pay nothing until it is').waitFor();

    // A bad amount is caught before sending; a good one is in force at once and heads the history.
    const field = page.getByLabel(/^New referral cost/);
    await field.fill('12.345');
    await page.getByRole('button', { name: 'Set cost' }).click();
    await page.getByRole('alert').filter({ hasText: 'at most 2 decimals' }).first().waitFor();
    await field.fill('120');
    await page.getByRole('button', { name: 'Set cost' }).click();
    await expect.poll(() => toast(page, /The referral cost is now ₹120\.00/).isVisible()).toBe(true);
    await page.getByText(/^Set by Asha Admin on/).waitFor();
    const history = page.getByRole('table', { name: 'Referral update history' });
    await expect.poll(() => history.getByRole('row', { name: /₹120\.00.*Asha Admin/ }).count()).toBe(1);
    // The same cost again: the server says it is already in force.
    await field.fill('120');
    await page.getByRole('button', { name: 'Set cost' }).click();
    await page.getByRole('alert').filter({ hasText: 'The referral cost is already ₹120.00.' }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();

    const mr = await (await people.context()).newPage();
    await signIn(mr, t.url, 'MR');
    await waitForPath(mr, '/Dashboard/MarketingDashboard');
    await mr.getByRole('link', { name: 'Share Referral' }).click();
    await expect.poll(() => pathname(mr)).toBe('/share/sharerefral');
    await mr.getByText(/The reward now: ₹120\.00 for each new customer/).waitFor();
    await expect
      .poll(() => mr.getByRole('img', { name: 'QR code of the Doorstep sign-up link' }).getAttribute('src'))
      .toMatch(/^data:image\/svg\+xml/);
    await mr.getByRole('img', { name: /^Referral sign-ups per week/ }).waitFor();
    expect(await axeViolations(mr)).toEqual([]);
    await mr.close();
  });

  it("a friend signs up with a customer's link, their first order is completed, and the customer's wallet shows the reward", async () => {
    const f = factories(t);
    const rf = referralFactories(t);
    await rf.referralCost(120);
    const referrer = await f.customer({ fullName: 'Ritu Sharma' });

    // The referrer finds their code and link in My account → Referrals.
    const mine = await (await people.context()).newPage();
    await mine.goto(`${t.url}/Auth`);
    await mine.getByLabel('Mobile number or e-mail').fill(referrer.mobileNo);
    await mine.getByLabel('Password', { exact: true }).fill(referrer.password);
    await mine.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => pathname(mine)).toBe('/');
    await mine.goto(`${t.url}/MyAccounts`);
    await mine.getByRole('tab', { name: 'Referrals' }).click();
    await mine.getByText(referrer.referralCode, { exact: true }).waitFor();
    const link = (await mine.getByRole('status', { name: 'Your referral link' }).textContent())!.trim();
    expect(link).toBe(`${t.url}/SignUp?ref=${referrer.referralCode}`);

    // The friend opens the link: the code is filled in.
    const friend = await (await people.context()).newPage();
    await friend.goto(link);
    expect(await friend.getByLabel(/^Referral code/).inputValue()).toBe(referrer.referralCode);
    const joiner = { fullName: 'Arjun Nair', mobileNo: '9822003344', password: 'arjun-pass-123' };
    await friend.getByLabel('Full name').fill(joiner.fullName);
    await friend.getByLabel('Mobile number').fill(joiner.mobileNo);
    await friend.getByLabel('E-mail').fill('arjun.nair@example.in');
    await friend.getByLabel('State').selectOption({ label: 'Karnataka' });
    await friend.getByLabel('City').selectOption({ label: 'Bengaluru' });
    await friend.getByLabel('Pincode').fill('560034');
    await friend.getByLabel('Password', { exact: true }).fill(joiner.password);
    await friend.getByLabel('Confirm password').fill(joiner.password);
    await friend.getByRole('button', { name: 'Sign up' }).click();
    // Signed in at once (decision 043), on the home page.
    await expect.poll(() => pathname(friend)).toBe('/');
    await expect.poll(() => friend.getByText('Arjun Nair').isVisible()).toBe(true);
    await friend.close();

    // Their first order, placed and completed through the API (the professional's completion with their code).
    await rf.completedOrder({
      ...joiner,
      async token() {
        const res = await t.api('POST', '/api/Userlogin', {
          body: { MobileNoOrEmail: joiner.mobileNo, Password: joiner.password },
        });
        return res.body.data.Token as string;
      },
    });

    // The referrer's wallet shows the reward; the Referrals tab says the friend's referral was paid.
    await mine.goto(`${t.url}/MyAccounts`);
    await expect.poll(() => mine.getByRole('row', { name: /Referral reward/ }).count()).toBe(1);
    await mine.getByText('₹120.00').first().waitFor();
    await mine.getByRole('tab', { name: 'Referrals' }).click();
    const friends = mine.getByRole('list', { name: 'Friends who joined with your code' });
    await expect.poll(() => friends.getByRole('listitem').filter({ hasText: 'Arjun' }).textContent()).toMatch(/Paid/);
    expect(await axeViolations(mine)).toEqual([]);
    await mine.close();
  });
});
