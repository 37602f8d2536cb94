import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { adminTab, chooseStateAndCity, chromiumPath, launch } from '../support/browser';
import { factories, freshAadhaar, freshPan } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Professionals in the browser (decision 017): the admin adds a technician with a zone and a skill, finds them in the
 * employee list with only the last 4 Aadhaar digits, opens their page (zones, skills, full Aadhaar) and switches them
 * off.
 */
describe.skipIf(!chromiumPath)('the admin manages professionals in the browser', () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  let page: Page;
  let zone: { zoneName: string; cityName: string };
  let service: { heading: string };

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const f = factories(t);
    zone = (await f.zone()) as unknown as typeof zone;
    service = (await f.service()) as unknown as typeof service;
    browser = await launch();
    page = await adminTab(browser.context, t.url);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('adds a technician with a zone and a skill, lists them with a masked Aadhaar, opens them and switches them off', async () => {
    const aadhaar = freshAadhaar();
    const pan = freshPan();
    await page.goto(`${t.url}/Employee/EmployeeAdd`);
    const form = page.getByRole('form', { name: 'Add professional' });
    await form.getByLabel(/^Full name/).fill('Esha Electrician');
    await form.getByLabel(/^Mobile number/).fill('6999000111');
    await chooseStateAndCity(form, 'Maharashtra', 'Mumbai');
    await form.getByLabel(/^Pincode/).fill('400053');
    await form.getByLabel(/^Address line 1/).fill('12 Link Road, Andheri West');
    await form.getByLabel(/^PAN/).fill(pan);
    // A wrong check digit first: the server names the field.
    await form.getByLabel(/^Aadhaar number/).fill(`${aadhaar.slice(0, 11)}${(Number(aadhaar[11]) + 1) % 10}`);
    await form.getByRole('checkbox', { name: `${zone.zoneName} (${zone.cityName})` }).check();
    await form.getByRole('checkbox', { name: service.heading }).check();
    await form.getByRole('button', { name: 'Add professional' }).click();
    await expect
      .poll(() =>
        form
          .getByText(/check digit is wrong/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await form.getByLabel(/^Aadhaar number/).fill(aadhaar);
    await form.getByRole('button', { name: 'Add professional' }).click();

    // Their page: profile with the full Aadhaar (the admin), the zone and the skill.
    await expect.poll(() => page.getByRole('heading', { name: 'Esha Electrician' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/Employee/EmployeeDetail');
    // The zones and skills load after the heading: wait for them as a person would.
    await expect.poll(() => page.getByText(aadhaar).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: `Remove ${zone.zoneName}, ${zone.cityName}` }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('button', { name: `Remove ${service.heading}` }).isVisible()).toBe(true);
    expect(await axeViolations(page), 'employee detail').toEqual([]);

    // The list shows only the last 4 digits.
    await page.goto(`${t.url}/Employee/EmployeeList?search=Esha`);
    const row = page.getByRole('row', { name: /Esha Electrician/ });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.textContent()).toContain(`XXXX XXXX ending ${aadhaar.slice(-4)}`);
    expect(await page.content()).not.toContain(aadhaar);
    expect(await axeViolations(page), 'employee list').toEqual([]);

    // Switched off from the list: the server has them inactive.
    await row.getByRole('switch', { name: /Active: Esha Electrician/ }).click();
    await expect
      .poll(async () => {
        const res = await t.api('GET', '/api/GetProfnVendList?action1=Professional&search=Esha&status=inactive', {
          token: await t.tokenFor('A'),
        });
        return res.body.data.total;
      })
      .toBe(1);
    await expect.poll(() => row.getByText('Inactive').isVisible()).toBe(true);
  });
});
