import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reconcileOnce } from '../../server/domains/money/payments/service';
import { checkLedger } from '../../server/domains/money/wallets/service';
import { sandboxWebhookHeaders } from '../../server/plugins/payments/sandbox';
import { dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let vendor: string;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await startTestServer();
  vendor = await t.tokenFor('VE');
  f = factories(t);
});
afterAll(() => t?.close());
afterEach(async () => {
  const report = await checkLedger(t.db);
  expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
});

const start = (token: string, body: Record<string, unknown>) =>
  t.api('POST', '/api/Excel/Gate1CF', { token, body: { TType: 'Wallet', ...body } });
const check = (token: string, orderId: string) =>
  t.api('PUT', `/api/Customer/CheckWalletTransactionStatus?orderID=${orderId}`, { token });
/** The payer's choice on the sandbox's checkout page: the form's own POST, answered with a redirect. */
const choose = (checkoutUrl: string, outcome: 'pay' | 'fail' | 'cancel') =>
  fetch(new URL(checkoutUrl, t.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });
const balance = async (token: string) => dataOf(await t.api('GET', '/api/Wallet/MyBalance', { token })).balance;
const transfersOf = async (orderId: string) =>
  (await t.db.execute(`select count(*)::int as n from ledger_transfers where reference = '${orderId}'`)) as unknown as {
    rows: { n: number }[];
  };

describe('payment modes', () => {
  it('offers the modes this server can take: only the sandbox without keys, and it is the default', async () => {
    expect(dataOf(await t.api('GET', '/api/Payments/Modes', { token: vendor }))).toEqual({
      modes: ['sandbox'],
      defaultMode: 'sandbox',
    });
    expect((await t.api('GET', '/api/Payments/Modes', { token: await t.tokenFor('A') })).status).toBe(403);
  });
});

