// A new customer's first booking, on a phone and a laptop (decision 046): the pincode is asked once (home page check,
// then the header, the listings and the service page say it), Proceed to checkout waits for the line's slot (and
// /Checkout opened directly sends the customer back), and the first checkout's address form starts from the sign-up,
// with no quote call (so no refusal) until an address exists.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, closeWithEscape, launch } from '../support/browser';
import { factories, type Row } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

describe.skipIf(!chromiumPath)('a first booking flows without asking twice', () => {
  let t: TestServer;
  // A Bengaluru zone with a pincode of its own; one category served there, another only in a Mumbai zone.
  const PIN = '569947';
  let zone: Row;
  let otherPin: string;
  let sofa: Row;
  let sofaSub: Row;
  let shampoo: Row;
  let pest: Row;
  let termite: Row;

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const f = factories(t);
    zone = await f.zone({ state: 'Karnataka', city: 'Bengaluru', zoneName: 'Lakeside East', pinCode: [PIN] });
    const mumbai = await f.zone();
    otherPin = (mumbai.pincodes as { pinCode: string }[])[0].pinCode;
    sofa = await f.category({ categoryName: 'Sofa care', categoryZoneList: [{ zoneId: zone.id }] });
    sofaSub = await f.subCategory({ categoryId: sofa.id, subCategoryName: 'Fabric sofas' });
    shampoo = await f.service({ subCategoryId: sofaSub.id, heading: 'Sofa shampoo', price: 899 });
    pest = await f.category({ categoryName: 'Pest control', categoryZoneList: [{ zoneId: mumbai.id }] });
    termite = await f.service({
      subCategoryId: (await f.subCategory({ categoryId: pest.id })).id,
      heading: 'Termite barrier',
    });
  }, 120_000);
  afterAll(() => t?.close());

  const pathOf = (p: Page) => new URL(p.url()).pathname;
  const main = (p: Page) => p.locator('main');
  const headerPin = (p: Page) => p.locator('header').getByTestId('header-pincode');
  /** On a laptop the visitor's nav stays on one row beside the pincode (the home's first paint expects it). */
  async function navOnOneRow(page: Page, width: number) {
    if (width < 760) return;
    const nav = page.getByRole('navigation', { name: 'Main' });
    const tops = await nav.getByRole('link').evaluateAll((as) => as.map((a) => a.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
  }
  const noSideScroll = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  /** The header's chooser: the same check as the home page's, in a popover. */
  async function choosePincode(page: Page, pin: string, category: string) {
    await page
      .locator('header')
      .getByRole('button', { name: /pincode/i })
      .click();
    const chooser = page.getByRole('dialog', { name: 'Your pincode' });
    await chooser.waitFor();
    await chooser.getByLabel('Service category').selectOption({ label: category });
    await chooser.getByLabel('Pincode').fill(pin);
    await chooser.getByRole('button', { name: 'Check availability' }).click();
    await expect.poll(() => headerPin(page).textContent()).toBe(pin);
    await closeWithEscape(page, chooser);
  }

  for (const { width, height } of VIEWPORTS) {
    it(`at ${width} × ${height}: pincode once, slot before checkout, address from the sign-up, no refused quote`, async () => {
      const browser = await launch();
      try {
        const page = await browser.context.newPage();
        await page.setViewportSize({ width, height });
        // Every refused call of the whole visit, and every quote asked for.
        const refused: string[] = [];
        const quotes: { status: number; at: string }[] = [];
        const consoleErrors: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') consoleErrors.push(m.text());
        });
        page.on('response', (res) => {
          const url = new URL(res.url());
          if (res.status() >= 400) refused.push(`${res.status()} ${url.pathname}`);
          if (url.pathname === '/api/Order/OrderCheckOut') quotes.push({ status: res.status(), at: pathOf(page) });
        });

        // 1. The pincode, entered once on the home page.
        await page.goto(`${t.url}/`);
        await expect.poll(() => headerPin(page).textContent()).toBe('Pincode');
        await navOnOneRow(page, width);
        const check = main(page).getByRole('region', { name: 'Check if we serve your area' });
        await check.getByLabel('Service category').selectOption({ label: 'Sofa care' });
        await check.getByLabel('Pincode').fill(PIN);
        await check.getByRole('button', { name: 'Check availability' }).click();
        await expect
          .poll(() => check.getByText(`Sofa care is available at ${PIN} (Lakeside East).`).isVisible())
          .toBe(true);
        // The header shows it, on a phone too (beside the brand, not inside the closed menu).
        await expect.poll(() => headerPin(page).textContent()).toBe(PIN);
        expect(await headerPin(page).isVisible()).toBe(true);
        const box = (await headerPin(page).boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        await navOnOneRow(page, width);

        // The check leads to the services there: the category's listing, which says it is offered, without asking.
        await check.getByRole('link', { name: `See services at ${PIN}` }).click();
        await expect.poll(() => pathOf(page)).toBe('/SubCategory');
        expect(new URL(page.url()).searchParams.get('categoryId')).toBe(String(sofa.id));
        const said = main(page).getByTestId('pincode-availability');
        await expect.poll(() => said.textContent()).toContain(`Available at ${PIN} (Lakeside East)`);
        expect(await main(page).getByLabel('Pincode').count()).toBe(0);
        expect(
          await main(page)
            .getByRole('link', { name: /Fabric sofas/ })
            .count(),
        ).toBe(1);

        // The sub-category's service list and the service page say it too.
        await page.goto(`${t.url}/Services?subCategoryId=${sofaSub.id}`);
        await expect.poll(() => said.textContent()).toContain(`Available at ${PIN}`);
        expect(await main(page).getByLabel('Pincode').count()).toBe(0);
        await page.goto(`${t.url}/ServicesDetails?id=${shampoo.id}`);
        await expect.poll(() => said.textContent()).toContain(`Available at ${PIN}`);
        expect(await main(page).getByLabel('Pincode').count()).toBe(0);
        // A list of every category says it per card: the Mumbai-only service is not offered here.
        await page.goto(`${t.url}/allServices?search=Termite`);
        const termiteCard = main(page).getByRole('link', { name: /^Termite barrier/ });
        await expect.poll(() => termiteCard.textContent()).toContain(`Not available at ${PIN}`);
        expect(await noSideScroll(page)).toBe(true);

        // Changing it from the header: the chooser starts from the remembered pincode; the service page follows.
        await page.goto(`${t.url}/ServicesDetails?id=${termite.id}`);
        await expect.poll(() => said.textContent()).toContain(`Not available at ${PIN}`);
        await page
          .locator('header')
          .getByRole('button', { name: `Your pincode: ${PIN} (change)` })
          .click();
        const chooser = page.getByRole('dialog', { name: 'Your pincode' });
        await expect.poll(() => chooser.getByLabel('Pincode').inputValue()).toBe(PIN);
        // Focus is in its pincode field, ready to type over.
        await expect
          .poll(() => chooser.getByLabel('Pincode').evaluate((el) => el === document.activeElement))
          .toBe(true);
        await closeWithEscape(page, chooser);
        await choosePincode(page, otherPin, 'Pest control');
        await expect.poll(() => said.textContent()).toContain(`Available at ${otherPin}`);
        // "Change pincode" on the page opens the same chooser.
        await page.goto(`${t.url}/ServicesDetails?id=${shampoo.id}`);
        await expect.poll(() => said.textContent()).toContain(`Not available at ${otherPin}`);
        await said.getByRole('button', { name: 'Change pincode' }).click();
        await expect.poll(() => chooser.isVisible()).toBe(true);
        await closeWithEscape(page, chooser);
        await choosePincode(page, PIN, 'Sofa care');
        await expect.poll(() => said.textContent()).toContain(`Available at ${PIN}`);

        // 2. Signing up (Bengaluru, the same pincode) and signing in.
        const mobile = `98${String(width).padStart(4, '0')}4321`;
        const name = `Asha Rao ${width}`;
        const password = 'asha-pass-123';
        await page.goto(`${t.url}/SignUp`);
        await main(page)
          .getByLabel(/^Full name/)
          .fill(name);
        await main(page)
          .getByLabel(/^Mobile number/)
          .fill(mobile);
        await main(page)
          .getByLabel(/^E-mail/)
          .fill(`asha${width}@example.in`);
        await main(page)
          .getByLabel(/^State/)
          .selectOption({ label: 'Karnataka' });
        await expect
          .poll(() => main(page).getByLabel(/^City/).locator('option', { hasText: 'Bengaluru' }).count())
          .toBe(1);
        await main(page).getByLabel(/^City/).selectOption({ label: 'Bengaluru' });
        await main(page)
          .getByLabel(/^Pincode/)
          .fill(PIN);
        await page.getByLabel('Password', { exact: true }).fill(password);
        await page.getByLabel('Confirm password').fill(password);
        await page.getByRole('button', { name: 'Sign up' }).click();
        // Sign-up signs the customer in (decision 043): no sign-in form follows.
        await expect.poll(() => pathOf(page)).toBe('/');
        await expect.poll(() => page.getByRole('banner').getByText(name).count()).toBeGreaterThan(0);

        // 3. The service into the cart; Proceed without a slot names the line and stays.
        await page.goto(`${t.url}/ServicesDetails?id=${shampoo.id}`);
        await expect.poll(() => said.textContent()).toContain(`Available at ${PIN}`);
        await main(page).getByRole('button', { name: 'Add to cart: Sofa shampoo' }).click();
        await expect.poll(() => page.getByText('Service added to your cart').count()).toBeGreaterThan(0);
        await page.goto(`${t.url}/UserCart`);
        const line = main(page).locator(`[data-testid="cart-line"][data-service="${shampoo.id}"]`);
        await expect.poll(() => line.getByTestId('line-slot').textContent()).toBe('No time slot chosen yet');
        await main(page).getByRole('link', { name: 'Proceed to checkout' }).click();
        const needs = main(page).getByTestId('needs-slot');
        await expect
          .poll(() => needs.textContent())
          .toContain('Choose a time slot for Sofa shampoo before checking out.');
        expect(pathOf(page)).toBe('/UserCart');
        // Focus is on that line's slot picker, its first choice (the day).
        const focused = () =>
          page.evaluate(() => {
            const el = document.activeElement as HTMLSelectElement | null;
            return {
              tag: el?.tagName,
              line: el?.closest('[data-slot-for]')?.getAttribute('data-slot-for'),
              label: el?.labels?.[0]?.textContent,
            };
          });
        await expect.poll(focused).toEqual({ tag: 'SELECT', line: String(shampoo.id), label: 'Day' });
        expect(await line.getByLabel(/^Time \(India\)/).getAttribute('aria-invalid')).toBe('true');

        // /Checkout opened directly with the slotless line sends the customer back with the same words.
        await page.goto(`${t.url}/Checkout`);
        await expect.poll(() => pathOf(page)).toBe('/UserCart');
        await expect
          .poll(() => needs.textContent())
          .toContain('Choose a time slot for Sofa shampoo before checking out.');
        await expect.poll(focused).toEqual({ tag: 'SELECT', line: String(shampoo.id), label: 'Day' });

        // 4. The slot, then checkout: the address form starts from the sign-up.
        const day = line.getByLabel(/^Day/);
        const days = await day.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
        await day.selectOption(days.filter(Boolean)[2]);
        await line.getByLabel(/^Time \(India\)/).selectOption({ index: 2 });
        await expect.poll(() => line.getByTestId('line-slot').textContent()).toMatch(/^Slot: /);
        expect(await needs.textContent()).toBe('');
        expect(await noSideScroll(page)).toBe(true);
        await main(page).getByRole('link', { name: 'Proceed to checkout' }).click();
        await expect.poll(() => pathOf(page)).toBe('/Checkout');

        const form = main(page).getByRole('form', { name: 'Add an address' });
        await expect.poll(() => form.getByLabel(/^Name/).inputValue()).toBe(name);
        expect(await form.getByLabel(/^Mobile number/).inputValue()).toBe(mobile);
        await expect
          .poll(() => form.getByLabel(/^State/).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text))
          .toBe('Karnataka');
        await expect
          .poll(() => form.getByLabel(/^City/).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text))
          .toBe('Bengaluru');
        expect(await form.getByLabel(/^Pincode/).inputValue()).toBe(PIN);
        expect(await form.getByLabel(/^Address/).inputValue()).toBe('');
        // The summary says what is missing; no quote was asked for, so nothing was refused.
        const summary = main(page).getByRole('region', { name: 'Order summary' });
        await expect.poll(() => summary.textContent()).toContain('Add the address for this visit to see your total');
        expect(await main(page).getByTestId('checkout-line').count()).toBe(1);
        expect(await main(page).getByRole('alert').count()).toBe(0);
        expect(quotes).toEqual([]);
        expect(await noSideScroll(page)).toBe(true);

        // Only the house and street are new.
        await form.getByLabel(/^Address/).fill('Flat 4, 12th Main, Lakeside East');
        await form.getByRole('button', { name: 'Add address' }).click();
        await expect.poll(() => main(page).getByTestId('order-total').isVisible()).toBe(true);
        const addressCard = main(page).getByRole('region', { name: 'Address of the visit' });
        await expect
          .poll(() => addressCard.getByRole('radio', { checked: true }).locator('..').textContent())
          .toContain(PIN);
        await expect
          .poll(() =>
            main(page)
              .getByRole('button', { name: /^Place order/ })
              .isEnabled(),
          )
          .toBe(true);
        expect(quotes.length).toBeGreaterThan(0);
        expect(quotes.every((q) => q.status === 200)).toBe(true);
        expect(refused).toEqual([]);
        expect(consoleErrors).toEqual([]);
        expect(await headerPin(page).textContent()).toBe(PIN);
        expect(await noSideScroll(page)).toBe(true);
      } finally {
        await browser.close();
      }
    }, 180_000);
  }
});
