// Checkout and placing (decision 014) and the GST tax invoice, through the API: the server's quote (intra- and
// inter-state GST, the served pincode per line, tips, slots), placing with the wallet, the sandbox provider and both,
// exactly once under an Idempotency-Key, nothing written on refusal, ownership and roles.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, transitionLog } from '../../server/db/schema';
import { checkLedger, walletBalance } from '../../server/domains/money/wallets/service';
import { dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { factories, type Row } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let f: ReturnType<typeof factories>;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  admin = await t.tokenFor('A');
});
afterAll(() => t?.close());
afterEach(async () => {
  const report = await checkLedger(t.db);
  expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
});

const key = () => `k-${crypto.randomUUID()}`;
/** A slot `days` ahead at `hour`:00 India time. */
const slot = (days = 3, hour = 10) =>
  `${new Date(Date.now() + days * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00:00+05:30`;

let pinSeq = 0;
/** A fresh zone in `state`/`city` with a fresh pincode, a category served there, and services of it. */
async function servedCatalogue(o: { state?: string; city?: string; services?: Row[] } = {}) {
  const pinCode = `8${String(90_000 + ++pinSeq).padStart(5, '0')}`;
  const zone = await f.zone({ state: o.state ?? 'Karnataka', city: o.city ?? 'Bengaluru', pinCode: [pinCode] });
  const category = await f.category({ categoryZoneList: [{ zoneId: zone.id }] });
  const sub = await f.subCategory({ categoryId: category.id });
  return { pinCode, zone, category, sub };
}

type Customer = Awaited<ReturnType<typeof f.customer>>;

async function creditWallet(c: { mobileNo: string }, amount: number) {
  dataOf(
    await t.api('POST', '/api/UpdateCustomerWalletBalance', {
      token: admin,
      body: { MobileNo: c.mobileNo, Amount: amount, Remark: 'Funds for a test order' },
      headers: { 'idempotency-key': key() },
    }),
    200,
  );
}

async function addAddress(token: string, c: Customer, pinCode: string, state = 'Karnataka', city = 'Bengaluru') {
  return dataOf<Row>(
    await t.api('POST', '/api/Order/AddAddressForCustomer', {
      token,
      body: { adress: '12 Test Road', pinCode, city, state, receiverName: c.fullName, receiverMobileNo: c.mobileNo },
    }),
    200,
  );
}

async function addToCart(token: string, serviceId: number, when: string | null = slot()) {
  dataOf(
    await t.api('POST', '/api/Cart/AddCart', {
      token,
      body: when ? { ServiceId: serviceId, SchedulingDateTime: when } : { ServiceId: serviceId },
    }),
  );
}

const checkout = (token: string, body: Record<string, unknown> = {}, query = '') =>
  t.api('POST', `/api/Order/OrderCheckOut${query}`, { token, body });
const place = (token: string, query: string, body: Record<string, unknown> = {}, k: string | null = key()) =>
  t.api('POST', `/api/Order/OrderPlacedNew?${query}`, {
    token,
    body,
    headers: k ? { 'idempotency-key': k } : {},
  });

/** A customer with a Karnataka address in a served zone and one ₹499 (10% off, 18% GST) service in the cart. */
async function readyCustomer(o: { wallet?: number; state?: string; city?: string; price?: number } = {}) {
  const c = await f.customer();
  const token = await c.token();
  const cat = await servedCatalogue({ state: o.state, city: o.city });
  const service = await f.service({ subCategoryId: cat.sub.id, price: o.price ?? 499 });
  const address = await addAddress(token, c, cat.pinCode, o.state, o.city);
  await addToCart(token, service.id);
  if (o.wallet) await creditWallet(c, o.wallet);
  return { c, token, cat, service, address };
}

