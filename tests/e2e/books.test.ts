import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayText, indiaDayOf, indiaMonthOf } from '../../server/shared/indiaTime';
import { adminTab, browserPerPerson, chromiumPath, signIn, waitForPath } from '../support/browser';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);
const pathOf = (page: Page) => new URL(page.url()).pathname;
const searchOf = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/**
 * The books in Chromium (decision 059, 060): the accountant opens the trial balance and the day book from the menu,
 * changes the date (the URL follows), and exports files whose totals are the screen's; the admin opens profit per
 * professional, changes the month, and exports it.
 */
describe.skipIf(!chromiumPath)('the books in the browser', () => {
  let t: TestServer;
  const people = browserPerPerson();
  let placed: { orderId: number; invoiceNo: string };
  const today = dayText(indiaDayOf(new Date()));
  const yesterday = dayText(indiaDayOf(new Date()) - 1);

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const f = factories(t);
    placed = await f.placedOrder(await f.customer(), 1, { prices: [1000] });
  });
  afterAll(async () => {
    await people.close();
    await t?.close();
  });

  const api = async (path: string) =>
    (await t.api('GET', path, { token: await t.tokenFor('AC') })).body.data as Record<string, any>;
  const open = async (page: Page, link: RegExp) => {
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const group = menu.getByRole('button', { name: /^Books$/i });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await menu.getByRole('link', { name: link }).click();
  };
  const download = async (page: Page, button: string) => {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: button }).first().click(),
    ]);
    return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
  };

  it("the accountant: the trial balance at today and yesterday, exported with the screen's totals", async () => {
    const page = await (await people.context()).newPage();
    await signIn(page, t.url, 'AC');
    await waitForPath(page, '/Dashboard/AccountDashboard');
    await open(page, /^Trial balance$/i);
    await expect.poll(() => pathOf(page)).toBe('/Accounts/TrialBalance');
    await expect.poll(() => page.getByRole('heading', { name: 'Trial balance', level: 1 }).isVisible()).toBe(true);
    const now = await api('/api/Reports/TrialBalance');
    expect(now.totalDebit).toBe(now.totalCredit);
    await expect.poll(() => page.getByTestId('total-debit').textContent()).toBe(rupees(now.totalDebit));
    await expect.poll(() => page.getByTestId('total-credit').textContent()).toBe(rupees(now.totalCredit));

    await page.getByLabel('As at', { exact: true }).fill(yesterday);
    await expect.poll(() => searchOf(page, 'asOf')).toBe(yesterday);
    const before = await api(`/api/Reports/TrialBalance?AsOf=${yesterday}`);
    await expect
      .poll(() => page.getByTestId('total-debit').textContent())
      .toBe(before.totalDebit ? rupees(before.totalDebit) : '');

    const file = await download(page, 'Export XLSX');
    expect(file.name).toBe(`trial-balance-${yesterday}.xlsx`);
    const sheet = await readSheet(file.bytes);
    expect(sheet.at(-1)).toEqual(['Total', null, null, before.totalDebit, before.totalCredit]);
  });

  it("the accountant: the day book shows today's invoice; its CSV ends with the day's totals", async () => {
    const page = await (await people.context()).newPage();
    await signIn(page, t.url, 'AC');
    await waitForPath(page, '/Dashboard/AccountDashboard');
    await open(page, /^Day book$/i);
    await expect.poll(() => pathOf(page)).toBe('/Accounts/DayBook');
    await expect.poll(() => page.getByRole('cell', { name: placed.invoiceNo }).count()).toBe(1);
    const book = await api(`/api/Reports/DayBook?Date=${today}`);
    await expect.poll(() => page.getByTestId('total-debit').textContent()).toBe(rupees(book.totalDebit));
    const file = await download(page, 'Export CSV');
    expect(file.name).toBe(`day-book-${today}.csv`);
    const lines = file.bytes.toString().trimEnd().split('\r\n');
    expect(lines.at(-1)).toBe(`Total,,,,,${book.totalDebit.toFixed(2)},${book.totalCredit.toFixed(2)},`);

    await page.getByLabel('Day', { exact: true }).fill('2001-01-01');
    await expect.poll(() => searchOf(page, 'date')).toBe('2001-01-01');
    await expect.poll(() => page.getByText('Nothing was posted on this day.').isVisible()).toBe(true);
  });

  it('the admin: profit per professional for another month, exported', async () => {
    const page = await adminTab(await people.context(), t.url);
    await open(page, /^Profit per professional$/i);
    await expect.poll(() => pathOf(page)).toBe('/Reports/ProfitPerProfessional');
    const m = indiaMonthOf(new Date());
    const other = m.month === 1 ? 2 : m.month - 1;
    await page.getByLabel('Month', { exact: true }).selectOption(String(other));
    await expect.poll(() => searchOf(page, 'month')).toBe(String(other));
    const report = await api(`/api/Reports/ProfitByProfessional?Month=${other}&Year=${m.year}`);
    await expect.poll(() => page.getByTestId('total-margin').textContent()).toBe(rupees(report.totals.margin));
    const file = await download(page, 'Export XLSX');
    expect(file.name).toBe(`profit-per-professional-${m.year}-${String(other).padStart(2, '0')}.xlsx`);
    const sheet = await readSheet(file.bytes);
    expect(sheet.at(-1)?.slice(3)).toEqual([
      report.totals.lines,
      report.totals.revenue,
      report.totals.tips,
      report.totals.pay,
      report.totals.parts,
      report.totals.refunds,
      report.totals.margin,
    ]);
  });
});
