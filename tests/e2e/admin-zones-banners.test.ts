import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTab, chromiumPath, launch } from '../support/browser';
import { png } from '../support/catalogue';
import { startTestServer, type TestServer } from '../support/server';

describe.skipIf(!chromiumPath)('admin: zones and banners in the browser', () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  let page: Page;
  let token: string;
  let tmp: string;
  let zoneId = 0;

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    browser = await launch();
    token = await t.tokenFor('A');
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-e2e-zones-'));
    page = await adminTab(browser.context, t.url);
  });
  afterAll(async () => {
    await page?.close();
    await browser?.close();
    await t?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  const path_ = () => new URL(page.url()).pathname;
  const zoneRow = (name: string) =>
    page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

  it('creates a zone with two pincodes and sees it in the list', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Add Zone' }).click();
    await expect.poll(() => path_()).toBe('/Zone/ZoneAdd');
    await page.getByLabel('Zone name').fill('Electronic City');
    await page.getByLabel('State').selectOption({ label: 'Karnataka' });
    await page.getByLabel('City').selectOption({ label: 'Bengaluru' });
    const pincodes = page.getByRole('textbox', { name: 'Pincodes' });
    await pincodes.fill('560100');
    await pincodes.press('Enter');
    await pincodes.fill('560100');
    await pincodes.press('Enter');
    await expect.poll(() => page.getByText('560100 is already in the list').isVisible()).toBe(true);
    await pincodes.fill('560105');
    await page.getByRole('button', { name: 'Add pincode' }).click();
    const chips = page.getByRole('list', { name: /Pincodes: 2 added/ });
    await expect.poll(() => chips.getByRole('listitem').allTextContents()).toEqual(['560100', '560105']);

    await page.getByRole('button', { name: 'Add zone' }).click();
    await expect.poll(() => path_()).toBe('/Zone/ZoneList');
    await page.getByRole('searchbox').fill('Electronic');
    const row = zoneRow('Electronic City');
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toMatch(/Electronic City.*Bengaluru.*Karnataka.*2/);

    const list = await t.api('GET', '/api/Common/GetAllZone?search=Electronic%20City', { token });
    expect(list.body.data.items).toHaveLength(1);
    zoneId = list.body.data.items[0].id;
    expect(list.body.data.items[0]).toMatchObject({ zoneName: 'Electronic City', pincodeCount: 2, active: true });
  });

  it('adds and removes a pincode on the update page', async () => {
    await zoneRow('Electronic City').getByRole('link', { name: 'Edit Electronic City' }).click();
    await expect.poll(() => path_()).toBe('/Zone/ZoneUpdate');
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(zoneId));
    await expect.poll(() => page.getByRole('heading', { name: 'Edit zone Electronic City' }).isVisible()).toBe(true);

    // A pincode of another zone is refused, naming that zone, under the field.
    await page.getByLabel('Add a pincode').fill('560034');
    await page.getByRole('button', { name: 'Add pincode' }).click();
    await expect
      .poll(() => page.getByText('Pincode 560034 already belongs to zone Koramangala (Bengaluru).').isVisible())
      .toBe(true);

    await page.getByLabel('Add a pincode').fill('560117');
    await page.getByRole('button', { name: 'Add pincode' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Pincodes (3)' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Delete pincode 560100' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.getByText('Remove pincode 560100?').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Pincodes (2)' }).isVisible()).toBe(true);
    const pins = page.getByRole('list', { name: 'Pincodes of Electronic City' });
    await expect.poll(() => pins.getByRole('listitem').allTextContents()).toEqual(['560105Delete', '560117Delete']);

    const stored = await t.api('GET', `/api/Common/GetPincodeByZoneId?id=${zoneId}`, { token });
    expect(stored.body.data.map((p: { pinCode: string }) => p.pinCode).sort()).toEqual(['560105', '560117']);
  });

  it('switches the zone inactive; it stays listed with its state', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Zone list', exact: true }).click();
    await expect.poll(() => path_()).toBe('/Zone/ZoneList');
    await page.getByRole('searchbox').fill('Electronic');
    const toggle = page.getByRole('switch', { name: /Active: Electronic City/ });
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => zoneRow('Electronic City').textContent()).toMatch(/Inactive/);
    // The switch shows the new state, disabled, while its call runs: it is enabled again once the server answered.
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');

    const zone = await t.api('GET', `/api/Common/GetZoneByID/${zoneId}`, { token });
    expect(zone.body.data.active).toBe(false);
    // Visitors no longer see it.
    const visitor = await t.api('GET', `/api/Common/GetZoneByID/${zoneId}`);
    expect(visitor.status).toBe(404);
  });

  it('adds a home banner with a picture and a YouTube link, lists it and switches it off', async () => {
    const carousel = path.join(tmp, 'carousel.png');
    fs.writeFileSync(carousel, png(64, 24));

    await page.goto(`${t.url}/Banner/BannerAdd`);
    await expect.poll(() => page.getByRole('heading', { name: 'Add home banner' }).isVisible()).toBe(true);
    await page.getByLabel('Banner image').setInputFiles(carousel);
    await expect.poll(() => page.getByRole('img', { name: 'Preview of carousel.png' }).isVisible()).toBe(true);
    await page.getByLabel('Link to (path)').fill('/Services');
    await page.getByLabel('YouTube link (optional)').fill('https://youtu.be/dQw4w9WgXcQ');
    await page.getByRole('button', { name: 'Add banner' }).click();

    await expect.poll(() => path_()).toBe('/Banner/BannerList');
    const row = page.getByRole('row').filter({ hasText: '/Services' });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('youtube.com/watch?v=dQw4w9WgXcQ');
    const img = row.getByRole('img');
    expect(await img.getAttribute('loading')).toBe('lazy');
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(64);

    const toggle = row.getByRole('switch');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    // Enabled again once the server has answered: a reload before that could cancel the call.
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole('row').filter({ hasText: '/Services' }).textContent()).toMatch(/Inactive/);

    const admin = await t.api('GET', '/api/Common/GetAllBanner?type=Home&status=all', { token });
    expect(admin.body.data.items).toHaveLength(1);
    expect(admin.body.data.items[0]).toMatchObject({
      type: 'Home',
      path: '/Services',
      youtubeLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      status: false,
    });
    const visitor = await t.api('GET', '/api/Common/GetAllBanner?type=Home');
    expect(visitor.body.data.items).toHaveLength(0);
  });

  it('a zone sheet with one bad pincode shows that row and imports nothing', async () => {
    const csv = path.join(tmp, 'zones.csv');
    fs.writeFileSync(
      csv,
      'zoneName,cityName,stateName,pinCode\r\nSarjapur,Bengaluru,Karnataka,562125\r\nSarjapur,Bengaluru,Karnataka,56212\r\n',
    );
    await page.goto(`${t.url}/Zone/ZoneList`);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import zones' });
    await dialog.getByLabel('Spreadsheet file (.xlsx or .csv)').setInputFiles(csv);
    await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect.poll(() => dialog.getByText(/Nothing was imported/).isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('1 row has errors').isVisible()).toBe(true);
    await expect
      .poll(() => dialog.getByRole('cell', { name: 'Row 3 errors: must be a 6-digit pincode' }).isVisible())
      .toBe(true);
    expect(await dialog.getByText(/Row 2 errors/).count()).toBe(0);

    const zones = await t.api('GET', '/api/Common/GetAllZone?search=Sarjapur', { token });
    expect(zones.body.data.total).toBe(0);
    const pin = await t.api('GET', '/api/Common/GetAllZone?search=562125', { token });
    expect(pin.body.data.total).toBe(0);
  });
});
