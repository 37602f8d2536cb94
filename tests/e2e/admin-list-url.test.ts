import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTab, chromiumPath, launch } from '../support/browser';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/** An admin list keeps its page, sort and search in the URL: Back, forward, reload and a shared link restore it. */
describe.skipIf(!chromiumPath)("an admin list's state lives in its URL", () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  let page: Page;

  const search = () => Object.fromEntries(new URL(page.url()).searchParams);
  // The second column is the name (the first is the picture).
  const firstNameIn = (p: Page) => p.getByRole('table').locator('tbody tr').first().locator('td').nth(1).textContent();
  const firstName = () => firstNameIn(page);

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const make = factories(t);
    for (let i = 1; i <= 25; i++) await make.category({ categoryName: `Listed ${String(i).padStart(2, '0')}` });
    browser = await launch();
    page = await adminTab(browser.context, t.url);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('search, sort and page go into the URL, and Back, reload and a shared link bring them back', async () => {
    await page.goto(`${t.url}/Category/CategoryList`);
    await page.getByRole('searchbox', { name: /search/i }).fill('Listed');
    await expect.poll(search).toMatchObject({ search: 'Listed' });

    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expect.poll(search).toMatchObject({ search: 'Listed', sort: 'categoryName', order: 'asc' });
    await expect.poll(firstName).toContain('Listed 01');

    await page.getByRole('button', { name: /next page/i }).click();
    await expect.poll(search).toMatchObject({ page: '2', sort: 'categoryName' });
    await expect.poll(firstName).toContain('Listed 21');

    await page.reload();
    await expect.poll(firstName).toContain('Listed 21');
    expect(search()).toMatchObject({ page: '2', search: 'Listed', sort: 'categoryName' });

    await page.goBack();
    await expect.poll(() => search().page).toBeUndefined();
    await expect.poll(firstName).toContain('Listed 01');

    // A shared link opens the same list in another tab, already signed in (the session is the browser's, decision 043).
    const other = await browser.context.newPage();
    await other.goto(`${t.url}/Category/CategoryList?search=Listed&sort=categoryName&order=desc&page=2`);
    await expect.poll(() => firstNameIn(other)).toContain('Listed 05');
    await other.close();
  });
});
