import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPerPerson, chooseStateAndCity, chromiumPath, signIn, waitForPath } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

// What a person meets off the usual path: an unknown address, another role's page, the footer's account links, and a
// server that cannot be reached. At a phone's width and a laptop's.
describe.skipIf(!chromiumPath)('off the usual path', () => {
  let t: TestServer;
  // Each test is another person, with a browser (and so a session) of their own (decision 043).
  const people = browserPerPerson();
  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
  });
  afterAll(async () => {
    await people.close();
    await t?.close();
  });

  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const footer = (page: Page) => page.getByRole('navigation', { name: 'Footer' });

  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ]) {
    it(`an unknown address shows the site's header and a way home (${width} px)`, async () => {
      const page = await (await people.context()).newPage();
      await page.setViewportSize({ width, height });
      const reply = await page.goto(`${t.url}/No/Such/Page`);
      expect(reply?.status()).toBe(404);
      await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Page not found' }).isVisible()).toBe(true);
      expect(await page.getByRole('banner').getByRole('link', { name: 'Doorstep' }).isVisible()).toBe(true);
      expect(await footer(page).getByRole('link', { name: 'About' }).count()).toBe(1);
      expect(await fits(page), 'the not-found page fits').toBe(true);
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await expect.poll(() => pathOf(page)).toBe('/');
      await page.close();
    });
  }

  it('a vendor on an admin page is told they have no access, and where their own area is', async () => {
    const page = await (await people.context()).newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, t.url, 'VE');
    await waitForPath(page, '/Dashboard/VendorDashboard');
    await page.goto(`${t.url}/Zone/ZoneList`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'You have no access to this page' }).isVisible())
      .toBe(true);
    expect(pathOf(page)).toBe('/Zone/ZoneList');
    expect(await page.getByText(/This page is for admins\. You are signed in as .* \(Vendor\)\./).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('heading', { name: 'Admin sign in' }).count()).toBe(0);
    expect(await fits(page), 'the no-access page fits').toBe(true);
    await page.getByRole('link', { name: 'Go to my dashboard' }).click();
    await expect.poll(() => pathOf(page)).toBe('/Dashboard/VendorDashboard');

    // Signing out from there leads to the sign-in that page asks for, and back to it.
    await page.goto(`${t.url}/Zone/ZoneList`);
    await page.getByRole('button', { name: 'Sign out to use another account' }).click();
    await expect.poll(() => pathOf(page)).toBe('/Admin');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/Zone/ZoneList');
    await page.close();
  });

  it("the footer's account links follow the sign-in state", async () => {
    const page = await (await people.context()).newPage();
    await page.goto(`${t.url}/About`);
    await expect.poll(() => footer(page).getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(1);
    expect(await footer(page).getByRole('link', { name: 'My account' }).count()).toBe(0);
    await signIn(page, t.url, 'Cust');
    await waitForPath(page, '/');
    await expect.poll(() => footer(page).getByRole('link', { name: 'My account' }).count()).toBe(1);
    expect(await footer(page).getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(0);
    expect(
      await footer(page)
        .getByRole('link', { name: /admin sign in/ })
        .count(),
    ).toBe(0);
    expect(await page.getByRole('banner').getByRole('link', { name: 'My account' }).count()).toBe(1);
    await footer(page).getByRole('link', { name: 'My account' }).click();
    await expect.poll(() => pathOf(page)).toBe('/MyAccounts');
    await page.close();
  });

  it('an empty drop-down asks for a choice; with no server, the page says so, keeps the form and retries', async () => {
    const page = await (await people.context()).newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, t.url, 'Cust');
    await waitForPath(page, '/');
    await page.goto(`${t.url}/MyAccounts?tab=addresses`);
    const form = page.getByRole('form', { name: 'Add an address' });
    await form.getByLabel(/^Name/).fill('Kavya at work');
    await form.getByLabel(/^Mobile number/).fill('9845011224');
    await form.getByLabel(/^Address/).fill('12, 80 Feet Road, Koramangala');
    await form.getByLabel(/^Pincode/).fill('560034');
    await form.getByRole('button', { name: 'Add address' }).click();
    await expect.poll(() => form.getByText('Choose a state').first().isVisible()).toBe(true);
    expect(await form.getByText('Choose a city').first().isVisible()).toBe(true);
    expect(await page.getByText(/must be at least/).count()).toBe(0);

    await chooseStateAndCity(form, 'Karnataka', 'Bengaluru');

    await page.context().setOffline(true);
    await form.getByRole('button', { name: 'Add address' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'Doorstep cannot be reached' });
    await expect.poll(() => banner.isVisible()).toBe(true);
    const box = (await banner.boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844, 'the banner on the phone').toBe(true);
    expect(await form.getByLabel(/^Address/).inputValue()).toBe('12, 80 Feet Road, Koramangala');
    expect(await form.getByLabel(/^Pincode/).inputValue()).toBe('560034');

    // Still offline: trying again keeps the notice.
    await banner.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => banner.getByRole('button', { name: 'Try again' }).isEnabled()).toBe(true);
    expect(await banner.isVisible()).toBe(true);

    await page.context().setOffline(false);
    await banner.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    await form.getByRole('button', { name: 'Add address' }).click();
    await expect
      .poll(() => page.getByText('12, 80 Feet Road, Koramangala, Bengaluru, Karnataka 560034').isVisible())
      .toBe(true);
    await page.close();
  });
});
