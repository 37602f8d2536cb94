import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox } from '../../server/db/schema';
import { chromiumPath, launch, waitForPath } from '../support/browser';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/** Fills the sign-up form for someone in Bengaluru (560034) and sends it. */
async function signUp(page: Page, p: { fullName: string; mobileNo: string; email: string; password: string }) {
  await page.getByLabel('Full name').fill(p.fullName);
  await page.getByLabel('Mobile number').fill(p.mobileNo);
  await page.getByLabel('E-mail').fill(p.email);
  await page.getByLabel('State').selectOption({ label: 'Karnataka' });
  await page.getByLabel('City').selectOption({ label: 'Bengaluru' });
  await page.getByLabel('Pincode').fill('560034');
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByLabel('Confirm password').fill(p.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
}

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
    await signUp(page, {
      fullName: 'Neha Gupta',
      mobileNo: '9822001122',
      email: 'neha@example.in',
      password: 'neha-pass-123',
    });
    // The sign-up signs the new customer in (decision 043).
    await expect.poll(path).toBe('/');
    await expect.poll(() => page.getByText('Neha Gupta').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Sign in' }).first().isVisible()).toBe(true);

    await page.goto(`${t.url}/Auth`);
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

  it('a visitor with two cart lines signs up from the cart and lands on /UserCart, signed in, with both lines', async () => {
    const f = factories(t);
    const sub = await f.subCategory();
    const [sofa, fan] = [
      await f.service({ subCategoryId: sub.id, heading: 'Sofa clean', price: 600, discount: 0, gst: 18 }),
      await f.service({ subCategoryId: sub.id, heading: 'Fan fix', price: 200, discount: 0, gst: 0 }),
    ];
    // A browser of its own: the visitor has never signed in on it.
    const visitor = await launch();
    try {
      const page = await visitor.context.newPage();
      await page.goto(`${t.url}/Services?subCategoryId=${sub.id}`);
      await page.getByRole('button', { name: `Add to cart: ${sofa.heading}` }).click();
      await page.getByRole('button', { name: `Add to cart: ${fan.heading}` }).click();
      await expect.poll(() => page.getByTestId('cart-link').textContent()).toBe(' Cart (2)');
      await page.getByTestId('cart-link').click();
      await waitForPath(page, '/cart');
      // From the cart to the sign-in page, and on to a new account: the way back to the cart goes along.
      await page.getByRole('link', { name: 'Sign in to book' }).click();
      await waitForPath(page, '/Auth');
      await page.getByRole('link', { name: 'Create an account' }).click();
      await waitForPath(page, '/SignUp');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/UserCart');
      await signUp(page, {
        fullName: 'Kavya Rao',
        mobileNo: '9822004433',
        email: 'kavya.rao@example.in',
        password: 'kavya-pass-123',
      });

      await waitForPath(page, '/UserCart');
      await expect.poll(() => page.getByText('Kavya Rao').isVisible()).toBe(true);
      const lines = () =>
        page
          .getByTestId('cart-line')
          .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-service'))).sort((a, b) => a - b));
      await expect.poll(lines).toEqual([sofa.id, fan.id].sort((a, b) => a - b));
      // The lines are the server's cart now, the visitor's local one is empty, and the session is the cookie's.
      expect(await page.evaluate(() => localStorage.getItem('doorstep.cart'))).toBeNull();
      const cookie = (await visitor.context.cookies(t.url)).find((c) => c.name === 'doorstep_session');
      expect(cookie?.httpOnly).toBe(true);
      const cart = await t.api('POST', '/api/Cart/GetCartDetailsByCustomerId', { token: cookie!.value });
      expect(cart.status).toBe(200);
      expect(
        cart.body.data.lines.map((l: { heading: string; quantity: number }) => [l.heading, l.quantity]).sort(),
      ).toEqual([
        ['Fan fix', 1],
        ['Sofa clean', 1],
      ]);
    } finally {
      await visitor.close();
    }
  });
});