describe('the checkout quote', () => {
  it('prices a line inside the company state as CGST + SGST, half each, rounded half-up per line', async () => {
    const { token, address, service } = await readyCustomer({ wallet: 100 });
    const q = dataOf(await checkout(token, { UseWallet: true }), 200);
    expect(q.address.id).toBe(address.id);
    expect(q.gstType).toBe('CGST+SGST');
    expect(q.placeOfSupply).toEqual({ state: 'Karnataka', code: '29' });
    // 499 − 10% = 449.10 taxable; 18% = 80.838 → 80.84; CGST 40.42, SGST 40.42; total 529.94.
    expect(q.lines).toEqual([
      expect.objectContaining({
        serviceId: service.id,
        quantity: 1,
        unitPrice: 499,
        discount: 49.9,
        taxableValue: 449.1,
        gstRate: 18,
        gst: 80.84,
        cgst: 40.42,
        sgst: 40.42,
        igst: 0,
        total: 529.94,
        problems: [],
      }),
    ]);
    expect(q.totals).toMatchObject({
      taxableValue: 449.1,
      gst: 80.84,
      tip: 0,
      total: 529.94,
      walletBalance: 100,
      walletUsable: 100,
      wallet: 100,
      amountPayable: 429.94,
    });
    expect(q.placeable).toBe(true);
    expect(q.coupon).toBeNull();
  });

  it('charges IGST outside the company state', async () => {
    const { token } = await readyCustomer({ state: 'Maharashtra', city: 'Mumbai' });
    const q = dataOf(await checkout(token), 200);
    expect(q.gstType).toBe('IGST');
    expect(q.placeOfSupply).toEqual({ state: 'Maharashtra', code: '27' });
    expect(q.lines[0]).toMatchObject({ gst: 80.84, cgst: 0, sgst: 0, igst: 80.84, total: 529.94 });
    expect(q.totals).toMatchObject({ walletUsable: 0, wallet: 0, amountPayable: 529.94 });
  });

  it('names the line whose category is not served at the address, and a missing or stale slot', async () => {
    const { c, token, cat } = await readyCustomer();
    const elsewhere = await servedCatalogue();
    const notHere = await f.service({ subCategoryId: elsewhere.sub.id, heading: 'Sofa deep clean' });
    await addToCart(token, notHere.id);
    const noSlot = await f.service({ subCategoryId: cat.sub.id, heading: 'Fan repair' });
    await addToCart(token, noSlot.id, null);
    const q = dataOf(await checkout(token), 200);
    expect(q.placeable).toBe(false);
    expect(q.lines[0].problems).toEqual([]);
    expect(q.lines[1].problems).toEqual([
      { code: 'notServed', message: expect.stringContaining('Sofa deep clean cannot be booked at this address') },
    ]);
    expect(q.lines[2].problems).toEqual([{ code: 'slot', message: 'Pick a time slot for Fan repair.' }]);
    // The same cart at an address whose pincode the second category serves: the first line is the one refused.
    const there = await addAddress(token, c, elsewhere.pinCode);
    const q2 = dataOf(await checkout(token, { AddressId: there.id }), 200);
    expect(q2.lines[0].problems[0].code).toBe('notServed');
    expect(q2.lines[1].problems).toEqual([]);
  });

  it('adds an active tip untaxed, and refuses an amount that is not offered', async () => {
    const { token } = await readyCustomer();
    const tips = dataOf(await t.api('GET', '/api/GetTips'), 200) as { amount: number }[];
    const amount = tips[0]?.amount ?? 50;
    if (!tips.length) {
      dataOf(await t.api('POST', `/api/CrudTipsManage?Action1=Add&TipAmnt=${amount}`, { token: admin }), 201);
    }
    const q = dataOf(await checkout(token, { Tip: amount }), 200);
    expect(q.totals).toMatchObject({ gst: 80.84, tip: amount, total: 529.94 + amount });
    const bad = await checkout(token, { Tip: 33.33 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('Tip');
  });

  it('refuses an unknown coupon (the rest: checkout-promotions.test.ts) and another customer named by mobile number', async () => {
    const { token } = await readyCustomer();
    const coupon = await checkout(token, {}, '?CouponCode=NO-SUCH-COUPON');
    expect(coupon.status).toBe(400);
    expect(coupon.body.errors[0]).toEqual({ field: 'CouponCode', message: 'There is no coupon with this code.' });
    const other = await f.customer();
    expect((await checkout(token, {}, `?CustomerMobileNo=${other.mobileNo}`)).status).toBe(403);
  });
});

describe('placing an order paid from the wallet', () => {
  it('places, debits the wallet into revenue, GST and tips, numbers the invoice, empties the cart, in one go', async () => {
    const { c, token, service } = await readyCustomer({ wallet: 1000 });
    const res = await place(token, 'ApiName=Wallet');
    const placed = dataOf(res, 201);
    expect(placed).toMatchObject({ status: 'order created', total: 529.94, wallet: 529.94, provider: 0 });
    expect(placed.invoiceNo).toMatch(/^INV\/\d{4}\/\d{6}$/);
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(100_000 - 52_994);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order).toMatchObject({
      status: 'order created',
      orderType: 'normal',
      paymentType: 'Wallet',
      country: 'India',
    });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, placed.orderId));
    expect(lines).toEqual([
      expect.objectContaining({ serviceId: service.id, state: 'unassigned', taxablePaise: 44_910, gstRate: 18 }),
    ]);
    const log = await t.db
      .select({ from: transitionLog.fromState, to: transitionLog.toState, event: transitionLog.event })
      .from(transitionLog)
      .where(and(eq(transitionLog.entity, 'OrderLine'), eq(transitionLog.entityId, lines[0].id)))
      .orderBy(transitionLog.id);
    expect(log).toEqual([
      { from: null, to: 'awaitingPayment', event: 'CREATE' },
      { from: 'awaitingPayment', to: 'unassigned', event: 'PAYMENT_SETTLED' },
    ]);
    const cartNow = dataOf(await t.api('POST', '/api/Cart/GetCartDetailsByCustomerId', { token, body: {} }), 200);
    expect(JSON.stringify(cartNow)).not.toContain(`"serviceId":${service.id}`);
  });

  it('writes a 2-line order, both lines logged in line order, and empties only this customer’s cart', async () => {
    const { c, token, cat, service } = await readyCustomer({ wallet: 2000 });
    const second = await f.service({ subCategoryId: cat.sub.id, price: 199 });
    await addToCart(token, second.id, slot(4, 15));
    const other = await readyCustomer();
    const placed = dataOf(await place(token, 'ApiName=Wallet'), 201);
    const lines = await t.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.orderId))
      .orderBy(orderLines.id);
    expect(lines.map((l) => [l.serviceId, l.customerUserId, l.state, l.unitPricePaise])).toEqual([
      [service.id, c.id, 'unassigned', 49_900],
      [second.id, c.id, 'unassigned', 19_900],
    ]);
    expect(lines[1].slotStart.toISOString()).toBe(new Date(slot(4, 15)).toISOString());
    expect(lines.every((l) => /^\d{4}$/.test(l.completionCode ?? ''))).toBe(true);
    const log = await t.db
      .select({ line: transitionLog.entityId, event: transitionLog.event, actor: transitionLog.actorId })
      .from(transitionLog)
      .where(
        and(eq(transitionLog.entity, 'OrderLine'), sql`${transitionLog.entityId} in (${lines[0].id}, ${lines[1].id})`),
      )
      .orderBy(transitionLog.id);
    expect(log).toEqual([
      { line: lines[0].id, event: 'CREATE', actor: c.id },
      { line: lines[0].id, event: 'PAYMENT_SETTLED', actor: c.id },
      { line: lines[1].id, event: 'CREATE', actor: c.id },
      { line: lines[1].id, event: 'PAYMENT_SETTLED', actor: c.id },
    ]);
    const mine = dataOf(await t.api('POST', '/api/Cart/GetCartDetailsByCustomerId', { token, body: {} }), 200);
    expect(JSON.stringify(mine)).not.toMatch(new RegExp(`"serviceId":(${service.id}|${second.id})\\b`));
    const theirs = dataOf(
      await t.api('POST', '/api/Cart/GetCartDetailsByCustomerId', { token: other.token, body: {} }),
      200,
    );
    expect(JSON.stringify(theirs)).toContain(`"serviceId":${other.service.id}`);
  });
});

