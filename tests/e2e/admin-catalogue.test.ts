import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTab, chromiumPath, launch } from '../support/browser';
import { png } from '../support/catalogue';
import { startTestServer, type TestServer } from '../support/server';

describe.skipIf(!chromiumPath)('the admin builds the catalogue in the browser', () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  let page: Page;
  let tmp: string;
  let picture: string;
  let zone: { zoneName: string; cityName: string };

  const pathname = () => new URL(page.url()).pathname;

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    browser = await launch();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-catalogue-e2e-'));
    picture = path.join(tmp, 'tap.png');
    fs.writeFileSync(picture, png(16, 16, [30, 120, 200]));
    const zones = await t.api('GET', '/api/Common/GetAllZone?pageSize=200&sort=zoneName');
    zone = zones.body.data.items.find((z: { active: boolean }) => z.active);
    expect(zone).toBeTruthy();
    page = await adminTab(browser.context, t.url);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('adds a category, a sub-category and a service with media, lists it with the server price and switches it off', async () => {
    // Category, offered in a demo zone, with a picture.
    await page.goto(`${t.url}/Category/CategoryAdd`);
    await page.getByLabel('Category name').fill('E2E Plumbing');
    await page.getByLabel('Details').fill('Taps, pipes and drains');
    await page.getByLabel('Picture', { exact: true }).setInputFiles(picture);
    await page.getByRole('img', { name: 'Preview of tap.png' }).waitFor();
    await page.getByRole('checkbox', { name: `${zone.zoneName} (${zone.cityName})` }).check();
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect.poll(pathname).toBe('/Category/CategoryList');
    const categoryRow = page.getByRole('row', { name: /E2E Plumbing/ });
    await expect.poll(() => categoryRow.count()).toBe(1);
    await expect.poll(() => categoryRow.getByRole('img', { name: 'E2E Plumbing' }).count()).toBe(1);
    await expect.poll(() => categoryRow.getByRole('switch', { name: 'Active: E2E Plumbing' }).isChecked()).toBe(true);

    // The same name again is refused by the server and shown under the field.
    await page.goto(`${t.url}/Category/CategoryAdd`);
    await page.getByLabel('Category name').fill('e2e plumbing');
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByRole('alert').filter({ hasText: 'already exists' }).first().waitFor();

    // Sub-category of it.
    await page.goto(`${t.url}/SubCategory/SubCategoryAdd`);
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'E2E Plumbing' });
    await page.getByLabel('Sub-category name').fill('E2E Tap repair');
    await page.getByLabel('Heading', { exact: true }).fill('Leaks fixed the same day');
    await page.getByRole('button', { name: 'Add sub-category' }).click();
    await expect.poll(pathname).toBe('/SubCategory/SubCategoryList');
    await expect.poll(() => page.getByRole('row', { name: /E2E Tap repair/ }).count()).toBe(1);

    // Service with a picture; the prices come back from the server.
    await page.goto(`${t.url}/Services/ServicesAdd`);
    await page.getByLabel('Heading').fill('E2E Washer replacement');
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'E2E Plumbing' });
    await page.getByLabel('Sub-category', { exact: true }).selectOption({ label: 'E2E Tap repair' });
    await page.getByLabel('Price').fill('499');
    await page.getByLabel('Discount').fill('10');
    await page.getByLabel('GST', { exact: true }).selectOption('18');
    await page.getByLabel('Carried out by').selectOption('Technician');
    await page.getByLabel('Description').fill('Replaces the worn washer of one tap.');
    await page.getByLabel('Picture', { exact: true }).setInputFiles(picture);
    await page.getByRole('img', { name: 'Preview of tap.png' }).waitFor();
    await page.getByRole('button', { name: 'Add service' }).click();
    await expect.poll(pathname).toBe('/Services/ServicesUpdate');
    // ₹499 less 10 % = ₹449.10, plus 18 % GST ₹80.84 = ₹529.94 (server-side, half-up to the paisa).
    const prices = page.getByRole('region', { name: 'Prices' });
    await expect.poll(() => prices.textContent()).toContain('₹529.94');
    expect(await prices.textContent()).toContain('₹80.84');

    // A YouTube video link in the media section.
    const media = page.getByRole('region', { name: 'Media' });
    await media.getByLabel('YouTube link', { exact: true }).fill('https://youtu.be/dQw4w9WgXcQ');
    await media.getByRole('button', { name: 'Add YouTube link' }).click();
    await expect
      .poll(() => media.getByRole('link', { name: /YouTube video/ }).getAttribute('href'))
      .toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');

    // The service list shows the server's final price; switching it off keeps it listed as inactive.
    await page.goto(`${t.url}/Services/ServicesList`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('E2E Washer');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    const row = page.getByRole('row', { name: /E2E Washer replacement/ });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('₹529.94');
    expect(await row.getByRole('img', { name: 'E2E Washer replacement' }).count()).toBe(1);
    const toggle = row.getByRole('switch', { name: 'Active: E2E Washer replacement' });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    expect(await row.textContent()).toContain('Inactive');

    // The server agrees: inactive for the admin, invisible to visitors.
    const token = await t.tokenFor('A');
    const all = await t.api('GET', '/api/Common/GetAllServices?status=all&search=E2E%20Washer', { token });
    expect(all.body.data.items).toMatchObject([
      { heading: 'E2E Washer replacement', active: false, finalPrice: 529.94 },
    ]);
    const publicList = await t.api('GET', '/api/Common/GetAllServices?search=E2E%20Washer');
    expect(publicList.body.data.items).toHaveLength(0);
  });

  it("checks a form with the contract's schema before sending it, and finds a category among many by the server's search", async () => {
    const posts: string[] = [];
    const onRequest = (r: { method(): string; url(): string }) => {
      if (r.method() !== 'GET' && r.url().includes('/api/')) posts.push(r.url());
    };
    page.on('request', onRequest);
    try {
      // Spaces only: the trimmed name breaks the schema's minLength, in the server's words, and nothing is sent.
      await page.goto(`${t.url}/Category/CategoryAdd`);
      expect(await page.getByLabel('Category name').getAttribute('maxlength')).toBe('100');
      await page.getByLabel('Category name').fill('   ');
      await page.getByRole('button', { name: 'Add category' }).click();
      await page.getByRole('alert').filter({ hasText: 'Category name must not be empty' }).waitFor();
      // An empty service: the summary reads top to bottom like the form, in the contract's words.
      await page.goto(`${t.url}/Services/ServicesAdd`);
      await page.getByRole('button', { name: 'Add service' }).click();
      const summary = page.getByRole('alert').filter({ hasText: 'Please fix the following' });
      await expect
        .poll(() => summary.getByRole('listitem').allTextContents())
        .toEqual([
          'Heading must not be empty',
          'Sub-category is required',
          'Price is required',
          'Carried out by is required',
        ]);
      expect(await page.getByLabel('Price').getAttribute('aria-invalid')).toBe('true');
      expect(posts).toEqual([]);
    } finally {
      page.off('request', onRequest);
    }

    // More categories than a picker shows: the rest are found by typing, never loaded whole.
    const admin = await t.tokenFor('A');
    for (let i = 1; i <= 25; i++) {
      const res = await t.api('POST', '/api/Common/AddCategory', {
        token: admin,
        body: { categoryName: `Pick ${String(i).padStart(2, '0')}` },
      });
      expect(res.status).toBe(201);
    }
    await page.goto(`${t.url}/SubCategory/SubCategoryAdd`);
    const select = page.getByLabel('Category', { exact: true });
    await page.getByText(/^20 of \d+ shown: type to narrow them\.$/).waitFor();
    expect(await select.locator('option').count()).toBe(21); // the placeholder and 20 matches
    await page.getByRole('searchbox', { name: 'Find a category' }).fill('pick 2');
    await expect
      .poll(() => select.locator('option').allTextContents())
      .toEqual(['Choose a category', 'Pick 20', 'Pick 21', 'Pick 22', 'Pick 23', 'Pick 24', 'Pick 25']);
    await select.selectOption({ label: 'Pick 25' });
    // The choice stays listed when the search changes.
    await page.getByRole('searchbox', { name: 'Find a category' }).fill('pick 1');
    await expect.poll(() => select.locator('option').allTextContents()).toContain('Pick 10');
    await expect.poll(() => select.locator('option:checked').textContent()).toBe('Pick 25');
    await page.getByLabel('Sub-category name').fill('Picked');
    await page.getByRole('button', { name: 'Add sub-category' }).click();
    await expect.poll(pathname).toBe('/SubCategory/SubCategoryList');
    await expect.poll(() => page.getByRole('row', { name: /Picked.*Pick 25/ }).count()).toBe(1);
  });

  it('imports nothing from a sheet with one bad row and shows that row’s error', async () => {
    const csv = path.join(tmp, 'categories.csv');
    fs.writeFileSync(
      csv,
      `categoryName,details,zoneName\r\nE2E Import good,Fine,${zone.zoneName}\r\nE2E Import bad,Broken,Atlantis\r\n`,
    );
    await page.goto(`${t.url}/Category/CategoryList`);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import categories' });
    // The template names the sheet's columns, with an example row.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download template' }).click(),
    ]);
    const template = fs.readFileSync((await download.path())!, 'utf8');
    // A byte-order mark first, so Excel reads the file as UTF-8.
    expect(template.split('\r\n')[0]).toBe('\ufeffcategoryName,details,sacCode,zoneName');
    await dialog.getByLabel('Spreadsheet file (.xlsx or .csv)').setInputFiles(csv);
    await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect.poll(() => dialog.textContent()).toContain('Nothing was imported');
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('"Atlantis" is not a known zone');
    // The error sits under sheet row 3 (row 1 is the header).
    const rowHeader = dialog.getByRole('rowheader', { name: '3', exact: true });
    expect(await rowHeader.count()).toBe(1);

    const token = await t.tokenFor('A');
    const found = await t.api('GET', '/api/Common/GetAllCategory?status=all&search=E2E%20Import', { token });
    expect(found.body.data.total).toBe(0);
  });
});
