import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  CART_TOASTS,
  type LocalCartEvent,
  type LocalCartLine,
  localCartMachine,
} from '../../src/machines/localCart/localCart.machine';
import { CART_FIXTURES, localCartPaths } from '../../src/machines/localCart/localCart.model';
import { chromiumPath, launch } from '../support/browser';
import { factories, type Row } from '../support/factories';
import { recordToasts } from '../support/held-calls';
import { coverageOf, coveringPaths } from '../support/machine-paths';
import { startTestServer, type TestServer } from '../support/server';

const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);
const STORAGE_KEY = 'doorstep.cart';

// The local cart machine's generated paths, walked through the real pages as a visitor in Chromium: ADD is "Add to
// cart" on a service card, INCREASE / DECREASE / REMOVE are the /cart page's buttons, LOAD is another tab of the same
// browser writing the stored cart. After every step the /cart page, the header's count, the toasts and the browser
// storage must show what the model says. Both tabs load once: the walk moves between the service cards and /cart by
// the cart link and the browser's Back, in the page, and each path starts from an emptied cart it checks first.
describe.skipIf(!chromiumPath)('local cart machine through the real /cart page', () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  let page: Page;
  let otherTab: Page;
  let toasts: Awaited<ReturnType<typeof recordToasts>>;
  let real: Record<number, Row>;
  let servicesUrl: string;

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const f = factories(t);
    const sub = await f.subCategory();
    const a = await f.service({ subCategoryId: sub.id, heading: 'Sofa shampoo', price: 499, discount: 0, gst: 18 });
    const b = await f.service({ subCategoryId: sub.id, heading: 'Fan repair', price: 299, discount: 0, gst: 0 });
    real = { [CART_FIXTURES.a.id]: a, [CART_FIXTURES.b.id]: b };
    servicesUrl = `${t.url}/Services?subCategoryId=${sub.id}`;
    browser = await launch();
    page = await browser.context.newPage();
    toasts = await recordToasts(page);
    otherTab = await browser.context.newPage();
    await otherTab.goto(`${t.url}/About`);
    await page.goto(servicesUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  // Every transition, in fewer walks: each path is a real browser session of many clicks.
  const paths = coveringPaths(localCartMachine, localCartPaths());
  it('the paths walked cover every state and transition', () => {
    const { states, transitions } = coverageOf(localCartMachine, paths);
    expect({ states: states.missing, transitions: transitions.missing }).toEqual({ states: [], transitions: [] });
  });

  const priceOf = (fixtureId: number) => Number(real[fixtureId].finalPrice);
  const headingOf = (fixtureId: number) => real[fixtureId].heading as string;
  const pathOf = () => new URL(page.url()).pathname;
  const cartLink = () => page.getByTestId('cart-link');
  const lineOf = (fixtureId: number) => page.locator(`[data-testid="cart-line"][data-service="${real[fixtureId].id}"]`);

  /** The stored form of the model's lines for the real services (id, price, quantity; totals). */
  function stored(lines: LocalCartLine[]) {
    const mapped = lines.map((l) => ({
      id: real[l.id].id,
      price: priceOf(l.id),
      quantity: l.quantity,
      heading: headingOf(l.id),
      imageUrl: null,
    }));
    const paise = mapped.reduce((n, l) => n + Math.round(l.price * 100) * l.quantity, 0);
    return { lines: mapped, totalPrice: paise / 100, totalQuantity: mapped.reduce((n, l) => n + l.quantity, 0) };
  }

  async function onServices() {
    // Back from /cart: the page reaches /cart only by the cart link from the service cards (onCart), so the entry
    // before it is the service cards, and Back is the app's own navigation, not a new load.
    if (pathOf() !== '/Services') await page.goBack();
    await expect.poll(() => page.url()).toBe(servicesUrl);
    await expect
      .poll(() => page.getByRole('button', { name: `Add to cart: ${headingOf(CART_FIXTURES.a.id)}` }).count())
      .toBe(1);
  }

  async function onCart() {
    if (pathOf() !== '/cart') await cartLink().click();
    await expect.poll(pathOf).toBe('/cart');
  }

  /** Goes where the event's control is: the service cards for ADD, /cart for its buttons (LOAD: anywhere). */
  async function goFor(event: LocalCartEvent) {
    if (event.type === 'ADD') await onServices();
    else if (event.type !== 'LOAD') await onCart();
  }

  async function send(event: LocalCartEvent) {
    switch (event.type) {
      case 'ADD':
        await page.getByRole('button', { name: `Add to cart: ${headingOf(event.item.id)}` }).click();
        return;
      case 'INCREASE':
      case 'DECREASE':
      case 'REMOVE': {
        const heading = headingOf(event.id);
        const name =
          event.type === 'INCREASE'
            ? `One more ${heading}`
            : event.type === 'DECREASE'
              ? `One fewer ${heading}`
              : 'Remove';
        await lineOf(event.id).getByRole('button', { name, exact: true }).click();
        return;
      }
      case 'LOAD': {
        // Another tab of this browser changes the stored cart: this tab hears of it through the storage event.
        const value = event.lines.length ? JSON.stringify(stored(event.lines)) : null;
        await otherTab.evaluate(
          ([key, v]) => (v === null ? localStorage.removeItem(key!) : localStorage.setItem(key!, v)),
          [STORAGE_KEY, value],
        );
        return;
      }
    }
  }

  /** The toast the step must show (null: none). */
  function toastOf(event: LocalCartEvent, before: LocalCartLine[]): string | null {
    if (event.type === 'ADD')
      return before.some((l) => l.id === event.item.id) ? CART_TOASTS.increased : CART_TOASTS.added;
    if (event.type === 'INCREASE') return CART_TOASTS.increased;
    if (event.type === 'REMOVE') return CART_TOASTS.removed;
    if (event.type === 'DECREASE')
      return before.find((l) => l.id === event.id)!.quantity === 1 ? CART_TOASTS.removed : null;
    return null;
  }

  async function expectShows(lines: LocalCartLine[]) {
    const want = stored(lines);
    const count = want.totalQuantity;
    await expect.poll(() => cartLink().textContent()).toBe(count ? ` Cart (${count})` : ' Cart');
    await expect
      .poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), STORAGE_KEY))
      .toEqual(lines.length ? want : null);
    await onCart();
    if (lines.length === 0) {
      await expect.poll(() => page.getByText('Your cart is empty').isVisible()).toBe(true);
      return;
    }
    await expect
      .poll(() =>
        page
          .getByTestId('cart-line')
          .evaluateAll((els) =>
            els.map((el) => [
              Number(el.getAttribute('data-service')),
              Number(el.querySelector('[data-testid="line-quantity"]')?.textContent),
            ]),
          ),
      )
      .toEqual(want.lines.map((l) => [l.id, l.quantity]));
    expect(await page.getByTestId('total-quantity').textContent()).toBe(String(count));
    expect(await page.getByTestId('total-price').textContent()).toBe(rupees(want.totalPrice));
    for (const l of lines) {
      const line = lineOf(l.id);
      expect(await line.getByTestId('line-amount').textContent()).toBe(
        rupees((Math.round(priceOf(l.id) * 100) * l.quantity) / 100),
      );
    }
  }

  for (const path of paths) {
    it(path.description, async () => {
      // A clean start without a load: the other tab empties the stored cart, and this tab's cart follows it (as a
      // fresh load would read it); expectShows([]) below checks the header, storage and /cart are empty.
      await otherTab.evaluate((key) => localStorage.removeItem(key), STORAGE_KEY);
      let lines: LocalCartLine[] = [];
      // The model's machine, replayed beside the page: after each step the page must show its lines.
      const model = createActor(localCartMachine, { input: {} }).start();
      await expectShows(lines);
      for (const step of path.steps.slice(1)) {
        const event = step.event as LocalCartEvent;
        await goFor(event);
        const shownBefore = (await toasts()).length;
        const expected = toastOf(event, lines);
        await send(event);
        model.send(event);
        expect(model.getSnapshot().value).toBe(step.state.value);
        lines = model.getSnapshot().context.lines;
        if (expected) {
          await expect.poll(async () => (await toasts()).slice(shownBefore).map((x) => x.text)).toEqual([expected]);
        }
        await expectShows(lines);
        if (!expected) expect((await toasts()).slice(shownBefore)).toEqual([]);
      }
    });
  }
});
