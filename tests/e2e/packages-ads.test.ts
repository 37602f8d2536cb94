// Special packages and home-page advertisements in the browser (decision 022): the admin adds a package and its
// services ("special offers") and an advertisement; the home page shows both; a visitor's "Book package" asks them to
// sign in, and the signed-in customer's puts the package's services in their cart (decision 022).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { adminTab, browserPerPerson, chromiumPath } from '../support/browser';
import { png } from '../support/catalogue';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

describe.skipIf(!chromiumPath)('special packages and advertisements in the browser', () => {
  let t: TestServer;
  // A browser for each person: the session is the browser's cookie (decision 043).
  const people = browserPerPerson();
  let tmp: string;
  let picture: string;
  const pathname = (page: Page) => new URL(page.url()).pathname;
  const toast = (page: Page, text: string | RegExp) =>
    page.getByRole('region', { name: /Notifications/ }).getByText(text);

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-packages-e2e-'));
    picture = path.join(tmp, 'combo.png');
    fs.writeFileSync(picture, png(16, 8, [20, 110, 90]));
    const f = factories(t);
    await f.service({ heading: 'E2E Sofa Shampoo', price: 900, discount: 0 });
    await f.service({ heading: 'E2E Carpet Clean', price: 600, discount: 0 });
  }, 120_000);
  afterAll(async () => {
    await people.close();
    await t?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('the admin adds a package with two services and an advertisement', async () => {
    const page = await adminTab(await people.context(), t.url);
    await page.getByRole('button', { name: 'Packages' }).click();
    await page.getByRole('link', { name: 'Add Package' }).click();
    await expect.poll(() => pathname(page)).toBe('/Packages/AddPackage');
    await page.getByLabel(/^Package name/).fill('E2E Fabric Care Combo');
    await page.getByLabel(/^Package price/).fill('1299');
    await page.getByLabel(/^Description/).fill('Sofa and carpet, one visit.');
    await page.getByLabel('Picture', { exact: true }).setInputFiles(picture);
    // The picture is read in the browser first: a click before it is read would send the form without it.
    await page.getByRole('img', { name: 'Preview of combo.png' }).waitFor();
    await page.getByRole('button', { name: 'Add package' }).click();

    // Then its services, on the special offers screen.
    await expect.poll(() => pathname(page)).toBe('/Packages/AddSpecialOffer');
    await page.getByRole('heading', { name: 'Special offers: E2E Fabric Care Combo' }).waitFor();
    const choose = page.getByLabel('Service to add', { exact: true });
    for (const heading of ['E2E Sofa Shampoo', 'E2E Carpet Clean']) {
      const label = `${heading}${await subOf(heading)}`;
      await expect.poll(() => choose.locator('option').allTextContents()).toContain(label);
      await choose.selectOption({ label });
      await page.getByRole('button', { name: 'Add service' }).click();
      await expect
        .poll(() => page.getByRole('list', { name: 'Services in E2E Fabric Care Combo' }).getByText(heading).count())
        .toBe(1);
    }
    // The few services here fit the list, so it has no search box (decision 047).
    expect(await page.getByRole('searchbox', { name: 'Find a service' }).count()).toBe(0);
    // ₹900 + ₹600 on their own; ₹1,299 as a package.
    await page.getByText('₹201.00').waitFor();

    // The list shows it on offer.
    await page.getByRole('main').getByRole('link', { name: 'Package list', exact: true }).click();
    const row = page.getByRole('row', { name: /E2E Fabric Care Combo/ });
    await expect.poll(() => row.getByText('On offer').count()).toBe(1);

    // An advertisement for the home page.
    await page.getByRole('button', { name: 'Advertisement' }).click();
    await page.getByRole('link', { name: 'Add Advertisement' }).click();
    await expect.poll(() => pathname(page)).toBe('/Advertisement/AddAdvertisement');
    await page.getByLabel(/^Description/).fill('E2E monsoon fabric care week');
    await page.getByLabel(/^Offer in a few words/).fill('Sofa + carpet for ₹1,299');
    await page.getByLabel('Picture', { exact: true }).setInputFiles(picture);
    // The picture is read in the browser first: a click before it is read would send the form without it.
    await page.getByRole('img', { name: 'Preview of combo.png' }).waitFor();
    await page.getByRole('button', { name: 'Add advertisement' }).click();
    await expect.poll(() => pathname(page)).toBe('/Advertisement/AdvertisementList');
    const adRow = page.getByRole('row', { name: /E2E monsoon fabric care week/ });
    await expect.poll(() => adRow.count()).toBe(1);
    await expect.poll(() => adRow.getByRole('switch').isChecked()).toBe(true);
    await page.close();
  });

  it('the home page shows the advertisement and the package; a customer books the package into the cart', async () => {
    const customer = await factories(t).customer();
    const page = await (await people.context()).newPage();
    await page.goto(`${t.url}/`);
    const offers = page.getByRole('region', { name: 'Offers for you' });
    await offers.getByText('E2E monsoon fabric care week').waitFor();
    await offers.getByText('Sofa + carpet for ₹1,299').waitFor();
    const packages = page.getByRole('region', { name: 'Special packages' });
    const card = packages.getByRole('article', { name: 'E2E Fabric Care Combo' });
    await card.getByText('Save ₹201.00').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A visitor is asked to sign in first, and comes back here.
    await card.getByRole('link', { name: 'Book package E2E Fabric Care Combo (sign in first)' }).click();
    await expect.poll(() => pathname(page)).toBe('/Auth');
    await page.getByLabel('Mobile number or e-mail').fill(customer.mobileNo);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => pathname(page)).toBe('/');

    await card.getByRole('button', { name: 'Book package E2E Fabric Care Combo' }).click();
    await expect.poll(() => pathname(page)).toBe('/UserCart');
    await expect.poll(() => toast(page, 'Package E2E Fabric Care Combo added to the cart').isVisible()).toBe(true);
    for (const heading of ['E2E Sofa Shampoo', 'E2E Carpet Clean']) {
      await expect.poll(() => page.getByText(heading).count()).toBeGreaterThan(0);
    }
    const cart = await t.api('POST', '/api/Cart/GetCartDetailsByCustomerId', { token: await customer.token() });
    expect(
      cart.body.data.lines.map((l: { heading: string; quantity: number }) => [l.heading, l.quantity]).sort(),
    ).toEqual([
      ['E2E Carpet Clean', 1],
      ['E2E Sofa Shampoo', 1],
    ]);
    await page.close();
  });

  /** The picker's label of a service: "heading — sub-category". */
  async function subOf(heading: string) {
    const res = await t.api('GET', `/api/Common/GetAllServices?search=${encodeURIComponent(heading)}`);
    return ` — ${res.body.data.items[0].subCategoryName}`;
  }
});