describe('placing exactly once, all or nothing', () => {
  it('answers the first order for a repeated Idempotency-Key and refuses another body under it (422)', async () => {
    const { c, token } = await readyCustomer({ wallet: 2000 });
    const k = key();
    const first = dataOf(await place(token, 'ApiName=Wallet', {}, k), 201);
    const again = await place(token, 'ApiName=Wallet', {}, k);
    expect(again.status).toBe(200);
    expect(dataOf(again, 200)).toMatchObject({ orderId: first.orderId, invoiceNo: first.invoiceNo, replayed: true });
    const other = await place(token, 'ApiName=Wallet', { UseWallet: true }, k);
    expect(other.status).toBe(422);
    expect(other.body.errors[0].field).toBe('Idempotency-Key');
    const mine = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.customerUserId, c.id));
    expect(mine).toHaveLength(1);
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(200_000 - 52_994);
  });

  it('writes nothing when the wallet is short, the cart is empty, a line cannot be booked or the input is bad', async () => {
    const { c, token, cat } = await readyCustomer({ wallet: 100 });
    const foreign = await f.customer();
    const theirAddress = await addAddress(await foreign.token(), foreign, cat.pinCode);
    const before = await tableCounts(t.db);
    const short = await place(token, 'ApiName=Wallet');
    expect(short.status).toBe(409);
    expect(short.body.errors[0].field).toBe('ApiName');
    const stale = await f.service({ subCategoryId: cat.sub.id, heading: 'Geyser fix' });
    await addToCart(token, stale.id, null);
    const afterCart = await tableCounts(t.db);
    const noSlot = await place(token, 'ApiName=sandbox');
    expect(noSlot.status).toBe(409);
    expect(noSlot.body.errors[0]).toEqual({ field: 'lines[1]', message: 'Pick a time slot for Geyser fix.' });
    for (const [query, body, field] of [
      ['ApiName=Bitcoin', {}, 'ApiName'],
      ['ApiName=CF', {}, 'ApiName'],
      ['ApiName=Wallet&Tip=7.777', {}, 'Tip'],
      ['ApiName=Wallet&Tip=13', {}, 'Tip'],
      ['ApiName=Wallet', { AddressId: 'one' }, 'AddressId'],
      ['ApiName=Wallet', { Extra: 1 }, 'Extra'],
      ['', {}, 'ApiName'],
    ] as [string, Record<string, unknown>, string][]) {
      const res = await place(token, query, body);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body.errors), query).toContain(field);
    }
    expect((await place(token, 'ApiName=Wallet', {}, 'bad key!')).status).toBe(400);
    expect((await place(token, 'ApiName=Wallet', { AddressId: theirAddress.id })).status).toBe(404);
    expect(await tableCounts(t.db)).toEqual(afterCart);
    expect(afterCart.cart_lines).toBe(before.cart_lines + 1);
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(10_000);
    // An empty cart.
    const empty = await f.customer();
    const emptyToken = await empty.token();
    await addAddress(emptyToken, empty, cat.pinCode);
    const none = await place(emptyToken, 'ApiName=Wallet');
    expect(none.status).toBe(409);
    expect(none.body.detail).toBe('Your cart is empty.');
  });

  it('places one order when two requests race with one key, and refuses a second placement of an emptied cart', async () => {
    const { c, token } = await readyCustomer({ wallet: 5000 });
    const k = key();
    const [a, b] = await Promise.all([place(token, 'ApiName=Wallet', {}, k), place(token, 'ApiName=Wallet', {}, k)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.data.orderId).toBe(b.body.data.orderId);
    const again = await place(token, 'ApiName=Wallet');
    expect(again.status).toBe(409);
    expect((await t.db.select().from(orders).where(eq(orders.customerUserId, c.id))).length).toBe(1);
  });
});

