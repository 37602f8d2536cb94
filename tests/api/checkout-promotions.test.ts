// Promotions at checkout (decision 026) through the API: a coupon's discount per line and each of its
// refusals, its reservation with the order and its release when the payment fails or the whole order is cancelled,
// the subscription's discount (the better of it and the coupon per line) and a special package's price.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  cartLines,
  couponOffers,
  couponRedemptions,
  coupons,
  homeScreenAds,
  orderLines,
  orders,
  specialPackageServices,
  specialPackages,
  users,
} from '../../server/db/schema';
import { checkLedger, walletBalance } from '../../server/domains/money/wallets/service';
import { paise } from '../../server/money';
import { dataOf } from '../support/catalogue';
import { factories, promotionFactories, type Row } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let f: ReturnType<typeof factories>;
let admin: string;
let makerId: number;
beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  admin = await t.tokenFor('A');
  makerId = (await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'MR')).limit(1))[0].id;
});
afterAll(() => t?.close());
afterEach(async () => {
  const report = await checkLedger(t.db);
  expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
});

const key = () => `k-${crypto.randomUUID()}`;
const DAY = 86_400_000;
const slot = (days = 3, hour = 10) =>
  `${new Date(Date.now() + days * DAY + 5.5 * 3_600_000).toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00:00+05:30`;

let seq = 0;
/**
 * A coupon straight into its tables (the coupons' own tests make them through marketing and the admin): approved and
 * live for 30 days, 10% off, unless told otherwise.
 */
async function coupon(
  o: Partial<typeof coupons.$inferInsert> & { serviceIds?: number[]; categoryIds?: number[] } = {},
) {
  const { serviceIds = [], categoryIds = [], ...terms } = o;
  const [ad] = await t.db
    .insert(homeScreenAds)
    .values({ advType: 'CO', description: 'A test coupon', addedBy: makerId, addedByRole: 'MR' })
    .returning();
  const code = terms.code ?? `SAVE${++seq}X${Date.now() % 100_000}`;
  await t.db.insert(coupons).values({
    adId: ad.id,
    code,
    discountType: 'P',
    percent: 10,
    validFrom: new Date(Date.now() - DAY),
    validTo: new Date(Date.now() + 30 * DAY),
    totalLimit: 100,
    perCustomerLimit: 1,
    state: 'approved',
    createdBy: makerId,
    ...terms,
  });
  for (const serviceId of serviceIds) await t.db.insert(couponOffers).values({ couponId: ad.id, serviceId });
  for (const categoryId of categoryIds) await t.db.insert(couponOffers).values({ couponId: ad.id, categoryId });
  return { id: ad.id, code };
}

type Customer = Awaited<ReturnType<typeof f.customer>>;

/** A customer with a Karnataka address in a fresh served zone, `services` ₹1,000 (10% off, 18% GST) services in the cart. */
async function readyCustomer(o: { services?: number; wallet?: number } = {}) {
  const c = await f.customer();
  const token = await c.token();
  const pinCode = `8${String(80_000 + ++seq).padStart(5, '0')}`;
  const zone = await f.zone({ state: 'Karnataka', city: 'Bengaluru', pinCode: [pinCode] });
  const category = await f.category({ categoryZoneList: [{ zoneId: zone.id }] });
  const sub = await f.subCategory({ categoryId: category.id });
  const services: Row[] = [];
  for (let i = 0; i < (o.services ?? 1); i++) services.push(await f.service({ subCategoryId: sub.id, price: 1000 }));
  const address = dataOf<Row>(
    await t.api('POST', '/api/Order/AddAddressForCustomer', {
      token,
      body: {
        adress: '12 Test Road',
        pinCode,
        city: 'Bengaluru',
        state: 'Karnataka',
        receiverName: c.fullName,
        receiverMobileNo: c.mobileNo,
      },
    }),
    200,
  );
  for (const s of services) {
    dataOf(await t.api('POST', '/api/Cart/AddCart', { token, body: { ServiceId: s.id, SchedulingDateTime: slot() } }));
  }
  if (o.wallet) await credit(c, o.wallet);
  return { c, token, services, category, address };
}

async function credit(c: Customer, amount: number) {
  dataOf(
    await t.api('POST', '/api/UpdateCustomerWalletBalance', {
      token: admin,
      body: { MobileNo: c.mobileNo, Amount: amount, Remark: 'Funds for a test order' },
      headers: { 'idempotency-key': key() },
    }),
    200,
  );
}

const checkout = (token: string, code?: string) =>
  t.api('POST', `/api/Order/OrderCheckOut${code ? `?CouponCode=${encodeURIComponent(code)}` : ''}`, {
    token,
    body: {},
  });
const place = (token: string, query: string) =>
  t.api('POST', `/api/Order/OrderPlacedNew?${query}`, { token, body: {}, headers: { 'idempotency-key': key() } });

