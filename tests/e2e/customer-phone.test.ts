import { eq } from 'drizzle-orm';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services, subCategories } from '../../server/db/schema';
import { applyLineEvent } from '../../server/domains/commerce/orderLines/service';
import { SETTINGS_STORAGE_KEY } from '../../src/ui/palette';
import { axeViolations } from '../support/axe';
import { chromiumPath, launch } from '../support/browser';
import { dataOf } from '../support/catalogue';
import { couponFactories, factories, freshCouponCode, subscriptionFactories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Every page a customer sees, on a 390 × 844 phone and signed in with real data (visits to come, a visit done, a
 * cancelled provider-paid visit, two cart lines, wallet movements, an address, a favourite, a query): the document
 * is no wider than the screen, wide tables and the account's tab strip scroll in their own frames (decision 011),
 * axe finds nothing, and every dialog a customer can open sits on the screen with its buttons in reach. The same
 * pages at 1366 × 900 still fill the window exactly.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };

/**
 * Shows `page` as a device of `size`: a phone (`mobile`) honours the page's viewport meta tag and takes touch. Unlike a
 * narrow desktop window, a phone widens its layout viewport to a page that is too wide, which is what moved the
 * cancel dialog off the screen: Playwright's `setViewportSize` alone would hide that. The emulation lasts as long as
 * its DevTools session, which the file keeps open.
 */
async function emulate(cdp: CDPSession, size: { width: number; height: number }, mobile: boolean) {
  await cdp.send('Emulation.setDeviceMetricsOverride', { ...size, deviceScaleFactor: mobile ? 2 : 1, mobile });
  await cdp.send(
    'Emulation.setTouchEmulationEnabled',
    mobile ? { enabled: true, maxTouchPoints: 5 } : { enabled: false },
  );
}

/**
 * Whether the page scrolls sideways: the document's width (`documentWidth`, the roles and dispatch tests' measure)
 * against the width the page is laid out in (`pageWidth`: 390 on the phone); the window's width; and, for a
 * failure's message, the elements that stick out past the page's edges.
 */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    const edge = root.clientWidth;
    const outside: string[] = [];
    // Inside a frame that scrolls or clips (a table's, the tab strip's) sticking out is the frame's business.
    const framed = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      if (framed(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > edge + 0.5 || r.left < -0.5)) {
        outside.push(
          `${el.tagName.toLowerCase()}.${el.getAttribute('class')} [${Math.round(r.left)}..${Math.round(r.right)}]`,
        );
      }
    }
    return {
      documentWidth: root.scrollWidth,
      pageWidth: edge,
      windowWidth: window.innerWidth,
      outside: outside.slice(0, 8),
    };
  });

/** Waits until the page's heading is there and nothing is still loading (a placeholder or a busy table). */
async function settled(page: Page) {
  await page.locator('h1').first().waitFor();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.querySelectorAll('[aria-busy="true"]').length +
          [...document.querySelectorAll('[role="status"]')].filter((s) => /^Loading|…$/.test(s.textContent ?? ''))
            .length,
      ),
    )
    .toBe(0);
}

type Box = { x: number; y: number; width: number; height: number };
const onScreen = (b: Box | null, size: { width: number; height: number }) =>
  !!b && b.x >= 0 && b.y >= 0 && b.x + b.width <= size.width + 0.5 && b.y + b.height <= size.height + 0.5;

/**
 * The open dialog is on the screen, and so is each of its buttons, which a tap reaches (nothing covers it: a trial
 * click runs Playwright's hit test without clicking; a disabled button is only looked at).
 */
async function expectOnScreen(page: Page, dialog: Locator, name: string) {
  await dialog.waitFor();
  // Its entry animation ends first: a sheet sliding in is briefly lower than where it rests.
  await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const box = await dialog.boundingBox();
  expect(onScreen(box, PHONE), `${name}: ${JSON.stringify(box)}`).toBe(true);
  const buttons = dialog.getByRole('button');
  const count = await buttons.count();
  expect(count, name).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i);
    const label = `${name}, button "${(await button.textContent())?.trim() || (await button.getAttribute('aria-label'))}"`;
    expect(onScreen(await button.boundingBox(), PHONE), label).toBe(true);
    if (await button.isEnabled()) await button.click({ trial: true, timeout: 10_000 });
  }
  expect((await sideways(page)).documentWidth, `${name}: the page behind it`).toBe(PHONE.width);
}

