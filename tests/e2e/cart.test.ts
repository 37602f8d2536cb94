import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { chooseStateAndCity, chromiumPath, launch, waitForPath } from '../support/browser';
import { factories, type Row } from '../support/factories';
import { recordToasts } from '../support/held-calls';
import { accountOf, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server';

// The cart in the browser (decision 014), and the cart's part of checkout: a visitor fills the local cart from service
// cards, sees the three toasts, signs in as the demo customer and finds the cart merged at /UserCart, picks a slot,
// then adds an address at My account, where one outside the served pincodes is refused on its field.
describe.skipIf(!chromiumPath)('the cart from a visit to a booking', () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  let page: Page;
  let toasts: Awaited<ReturnType<typeof recordToasts>>;
  let services: Row[];
  let subCategoryId: number;

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const f = factories(t);
    const sub = await f.subCategory();
    subCategoryId = sub.id;
    services = [
      await f.service({ subCategoryId, heading: 'Kitchen deep clean', price: 1499, discount: 10, gst: 18 }),
      await f.service({ subCategoryId, heading: 'Geyser service', price: 399, discount: 0, gst: 18 }),
      await f.service({ subCategoryId, heading: 'Curtain wash', price: 250, discount: 0, gst: 5 }),
    ];
    browser = await launch();
    page = await browser.context.newPage();
    toasts = await recordToasts(page);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const texts = async () => (await toasts()).map((x) => x.text);
  const cartCorner = () => page.getByRole('region', { name: /Cart notifications/ });
  const line = (s: Row) => page.locator(`[data-testid="cart-line"][data-service="${s.id}"]`);
  const quantities = () =>
    page
      .getByTestId('cart-line')
      .evaluateAll((els) =>
        els.map((el) => [
          Number(el.getAttribute('data-service')),
          Number(el.querySelector('[data-testid="line-quantity"]')?.textContent),
        ]),
      );

  it('fills the local cart from service cards with the toasts bottom-left, and merges it at sign-in', async () => {
    const [kitchen, geyser, curtain] = services;
    await page.goto(`${t.url}/Services?subCategoryId=${subCategoryId}`);
    const add = (s: Row) => page.getByRole('button', { name: `Add to cart: ${s.heading}` }).click();

    await add(kitchen);
    await expect.poll(texts).toEqual(['Service added to your cart']);
    await expect.poll(() => cartCorner().getByText('Service added to your cart').isVisible()).toBe(true);
    await add(kitchen);
    await expect.poll(texts).toContain('Quantity increased');
    await add(geyser);
    await add(curtain);
    await expect.poll(() => page.getByTestId('cart-link').textContent()).toBe(' Cart (4)');

    await page.getByTestId('cart-link').click();
    await waitForPath(page, '/cart');
    await expect.poll(quantities).toEqual([
      [kitchen.id, 2],
      [geyser.id, 1],
      [curtain.id, 1],
    ]);
    expect(await axeViolations(page), '/cart').toEqual([]);
    await line(curtain).getByRole('button', { name: 'Remove' }).click();
    await expect.poll(texts).toContain('Service removed from your cart');
    expect(new Set(await texts())).toEqual(
      new Set(['Service added to your cart', 'Quantity increased', 'Service removed from your cart']),
    );
    await expect.poll(() => page.getByTestId('cart-link').textContent()).toBe(' Cart (3)');

    // "Sign in to book" signs the visitor in and comes back to their cart, now on the server.
    await page.getByRole('link', { name: 'Sign in to book' }).click();
    await waitForPath(page, '/Auth');
    await page.getByLabel('Mobile number or e-mail').fill(accountOf('Cust').mobileNo);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/UserCart');
    await expect.poll(quantities).toEqual([
      [kitchen.id, 2],
      [geyser.id, 1],
    ]);
    // The server's amounts: 2 x 1499 less 10% = 2698.20, GST 18% = 485.68; 399 + 71.82.
    expect(await line(kitchen).getByTestId('line-amount').textContent()).toBe('₹3,183.88');
    expect(await page.getByTestId('total-price').textContent()).toBe('₹3,654.70');
    expect(await page.evaluate(() => localStorage.getItem('doorstep.cart'))).toBeNull();
    expect(await axeViolations(page), '/UserCart').toEqual([]);
    await expect.poll(() => page.getByTestId('cart-link').textContent()).toBe(' Cart (3)');
    // A signed-in customer's /cart is their server cart.
    await page.goto(`${t.url}/cart`);
    await waitForPath(page, '/UserCart');
  });

  it('picks a time slot for a line', async () => {
    const [kitchen] = services;
    const slot = line(kitchen);
    await expect.poll(() => slot.getByTestId('line-slot').textContent()).toBe('No time slot chosen yet');
    const day = slot.getByLabel(/^Day/);
    const dayValue = await day.locator('option').nth(2).getAttribute('value');
    await day.selectOption(dayValue!);
    const time = slot.getByLabel(/^Time \(India\)/);
    await time.selectOption({ label: '10:00–11:00' });
    await expect.poll(texts).toContain('Slot set');
    await expect
      .poll(() => slot.getByTestId('line-slot').textContent())
      .toMatch(/^Slot: .*, 10:00–11:00 \(India time\)$/);
    const cart = (
      await t.api('POST', '/api/Cart/GetCartDetailsByCustomerId', { token: await t.tokenFor('Cust'), body: {} })
    ).body.data;
    const start = cart.lines.find((l: any) => l.serviceId === kitchen.id).slotStart;
    expect(new Date(start).toISOString()).toBe(new Date(`${dayValue}T10:00:00+05:30`).toISOString());
  });

  it('adds an address at My account; a pincode we do not serve is refused on its field', async () => {
    await page.goto(`${t.url}/MyAccounts?tab=addresses`);
    const form = page.getByRole('form', { name: 'Add an address' });
    await expect.poll(() => page.getByTestId('address').count()).toBe(2);
    expect(await axeViolations(page), 'My account → Addresses').toEqual([]);
    await form.getByLabel(/^Name/).fill('Kavya at home');
    await form.getByLabel(/^Mobile number/).fill('9845011223');
    await form.getByLabel(/^Address/).fill('7, 2nd Main, HSR Layout');
    await chooseStateAndCity(form, 'Karnataka', 'Bengaluru');
    const pincode = form.getByLabel(/^Pincode/);
    await pincode.fill('799999');
    await form.getByRole('button', { name: 'Add address' }).click();
    await expect.poll(() => pincode.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await pincode.getAttribute('aria-describedby')) ?? '';
    const said = await page.evaluate(
      (ids) => ids.split(' ').map((id) => document.getElementById(id)?.textContent ?? ''),
      describedBy,
    );
    expect(said.join(' ')).toContain('is not one we serve yet (799999)');
    expect(await page.getByTestId('address').count()).toBe(2);

    await pincode.fill('560095');
    await form.getByRole('button', { name: 'Add address' }).click();
    await expect.poll(texts).toContain('Address added');
    await expect.poll(() => page.getByTestId('address').count()).toBe(3);
    await expect
      .poll(() => page.getByText('7, 2nd Main, HSR Layout, Bengaluru, Karnataka 560095').isVisible())
      .toBe(true);
  });
});
