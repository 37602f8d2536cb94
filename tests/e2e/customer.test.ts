import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox } from '../../server/db/schema';
import { chromiumPath, launch } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

describe.skipIf(!chromiumPath)('a customer in the browser', () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('signs up, signs in, and resets the password with the OTP from the outbox', async () => {
    const page = await browser.context.newPage();
    const path = () => new URL(page.url()).pathname;
    await page.goto(`${t.url}/SignUp`);
    await page.getByLabel('Full name').fill('Neha Gupta');
    await page.getByLabel('Mobile number').fill('9822001122');
    await page.getByLabel('E-mail').fill('neha@example.in');
    await page.getByLabel('State').selectOption({ label: 'Karnataka' });
    await page.getByLabel('City').selectOption({ label: 'Bengaluru' });
    await page.getByLabel('Pincode').fill('560034');
    await page.getByLabel('Password', { exact: true }).fill('neha-pass-123');
    await page.getByLabel('Confirm password').fill('neha-pass-123');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(path).toBe('/Auth');

    await page.getByLabel('Mobile number or e-mail').fill('neha@example.in');
    await page.getByLabel('Password', { exact: true }).fill('neha-pass-123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(path).toBe('/');
    await expect.poll(() => page.getByText('Neha Gupta').isVisible()).toBe(true);

    // The shared group has no customer menu.
    await page.goto(`${t.url}/Dashboard/ChangPasswordForProfessional`);
    await expect.poll(() => page.getByText('User Not Login').isVisible()).toBe(true);
    await page.getByRole('button', { name: /Neha Gupta/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect.poll(path).toBe('/');

    await page.goto(`${t.url}/ForgotPassword`);
    await page.getByLabel('I am a').selectOption('Cust');
    await page.getByLabel('Mobile number or e-mail').fill('9822001122');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => page.getByLabel('6-digit code').isVisible()).toBe(true);
    const [sms] = await t.db
      .select({ body: notificationOutbox.body })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.recipient, '9822001122'))
      .orderBy(desc(notificationOutbox.id))
      .limit(1);
    const code = sms.body.match(/\b\d{6}\b/)![0];
    await page.getByLabel('6-digit code').fill(code);
    await page.getByLabel('New password', { exact: true }).fill('neha-new-456');
    await page.getByLabel('Confirm new password').fill('neha-new-456');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('Your password has been changed.').isVisible()).toBe(true);

    await page.goto(`${t.url}/Auth`);
    await page.getByLabel('Mobile number or e-mail').fill('9822001122');
    await page.getByLabel('Password', { exact: true }).fill('neha-new-456');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(path).toBe('/');
    await page.close();
  });
});