describe.skipIf(!chromiumPath)('a customer on a 390 × 844 phone', () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  let page: Page;
  let devtools: CDPSession;
  let customer: Awaited<ReturnType<ReturnType<typeof factories>['customer']>>;
  let upcoming: Awaited<ReturnType<ReturnType<typeof factories>['placedOrder']>>;
  let done: Awaited<ReturnType<ReturnType<typeof factories>['placedOrder']>>;
  let refunded: Awaited<ReturnType<ReturnType<typeof factories>['providerPaidOrder']>>;
  let where: { subCategoryId: number; subCategoryName: string; categoryId: number };
  let planName: string;
  let couponCode: string;
  const pathOf = () => new URL(page.url()).pathname;

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const f = factories(t);
    customer = await f.customer({
      fullName: 'Meera Venkataraman Krishnamurthy',
      email: 'meera.venkataraman@example.in',
    });
    // Two visits to come, paid from the wallet (a credit and a debit in its history).
    upcoming = await f.placedOrder(customer, 2);
    // A visit done by a professional, to be rated.
    const pro = await f.professional();
    done = await f.placedOrder(customer);
    await t.db.transaction(async (tx) => {
      const line = done.lines[0].id;
      await applyLineEvent(tx, line, 'ASSIGN', null, { professionalUserId: pro.id });
      await applyLineEvent(tx, line, 'ACCEPT', pro.id);
      await applyLineEvent(tx, line, 'COMPLETE', pro.id);
    });
    // A visit paid through the sandbox provider and cancelled: its refund can be sent back there (decision 030).
    refunded = await f.providerPaidOrder(customer);
    const token = await customer.token();
    const ref = { OrderId: refunded.orderId, ServiceId: refunded.serviceId };
    const terms = dataOf<{ fee: number }>(
      await t.api('POST', '/api/Order/OrderCancellationQuote', { token, body: ref }),
    );
    dataOf(await t.api('POST', '/api/Order/OrderCancellation', { token, body: { ...ref, AcceptedFee: terms.fee } }));

    // Two lines in the cart, with their slots; a favourite; a query about a visit.
    const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
    for (const s of upcoming.services) {
      dataOf(
        await t.api('POST', '/api/Cart/AddCart', {
          token,
          body: { ServiceId: s.id, SchedulingDateTime: `${day}T11:00:00+05:30` },
        }),
      );
    }
    dataOf(
      await t.api('POST', '/api/Customer/UserFavoritesAddDel', { token, body: { ServiceId: done.services[0].id } }),
    );
    dataOf(
      await t.api('POST', '/api/Customer/AddCustomerQuery', {
        token,
        body: { OrderLineId: upcoming.lines[0].id, Query: 'Will the professional bring a ladder for the ceiling fan?' },
      }),
      201,
    );

    [where] = await t.db
      .select({
        subCategoryId: services.subCategoryId,
        subCategoryName: subCategories.name,
        categoryId: subCategories.categoryId,
      })
      .from(services)
      .innerJoin(subCategories, eq(subCategories.id, services.subCategoryId))
      .where(eq(services.id, upcoming.services[0].id));

    // A banner on the home page, a plan on sale with a discount, and a live coupon.
    await f.banner();
    const plans = subscriptionFactories(t);
    const plan = await plans.plan({ subscriptionName: 'Home care yearly plan' });
    await plans.discount(plan.id, { ServiceID: upcoming.services[0].id });
    planName = plan.subscriptionName;
    couponCode = freshCouponCode('PHONE');
    await couponFactories(t).approvedCoupon({ couponCode });

    browser = await launch();
    page = await browser.context.newPage();
    devtools = await browser.context.newCDPSession(page);
    await emulate(devtools, PHONE, true);
    await page.goto(`${t.url}/Auth`);
    await page.getByLabel('Mobile number or e-mail').fill(customer.mobileNo);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Every page of the public area a signed-in customer reaches, each with what shows its data has arrived. */
  const routes = (): { path: string; shows: (p: Page) => Locator }[] => {
    const [first, second] = upcoming.services.map((s) => s.heading as string);
    return [
      { path: '/', shows: (p) => p.getByRole('heading', { level: 1 }) },
      { path: '/Services', shows: (p) => p.getByText(first).first() },
      { path: '/allServices', shows: (p) => p.getByText(first).first() },
      { path: `/SubCategory?categoryId=${where.categoryId}`, shows: (p) => p.getByText(where.subCategoryName).first() },
      { path: `/SubCategoryE?categoryId=${where.categoryId}`, shows: (p) => p.getByText(first).first() },
      {
        path: `/Services?categoryId=${where.categoryId}&subCategoryId=${where.subCategoryId}`,
        shows: (p) => p.getByText(second).first(),
      },
      { path: `/ServicesDetails?id=${upcoming.services[0].id}`, shows: (p) => p.getByRole('heading', { name: first }) },
      { path: '/CustomerServices', shows: (p) => p.getByRole('heading', { level: 1 }) },
      { path: '/HomeImprovement', shows: (p) => p.getByRole('heading', { level: 1 }) },
      { path: '/NewLaunch', shows: (p) => p.getByRole('heading', { level: 1 }) },
      { path: '/About', shows: (p) => p.getByRole('heading', { level: 1 }) },
      { path: '/UserCart', shows: (p) => p.getByTestId('total-price') },
      { path: '/Checkout', shows: (p) => p.getByTestId('checkout-line').nth(1) },
      { path: `/PayProcessInvoice?OrderId=${upcoming.orderId}`, shows: (p) => p.getByTestId('invoice') },
      { path: '/MyAccounts', shows: (p) => p.getByRole('table', { name: 'Wallet history' }).getByRole('row').nth(2) },
      { path: '/MyAccounts?tab=orders', shows: (p) => p.getByRole('list', { name: 'Upcoming visits' }) },
      {
        path: '/MyAccounts?tab=orders&list=past',
        shows: (p) => p.getByRole('list', { name: 'Past visits' }),
      },
      {
        path: '/MyAccounts?tab=orders&list=cancelled',
        shows: (p) => p.getByRole('list', { name: 'Cancelled visits' }),
      },
      { path: '/MyAccounts?tab=addresses', shows: (p) => p.getByTestId('address').first() },
      { path: '/MyAccounts?tab=favourites', shows: (p) => p.getByRole('list', { name: 'Favourite services' }) },
      { path: '/MyAccounts?tab=queries', shows: (p) => p.getByRole('list', { name: 'Your queries' }) },
      { path: '/MyAccounts?tab=referrals', shows: (p) => p.getByText(customer.referralCode).first() },
      { path: '/Notification', shows: (p) => p.getByRole('list', { name: 'Notifications' }) },
      { path: '/SubscriptionPlan', shows: (p) => p.getByText(planName).first() },
      { path: '/Coupons', shows: (p) => p.getByText(couponCode).first() },
    ];
  };

  async function open(path: string, shows: (p: Page) => Locator) {
    await page.goto(`${t.url}${path}`);
    await shows(page).waitFor();
    await settled(page);
  }

  it('every customer page is no wider than the phone and has no axe violations', async () => {
    for (const { path, shows } of routes()) {
      await open(path, shows);
      const width = await sideways(page);
      expect(width.pageWidth, path).toBe(PHONE.width);
      expect.soft(width.documentWidth, `${path}: ${width.outside.join(', ')}`).toBe(PHONE.width);
      expect.soft(await axeViolations(page), path).toEqual([]);
    }
  });

  it('My account: the tab strip scrolls inside the page, a later tab scrolls into view, and each tab fits', async () => {
    await open('/MyAccounts', (p) => p.getByRole('table', { name: 'Wallet history' }));
    const strip = page.getByRole('tablist', { name: 'My account' });
    const frame = await strip.evaluate((el) => ({
      scrolls: el.scrollWidth > el.clientWidth,
      right: el.getBoundingClientRect().right,
    }));
    // Six tabs are wider than a phone: they scroll in the strip, which ends inside the page.
    expect(frame.scrolls).toBe(true);
    expect(frame.right).toBeLessThanOrEqual(PHONE.width);
    const wallet = await page.getByRole('table', { name: 'Wallet history' }).evaluate((el) => {
      const frame = el.closest('section')!;
      return { scrolls: frame.scrollWidth > frame.clientWidth, right: frame.getBoundingClientRect().right };
    });
    // The wallet's history is wider than a phone too, and scrolls in its own frame.
    expect(wallet.scrolls).toBe(true);
    expect(wallet.right).toBeLessThanOrEqual(PHONE.width);

    for (const name of ['Orders', 'Addresses', 'Favourites', 'Queries', 'Referrals', 'Wallet']) {
      const tab = strip.getByRole('tab', { name });
      await tab.click();
      await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      await settled(page);
      const tabBox = await tab.boundingBox();
      expect(onScreen(tabBox, PHONE), `${name}: ${JSON.stringify(tabBox)}`).toBe(true);
      expect((await sideways(page)).documentWidth, name).toBe(PHONE.width);
    }

    // Opened on the last tab (a link to it), the strip shows that tab; in right-to-left too, where the strip
    // overflows to the left.
    await open('/MyAccounts?tab=referrals', (p) => p.getByText(customer.referralCode).first());
    expect(onScreen(await strip.getByRole('tab', { name: 'Referrals' }).boundingBox(), PHONE)).toBe(true);
    await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ direction: 'rtl' })), SETTINGS_STORAGE_KEY);
    try {
      await open('/MyAccounts?tab=referrals', (p) => p.getByText(customer.referralCode).first());
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      const rtl = await strip.getByRole('tab', { name: 'Referrals' }).boundingBox();
      expect(onScreen(rtl, PHONE), `right-to-left: ${JSON.stringify(rtl)}`).toBe(true);
      expect((await sideways(page)).documentWidth, 'right-to-left').toBe(PHONE.width);
    } finally {
      await page.evaluate((key) => localStorage.removeItem(key), SETTINGS_STORAGE_KEY);
    }
  });

  it('every dialog a customer opens sits on the screen with its buttons in reach, and they work', async () => {
    // The order lists: move a visit (closed again), cancel a visit (confirmed).
    await open('/MyAccounts?tab=orders', (p) => p.getByRole('list', { name: 'Upcoming visits' }));
    const visit = page.getByRole('listitem', {
      name: `${upcoming.services[0].heading}, order ${upcoming.orderId}`,
    });
    await visit.getByRole('button', { name: 'Reschedule' }).click();
    const move = page.getByRole('dialog', { name: 'Move this visit' });
    await expectOnScreen(page, move, 'Move this visit');
    await move.getByRole('button', { name: 'Close', exact: true }).last().click();
    await move.waitFor({ state: 'detached' });

    await visit.getByRole('button', { name: 'Cancel' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel this visit?' });
    await cancel.getByRole('region', { name: 'Cancellation terms' }).waitFor();
    await expectOnScreen(page, cancel, 'Cancel this visit?');
    await cancel.getByRole('button', { name: /^Cancel (the visit|and pay)/ }).click();
    await cancel.waitFor({ state: 'detached' });
    await expect.poll(() => visit.count()).toBe(0);

    // The visit done: rated through its dialog.
    await page.getByRole('navigation', { name: 'Order lists' }).getByRole('button', { name: 'Past' }).click();
    const past = page.getByRole('listitem', { name: `${done.services[0].heading}, order ${done.orderId}` });
    await past.getByRole('button', { name: 'Rate' }).click();
    const rate = page.getByRole('dialog', { name: 'Rate this visit' });
    await expectOnScreen(page, rate, 'Rate this visit');
    await rate.getByRole('radio', { name: '5 stars' }).check();
    await rate.getByLabel('Review (optional)').fill('On time and tidy.');
    await rate.getByRole('button', { name: 'Send rating' }).click();
    await rate.waitFor({ state: 'detached' });
    await expect.poll(() => past.getByText('Your rating: 5 of 5').count()).toBe(1);

    // The cancelled provider-paid visit: the offer to send its refund back (kept in the wallet here).
    await page.getByRole('navigation', { name: 'Order lists' }).getByRole('button', { name: 'Cancelled' }).click();
    const cancelled = page.getByRole('listitem', { name: new RegExp(`, order ${refunded.orderId}$`) });
    await cancelled.getByRole('button', { name: /^Send .* back to / }).click();
    const source = page.getByRole('dialog', { name: 'Send the refund back to where you paid?' });
    await expectOnScreen(page, source, 'Send the refund back');
    await source.getByRole('button', { name: 'Keep it in my wallet' }).click();
    await source.waitFor({ state: 'detached' });

    // Deleting an address and a query ask first (both kept here).
    await open('/MyAccounts?tab=addresses', (p) => p.getByTestId('address').first());
    await page.getByTestId('address').first().getByRole('button', { name: 'Delete' }).click();
    const address = page.getByRole('alertdialog', { name: 'Delete this address?' });
    await expectOnScreen(page, address, 'Delete this address?');
    await address.getByRole('button', { name: 'Cancel' }).click();
    await address.waitFor({ state: 'detached' });

    await open('/MyAccounts?tab=queries', (p) => p.getByRole('list', { name: 'Your queries' }));
    await page.getByRole('button', { name: 'Delete query' }).click();
    const query = page.getByRole('alertdialog', { name: 'Delete this query?' });
    await expectOnScreen(page, query, 'Delete this query?');
    await query.getByRole('button', { name: 'Cancel' }).click();
    await query.waitFor({ state: 'detached' });

    // Clearing the cart asks first (kept).
    await open('/UserCart', (p) => p.getByTestId('total-price'));
    await page.getByRole('button', { name: 'Clear cart' }).click();
    const clear = page.getByRole('alertdialog', { name: 'Clear your cart?' });
    await expectOnScreen(page, clear, 'Clear your cart?');
    await clear.getByRole('button', { name: 'Cancel' }).click();
    await clear.waitFor({ state: 'detached' });

    // The header's menu opens under the bar, inside the screen, and so do its search's suggestions.
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.locator('#public-menu');
    await menu.getByRole('link', { name: 'Services' }).waitFor();
    expect(onScreen(await menu.boundingBox(), PHONE), 'the header menu').toBe(true);
    await menu.getByRole('combobox', { name: 'Search services' }).fill(upcoming.services[0].heading.slice(0, 7));
    const suggestions = menu.getByRole('listbox', { name: 'Suggestions' });
    await suggestions.getByRole('option').first().waitFor();
    expect(onScreen(await suggestions.boundingBox(), PHONE), 'the search suggestions').toBe(true);
    expect((await sideways(page)).documentWidth, 'the search suggestions').toBe(PHONE.width);
    await page.getByRole('button', { name: 'Menu' }).click();
  });

  it('a top-up goes to the sandbox provider, whose page shows the whole order id on the phone, and comes back', async () => {
    await open('/MyAccounts', (p) => p.getByRole('table', { name: 'Wallet history' }));
    const addMoney = page.getByRole('region', { name: 'Add money' });
    await addMoney.getByRole('textbox', { name: /^Amount/ }).fill('250');
    await addMoney.getByRole('button', { name: 'Continue' }).click();
    await addMoney.getByLabel('Pay with').selectOption('sandbox');
    await addMoney.getByRole('button', { name: /^Pay / }).click();
    await expect.poll(pathOf).toMatch(/^\/sandbox\/checkout\//);
    const orderId = decodeURIComponent(pathOf().split('/').pop()!);
    await page.getByRole('heading', { name: 'Sandbox payment' }).waitFor();

    const width = await sideways(page);
    expect(width.pageWidth).toBe(PHONE.width);
    expect(width.documentWidth, width.outside.join(', ')).toBe(PHONE.width);
    // The order id is shown whole, inside the card, and so are the three choices.
    const id = page.locator('dd', { hasText: orderId });
    expect(await id.textContent()).toBe(orderId);
    const card = await page.getByRole('main').boundingBox();
    const idBox = await id.boundingBox();
    expect(onScreen(card, PHONE), JSON.stringify(card)).toBe(true);
    expect(idBox && card && idBox.x + idBox.width <= card.x + card.width, JSON.stringify({ idBox, card })).toBe(true);
    for (const name of ['Pay', 'Fail', 'Cancel']) {
      expect(onScreen(await page.getByRole('button', { name }).boundingBox(), PHONE), name).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(pathOf).toBe('/MyAccounts');
    await expect.poll(() => page.getByText('Payment received', { exact: true }).isVisible()).toBe(true);
    expect((await sideways(page)).documentWidth).toBe(PHONE.width);
  });

  it('at 1366 × 900 the same pages fill the window exactly, without sideways scroll', async () => {
    await emulate(devtools, LAPTOP, false);
    try {
      for (const { path, shows } of routes()) {
        await open(path, shows);
        const width = await sideways(page);
        expect(width.windowWidth, path).toBe(LAPTOP.width);
        expect.soft(width.documentWidth, `${path}: ${width.outside.join(', ')}`).toBe(width.pageWidth);
      }
    } finally {
      await emulate(devtools, PHONE, true);
    }
  });
});