function refusal(res: { status: number; body: any }) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.errors[0].field).toBe('CouponCode');
  return res.body.errors[0].message as string;
}

describe('a coupon at checkout', () => {
  it('takes its share off each line after the catalogue discount, before GST, and shows it per line', async () => {
    const { token } = await readyCustomer({ services: 2 });
    const cp = await coupon({ capPaise: paise(15_000) });
    const q = dataOf(await checkout(token, cp.code.toLowerCase()), 200);
    // Each line: ₹1,000 less 10% = ₹900; 10% of both = ₹180, over the ₹150 cap: ₹75 each. GST 18% on ₹825 = ₹148.50.
    for (const l of q.lines) {
      expect(l.promotion).toEqual({ kind: 'coupon', label: cp.code, discount: 75 });
      expect(l.taxableValue).toBe(825);
      expect(l.gst).toBe(148.5);
      expect(l.total).toBe(973.5);
    }
    expect(q.coupon).toEqual({ couponId: cp.id, couponCode: cp.code, discount: 150 });
    expect(q.totals).toMatchObject({ discount: 200, promoDiscount: 150, taxableValue: 1650, total: 1947 });
  });

  it('refuses each unusable coupon with its own reason, naming CouponCode', async () => {
    const { token, services, category } = await readyCustomer();
    expect(refusal(await checkout(token, 'NO-SUCH-CODE'))).toBe('There is no coupon with this code.');
    const later = await coupon({ validFrom: new Date(Date.now() + 5 * DAY) });
    expect(refusal(await checkout(token, later.code))).toMatch(/is valid from/);
    const past = await coupon({ validFrom: new Date(Date.now() - 10 * DAY), validTo: new Date(Date.now() - DAY) });
    expect(refusal(await checkout(token, past.code))).toMatch(/expired on/);
    const pending = await coupon({ state: 'pending' });
    expect(refusal(await checkout(token, pending.code))).toMatch(/is not approved/);
    const off = await coupon({ state: 'disabled' });
    expect(refusal(await checkout(token, off.code))).toMatch(/is not available now/);
    const big = await coupon({ minOrderPaise: paise(100_000) });
    expect(refusal(await checkout(token, big.code))).toMatch(/at least ₹1,000\.00 before GST; yours is ₹900\.00/);
    const elsewhere = await coupon({ serviceIds: [(await f.service()).id] });
    expect(refusal(await checkout(token, elsewhere.code))).toMatch(/not for the services in your cart/);
    // A coupon for the line's category, or for the service itself, applies.
    const byCategory = await coupon({ categoryIds: [category.id] });
    expect(dataOf(await checkout(token, byCategory.code), 200).coupon.discount).toBe(90);
    const byService = await coupon({ serviceIds: [services[0].id] });
    expect(dataOf(await checkout(token, byService.code), 200).coupon.discount).toBe(90);
  });

  it('is reserved with the order, refused when used up or already used, and given back on a failed payment', async () => {
    const cp = await coupon({ totalLimit: 1 });
    const a = await readyCustomer({ wallet: 2000 });
    const placed = dataOf(await place(a.token, `ApiName=Wallet&CouponCode=${cp.code}`), 201);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order).toMatchObject({ couponId: cp.id, couponCode: cp.code, promoDiscountPaise: 9000 });
    // ₹900 − ₹90 = ₹810 + 18% = ₹955.80 from the wallet.
    expect(order.totalPaise).toBe(95_580);
    expect(await walletBalance(t.db, 'customer', a.c.id)).toBe(200_000 - 95_580);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, placed.orderId));
    expect(line).toMatchObject({ promoKind: 'coupon', promoDiscountPaise: 9000, taxablePaise: 81_000 });
    // Used up for the next customer; already used by the first.
    const b = await readyCustomer({ wallet: 2000 });
    expect(refusal(await checkout(b.token, cp.code))).toBe(`Coupon ${cp.code} has been used up.`);
    const before = await t.db.select().from(orders);
    expect(refusal(await place(b.token, `ApiName=Wallet&CouponCode=${cp.code}`))).toMatch(/used up/);
    expect((await t.db.select().from(orders)).length).toBe(before.length);
    const again = await coupon({ totalLimit: 5 });
    const c1 = await readyCustomer({ wallet: 4000 });
    dataOf(await place(c1.token, `ApiName=Wallet&CouponCode=${again.code}`), 201);
    dataOf(
      await t.api('POST', '/api/Cart/AddCart', {
        token: c1.token,
        body: { ServiceId: c1.services[0].id, SchedulingDateTime: slot(4) },
      }),
    );
    expect(refusal(await checkout(c1.token, again.code))).toBe(`You have already used coupon ${again.code}.`);

    // A provider payment that fails gives the coupon back; paying again takes it again.
    const failing = await coupon({ totalLimit: 1 });
    const d = await readyCustomer();
    const awaiting = dataOf(await place(d.token, `ApiName=sandbox&CouponCode=${failing.code}`), 201);
    expect(awaiting.status).toBe('awaiting payment');
    await fetch(new URL(awaiting.checkoutUrl, t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=fail',
      redirect: 'manual',
    });
    dataOf(
      await t.api('PUT', `/api/Order/OrderPlacedCheckPAymentGate?orderID=${awaiting.paymentOrderId}`, {
        token: d.token,
      }),
    );
    const [released] = await t.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, awaiting.orderId));
    expect(released.releasedAt).not.toBeNull();
    expect(released.releaseReason).toBe('The payment failed');
    // Free again: another customer's quote takes it …
    const e = await readyCustomer();
    expect(dataOf(await checkout(e.token, failing.code), 200).coupon.discount).toBe(90);
    // … and the failed order paid again from the wallet takes it back.
    await credit(d.c, 2000);
    dataOf(
      await t.api('POST', '/api/Order/RetryOrderPayment', {
        token: d.token,
        body: { OrderId: awaiting.orderId, ApiName: 'Wallet' },
      }),
    );
    const [taken] = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, awaiting.orderId));
    expect(taken.releasedAt).toBeNull();
    expect(refusal(await checkout(e.token, failing.code))).toMatch(/used up/);
  });

  it('is given back when the whole order is cancelled, not when one line of two is', async () => {
    const cp = await coupon({ totalLimit: 1 });
    const a = await readyCustomer({ services: 2, wallet: 3000 });
    const placed = dataOf(await place(a.token, `ApiName=Wallet&CouponCode=${cp.code}`), 201);
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, placed.orderId));
    const cancel = (serviceId: number) =>
      t.api('POST', '/api/Order/OrderCancellation', {
        token: a.token,
        body: { OrderId: placed.orderId, ServiceId: serviceId, AcceptedFee: 0 },
      });
    const first = await cancel(lines[0].serviceId);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const [held] = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, placed.orderId));
    expect(held.releasedAt).toBeNull();
    expect((await cancel(lines[1].serviceId)).status).toBe(200);
    const [back] = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, placed.orderId));
    expect(back.releaseReason).toBe('The whole order was cancelled');
  });
});

