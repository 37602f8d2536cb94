import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderLines, services } from '../../server/db/schema';
import { indiaDayOf, indiaDayStart } from '../../server/shared/indiaTime';
import { axeViolations } from '../support/axe';
import { chromiumPath, launch, signIn, waitForPath } from '../support/browser';
import { dataOf } from '../support/catalogue';
import { candidateFactories, couponFactories, dayFromToday, factories, freshCouponCode } from '../support/factories';
import { productRequestFactories } from '../support/product-request-factories';
import { startTestServer, type TestServer } from '../support/server';

/**
 * /Dashboard/AdminDashboard (decision 061) in a browser set to New York time: the tiles show the figures, each link
 * opens its list filtered to the rows it counted, the trend has its chart and table, and a known instant reads in
 * India time on a staff screen.
 */
describe.skipIf(!chromiumPath)('the admin dashboard in the browser', () => {
  let t: TestServer;
  let browser: Awaited<ReturnType<typeof launch>>;
  let page: Page;
  const orderIds: Record<'today' | 'yesterday' | 'cancelled', number> = { today: 0, yesterday: 0, cancelled: 0 };
  const couponCode = freshCouponCode('DASHWAIT');
  const draftCode = freshCouponCode('DASHDRAFT');
  let requestId = 0;
  let withManager = 0;
  let todayServiceId = 0;
  // 01:30 in India two days ago is still the evening before in New York (UTC−5 in winter, −4 in summer).
  const known = new Date(indiaDayStart(indiaDayOf(new Date()) - 2).getTime() + 90 * 60_000);
  const shown = (timeZone: string) =>
    new Intl.DateTimeFormat('en-IN', {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone,
    }).format(known);
  const pathname = () => new URL(page.url()).pathname;
  const dayLabel = (day: string) =>
    new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    // The template's demo orders go back to 2001 (placed and invoiced): the 30 days hold only this file's orders.
    await t.db.execute(
      sql`update orders set created_at = '2001-01-01T12:00:00Z', invoice_date = case when invoice_date is null then null else '2001-01-01T12:00:00Z'::timestamptz end`,
    );
    await t.db.execute(
      sql`update order_lines set created_at = '2001-01-01T12:00:00Z', cancelled_at = case when cancelled_at is null then null else '2001-01-02T12:00:00Z'::timestamptz end`,
    );
    const f = factories(t);
    const customer = await f.customer();
    const today = await f.placedOrder(customer, 1, { prices: [1234] }); // ₹1,456.12
    orderIds.today = today.orderId;
    todayServiceId = today.lines[0].serviceId;
    const yesterday = await f.placedOrder(customer, 1, { prices: [100] }); // ₹118
    orderIds.yesterday = yesterday.orderId;
    const cancelled = await f.placedOrder(customer, 1, { prices: [200] }); // ₹236
    orderIds.cancelled = cancelled.orderId;
    dataOf(
      await t.api('POST', '/api/Order/AdminCancelOrderLine', {
        token: await t.tokenFor('A'),
        body: { OrderId: cancelled.orderId, ServiceId: cancelled.lines[0].serviceId, Remark: 'Customer asked' },
      }),
    );
    for (const [o, days] of [
      [yesterday, 1],
      [cancelled, 2],
    ] as const) {
      await t.db.execute(
        sql`update orders set created_at = created_at - interval '1 day' * ${days}, invoice_date = invoice_date - interval '1 day' * ${days} where id = ${o.orderId}`,
      );
      await t.db.execute(
        sql`update order_lines set created_at = created_at - interval '1 day' * ${days} where order_id = ${o.orderId}`,
      );
    }
    await t.db.update(orderLines).set({ cancelledAt: known }).where(eq(orderLines.id, cancelled.lines[0].id));

    await couponFactories(t).coupon({ couponCode }, { submit: true });
    await couponFactories(t).coupon({ couponCode: draftCode }); // a draft: not waiting for the admin
    const pf = productRequestFactories(t);
    const vendor = await pf.vendor();
    requestId = await pf.submitted(vendor);
    expect((await pf.decide(requestId, 'IM', false)).status).toBe(200);
    withManager = await pf.submitted(vendor); // still with the inventory manager
    await candidateFactories(t).at('sentForApproval', { lastName: 'Dashboardwaiting' });
    await candidateFactories(t).at('finalised', { lastName: 'Dashboardnotsent' });

    browser = await launch({ timezoneId: 'America/New_York' });
    page = await browser.context.newPage();
    await signIn(page, t.url, 'A');
    await waitForPath(page, '/Dashboard/AdminDashboard');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const region = (name: string) => page.getByRole('region', { name });
  const rows = (o: number) => page.getByRole('row').filter({ hasText: `Order #${o}` });
  const orderRows = () => page.getByRole('row').filter({ hasText: /Order #\d+/ });
  beforeEach(async () => {
    if (pathname() !== '/Dashboard/AdminDashboard') await page.goto(`${t.url}/Dashboard/AdminDashboard`);
  });
  const backToDashboard = async () => {
    await page.goBack();
    await expect.poll(pathname).toBe('/Dashboard/AdminDashboard');
  };

  it('the browser runs in New York time', async () => {
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
    // The instant is on another day in New York than in India, so the check below can tell the two apart.
    expect(shown('America/New_York')).not.toBe(shown('Asia/Kolkata'));
  });

  it("shows today's orders and opens the unassigned list of today's lines", async () => {
    const today = region("Today's orders");
    await expect.poll(() => today.textContent()).toContain('Orders paid today1');
    expect(await today.textContent()).toContain('Their value₹1,456.12');
    await today.getByRole('link', { name: '1 unassigned line placed today' }).click();
    await expect.poll(pathname).toBe('/Orders/PendingOrders');
    const url = new URL(page.url());
    expect(url.searchParams.get('placedFrom')).toBe(dayFromToday(0));
    expect(url.searchParams.get('placedTo')).toBe(dayFromToday(0));
    await expect.poll(() => rows(orderIds.today).count()).toBe(1);
    expect(await orderRows().count()).toBe(1);
    expect(await page.getByLabel('Placed from').inputValue()).toBe(dayFromToday(0));
    await backToDashboard();
  });

  it('ages the unassigned lines and opens the list of one age', async () => {
    const card = region('Unassigned lines by age');
    await card.getByRole('link', { name: '1 unassigned line 1–2 days old' }).click();
    await expect.poll(pathname).toBe('/Orders/PendingOrders');
    await expect.poll(() => rows(orderIds.yesterday).count()).toBe(1);
    expect(await orderRows().count()).toBe(1);
    await backToDashboard();
  });

  it('opens the cancellations of the 30 days, and the known instant reads in India time', async () => {
    const card = region('Cancellations, last 30 days');
    await expect
      .poll(() => card.getByRole('list', { name: 'Cancellations by reason' }).textContent())
      .toBe('Customer asked1');
    await card.getByRole('link', { name: '1 line cancelled' }).click();
    await expect.poll(pathname).toBe('/Orders/CancelledOrders');
    expect(new URL(page.url()).searchParams.get('cancelledFrom')).toBe(dayFromToday(-29));
    await expect.poll(() => rows(orderIds.cancelled).count()).toBe(1);
    expect(await orderRows().count()).toBe(1);
    const text = await rows(orderIds.cancelled).textContent();
    expect(text).toContain(shown('Asia/Kolkata'));
    expect(text).not.toContain(shown('America/New_York'));
    await backToDashboard();
  });

  it('opens the approvals waiting: coupons, product requests, candidates', async () => {
    const card = region('Waiting for your approval');
    await card.getByRole('link', { name: 'Coupons' }).click();
    await expect.poll(pathname).toBe('/Advertisement/MarketingCoupons');
    expect(new URL(page.url()).searchParams.get('action')).toBe('Pending');
    await expect.poll(() => page.getByRole('row').filter({ hasText: couponCode }).count()).toBe(1);
    // Only the coupons waiting: the draft is not among them.
    expect(await page.getByRole('row').filter({ hasText: draftCode }).count()).toBe(0);
    await backToDashboard();
    await card.getByRole('link', { name: 'Product requests' }).click();
    await expect.poll(pathname).toBe('/RequestsForProducts/ProductRequestForVendor');
    const request = (id: number) => page.getByRole('row').filter({ hasText: new RegExp(`#${id}(?!\\d)`) });
    await expect.poll(() => request(requestId).count()).toBe(1);
    expect(await request(withManager).count()).toBe(0);
    await backToDashboard();
    await card.getByRole('link', { name: 'Candidates' }).click();
    await expect.poll(pathname).toBe('/Employee/CandidateListHR');
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Dashboardwaiting' }).count()).toBe(1);
    expect(await page.getByRole('row').filter({ hasText: 'Dashboardnotsent' }).count()).toBe(0);
    await backToDashboard();
  });

  it('opens the wallets behind the float, largest balance first', async () => {
    const card = region('Wallet float');
    await card.getByRole('link', { name: 'Customer wallets' }).click();
    await expect.poll(pathname).toBe('/Customer/CustomerList');
    const url = new URL(page.url());
    expect([url.searchParams.get('sort'), url.searchParams.get('order')]).toEqual(['balance', 'desc']);
    await backToDashboard();
    await card.getByRole('link', { name: 'Vendor wallets' }).click();
    await expect.poll(pathname).toBe('/Vendor/VendorWalletHistory');
    await backToDashboard();
  });

  it('fits a phone: a long service name wraps in the top services', async () => {
    const long = 'Bathroom Deep Cleaning (2 bathrooms), tiles, grout and every fitting';
    await t.db.update(services).set({ heading: long }).where(eq(services.id, todayServiceId));
    const wide = page.viewportSize();
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      const top = region('Top services, last 30 days');
      await expect.poll(() => top.getByRole('rowheader', { name: long }).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      if (wide) await page.setViewportSize(wide);
    }
  });

  it('draws the 30-day trend with its table beside it; no axe violations', async () => {
    const card = region('Orders, last 30 days');
    await card.getByRole('img', { name: /^Value of orders paid per day, / }).waitFor();
    const table = card.getByRole('table', { name: /^Orders and their value per day, / });
    expect(await table.getByRole('row').count()).toBe(32); // header, 30 days, total
    const day = (d: string) => table.getByRole('row', { name: new RegExp(`^${dayLabel(d)}`) });
    expect(await day(dayFromToday(0)).getByRole('cell').allTextContents()).toEqual(['1', '₹1,456.12']);
    expect(await day(dayFromToday(-1)).getByRole('cell').allTextContents()).toEqual(['1', '₹118.00']);
    expect(await day(dayFromToday(-2)).getByRole('cell').allTextContents()).toEqual(['1', '₹236.00']);
    expect(await day(dayFromToday(-3)).getByRole('cell').allTextContents()).toEqual(['0', '₹0.00']);
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'dark';
    });
    expect(await axeViolations(page)).toEqual([]);
  });
});
