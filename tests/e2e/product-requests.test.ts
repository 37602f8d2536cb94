import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { chromiumPath, launch, signIn, waitForPath } from '../support/browser';
import { factories } from '../support/factories';
import { productRequestFactories } from '../support/product-request-factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

/**
 * Product requests in Chromium (decision 029): the demo vendor fills the request cart for a professional and submits
 * it; the inventory manager accepts, the admin rejects with a remark; the vendor sends it for re-approval and both
 * accept; the vendor pays from the wallet (stock goes down, the wallet history shows the debit, the invoice PDF
 * downloads); a second request the wallet cannot afford shows the amount missing and leads to a sandbox top-up, then
 * payment.
 */
describe.skipIf(!chromiumPath)('product requests in the browser', () => {
  let t: TestServer;
  // A browser each: the session is the browser's cookie (decision 043), and three people work side by side.
  let browser: Awaited<ReturnType<typeof launch>>;
  let imBrowser: Awaited<ReturnType<typeof launch>>;
  let adminBrowser: Awaited<ReturnType<typeof launch>>;
  let vendor: Page;
  let im: Page;
  let admin: Page;
  let product: { id: number; productName: string };
  let professionalName: string;

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    const [v] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobileNo, accountOf('VE').mobileNo));
    const pro = await factories(t).professional({ vendorId: v.id, fullName: 'Ravi Fixit' });
    professionalName = pro.fullName;
    product = await productRequestFactories(t).product({
      productName: 'AC filter F-200',
      hsnCode: '84213920',
      mrp: 1000,
      discount: 0,
      gst: 18,
      quantity: 20,
    });
    [browser, imBrowser, adminBrowser] = await Promise.all([launch(), launch(), launch()]);
    vendor = await browser.context.newPage();
    await signIn(vendor, t.url, 'VE');
    await waitForPath(vendor, '/Dashboard/VendorDashboard');
    im = await imBrowser.context.newPage();
    await signIn(im, t.url, 'IM');
    await waitForPath(im, '/Dashboard/InventoryManagerDashBoard');
    admin = await adminBrowser.context.newPage();
    await signIn(admin, t.url, 'A');
    await waitForPath(admin, '/Dashboard/AdminDashboard');
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), imBrowser?.close(), adminBrowser?.close()]);
    await t?.close();
  });

  const toast = (page: Page, text: string | RegExp) =>
    page.getByRole('region', { name: /Notifications/ }).getByText(text);
  const stock = async () =>
    (
      await t.api('GET', `/api/Vendor/GetProductsByVendorId?vendorId=${(await me()).Id}&search=F-200`, {
        token: await t.tokenFor('VE'),
      })
    ).body.data.items[0].available as number;
  const me = async () => (await t.api('GET', '/api/Auth/Me', { token: await t.tokenFor('VE') })).body.data;
  const stateOf = async (id: number) =>
    (await t.api('GET', `/api/Vendor/GetViewRequestOrderData?IOrderId=${id}`, { token: await t.tokenFor('A') })).body
      .data.state as string;

  /** The vendor puts `qty` of the product in the cart for the professional and submits it; answers the request id. */
  async function requestThroughCart(qty: number): Promise<number> {
    await vendor.goto(`${t.url}/Managestore/ListProducts`);
    await vendor.getByLabel('For professional').selectOption({ label: professionalName });
    const qtyBox = vendor.getByRole('textbox', { name: `Quantity of ${product.productName}` });
    await qtyBox.fill(String(qty));
    await vendor.getByRole('button', { name: `Add ${product.productName} to cart` }).click();
    await expect
      .poll(() =>
        toast(vendor, new RegExp(`${qty} in the cart`))
          .first()
          .isVisible(),
      )
      .toBe(true);
    await vendor.goto(`${t.url}/Managestore/ProductCart`);
    await expect
      .poll(() =>
        vendor
          .getByText(rupees(qty * 1000))
          .first()
          .isVisible(),
      )
      .toBe(true);
    await vendor.getByRole('link', { name: 'Checkout' }).click();
    await waitForPath(vendor, '/Managestore/ProductCheckOut');
    await vendor.getByRole('button', { name: 'Submit request' }).click();
    await waitForPath(vendor, '/TrackRequest/TrackProductRequest');
    const id = Number(new URL(vendor.url()).searchParams.get('id'));
    expect(id).toBeGreaterThan(0);
    return id;
  }

  async function decide(page: Page, path: string, id: number, verdict: 'Accept' | 'Reject', remark?: string) {
    await page.goto(`${t.url}${path}?id=${id}`);
    await page.getByRole('button', { name: verdict, exact: true }).click();
    if (verdict === 'Reject') {
      const dialog = page.getByRole('dialog', { name: `Reject request #${id}?` });
      // The remark is required: an empty one is refused on the form.
      await dialog.getByRole('button', { name: 'Reject request' }).click();
      await expect.poll(() => dialog.getByText('Say why').isVisible()).toBe(true);
      await dialog.getByRole('textbox', { name: /Remark/ }).fill(remark ?? '');
      await dialog.getByRole('button', { name: 'Reject request' }).click();
    }
    await expect
      .poll(() =>
        toast(page, new RegExp(`Request ${id} ${verdict === 'Accept' ? 'accepted' : 'rejected'}`))
          .first()
          .isVisible(),
      )
      .toBe(true);
  }

  it('cart, IM accepts, admin rejects with a remark, re-approval, both accept, payment, wallet history, invoice', async () => {
    const before = await stock();
    const id = await requestThroughCart(2);
    expect(await stateOf(id)).toBe('pendingIM');

    await decide(im, '/Requests/ProductRequests', id, 'Accept');
    expect(await stateOf(id)).toBe('pendingAdmin');
    await decide(admin, '/RequestsForProducts/ProductRequestForVendor', id, 'Reject', 'Two filters per visit at most');
    expect(await stateOf(id)).toBe('rejectedByAdmin');

    // The vendor's top bar tells of both decisions: the bell counts them, /Notification shows them and opens the
    // request.
    const unread = (await t.api('GET', '/api/Notifications/UnreadCount', { token: await t.tokenFor('VE') })).body.data
      .unread as number;
    expect(unread).toBeGreaterThanOrEqual(2);
    await vendor.goto(`${t.url}/Dashboard/VendorDashboard`);
    const bell = vendor.getByRole('link', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe(`Notifications, ${unread} unread`);
    await bell.click();
    await expect.poll(() => new URL(vendor.url()).pathname).toBe('/Notification');
    await vendor.getByText(`Request ${id} was accepted by the inventory manager.`).first().waitFor();
    const rejected = vendor.getByRole('listitem', { name: `Unread: Request ${id} rejected` });
    await rejected.getByText(`Request ${id} was rejected by the admin: Two filters per visit at most`).waitFor();
    await rejected.getByRole('link', { name: 'Open' }).click();
    await expect.poll(() => new URL(vendor.url()).pathname).toBe('/TrackRequest/TrackProductRequest');
    await expect.poll(() => vendor.getByText('Two filters per visit at most').first().isVisible()).toBe(true);
    await vendor.getByRole('button', { name: 'Send for re-approval' }).click();
    await expect.poll(() => stateOf(id)).toBe('pendingIM');
    await decide(im, '/Requests/ProductRequests', id, 'Accept');
    await decide(admin, '/RequestsForProducts/ProductRequestForVendor', id, 'Accept');
    expect(await stateOf(id)).toBe('approved');

    await vendor.goto(`${t.url}/TrackRequest/TrackProductRequest?id=${id}`);
    await vendor.getByRole('button', { name: 'Pay from wallet' }).click();
    await expect.poll(() => stateOf(id)).toBe('issued');
    expect(await stock()).toBe(before - 2);

    await vendor.goto(`${t.url}/Wallet/WalletBalanceOfVendor`);
    await expect.poll(() => vendor.getByText('Products from the store').first().isVisible()).toBe(true);

    await vendor.goto(`${t.url}/TrackRequest/ProductInvoice?id=${id}`);
    await expect.poll(() => vendor.getByRole('heading', { name: /^Tax invoice INV\// }).isVisible()).toBe(true);
    // Goods show their HSN code on each line (CGST Rule 46).
    await vendor
      .getByRole('row', { name: /AC filter F-200/ })
      .getByRole('cell', { name: '84213920' })
      .waitFor();
    const [download] = await Promise.all([
      vendor.waitForEvent('download'),
      vendor.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^invoice-INV-\d{4}-\d{6}\.pdf$/);
  });

  it('an unaffordable request shows the amount missing, the vendor tops up through the sandbox, then pays', async () => {
    const balance = (await t.api('GET', '/api/Wallet/MyBalance', { token: await t.tokenFor('VE') })).body.data
      .balance as number;
    const qty = Math.floor(balance / 1000) + 2;
    const id = await requestThroughCart(qty);
    await decide(im, '/Requests/ProductRequests', id, 'Accept');
    await decide(admin, '/RequestsForProducts/ProductRequestForVendor', id, 'Accept');

    await vendor.goto(`${t.url}/TrackRequest/TrackProductRequest?id=${id}`);
    await vendor.getByRole('button', { name: 'Pay from wallet' }).click();
    const missing = qty * 1000 - balance;
    await expect.poll(() => vendor.getByText(`your wallet is ${rupees(missing)} short`).isVisible()).toBe(true);
    expect(await stateOf(id)).toBe('approved');

    await vendor.getByRole('button', { name: 'Add Money To Wallet' }).last().click();
    const amountDialog = vendor.getByRole('dialog', { name: 'Add Money To Wallet' });
    await amountDialog.getByRole('textbox', { name: /^Amount/ }).fill(String(Math.ceil(missing)));
    await amountDialog.getByRole('button', { name: 'Continue' }).click();
    const confirm = vendor.getByRole('dialog', { name: 'Confirm payment' });
    await confirm.getByRole('button', { name: /^Pay / }).click();
    await expect.poll(() => new URL(vendor.url()).pathname).toMatch(/^\/sandbox\/checkout\//);
    await vendor.getByRole('button', { name: 'Pay', exact: true }).click();
    await waitForPath(vendor, '/Dashboard/VendorDashboard');
    await expect.poll(() => vendor.getByText('Payment received', { exact: true }).isVisible()).toBe(true);

    await vendor.goto(`${t.url}/TrackRequest/TrackProductRequest?id=${id}`);
    await vendor.getByRole('button', { name: 'Pay from wallet' }).click();
    await expect.poll(() => stateOf(id)).toBe('issued');
  });
});