describe('a subscription and a package at checkout', () => {
  it("applies the plan's discount, and per line the better of it and a coupon, never both", async () => {
    const { c, token, services } = await readyCustomer({ services: 2 });
    const p = await promotionFactories(t).activePlan(c.id, [
      { serviceId: services[0].id, type: 'P', discount: 20 },
      { serviceId: services[1].id, type: 'F', discount: 5000 },
    ]);
    const q = dataOf(await checkout(token), 200);
    expect(q.lines.map((l: Row) => l.promotion)).toEqual([
      { kind: 'subscription', label: p.subscriptionName, discount: 180 },
      { kind: 'subscription', label: p.subscriptionName, discount: 50 },
    ]);
    const cp = await coupon();
    const both = dataOf(await checkout(token, cp.code), 200);
    // The plan's 20% (₹180) beats the coupon's ₹90 on line 1; the coupon's ₹90 beats the plan's ₹50 on line 2.
    expect(both.lines.map((l: Row) => [l.promotion.kind, l.promotion.discount])).toEqual([
      ['subscription', 180],
      ['coupon', 90],
    ]);
    expect(both.coupon.discount).toBe(90);
  });

  it('prices a whole package at its price, and a broken one normally', async () => {
    const { c, token, services } = await readyCustomer({ services: 2 });
    const [pkg] = await t.db
      .insert(specialPackages)
      .values({ pkgName: `Duo ${++seq}`, pkgDesc: 'Both for less', pricePaise: paise(150_000), createdBy: makerId })
      .returning();
    for (const s of services) {
      await t.db.insert(specialPackageServices).values({ packageId: pkg.id, serviceId: s.id });
    }
    await t.db.update(cartLines).set({ packageId: pkg.id }).where(eq(cartLines.customerUserId, c.id));
    const q = dataOf(await checkout(token), 200);
    // ₹900 + ₹900 at the package's ₹1,500: ₹150 off each.
    expect(q.lines.map((l: Row) => l.promotion)).toEqual([
      { kind: 'package', label: pkg.pkgName, discount: 150 },
      { kind: 'package', label: pkg.pkgName, discount: 150 },
    ]);
    expect(q.totals.taxableValue).toBe(1500);
    await t.db.delete(cartLines).where(eq(cartLines.serviceId, services[1].id));
    const broken = dataOf(await checkout(token), 200);
    expect(broken.lines[0].promotion).toBeNull();
  });
});