/** The payer's choice on the sandbox's checkout page: the form's own POST, answered with a redirect. */
const choose = (checkoutUrl: string, outcome: 'pay' | 'fail' | 'cancel') =>
  fetch(new URL(checkoutUrl, t.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });
const gate = (token: string, uid: string) =>
  t.api('PUT', `/api/Order/OrderPlacedCheckPAymentGate?orderID=${uid}`, { token });

describe('placing an order paid through a provider', () => {
  it('awaits the sandbox payment, then on return is placed once with its invoice; the wallet ends where it began', async () => {
    const { c, token } = await readyCustomer();
    const placed = dataOf(await place(token, 'ApiName=sandbox'), 201);
    expect(placed).toMatchObject({
      status: 'awaiting payment',
      invoiceNo: null,
      total: 529.94,
      wallet: 0,
      provider: 529.94,
    });
    expect(placed.checkoutUrl).toBe(`/sandbox/checkout/${placed.paymentOrderId}`);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, placed.orderId));
    expect(line.state).toBe('awaitingPayment');
    // The cart is emptied at placing: the order holds the lines now.
    expect((await place(token, 'ApiName=sandbox')).status).toBe(409);

    const paid = await choose(placed.checkoutUrl, 'pay');
    const back = new URL(paid.headers.get('location')!);
    expect(back.pathname).toBe('/PayProcessInvoice');
    expect(back.searchParams.get('UID')).toBe(placed.paymentOrderId);
    const verified = await gate(token, placed.paymentOrderId);
    expect(dataOf(verified, 200)).toMatchObject({
      orderId: placed.orderId,
      status: 'order created',
      paymentState: 'paid',
    });
    expect(verified.body.data.invoiceNo).toMatch(/^INV\//);
    for (let i = 0; i < 2; i++) expect(dataOf(await gate(token, placed.paymentOrderId)).status).toBe('order created');
    const [after] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, placed.orderId));
    expect(after.state).toBe('unassigned');
    // The provider's money went through the wallet into the order: credited, then debited, once each.
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(0);
    const h = dataOf(await t.api('GET', `/api/GetWalletHistoryForCustomer?CustomerMobileNo=${c.mobileNo}`, { token }));
    expect(h.items.map((r: any) => [r.Type, r.Amount])).toEqual([
      ['Debit', 529.94],
      ['Credit', 529.94],
    ]);
    // Another customer cannot verify it; an unknown one is 404.
    const other = await f.customer();
    expect((await gate(await other.token(), placed.paymentOrderId)).status).toBe(404);
    expect((await gate(token, 'DSWNOSUCHORDER')).status).toBe(404);
  });

  it('pays part from the wallet and the rest through the provider', async () => {
    const { c, token } = await readyCustomer({ wallet: 100 });
    const placed = dataOf(await place(token, 'ApiName=sandbox', { UseWallet: true }), 201);
    expect(placed).toMatchObject({ status: 'awaiting payment', wallet: 100, provider: 429.94 });
    await choose(placed.checkoutUrl, 'pay');
    expect(dataOf(await gate(token, placed.paymentOrderId)).status).toBe('order created');
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(0);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order).toMatchObject({ paymentType: 'Wallet+sandbox', walletPaise: 10_000, providerPaise: 42_994 });
  });

  it('marks a failed payment, tells the customer, and pays on retry from the wallet', async () => {
    const { c, token } = await readyCustomer();
    const placed = dataOf(await place(token, 'ApiName=sandbox'), 201);
    await choose(placed.checkoutUrl, 'fail');
    const failed = await gate(token, placed.paymentOrderId);
    expect(dataOf(failed, 200)).toMatchObject({ status: 'payment failed', paymentState: 'failed', invoiceNo: null });
    expect(failed.body.message).toMatch(/not placed/);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, placed.orderId));
    expect(line.state).toBe('paymentFailed');
    const notes = dataOf(await t.api('GET', '/api/Notifications/Mine', { token }));
    expect(JSON.stringify(notes)).toContain(`Payment for order ${placed.orderId} failed`);
    // Retry with a provider, cancel, then from the wallet once it holds enough.
    const retry = dataOf(
      await t.api('POST', '/api/Order/RetryOrderPayment', {
        token,
        body: { OrderId: placed.orderId, ApiName: 'sandbox' },
      }),
      200,
    );
    expect(retry).toMatchObject({ status: 'awaiting payment' });
    expect(retry.paymentOrderId).not.toBe(placed.paymentOrderId);
    const notFailed = await t.api('POST', '/api/Order/RetryOrderPayment', {
      token,
      body: { OrderId: placed.orderId, ApiName: 'Wallet' },
    });
    expect(notFailed.status).toBe(409);
    await choose(retry.checkoutUrl, 'cancel');
    expect(dataOf(await gate(token, retry.paymentOrderId)).status).toBe('payment failed');
    await creditWallet(c, 600);
    const byWallet = dataOf(
      await t.api('POST', '/api/Order/RetryOrderPayment', {
        token,
        body: { OrderId: placed.orderId, ApiName: 'Wallet' },
      }),
      200,
    );
    expect(byWallet).toMatchObject({ status: 'order created', wallet: 529.94, provider: 0 });
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(60_000 - 52_994);
    const log = await t.db
      .select({ event: transitionLog.event })
      .from(transitionLog)
      .where(and(eq(transitionLog.entity, 'OrderLine'), eq(transitionLog.entityId, line.id)))
      .orderBy(transitionLog.id);
    expect(log.map((l) => l.event)).toEqual([
      'CREATE',
      'PAYMENT_FAILED',
      'RETRY_PAYMENT',
      'PAYMENT_FAILED',
      'RETRY_PAYMENT',
      'PAYMENT_SETTLED',
    ]);
    // Another customer's order cannot be retried.
    const other = await f.customer();
    const theirs = await t.api('POST', '/api/Order/RetryOrderPayment', {
      token: await other.token(),
      body: { OrderId: placed.orderId, ApiName: 'Wallet' },
    });
    expect(theirs.status).toBe(404);
  });
});

