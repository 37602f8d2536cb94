import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../server/domains/marketing/marketingDashboard/service';
import { axeViolations } from '../support/axe';
import { adminTab, browserPerPerson, chromiumPath, signIn, waitForPath } from '../support/browser';
import { marketingDashboardFactories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/**
 * /Dashboard/MarketingDashboard (decision 025): marketing reads the figures, the redemptions chart and its
 * table, changes the range; the admin opens it from the menu and goes on to the approvals.
 */
describe.skipIf(!chromiumPath)('the marketing dashboard in the browser', () => {
  let t: TestServer;
  // A browser for each person: the session is the browser's cookie (decision 043).
  const people = browserPerPerson();
  const DAY = 86_400_000;
  const pathname = (page: Page) => new URL(page.url()).pathname;
  const dayLabel = (day: string) =>
    new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  const yesterday = new Date(Date.now() - DAY);

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const md = marketingDashboardFactories(t);
    const a = await md.coupon('approved', { couponCode: 'E2EFESTIVE' });
    const b = await md.coupon('approved', { couponCode: 'E2EMONSOON' });
    await md.coupon('pending', { couponCode: 'E2EWAITING' });
    await md.redemption(a.id, yesterday, 120_00);
    await md.redemption(a.id, yesterday, 120_00);
    await md.redemption(b.id, new Date(Date.now() - 3 * DAY), 80_00);
    await md.purchase(await md.plan({ pricePaise: 499_00 }), new Date(Date.now() - 2 * DAY));
    await md.referral(yesterday);
  });
  afterAll(async () => {
    await people.close();
    await t?.close();
  });

  it('marketing: the figures, the chart with its legend and table, another range; no axe violations', async () => {
    const page = await (await people.context()).newPage();
    await signIn(page, t.url, 'MR');
    await waitForPath(page, '/Dashboard/MarketingDashboard');
    await page.getByRole('heading', { name: 'Marketing dashboard', level: 1 }).waitFor();

    const chart = page.getByRole('img', { name: /^Discount given per day and coupon, / });
    await chart.waitFor();
    const legend = page.getByRole('list', { name: 'Coupons in the chart' });
    const named = await legend.getByRole('listitem').allTextContents();
    expect(named.indexOf('E2EFESTIVE')).toBeGreaterThanOrEqual(0);
    expect(named.indexOf('E2EMONSOON')).toBeGreaterThan(named.indexOf('E2EFESTIVE')); // less discount given
    const waiting = page.getByRole('list', { name: 'Coupons waiting longest' });
    expect(await waiting.getByRole('link', { name: 'E2EWAITING' }).getAttribute('href')).toMatch(
      /^\/Coupons\/CouponDetail\?id=\d+$/,
    );

    // The chart's figures as a table: yesterday's row has both of E2EFESTIVE's redemptions.
    const card = page.getByRole('region', { name: 'Redemptions and discount given' });
    await card.getByText('Show the figures as a table').click();
    const row = card.getByRole('row', { name: new RegExp(`^${dayLabel(indiaToday(yesterday))}`) });
    /** Yesterday's figure in a column of the table (the row's header cell is not a cell). */
    const cellOf = async (column: string) => {
      const headers = await card.getByRole('columnheader').allTextContents();
      return row
        .getByRole('cell')
        .nth(headers.indexOf(column) - 1)
        .textContent();
    };
    expect(await cellOf('E2EFESTIVE')).toBe('₹240.00');
    expect(await cellOf('E2EMONSOON')).toBe('₹0.00');
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'dark';
    });
    expect(await axeViolations(page)).toEqual([]);

    // Counts instead of rupees.
    await card.getByRole('button', { name: 'Redemptions', exact: true }).click();
    await page.getByRole('img', { name: /^Redemptions per day and coupon, / }).waitFor();
    expect(await cellOf('E2EFESTIVE')).toBe('2');

    // Another range: a first day after the last is caught before asking; weeks when chosen, kept in the address.
    await page.getByLabel('From').fill(indiaToday(new Date()));
    await page.getByLabel('To', { exact: true }).fill(indiaToday(yesterday));
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'The first day must be on or before the last day.' }).waitFor();
    await page.getByLabel('From').fill(indiaToday(new Date(Date.now() - 59 * DAY)));
    await page.getByLabel('To', { exact: true }).fill(indiaToday(new Date()));
    await page.getByLabel('Group by').selectOption('week');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    // The chart still counts redemptions (the choice stays while the range changes).
    await page.getByRole('img', { name: /^Redemptions per week and coupon, / }).waitFor();
    expect(new URL(page.url()).searchParams.get('bucket')).toBe('week');
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.getByRole('img', { name: /^Redemptions per day and coupon, / }).waitFor();
    expect(new URL(page.url()).searchParams.get('from')).toBe(indiaToday(new Date(Date.now() - 6 * DAY)));
    await page.close();
  });

  it('admin: opens it from the menu and goes on to the coupons waiting for approval', async () => {
    const page = await adminTab(await people.context(), t.url);
    await page.getByRole('button', { name: 'Advertisement' }).click();
    await page.getByRole('link', { name: 'Marketing Dashboard' }).click();
    await expect.poll(() => pathname(page)).toBe('/Dashboard/MarketingDashboard');
    await page.getByRole('heading', { name: 'Marketing dashboard', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Approve or reject coupons' }).click();
    await expect.poll(() => pathname(page)).toBe('/Advertisement/MarketingCoupons');
    await page.close();
  });
});