describe('a vendor tops up through the sandbox provider', () => {
  it('pays on the checkout page, returns to the dashboard with the UID, and is credited once', async () => {
    const before = await balance(vendor);
    const order = dataOf(await start(vendor, { order_amount: 500 }), 201);
    expect(order).toMatchObject({ response_code: '10', provider: 'sandbox', amount: 500 });
    expect(order.order_id).toMatch(/^[A-Za-z0-9_-]{10,40}$/);
    expect(order.checkoutUrl).toBe(`/sandbox/checkout/${order.order_id}`);

    const page = await fetch(new URL(order.checkoutUrl, t.url));
    const html = await page.text();
    expect(html).toContain('₹500.00');
    expect(html).toContain('Vikram Vendor');

    const paid = await choose(order.checkoutUrl, 'pay');
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(back.pathname).toBe('/Dashboard/VendorDashboard');
    expect(back.searchParams.get('UID')).toBe(order.order_id);

    const verified = await check(vendor, order.order_id);
    expect(dataOf(verified)).toEqual({ state: 'paid', amount: 500, balance: before + 500 });
    expect(verified.body.message).toBe('₹500.00 added to your wallet.');
    // A reload, a second tab, a replayed return: the stored answer, no second credit.
    for (let i = 0; i < 3; i++) expect(dataOf(await check(vendor, order.order_id)).state).toBe('paid');
    expect(await balance(vendor)).toBe(before + 500);
    expect((await transfersOf(order.order_id)).rows[0].n).toBe(1);
  });

  it('a failed or cancelled payment answers 402 and changes no balance', async () => {
    const before = await balance(vendor);
    for (const outcome of ['fail', 'cancel'] as const) {
      const order = dataOf(await start(vendor, { order_amount: 120 }), 201);
      expect((await choose(order.checkoutUrl, outcome)).status).toBe(303);
      const res = await check(vendor, order.order_id);
      expect(res.status).toBe(402);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.state).toBe(outcome === 'fail' ? 'failed' : 'cancelled');
      expect(res.body.detail).toMatch(/nothing was added/);
    }
    expect(await balance(vendor)).toBe(before);
  });

  it('an unpaid order is pending (409); another payer or an unknown UID is 404', async () => {
    const order = dataOf(await start(vendor, { order_amount: 42 }), 201);
    const pending = await check(vendor, order.order_id);
    expect(pending.status).toBe(409);
    expect(pending.body.state).toBe('awaitingPayment');
    await choose(order.checkoutUrl, 'pay');
    const other = await f.vendor();
    expect((await check(await other.token(), order.order_id)).status).toBe(404);
    const customer = await f.customer();
    expect((await check(await customer.token(), order.order_id)).status).toBe(404);
    expect((await check(vendor, 'DSWNOSUCHORDER')).status).toBe(404);
    expect((await check(vendor, 'bad id!')).status).toBe(400);
    // The payer gets it (the sandbox's webhook may have settled it already), credited once.
    expect(dataOf(await check(vendor, order.order_id)).state).toBe('paid');
    expect((await transfersOf(order.order_id)).rows[0].n).toBe(1);
  });

  it('refuses a bad amount, a payer who is not the caller, and a mode without keys, naming the field', async () => {
    const before = await tableCounts(t.db);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ order_amount: 0.5 }, 400, 'order_amount'],
      [{ order_amount: 50_000.01 }, 400, 'order_amount'],
      [{ order_amount: 'abc' }, 400, 'order_amount'],
      [{ order_amount: 10.005 }, 400, 'order_amount'],
      [{}, 400, 'order_amount'],
      [{ order_amount: 10, payment_mode: 'CF' }, 400, 'payment_mode'],
      [{ order_amount: 10, returnTo: 'MyAccounts' }, 400, 'returnTo'],
      [{ order_amount: 10, customer_role: 'Cust' }, 403, ''],
      [{ order_amount: 10, customer_id: 1 }, 403, ''],
      [{ order_amount: 10, customer_phone: '9000000009' }, 403, ''],
    ];
    for (const [body, status, field] of cases) {
      const res = await start(vendor, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (field) expect(res.body.errors.map((e: any) => e.field)).toContain(field);
    }
    expect(await tableCounts(t.db)).toEqual(before);
    // The specification's own fields, when they are the caller's, are accepted.
    const me = dataOf(await t.api('GET', '/api/Auth/Me', { token: vendor }));
    const own = await start(vendor, {
      order_amount: 10,
      customer_id: me.Id,
      customer_phone: me.MobileNo,
      customer_role: 'Vendor',
    });
    expect(own.status).toBe(201);
    // The top bar's variant: walletAmount, currentUser and user 'ven'.
    const topBar = await start(vendor, { walletAmount: 25, currentUser: me.Id, user: 'ven' });
    expect(dataOf(topBar, 201).amount).toBe(25);
    expect((await start(vendor, { walletAmount: 25, currentUser: me.Id + 1000 })).status).toBe(403);
    const customer = await f.customer();
    expect((await start(await customer.token(), { walletAmount: 25, user: 'ven' })).status).toBe(403);
    const mismatch = await start(vendor, { order_amount: 25, walletAmount: 26 });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors[0].field).toBe('walletAmount');
  });

  it('keeps a wallet under its maximum balance, counting the top-ups still being paid', async () => {
    const c = await f.customer();
    const admin = await t.tokenFor('A');
    const max = t.app.config.payments.maxWalletBalancePaise / 100;
    await t.api('POST', '/api/UpdateCustomerWalletBalance', {
      token: admin,
      body: { MobileNo: c.mobileNo, Amount: max - 100, Remark: 'Near the limit' },
    });
    const token = await c.token();
    const res = await start(token, { order_amount: 100.01 });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].field).toBe('order_amount');
    // A top-up on its way in holds its room: neither a second top-up nor an admin credit can take it.
    expect((await start(token, { order_amount: 60 })).status).toBe(201);
    expect((await start(token, { order_amount: 40.01 })).status).toBe(409);
    const credit = await t.api('POST', '/api/UpdateCustomerWalletBalance', {
      token: admin,
      body: { MobileNo: c.mobileNo, Amount: 40.01, Remark: 'One paisa too many' },
    });
    expect(credit.status).toBe(409);
    expect(credit.body.errors[0].field).toBe('Amount');
  });
});

describe('a customer tops up and returns to My Accounts', () => {
  it('returns to /MyAccounts with the UID and is credited', async () => {
    const c = await f.customer();
    const token = await c.token();
    const order = dataOf(await start(token, { order_amount: 250.75 }), 201);
    const paid = await choose(order.checkoutUrl, 'pay');
    expect(new URL(paid.headers.get('location')!).pathname).toBe('/MyAccounts');
    expect(dataOf(await check(token, order.order_id)).balance).toBe(250.75);
    const h = dataOf(await t.api('GET', `/api/GetWalletHistoryForCustomer?CustomerMobileNo=${c.mobileNo}`, { token }));
    expect(h.items[0]).toMatchObject({ Type: 'Credit', Amount: 250.75, Kind: 'Top-up', Reference: order.order_id });
  });
});

