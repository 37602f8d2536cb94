// The product store in the browser (decision 028): the inventory manager adds a product with a picture
// and its opening stock, finds it in the product list under the low-stock filter, receives more stock through the
// stock dialog, and sees both movements, with who made them, in the product's stock history; the dashboard counts it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, closeWithEscape, launch, signIn, waitForPath } from '../support/browser';
import { png } from '../support/catalogue';
import { startTestServer, type TestServer } from '../support/server';

describe.skipIf(!chromiumPath)('the product store in the browser', () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  let tmp: string;
  let picture: string;
  const pathname = (page: Page) => new URL(page.url()).pathname;
  const name = `E2E RO membrane ${Date.now().toString(36)}`;

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    browser = await launch();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-inventory-e2e-'));
    picture = path.join(tmp, 'membrane.png');
    fs.writeFileSync(picture, png(16, 16, [30, 90, 160]));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('the IM adds a product, finds it low on stock, receives more and reads the history', async () => {
    const page = await browser.context.newPage();
    await signIn(page, t.url, 'IM');
    await waitForPath(page, '/Dashboard/InventoryManagerDashBoard');
    await page.getByRole('heading', { name: 'Inventory manager dashboard' }).waitFor();

    // Add: MRP 1,450 less 10% is ₹1,305 for vendors; 4 in stock, low at 5.
    await page.getByRole('button', { name: 'Manage Store' }).click();
    await page.getByRole('link', { name: 'Add Product' }).click();
    await expect.poll(() => pathname(page)).toBe('/Managestore/AddProduct');
    await page.getByLabel(/^Product name/).fill(name);
    await page.getByLabel(/^HSN code/).fill('842121');
    await page.getByLabel(/^MRP/).fill('1450');
    await page.getByLabel(/^Discount \(/).fill('10');
    await page.getByText('Vendors pay ₹1,305.00 a unit').waitFor();
    await page.getByLabel(/^GST/).selectOption('18');
    await page.getByLabel(/^Cost per unit/).fill('900');
    await page.getByLabel(/^Low stock at/).fill('5');
    await page.getByLabel(/^Opening stock/).fill('4');
    await page.getByLabel('Picture', { exact: true }).setInputFiles(picture);
    // The picture is read in the browser first: a click before it is read would send the form without it.
    await page.getByRole('img', { name: 'Preview of membrane.png' }).waitFor();
    await page.getByRole('button', { name: 'Add product' }).click();
    await expect.poll(() => pathname(page)).toBe('/Managestore/InventoryProductList');

    // The low-stock filter keeps it (4 free, low at 5), in the URL.
    await page.getByLabel('Stock', { exact: true }).selectOption({ label: 'Low on stock' });
    await expect.poll(() => new URL(page.url()).searchParams.get('lowStock')).toBe('true');
    await page.getByRole('searchbox').fill(name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByText('Low (at 5)').waitFor();
    await row.getByText('₹1,305.00').waitFor();
    await row.getByText('HSN 842121').waitFor();
    await expect.poll(() => row.getByRole('img').count()).toBe(1);

    // Receive 20 more through the stock dialog: no longer low.
    await row.getByRole('button', { name: `Receive or adjust stock of ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('4 on hand, 0 held for requests, 4 free.').waitFor();
    await dialog.getByLabel(/^Quantity/).fill('20');
    await dialog.getByLabel(/^Reason/).fill('Supplier invoice 7781');
    await dialog.getByRole('button', { name: 'Save movement' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => row.count()).toBe(0);
    await page.getByLabel('Stock', { exact: true }).selectOption({ label: 'All stock levels' });
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByText('24 on hand, 0 held')
      .waitFor();

    // The history shows both movements, newest first, with who made them.
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('link', { name: `Stock history of ${name}` })
      .click();
    await expect.poll(() => pathname(page)).toBe('/ManageStore/ProductHistory');
    await page.getByRole('heading', { name: `Stock history: ${name}` }).waitFor();
    const rows = page.getByRole('row');
    await rows.filter({ hasText: 'Supplier invoice 7781' }).filter({ hasText: '+20' }).waitFor();
    await rows.filter({ hasText: 'Opening stock' }).filter({ hasText: '+4' }).waitFor();
    await expect.poll(() => rows.filter({ hasText: 'Isha Inventory (IM)' }).count()).toBe(2);

    // The dashboard values the stock at cost.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await waitForPath(page, '/Dashboard/InventoryManagerDashBoard');
    await page.getByText('Stock value at cost').waitFor();
    await page.getByText('₹21,600.00').waitFor();

    // The top bar's product-details fetch: Stock, a search, and the product's available units as the server has them.
    const listed = await t.api('GET', `/api/Vendor/GetInventoryProducts?search=${encodeURIComponent(name)}`, {
      token: await t.tokenFor('IM'),
    });
    const server = await t.api('GET', `/api/Vendor/GetProductDetails?id=${listed.body.data.items[0].id}`, {
      token: await t.tokenFor('IM'),
    });
    await page.getByRole('button', { name: 'Stock', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Current stock' });
    await panel.getByLabel('Find a product').fill(name);
    await panel.getByRole('button', { name: new RegExp(name) }).click();
    const available = panel
      .getByRole('term')
      .filter({ hasText: /^Available$/ })
      .locator('xpath=following-sibling::dd');
    expect(server.body.data.available).toBe(24);
    await expect.poll(() => available.textContent()).toBe(String(server.body.data.available));
    await panel.getByRole('heading', { name }).waitFor();
    await closeWithEscape(page, panel);
  });
});
