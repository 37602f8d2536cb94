import fs from 'node:fs';
import type { Page } from 'playwright-core';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPerPerson, chromiumPath, signIn, waitForPath } from '../support/browser';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The GST returns in Chromium (decision 058): the accountant opens them from the menu, sees this month's sections
 * and checks, picks another month (kept in the URL), and downloads GSTR-1 as the portal's JSON and as the workbook,
 * which read back as written.
 */
describe.skipIf(!chromiumPath)('GST returns in the browser', () => {
  let t: TestServer;
  const people = browserPerPerson();
  let accountant: Page;
  let invoiceNo: string;

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const f = factories(t);
    // Inside Karnataka ₹1,000 at 18% (CGST ₹90 + SGST ₹90); to Maharashtra ₹500 at 18% (IGST ₹90).
    invoiceNo = (await f.placedOrder(await f.customer(), 1, { state: 'Karnataka', city: 'Bengaluru', prices: [1000] }))
      .invoiceNo;
    await f.placedOrder(await f.customer(), 1, { prices: [500] });
    accountant = await (await people.context()).newPage();
    await signIn(accountant, t.url, 'AC');
    await waitForPath(accountant, '/Dashboard/AccountDashboard');
  }, 300_000);
  afterAll(async () => {
    await people.close();
    await t?.close();
  });

  const section = (title: string) => accountant.getByRole('table', { name: title });

  it('opens from the menu on this month, its sections filled and every check green', async () => {
    await accountant.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'GST returns' }).click();
    await waitForPath(accountant, '/Accountant/GstReturns');
    await expect.poll(() => accountant.getByText('All 6 checks pass.').isVisible(), { timeout: 30_000 }).toBe(true);
    const b2cs = section('7 B2C others');
    await expect.poll(() => b2cs.getByRole('row', { name: /29-Karnataka/ }).isVisible()).toBe(true);
    expect(await b2cs.getByRole('row', { name: /27-Maharashtra/ }).textContent()).toContain('₹90.00');
    expect(await section('13 Documents issued').textContent()).toContain(invoiceNo);
    expect(
      await accountant
        .getByRole('table', { name: 'GSTR-3B 3.2 inter-state supplies to unregistered persons' })
        .textContent(),
    ).toContain('27-Maharashtra');
  });

  it('picks another month, kept in the URL, which has nothing to file', async () => {
    const month = accountant.getByLabel('Month', { exact: true });
    await month.fill('2025-01');
    await expect.poll(() => new URL(accountant.url()).searchParams.get('month')).toBe('2025-01');
    await expect.poll(() => accountant.getByText('No other B2C supply this month.').isVisible()).toBe(true);
    await accountant.goBack();
    await expect
      .poll(() =>
        section('7 B2C others')
          .getByRole('row', { name: /29-Karnataka/ })
          .isVisible(),
      )
      .toBe(true);
  });

  it('downloads GSTR-1 as the portal JSON and as the workbook, and both read back', async () => {
    const [json] = await Promise.all([
      accountant.waitForEvent('download'),
      accountant.getByRole('button', { name: 'Download GSTR-1 JSON' }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^GSTR1_29AAFCD1234K1ZN_\d{6}\.json$/);
    const file = JSON.parse(fs.readFileSync(await json.path(), 'utf8'));
    expect(file.gstin).toBe('29AAFCD1234K1ZN');
    expect(file.b2cs).toContainEqual({
      sply_ty: 'INTER',
      pos: '27',
      typ: 'OE',
      rt: 18,
      txval: 500,
      iamt: 90,
      csamt: 0,
    });

    const [xlsx] = await Promise.all([
      accountant.waitForEvent('download'),
      accountant.getByRole('button', { name: 'Download GSTR-1 Excel' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/^GSTR1_29AAFCD1234K1ZN_\d{6}\.xlsx$/);
    const sheets = await readXlsxFile(fs.readFileSync(await xlsx.path()));
    expect(sheets.map((s) => s.sheet)).toEqual([
      'b2b',
      'b2cl',
      'b2cs',
      'cdnr',
      'cdnur',
      'hsn(b2b)',
      'hsn(b2c)',
      'docs',
    ]);
    const docs = sheets.find((s) => s.sheet === 'docs')?.data ?? [];
    expect(docs[1]).toEqual(['Invoices for outward supply', invoiceNo, expect.any(String), 2, 0]);
  });
});