describe('webhooks', () => {
  it('settles a paid order from a signed webhook, and refuses a forged or stale one', async () => {
    const before = await balance(vendor);
    const order = dataOf(await start(vendor, { order_amount: 75 }), 201);
    // The sandbox's own webhook is sent when the payer pays; wait for it to settle the order by itself.
    await choose(order.checkoutUrl, 'pay');
    await expect.poll(async () => (await transfersOf(order.order_id)).rows[0].n, { timeout: 5000 }).toBe(1);
    expect(await balance(vendor)).toBe(before + 75);

    const body = JSON.stringify({ event: 'PAYMENT_UPDATE', orderId: order.order_id, status: 'PAID' });
    const forged = await t.api('POST', '/api/Payments/Webhook/sandbox', {
      rawBody: body,
      headers: { 'content-type': 'application/json', ...sandboxWebhookHeaders('not-the-secret', body) },
    });
    expect(forged.status).toBe(401);
    const stale = await t.api('POST', '/api/Payments/Webhook/sandbox', {
      rawBody: body,
      headers: { 'content-type': 'application/json', ...sandboxWebhookHeaders('x', body, Date.now() - 3_600_000) },
    });
    expect(stale.status).toBe(401);
    const unsigned = await t.api('POST', '/api/Payments/Webhook/sandbox', { body: JSON.parse(body) });
    expect(unsigned.status).toBe(401);
    expect((await transfersOf(order.order_id)).rows[0].n).toBe(1);
  });
});

describe('staff and the reconciliation job', () => {
  it('shows an intent with its transitions and allowed events, and refuses an event its state does not allow', async () => {
    const ac = await t.tokenFor('AC');
    const order = dataOf(await start(vendor, { order_amount: 33 }), 201);
    await choose(order.checkoutUrl, 'pay');
    await check(vendor, order.order_id);
    const list = dataOf(await t.api('GET', `/api/Payments/Intents?search=${order.order_id}`, { token: ac }));
    expect(list.items).toHaveLength(1);
    const id = list.items[0].id;
    const detail = dataOf(await t.api('GET', `/api/Payments/Intents/${id}`, { token: ac }));
    expect(detail).toMatchObject({ state: 'paid', amount: 33, payerName: 'Vikram Vendor', allowedEvents: [] });
    expect(detail.transitions.map((x: any) => x.event)).toEqual(['CREATE', 'ORDER_CREATED', 'PROVIDER_PAID']);
    const refused = await t.api('POST', `/api/Payments/Intents/${id}/Events`, { token: ac, body: { event: 'EXPIRE' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ state: 'paid', allowedEvents: [] });
    expect((await t.api('GET', `/api/Payments/Intents/${id}`, { token: vendor })).status).toBe(403);
  });

  it('VERIFY leaves an unpaid intent waiting; EXPIRE ends it; a late payment is never credited, and is refunded once', async () => {
    const admin = await t.tokenFor('A');
    const order = dataOf(await start(vendor, { order_amount: 21 }), 201);
    const id = dataOf(await t.api('GET', `/api/Payments/Intents?search=${order.order_id}`, { token: admin })).items[0]
      .id;
    const send = (event: string) =>
      t.api('POST', `/api/Payments/Intents/${id}/Events`, { token: admin, body: { event, remark: 'checked by QA' } });
    expect(dataOf(await send('VERIFY'))).toMatchObject({
      state: 'awaitingPayment',
      allowedEvents: expect.arrayContaining(['EXPIRE', 'VERIFY']),
    });
    expect(dataOf(await send('EXPIRE')).state).toBe('expired');
    await choose(order.checkoutUrl, 'pay');
    const late = await check(vendor, order.order_id);
    expect(late.status).toBe(402);
    expect(late.body.state).toBe('expired');
    expect(late.body.detail).toMatch(/after it had expired: it is being returned to you/);
    expect((await transfersOf(order.order_id)).rows[0].n).toBe(0);
    // Refunded at the provider once, however often the return is replayed.
    await check(vendor, order.order_id);
    const refunds = (await t.db.execute(
      `select details->'refunds' as r from sandbox_orders where order_id = '${order.order_id}'`,
    )) as unknown as { rows: { r: unknown[] }[] };
    expect(refunds.rows[0].r).toHaveLength(1);
  });

  it('re-verifies intents left open past the TTL, settling the paid ones and expiring the rest', async () => {
    const paidOrder = dataOf(await start(vendor, { order_amount: 11 }), 201);
    const openOrder = dataOf(await start(vendor, { order_amount: 12 }), 201);
    // Paid at the provider, but the payer never came back and the webhook was lost.
    await t.db.execute(
      `update sandbox_orders set status = 'PAID', payment_id = 'sbx_pay_lost_${paidOrder.order_id}' where order_id = '${paidOrder.order_id}'`,
    );
    const outcome = await reconcileOnce(t.db, t.app.payments, 0, 100);
    expect(outcome.failed).toBe(0);
    expect(outcome.settled).toBeGreaterThanOrEqual(1);
    expect(outcome.expired).toBeGreaterThanOrEqual(1);
    expect(dataOf(await check(vendor, paidOrder.order_id)).state).toBe('paid');
    expect((await check(vendor, openOrder.order_id)).body.state).toBe('expired');
    // Claimed within the last minute: a second pass (another process) does not take them again.
    expect((await reconcileOnce(t.db, t.app.payments, 0, 100)).checked).toBe(0);
  });
});
