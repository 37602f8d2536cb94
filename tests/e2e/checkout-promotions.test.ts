// Promotions at checkout in the browser (decision 026): a customer applies an approved
// coupon at /Checkout, sees its discount per line and in the summary, and places the order; a second customer over
// the coupon's limit is refused with the reason; a customer holding a plan sees its service discount at checkout.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { browserPerPerson, chromiumPath } from '../support/browser';
import { dataOf } from '../support/catalogue';
import { couponFactories, factories, promotionFactories, type Row } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

describe.skipIf(!chromiumPath)('promotions at checkout in the browser', () => {
  let t: TestServer;
  let f: ReturnType<typeof factories>;
  // A browser for each customer: the session is the browser's cookie (decision 043).
  const people = browserPerPerson();
  let service: Row;
  let pinCode: string;
  const code = `E2E${Date.now() % 1_000_000}`;

  beforeAll(async () => {
    t = await startTestServer({ serveClient: true });
    f = factories(t);
    pinCode = '569921';
    const zone = await f.zone({ state: 'Karnataka', city: 'Bengaluru', pinCode: [pinCode] });
    const category = await f.category({ categoryZoneList: [{ zoneId: zone.id }] });
    const sub = await f.subCategory({ categoryId: category.id });
    // ₹1,000, 10% off: ₹900 before GST.
    service = await f.service({ subCategoryId: sub.id, heading: 'Water purifier service', price: 1000 });
    // Marketing makes it, the admin approves it: 10% off, one use in all.
    await couponFactories(t).approvedCoupon({ couponCode: code, totalLimit: 1, maxDiscount: 500 });
  }, 120_000);
  afterAll(async () => {
    await people.close();
    await t?.close();
  });

  /** A customer with an address at the zone's pincode, the service in the cart with a slot, and ₹2,000 in the wallet. */
  async function readyCustomer() {
    const c = await f.customer();
    const token = await c.token();
    dataOf(
      await t.api('POST', '/api/Order/AddAddressForCustomer', {
        token,
        body: {
          adress: '9 Lake Road',
          pinCode,
          city: 'Bengaluru',
          state: 'Karnataka',
          receiverName: c.fullName,
          receiverMobileNo: c.mobileNo,
        },
      }),
      200,
    );
    const day = new Date(Date.now() + 3 * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
    dataOf(
      await t.api('POST', '/api/Cart/AddCart', {
        token,
        body: { ServiceId: service.id, SchedulingDateTime: `${day}T11:00:00+05:30` },
      }),
    );
    dataOf(
      await t.api('POST', '/api/UpdateCustomerWalletBalance', {
        token: await t.tokenFor('A'),
        body: { MobileNo: c.mobileNo, Amount: 2000, Remark: 'Funds for a test order' },
        headers: { 'idempotency-key': `k-${crypto.randomUUID()}` },
      }),
      200,
    );
    return c;
  }

  async function checkoutAs(c: { mobileNo: string; password: string }): Promise<Page> {
    const page = await (await people.context()).newPage();
    await page.goto(`${t.url}/Auth?redirect=${encodeURIComponent('/Checkout')}`);
    await page.getByLabel('Mobile number or e-mail').fill(c.mobileNo);
    await page.getByLabel('Password', { exact: true }).fill(c.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/Checkout');
    await expect.poll(() => page.getByTestId('checkout-line').count()).toBe(1);
    return page;
  }

  async function apply(page: Page, coupon: string) {
    await page.getByLabel('Coupon code').fill(coupon);
    await page.getByRole('button', { name: 'Apply' }).click();
  }

  it('applies a coupon, shows its discount per line, and places the order at the lower total', async () => {
    const page = await checkoutAs(await readyCustomer());
    // Without the coupon: ₹900 + 18% = ₹1,062.00.
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe(rupees(1062));
    await apply(page, code.toLowerCase());
    await expect.poll(() => page.getByTestId('coupon-applied').textContent()).toContain(`−${rupees(90)}`);
    // ₹900 − ₹90 = ₹810 + 18% = ₹955.80.
    expect(await page.getByTestId('checkout-line').textContent()).toContain(`coupon ${code} (−${rupees(90)})`);
    expect(await page.getByTestId('promo-discount').textContent()).toBe(`−${rupees(90)}`);
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe(rupees(955.8));
    expect(await axeViolations(page), 'checkout with a coupon').toEqual([]);
    await page.getByLabel(/Use my wallet balance/).check();
    await page.getByRole('button', { name: `Place order · ${rupees(955.8)}` }).click();
    await page.waitForURL((u) => u.pathname === '/PayProcessInvoice');
    await expect
      .poll(() =>
        page
          .getByText(/Tax invoice/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.close();
  });

  it('refuses the coupon to the next customer once it is used up, with the reason', async () => {
    const page = await checkoutAs(await readyCustomer());
    await apply(page, code);
    await expect.poll(() => page.getByText(`Coupon ${code} has been used up.`).isVisible()).toBe(true);
    expect(await page.getByTestId('coupon-applied').count()).toBe(0);
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe(rupees(1062));
    await page.close();
  });

  it("shows a plan's discount on the services it covers", async () => {
    const c = await readyCustomer();
    await promotionFactories(t).activePlan(
      c.id,
      [{ serviceId: service.id, type: 'P', discount: 20 }],
      'Home Care Gold',
    );
    const page = await checkoutAs(c);
    // 20% of ₹900 = ₹180 off: ₹720 + 18% = ₹849.60.
    await expect
      .poll(() => page.getByTestId('checkout-line').textContent())
      .toContain(`plan Home Care Gold (−${rupees(180)})`);
    expect(await page.getByTestId('order-total').textContent()).toBe(rupees(849.6));
    await page.close();
  });
});
