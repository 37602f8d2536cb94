import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTab, browserPerPerson, chromiumPath } from '../support/browser';
import { factories } from '../support/factories';
import { holdCalls } from '../support/held-calls';
import { accountOf, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server';

/**
 * The admin's Tips screens (/Tips/AddTips, /Tips/TipsList, tips update) and a customer's favourites: the
 * heart on a service card, My account → Favourites, remove.
 */
describe.skipIf(!chromiumPath)('tips and favourites in the browser', () => {
  let t: TestServer;
  // A browser for each person: the session is the browser's cookie (decision 043).
  const people = browserPerPerson();
  const pathname = (page: Page) => new URL(page.url()).pathname;
  const toast = (page: Page, text: string | RegExp) =>
    page.getByRole('region', { name: /Notifications/ }).getByText(text);
  const publicTips = async () =>
    ((await t.api('GET', '/api/GetTips')).body.data as { amount: number }[]).map((x) => x.amount);

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
  });
  afterAll(async () => {
    await people.close();
    await t?.close();
  });

  it('admin: adds a tip, is refused a duplicate, switches it off and on, and changes its amount', async () => {
    const page = await adminTab(await people.context(), t.url);
    // The Tips section of the admin menu leads to both pages.
    await page.getByRole('button', { name: 'Tips' }).click();
    await page.getByRole('link', { name: 'Add Tips' }).click();
    await expect.poll(() => pathname(page)).toBe('/Tips/AddTips');

    // A bad amount is caught before sending, in the server's words.
    await page.getByLabel(/^Tip amount/).fill('12.5');
    await page.getByRole('button', { name: 'Add tip' }).click();
    await page.getByRole('alert').filter({ hasText: 'Tip amount must be a whole number' }).first().waitFor();

    await page.getByLabel(/^Tip amount/).fill('75');
    await page.getByRole('button', { name: 'Add tip' }).click();
    await expect.poll(() => pathname(page)).toBe('/Tips/TipsList');
    await expect.poll(() => toast(page, 'Tip of ₹75 added.').isVisible()).toBe(true);
    const row = page.getByRole('row', { name: /₹75\.00/ });
    await expect.poll(() => row.count()).toBe(1);
    expect(await publicTips()).toEqual([20, 50, 75, 100]);

    // The same amount again: the server refuses it and the form says why.
    await page.goto(`${t.url}/Tips/AddTips`);
    await page.getByLabel(/^Tip amount/).fill('50');
    await page.getByRole('button', { name: 'Add tip' }).click();
    await page.getByRole('alert').filter({ hasText: 'A tip of ₹50 already exists.' }).first().waitFor();
    expect(await publicTips()).toEqual([20, 50, 75, 100]);

    // Off: no longer offered; on again.
    await page.goto(`${t.url}/Tips/TipsList`);
    const toggle = page.getByRole('switch', { name: 'Active: tip of ₹75.00' });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => toast(page, 'Deactivated.').isVisible()).toBe(true);
    await expect.poll(() => toggle.isChecked()).toBe(false);
    expect(await publicTips()).toEqual([20, 50, 100]);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await expect.poll(publicTips).toEqual([20, 50, 75, 100]);

    // Edit: the update page changes the amount.
    await page.getByRole('link', { name: 'Edit tip of ₹75.00' }).click();
    await expect.poll(() => pathname(page)).toBe('/Tips/TipsUpdate');
    await page.getByRole('heading', { name: 'Change tip of ₹75.00' }).waitFor();
    await page.getByLabel(/^Tip amount/).fill('80');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => pathname(page)).toBe('/Tips/TipsList');
    await expect.poll(() => page.getByRole('row', { name: /₹80\.00/ }).count()).toBe(1);
    expect(await page.getByRole('row', { name: /₹75\.00/ }).count()).toBe(0);
    expect(await publicTips()).toEqual([20, 50, 80, 100]);
    await page.close();
  });

  it('customer: the heart on a card asks a visitor to sign in, then favourites the service; My account lists it and removes it', async () => {
    const f = factories(t);
    const service = await f.service({ heading: 'E2E Ceiling Fan Repair' });
    const page = await (await people.context()).newPage();
    await page.goto(`${t.url}/Services?subCategoryId=${service.subCategoryId}`);

    // The customer's first read of their favourites is answered by the server at once but reaches the page only
    // after the heart is clicked, while the toggle is still on its way: an answer from before the click must not
    // empty the heart it just filled.
    const toggles = await holdCalls(page, 'POST', '/api/Customer/UserFavoritesAddDel');
    let staleRead: Promise<() => Promise<void>> | undefined;
    await page.route(
      (url) => url.pathname === '/api/Customer/GetUserFavorites',
      (route) => {
        if (staleRead) return route.continue();
        staleRead = route.fetch().then((response) => () => route.fulfill({ response }).catch(() => undefined));
      },
    );

    // A visitor's heart leads to sign-in, and back.
    await page.getByRole('link', { name: 'Add to favourites: E2E Ceiling Fan Repair (sign in first)' }).click();
    await expect.poll(() => pathname(page)).toBe('/Auth');
    const customer = accountOf('Cust');
    await page.getByLabel('Mobile number or e-mail').fill(customer.mobileNo);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => pathname(page)).toBe('/Services');

    const heart = page.getByRole('button', { name: /favourites: E2E Ceiling Fan Repair$/ });
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    expect(await heart.getAttribute('aria-label')).toBe('Add to favourites: E2E Ceiling Fan Repair');
    // Every state the heart shows from now on: once filled, it must not empty again.
    await heart.evaluate((el) => {
      const seen: string[] = [el.getAttribute('aria-pressed') ?? ''];
      (window as unknown as { heartSeen: string[] }).heartSeen = seen;
      new MutationObserver(() => seen.push(el.getAttribute('aria-pressed') ?? '')).observe(el, {
        attributeFilter: ['aria-pressed'],
      });
    });
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    expect(await heart.getAttribute('aria-label')).toBe('Remove from favourites: E2E Ceiling Fan Repair');
    await expect.poll(() => staleRead !== undefined).toBe(true);
    await (await staleRead!)();
    await toggles.release();
    await expect.poll(() => toast(page, 'E2E Ceiling Fan Repair added to your favourites.').isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { heartSeen: string[] }).heartSeen)).toEqual([
      'false',
      'true',
    ]);

    // The service page shows it pressed too.
    await page.goto(`${t.url}/ServicesDetails?id=${service.id}`);
    const pageHeart = page.getByRole('button', { name: 'Remove from favourites: E2E Ceiling Fan Repair' });
    await expect.poll(() => pageHeart.getAttribute('aria-pressed')).toBe('true');

    // My account → Favourites lists it; Remove takes it off.
    await page.goto(`${t.url}/MyAccounts`);
    await page.getByRole('tab', { name: 'Favourites' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('favourites');
    const list = page.getByRole('list', { name: 'Favourite services' });
    await expect.poll(() => list.getByRole('link', { name: 'E2E Ceiling Fan Repair' }).count()).toBe(1);
    await list.getByRole('button', { name: 'Remove E2E Ceiling Fan Repair from favourites' }).click();
    await toggles.release();
    await expect.poll(() => toast(page, 'Removed from your favourites.').isVisible()).toBe(true);
    await page.getByText('No favourites yet').waitFor();
    const left = await t.api('GET', '/api/Customer/GetUserFavorites', { token: await t.tokenFor('Cust') });
    expect(left.body.data.total).toBe(0);
    await page.close();
  });
});
