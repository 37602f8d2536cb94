import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTab, chromiumPath, launch, waitForPath } from '../support/browser';
import { b64, catalogueApi, cityIds, dataOf, png } from '../support/catalogue';
import { HOME_JS_BUDGET, scriptsLoadedBy } from '../support/scripts';
import { startTestServer, type TestServer } from '../support/server';

/**
 * A visitor meets what the admin made. The admin's own screens are driven in admin-catalogue and
 * admin-zones-banners; here the admin builds through the API (same calls the screens make), the visitor browses in
 * Chromium, and the admin switches the service off in the browser.
 */
describe.skipIf(!chromiumPath)('a visitor browses the catalogue the admin made', () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  let visitor: Page;
  let serviceId = 0;

  const pathname = (page: Page) => new URL(page.url()).pathname;

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const api = catalogueApi(t);
    const token = await api.admin();
    const mumbai = await cityIds(t, 'Maharashtra', 'Mumbai');
    const zone = dataOf(
      await t.api('POST', '/api/Common/AddZone', {
        token,
        body: { zoneName: 'Powai Lakeside', ...mumbai, pinCode: ['400076', '400087'] },
      }),
      201,
    );
    const category = await api.category('Aquarium care', {
      details: 'Tanks cleaned and fish kept well',
      image: b64(png(32, 32, [20, 90, 160])),
      fileName: 'aquarium.png',
      categoryZoneList: [{ zoneId: zone.id }],
    });
    const sub = await api.subCategory(category.id, 'Tank cleaning', { headingField: 'Clear water in an hour' });
    const service = await api.service(sub.id, 'Freshwater tank deep clean', {
      price: 899,
      discount: 20,
      gst: 18,
      pDetails: 'Drains, scrubs and refills a tank of up to 100 litres.',
      image: b64(png(48, 32, [40, 140, 90])),
      fileName: 'tank.png',
    });
    serviceId = service.id;
    dataOf(
      await t.api('POST', `/api/AddServiceImagesVideos?ServiceId=${service.id}&Vidtype=youtube`, {
        token,
        body: { youtubeLink: 'https://youtu.be/dQw4w9WgXcQ' },
      }),
      201,
    );
    dataOf(
      await t.api('POST', '/api/Common/AddBanner', {
        token,
        body: { type: 'Home', path: '/allServices', imagebase64Data: b64(png(96, 32)), fileName: 'monsoon.png' },
      }),
      201,
    );

    browser = await launch();
    visitor = await browser.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('sees the banner and the category on the home page', async () => {
    // Every page path answers with the app, for HEAD (link checkers, monitors) as for GET.
    const head = await fetch(`${t.url}/Services`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    await visitor.goto(`${t.url}/`);
    const categories = visitor.getByRole('region', { name: 'Browse by category' });
    const tile = categories.getByRole('link', { name: /Aquarium care/ });
    await expect.poll(() => tile.count()).toBe(1);
    const picture = tile.locator('img'); // decorative: the link text names it
    expect(await picture.getAttribute('loading')).toBe('lazy');
    expect(await picture.getAttribute('width')).toBeTruthy();
    expect(await picture.getAttribute('height')).toBeTruthy();
    const banner = visitor.locator('a[href="/allServices"] img');
    await expect.poll(() => banner.count()).toBeGreaterThan(0);
  });

  it('loads at most 150 KB of JavaScript, gzipped, on a first visit', async () => {
    const fresh = await launch();
    try {
      const scripts = await scriptsLoadedBy(await fresh.context.newPage(), `${t.url}/`);
      const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
      expect(total, scripts.map((s) => `${s.file} ${s.gzip}`).join('\n')).toBeLessThanOrEqual(HOME_JS_BUDGET);
    } finally {
      await fresh.close();
    }
  });

  it('applies a stored dark, right-to-left setting before the app’s JavaScript runs', async () => {
    const fresh = await launch();
    try {
      const page = await fresh.context.newPage();
      await page.addInitScript(() =>
        localStorage.setItem('doorstep.settings', JSON.stringify({ theme: 'dark', direction: 'rtl' })),
      );
      // Without the app's modules only the boot script can have set them.
      await page.route('**/assets/**', (route) => route.abort());
      await page.goto(`${t.url}/`);
      const html = page.locator('html');
      expect([await html.getAttribute('data-theme'), await html.getAttribute('dir')]).toEqual(['dark', 'rtl']);
    } finally {
      await fresh.close();
    }
  });

  it('checks one pincode inside the zone and one outside', async () => {
    const check = visitor.getByRole('region', { name: 'Check if we serve your area' });
    await check.getByLabel('Service category').selectOption({ label: 'Aquarium care' });
    await check.getByLabel('Pincode').fill('400076');
    await check.getByRole('button', { name: 'Check availability' }).click();
    await expect
      .poll(() => check.getByText('Aquarium care is available at 400076 (Powai Lakeside).').isVisible())
      .toBe(true);

    await check.getByLabel('Pincode').fill('110001');
    await check.getByRole('button', { name: 'Check availability' }).click();
    await expect.poll(() => check.getByText('We do not serve pincode 110001 yet.').isVisible()).toBe(true);
  });

  it('finds the service from the keyboard and opens its details', async () => {
    await visitor.keyboard.press('/');
    const search = visitor.getByRole('combobox', { name: 'Search services' });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await visitor.keyboard.type('tank deep');
    const option = visitor.getByRole('option', { name: /Freshwater tank deep clean/ });
    await option.waitFor();
    // Arrow down until the service is the active option, then Enter.
    for (let i = 0; i < 10 && (await option.getAttribute('aria-selected')) !== 'true'; i++) {
      await visitor.keyboard.press('ArrowDown');
    }
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await visitor.keyboard.press('Enter');
    await waitForPath(visitor, '/ServicesDetails');
    expect(new URL(visitor.url()).searchParams.get('id')).toBe(String(serviceId));

    await visitor.getByRole('heading', { name: 'Freshwater tank deep clean', level: 1 }).waitFor();
    // ₹899 less 20 % = ₹719.20, plus 18 % GST ₹129.46 = ₹848.66, as the server computed it.
    const prices = visitor.getByRole('definition');
    await expect.poll(() => prices.allTextContents()).toEqual(['₹899.00', '20%', '₹719.20', '₹129.46', '₹848.66']);
    expect(await visitor.getByText('Drains, scrubs and refills a tank of up to 100 litres.').isVisible()).toBe(true);
    const youtube = visitor.getByRole('link', { name: /Watch on YouTube/ });
    expect(await youtube.getAttribute('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    const cover = visitor.getByRole('img', { name: 'Freshwater tank deep clean' });
    await expect.poll(() => cover.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(48);
  });

  it('no longer sees the service once the admin switches it off', async () => {
    // The admin works in a browser of their own, so the visitor's stays without a session.
    const adminBrowser = await launch();
    const adminPage = await adminTab(adminBrowser.context, t.url);
    await adminPage.goto(`${t.url}/Services/ServicesList`);
    await adminPage.getByRole('searchbox', { name: 'Search' }).fill('Freshwater tank');
    await adminPage.getByRole('searchbox', { name: 'Search' }).press('Enter');
    const toggle = adminPage.getByRole('switch', { name: 'Active: Freshwater tank deep clean' });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    // Enabled again once the server has answered: closing the browser before that could cancel the call.
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    await adminBrowser.close();

    await visitor.goto(`${t.url}/ServicesDetails?id=${serviceId}`);
    await expect
      .poll(() =>
        visitor
          .getByText(/not available/i)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await visitor.getByRole('heading', { name: 'Freshwater tank deep clean' }).count()).toBe(0);

    await visitor.goto(`${t.url}/allServices`);
    await visitor.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await visitor.getByRole('link', { name: /Freshwater tank deep clean/ }).count()).toBe(0);

    const search = visitor.getByRole('combobox', { name: 'Search services' });
    await search.fill('tank deep');
    await expect.poll(() => visitor.getByRole('status').filter({ hasText: 'No matches' }).count()).toBe(1);
    expect(pathname(visitor)).toBe('/allServices');
  });
});
