import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTab, browserPerPerson, chromiumPath, signIn, waitForPath } from '../support/browser';
import { dataOf } from '../support/catalogue';
import { factories } from '../support/factories';
import { productRequestFactories } from '../support/product-request-factories';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The sales reports in Chromium (decision 057): the admin opens the service sales report from the menu, picks a day
 * and a grouping (the URL follows), sees the order's row and exports CSV and Excel whose totals are the screen's;
 * the accountant opens the vendor purchase report, groups it by product and reads the Excel file back. Figures are
 * worked by hand: ₹1,000 + 18% GST in Karnataka (CGST ₹90, SGST ₹90) with a ₹50 tip; a ₹1,180 product with 18% in it.
 */
describe.skipIf(!chromiumPath)('the sales reports in the browser', () => {
  let t: TestServer;
  const people = browserPerPerson();
  const search = (page: Page) => new URL(page.url()).searchParams;

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const f = factories(t);
    const pf = productRequestFactories(t);
    await f.placedOrder(await f.customer(), 1, { state: 'Karnataka', city: 'Bengaluru', prices: [1000], tip: 50 });
    const v = await pf.vendor();
    const p = await pf.product({ quantity: 5, mrp: 1180, discount: 0, gst: 18, productName: 'E2E report soap' });
    const id = await pf.submitted(v, [{ productId: p.id, requestQty: 1 }]);
    dataOf(await pf.decide(id, 'IM', false));
    dataOf(await pf.decide(id, 'A', false));
    await pf.fund(v.id, 2000);
    dataOf(await pf.pay(v, id));
  });
  afterAll(async () => {
    await people.close();
    await t?.close();
  });

  /** The file a button downloads, as text or bytes. */
  async function download(page: Page, button: string) {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: button }).click(),
    ]);
    return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
  }

  it('admin: a day by zone, its row and totals on screen and in the CSV and Excel files', async () => {
    const page = await adminTab(await people.context(), t.url);
    await page.getByRole('button', { name: 'Sales report' }).click();
    await page.getByRole('link', { name: 'Service sales report' }).click();
    await waitForPath(page, '/SalesReport/ServiceSalesReport');
    await page.getByRole('heading', { name: 'Service sales report', level: 1 }).waitFor();
    await page.getByLabel('Period', { exact: true }).selectOption('Day');
    await expect.poll(() => search(page).get('Type')).toBe('Day');
    await page.getByLabel('Group by', { exact: true }).selectOption('Zone');
    await expect.poll(() => search(page).get('GroupBy')).toBe('Zone');
    await page.getByRole('img', { name: /^Service sales report, \d{1,2} [A-Z][a-z]{2} \d{4}, by day$/ }).waitFor();
    const table = page.getByRole('table');
    // The only sale of the day (the template has none): its zone's row and the totals, tip in the totals only.
    const totals = table.getByRole('row', { name: /^Total/ });
    await expect.poll(() => totals.textContent()).toContain('₹1,000.00');
    expect(await totals.textContent()).toContain('₹50.00');

    const csv = await download(page, 'Export CSV');
    expect(csv.name).toMatch(/^service-sales-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-by-zone\.csv$/);
    const lines = csv.bytes.toString('utf8').trim().split('\r\n');
    const header = lines[0].split(',');
    const total = lines.at(-1)!.split(',');
    const col = (name: string) => header.indexOf(name);
    expect(total[0]).toBe('Total');
    expect({
      taxable: total[col('Taxable value')],
      cgst: total[col('CGST')],
      sgst: total[col('SGST')],
      net: total[col('Net')],
      tips: total[col('Tips (not revenue)')],
    }).toEqual({ taxable: '1000.00', cgst: '90.00', sgst: '90.00', net: '1000.00', tips: '50.00' });
    expect(lines).toHaveLength(3); // header, the zone, the totals

    const xlsx = await download(page, 'Export Excel');
    const rows = await readSheet(xlsx.bytes);
    expect(rows[0]).toEqual(header);
    const last = rows.at(-1)!;
    expect([last[0], last[col('Taxable value')], last[col('Net')], last[col('Tips (not revenue)')]]).toEqual([
      'Total',
      1000,
      1000,
      50,
    ]);
    await page.close();
  });

  it('accountant: the vendor purchases of the day by product, read back from Excel', async () => {
    const page = await (await people.context()).newPage();
    await signIn(page, t.url, 'AC');
    await waitForPath(page, '/Dashboard/AccountDashboard');
    await page.getByRole('button', { name: 'Sales report' }).click();
    await page.getByRole('link', { name: 'Vendor purchase report' }).click();
    await waitForPath(page, '/SalesReport/VendorPurchaseReport');
    await page.getByLabel('Period', { exact: true }).selectOption('Day');
    await expect.poll(() => search(page).get('Type')).toBe('Day');
    await page.getByLabel('Group by', { exact: true }).selectOption('Product');
    await expect.poll(() => search(page).get('GroupBy')).toBe('Product');
    const row = page.getByRole('row', { name: /E2E report soap/ });
    await expect.poll(() => row.textContent()).toContain('₹1,180.00');
    // A shared link opens the same report.
    const again = await (await people.context()).newPage();
    await signIn(again, t.url, 'AC');
    await waitForPath(again, '/Dashboard/AccountDashboard');
    await again.goto(page.url());
    await again.getByRole('row', { name: /E2E report soap/ }).waitFor();
    await again.close();

    const xlsx = await download(page, 'Export Excel');
    const rows = await readSheet(xlsx.bytes);
    const header = rows[0] as string[];
    const soap = rows.find((r) => r[0] === 'E2E report soap')!;
    const total = rows.at(-1)!;
    const at = (r: unknown[], name: string) => r[header.indexOf(name)];
    // ₹1,180 with 18% in it: taxable ₹1,000, GST ₹180 (IGST: the factory's vendor is outside Karnataka).
    expect([at(soap, 'Quantity'), at(soap, 'Taxable value'), at(soap, 'GST'), at(soap, 'Paid from wallet')]).toEqual([
      1, 1000, 180, 1180,
    ]);
    expect([total[0], at(total, 'Taxable value'), at(total, 'Paid from wallet')]).toEqual(['Total', 1000, 1180]);
    await page.close();
  });
});
