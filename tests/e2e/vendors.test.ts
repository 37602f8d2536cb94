import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { adminTab, browserPerPerson, chooseStateAndCity, chromiumPath } from '../support/browser';
import { factories, freshAadhaar, freshPan } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import { vendorFactories } from '../support/vendor-factories';

/**
 * Vendors in the browser (decision 027): the admin adds a vendor and is shown the one-time password once; the
 * vendor signs in with the one-time password from the outbox, must set their own, then sees their professionals.
 */
describe.skipIf(!chromiumPath)('the admin adds a vendor, who signs in and sees their professionals', () => {
  let t: TestServer;
  // A browser for each person: the session is the browser's cookie (decision 043).
  const people = browserPerPerson();
  let admin: Page;

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    admin = await adminTab(await people.context(), t.url);
  });
  afterAll(async () => {
    await people.close();
    await t?.close();
  });

  it('adds the vendor, the vendor sets their password and lists their professional', async () => {
    const mobileNo = '8877001122';
    await admin.goto(`${t.url}/Vendor/VendorAdd`);
    const form = admin.getByRole('form', { name: 'Add vendor' });
    await form.getByLabel(/^First name/).fill('Kiran');
    await form.getByLabel(/^Last name/).fill('Hardware');
    await form.getByLabel(/^Mobile number/).fill(mobileNo);
    await chooseStateAndCity(form, 'Maharashtra', 'Mumbai');
    await form.getByLabel(/^Pincode/).fill('400053');
    await form.getByLabel(/^Address line 1/).fill('5 Lamington Road');
    await form.getByLabel(/^PAN/).fill(freshPan());
    await form.getByLabel(/^Aadhaar number/).fill(freshAadhaar());
    // A GSTIN of another state first: the server names the field.
    await form.getByLabel(/^GSTIN/).fill('29ABCDE1234F1Z5');
    await form.getByRole('button', { name: 'Add vendor' }).click();
    await expect
      .poll(() =>
        form
          .getByText(/GSTIN.*(check character|must start with 27)/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await form.getByLabel(/^GSTIN/).fill('');
    await form.getByRole('button', { name: 'Add vendor' }).click();

    // The one-time password, shown once; the same one went to the outbox.
    const shown = admin.getByTestId('one-time-password');
    await expect.poll(() => shown.isVisible()).toBe(true);
    const oneTime = await vendorFactories(t).oneTimePassword(mobileNo);
    expect(await shown.textContent()).toBe(oneTime);
    expect(await axeViolations(admin), 'vendor added').toEqual([]);

    // A professional of theirs, as dispatch links them.
    const list = await t.api('GET', '/api/Vendor/GetAllVendor?search=Kiran', { token: await t.tokenFor('A') });
    const vendorId = list.body.data.items[0].id as number;

    // Changing them: with nothing changed the form says so and sends nothing; a change wakes the button.
    await admin.goto(`${t.url}/Vendor/VendorUpdate?id=${vendorId}`);
    const update = admin.getByRole('form', { name: 'Change Kiran Hardware' });
    const save = update.getByRole('button', { name: 'Save changes' });
    await update.getByRole('status').filter({ hasText: 'Nothing changed' }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await update.getByLabel(/^Address line 2/).fill('Near the station');
    await expect.poll(() => save.isDisabled()).toBe(false);
    await update.getByLabel(/^Address line 2/).fill('');
    await expect.poll(() => save.isDisabled()).toBe(true);
    const pro = await factories(t).professional({ vendorId, fullName: 'Ravi Fitter' });

    // The vendor signs in with the one-time password and must choose their own first.
    const vendor = await (await people.context()).newPage();
    await vendor.goto(`${t.url}/Auth`, { waitUntil: 'domcontentloaded' });
    await vendor.getByLabel('Mobile number or e-mail').fill(mobileNo);
    await vendor.getByLabel('Password', { exact: true }).fill(oneTime);
    await vendor.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => new URL(vendor.url()).pathname).toBe('/Dashboard/ChangPasswordForProfessional');
    const change = vendor.getByRole('form', { name: 'Change password' });
    await change.getByLabel(/^Current password/).fill(oneTime);
    await change.getByLabel(/^New password/).fill('Kiran-own-pass-2026');
    await change.getByLabel(/^Confirm new password/).fill('Kiran-own-pass-2026');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => new URL(vendor.url()).pathname).toBe('/Dashboard/VendorDashboard');

    // Their professionals: only theirs, with a link to the professional's orders.
    await vendor.goto(`${t.url}/Vender/ProfessionalList`);
    const row = vendor.getByRole('row', { name: /Ravi Fitter/ });
    await expect.poll(() => row.isVisible()).toBe(true);
    // The switch shows the server's flag once the status fetch answers (disabled and off until then).
    await expect.poll(() => vendor.getByRole('switch', { name: 'Available' }).isChecked()).toBe(true);
    expect(await axeViolations(vendor), 'vendor professional list').toEqual([]);
    await row.getByRole('link', { name: 'Ravi Fitter' }).click();
    await expect.poll(() => new URL(vendor.url()).searchParams.get('id')).toBe(String(pro.id));
    await expect.poll(() => vendor.getByText('No rows').or(vendor.getByRole('table')).first().isVisible()).toBe(true);

    // The password they chose works; the one-time one no longer does.
    const again = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: mobileNo, Password: 'Kiran-own-pass-2026' },
    });
    expect(again.status).toBe(200);
    const old = await t.api('POST', '/api/Userlogin', { body: { MobileNoOrEmail: mobileNo, Password: oneTime } });
    expect(old.status).not.toBe(200);
  });
});