describe('staff placing for a customer', () => {
  it('the admin quotes and places by mobile number, from the customer’s wallet; the call desk only quotes', async () => {
    const { c } = await readyCustomer({ wallet: 1000 });
    const cd = await t.tokenFor('CD');
    expect(dataOf(await checkout(cd, {}, `?CustomerMobileNo=${c.mobileNo}`), 200).totals.total).toBe(529.94);
    // The call desk is read-only (decision 018).
    expect((await place(cd, `ApiName=Wallet&CustomerMobileNo=${c.mobileNo}`)).status).toBe(403);
    const desk = await t.tokenFor('A');
    const q = dataOf(await checkout(desk, {}, `?CustomerMobileNo=${c.mobileNo}`), 200);
    expect(q.totals.total).toBe(529.94);
    expect((await checkout(desk)).status).toBe(400);
    const placed = dataOf(await place(desk, `ApiName=Wallet&CustomerMobileNo=${c.mobileNo}`), 201);
    expect(placed.status).toBe('order created');
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(100_000 - 52_994);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order.customerUserId).toBe(c.id);
  });

  it('lets only customers and the admin place (the call desk quotes); the invoice to its customer, admin and accountant', async () => {
    for (const role of ['TE', 'IM', 'VE', 'HR', 'MR', 'AC'] as const) {
      const token = await t.tokenFor(role);
      expect((await checkout(token)).status, role).toBe(403);
      expect((await place(token, 'ApiName=Wallet')).status, role).toBe(403);
    }
    for (const role of ['TE', 'IM', 'VE', 'HR', 'MR', 'CD'] as const) {
      const token = await t.tokenFor(role);
      expect((await t.api('POST', '/api/Order/OrderInvoice?OrderId=1', { token })).status, role).toBe(403);
    }
    expect((await checkout('')).status).toBe(401);
  });
});

describe('the GST tax invoice', () => {
  it('follows CGST Rule 46 and is the same in JSON and as a PDF; only its customer and staff see it', async () => {
    const { c, token, address } = await readyCustomer({ wallet: 2000 });
    const placed = dataOf(await place(token, 'ApiName=Wallet'), 201);
    const inv = dataOf(await t.api('POST', `/api/Order/OrderInvoice?OrderId=${placed.orderId}`, { token }), 200);
    expect(inv).toMatchObject({
      orderId: placed.orderId,
      invoiceNo: placed.invoiceNo,
      supplier: { state: 'Karnataka', stateCode: '29', gstin: '29AAFCD1234K1ZN' },
      customer: { name: c.fullName, state: 'Karnataka', stateCode: '29', pinCode: address.pinCode, country: 'India' },
      placeOfSupply: { state: 'Karnataka', code: '29' },
      gstType: 'CGST+SGST',
      reverseCharge: false,
      totals: {
        taxableValue: 449.1,
        cgst: 40.42,
        sgst: 40.42,
        igst: 0,
        gst: 80.84,
        invoiceValue: 529.94,
        tip: 0,
        total: 529.94,
      },
      amountInWords: 'Rupees Five Hundred Twenty Nine and Ninety Four Paise Only',
    });
    expect(inv.invoiceNo.length).toBeLessThanOrEqual(16);
    expect(inv.lines).toEqual([
      expect.objectContaining({
        sacCode: '998729',
        taxableValue: 449.1,
        gstRate: 18,
        cgst: 40.42,
        sgst: 40.42,
        creditNote: null,
      }),
    ]);
    for (const who of [admin, await t.tokenFor('AC')]) {
      expect(
        dataOf(await t.api('POST', `/api/Order/OrderInvoice?OrderId=${placed.orderId}`, { token: who })).invoiceNo,
      ).toBe(placed.invoiceNo);
    }
    const other = await (await f.customer()).token();
    expect((await t.api('POST', `/api/Order/OrderInvoice?OrderId=${placed.orderId}`, { token: other })).status).toBe(
      404,
    );
    expect((await t.api('GET', `/api/Order/OrderInvoicePdf?OrderId=${placed.orderId}`, { token: other })).status).toBe(
      404,
    );
    expect((await t.api('POST', '/api/Order/OrderInvoice?OrderId=99999999', { token })).status).toBe(404);
    expect((await t.api('POST', '/api/Order/OrderInvoice?OrderId=x', { token })).status).toBe(400);

    const pdf = await fetch(`${t.url}/api/Order/OrderInvoicePdf?OrderId=${placed.orderId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`invoice-${placed.invoiceNo.replace(/\//g, '-')}.pdf`);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('has no invoice before payment (409) and numbers invoices consecutively', async () => {
    const a = await readyCustomer({ wallet: 1000 });
    const pending = dataOf(await place(a.token, 'ApiName=sandbox'), 201);
    expect((await t.api('POST', `/api/Order/OrderInvoice?OrderId=${pending.orderId}`, { token: a.token })).status).toBe(
      409,
    );
    const b = await readyCustomer({ wallet: 1000 });
    const first = dataOf(await place(b.token, 'ApiName=Wallet'), 201).invoiceNo as string;
    const c2 = await readyCustomer({ wallet: 1000 });
    const second = dataOf(await place(c2.token, 'ApiName=Wallet'), 201).invoiceNo as string;
    expect(Number(second.slice(-6))).toBe(Number(first.slice(-6)) + 1);
    expect(second.slice(0, 9)).toBe(first.slice(0, 9));
  });
});

describe('after placing', () => {
  it('tells the customer the order is placed', async () => {
    const { c, token } = await readyCustomer({ wallet: 1000 });
    const placed = dataOf(await place(token, 'ApiName=Wallet'), 201);
    const notes = JSON.stringify(dataOf(await t.api('GET', '/api/Notifications/Mine', { token })));
    expect(notes).toContain(`Order ${placed.orderId} placed`);
    expect(notes).toContain(`/PayProcessInvoice?OrderId=${placed.orderId}`);
    // The invoice's number is written by the statement that takes it (orders/repo markPaid), in the SMS too.
    expect(notes).toContain(`is placed and paid. Tax invoice ${placed.invoiceNo}.`);
    const { rows: sms } = (await t.db.execute(
      sql`select body from notification_outbox where recipient = ${c.mobileNo} and template = 'order_placed'`,
    )) as unknown as { rows: { body: string }[] };
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toMatch(
      new RegExp(
        `^Order ${placed.orderId} placed: Your order of ₹[\\d,]+\\.\\d\\d is placed and paid\\. Tax invoice ${placed.invoiceNo}\\.$`,
      ),
    );
  });

  it('marks the order payment failed when staff expire its unpaid payment', async () => {
    const { token } = await readyCustomer();
    const placed = dataOf(await place(token, 'ApiName=sandbox'), 201);
    const intents = dataOf(
      await t.api('GET', `/api/Payments/Intents?search=${placed.paymentOrderId}`, { token: admin }),
      200,
    );
    const intentId = intents.items[0].id;
    const expired = await t.api('POST', `/api/Payments/Intents/${intentId}/Events`, {
      token: admin,
      body: { event: 'EXPIRE', remark: 'The customer left' },
    });
    expect(expired.status).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order.status).toBe('payment failed');
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, placed.orderId));
    expect(line.state).toBe('paymentFailed');
    expect(dataOf(await gate(token, placed.paymentOrderId)).status).toBe('payment failed');
  });

  it('keeps a cancelled line on the invoice with its credit note', async () => {
    const { token, cat, service } = await readyCustomer({ wallet: 2000 });
    const second = await f.service({ subCategoryId: cat.sub.id, heading: 'Tap fix' });
    await addToCart(token, second.id);
    const placed = dataOf(await place(token, 'ApiName=Wallet'), 201);
    const cancelled = await t.api('POST', '/api/Order/OrderCancellation', {
      token,
      body: { OrderId: placed.orderId, ServiceId: second.id, AcceptedFee: 0 },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const inv = dataOf(await t.api('POST', `/api/Order/OrderInvoice?OrderId=${placed.orderId}`, { token }), 200);
    expect(inv.invoiceNo).toBe(placed.invoiceNo);
    const [kept, gone] = inv.lines;
    expect(kept).toMatchObject({ serviceId: service.id, cancelled: false, creditNote: null });
    expect(gone).toMatchObject({ serviceId: second.id, cancelled: true });
    expect(gone.creditNote.number).toMatch(/^CN\/\d{4}\/\d{6}$/);
    // The invoice itself never changes: its totals are what was charged.
    expect(inv.totals.total).toBe(placed.total);
  });
});

describe('a provider that cannot start the payment', () => {
  it('keeps the order, marks its payment failed and lets it be paid again', async () => {
    const { ProviderError } = await import('../../server/plugins/payments/provider');
    const { placeOrder } = await import('../../server/domains/commerce/orders/service');
    const { requestHash } = await import('../../server/domains/money/wallets/service');
    const { c, service, address } = await readyCustomer();
    const down = {
      ...t.app.payments,
      isAvailable: () => true,
      providerFor: () => ({
        ...t.app.payments.sandbox,
        createOrder: async () => {
          throw new ProviderError('sandbox', 'the provider is down');
        },
      }),
    } as unknown as typeof t.app.payments;
    const placed = await placeOrder(
      t.db,
      down,
      {
        customerUserId: c.id,
        addressId: address.id,
        tipPaise: 0 as never,
        mode: 'sandbox',
        useWallet: false,
        idempotency: { key: key(), hash: requestHash('down', c.id, 1) },
        actor: { id: c.id },
      },
      { company: t.app.config.company, origin: t.url },
    );
    expect(placed).toMatchObject({ status: 'payment failed', checkoutUrl: null });
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, placed.orderId));
    expect(line).toMatchObject({ serviceId: service.id, state: 'paymentFailed' });
    const token = await c.token();
    const retry = dataOf(
      await t.api('POST', '/api/Order/RetryOrderPayment', {
        token,
        body: { OrderId: placed.orderId, ApiName: 'sandbox' },
      }),
      200,
    );
    expect(retry).toMatchObject({ status: 'awaiting payment' });
    await choose(retry.checkoutUrl, 'pay');
    expect(dataOf(await gate(token, retry.paymentOrderId)).status).toBe('order created');
  });
});
