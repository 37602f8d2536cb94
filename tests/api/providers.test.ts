import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPayments } from '../../server/config';
import type { Db } from '../../server/db/client';
import { paise } from '../../server/money';
import { cashfreeProvider } from '../../server/plugins/payments/cashfree';
import checkoutPages, { CASHFREE_SDK, RAZORPAY_SDK } from '../../server/plugins/payments/checkout-pages';
import { paymentProviders } from '../../server/plugins/payments/index';
import { type CreateOrderInput, type PaymentProvider, ProviderError } from '../../server/plugins/payments/provider';
import { razorpayPaymentSignatureValid, razorpayProvider } from '../../server/plugins/payments/razorpay';
import { findSandboxOrder } from '../../server/plugins/payments/repo';
import {
  SANDBOX_WEBHOOK_MAX_AGE_MS,
  sandboxProvider,
  sandboxWebhookHeaders,
  sandboxWebhookSecret,
} from '../../server/plugins/payments/sandbox';
import { startCashfreeStandin, startRazorpayStandin, startWebhookReceiver } from '../support/provider-standins';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The payment adapters against local stand-ins of Cashfree and Razorpay (tests/support/provider-standins.ts), and
 * the built-in sandbox's checkout page through the app over HTTP. Nothing here reaches the internet.
 */

let t: TestServer;
let db: Db;
let cf: Awaited<ReturnType<typeof startCashfreeStandin>>;
let rp: Awaited<ReturnType<typeof startRazorpayStandin>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let seq = 0;

beforeAll(async () => {
  [t, cf, rp, receiver] = await Promise.all([
    startTestServer(),
    startCashfreeStandin(),
    startRazorpayStandin(),
    startWebhookReceiver(),
  ]);
  db = t.db;
});
afterAll(async () => {
  await Promise.all([t?.close(), cf?.close(), rp?.close(), receiver?.close()]);
});

const newOrderId = () => `DSWTEST${Date.now().toString(36).toUpperCase()}${++seq}`;
const input = (orderId: string, amount = 123_450): CreateOrderInput => ({
  orderId,
  amount: paise(amount),
  currency: 'INR',
  payer: { id: 7, name: 'Asha Rao', phone: '9000000007', email: 'asha@example.test' },
  returnUrl: `https://doorstep.test/MyAccounts?UID=${orderId}`,
  notifyUrl: 'https://doorstep.test/api/Payments/Webhook/X',
});
const rejection = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as ProviderError;
  }
  throw new Error('expected a ProviderError');
};
const waitFor = async (check: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('sandbox provider', () => {
  const secret = 'sandbox-test-secret';
  let now = Date.now();
  let sandbox: PaymentProvider;
  beforeAll(() => {
    sandbox = sandboxProvider({ db, secret, now: () => now });
  });

  it('creates an ACTIVE order, answers pending, and answers a retried create as the first', async () => {
    const id = newOrderId();
    const created = await sandbox.createOrder({ ...input(id), notifyUrl: `${receiver.url}/hook` });
    expect(created).toEqual({
      providerOrderRef: id,
      paymentSessionId: id,
      checkoutUrl: `/sandbox/checkout/${id}`,
      checkout: {},
    });
    const row = await findSandboxOrder(db, id);
    expect(row).toMatchObject({
      status: 'ACTIVE',
      amount: 123_450,
      payerName: 'Asha Rao',
      returnUrl: input(id).returnUrl,
    });
    expect(row!.details.notifyUrl).toBe(`${receiver.url}/hook`);
    expect(await sandbox.verifyOrder(id, id)).toEqual({
      status: 'pending',
      amount: 123_450,
      currency: 'INR',
      paymentId: null,
      orderId: id,
      payerId: '7',
    });
    expect(await sandbox.createOrder(input(id))).toEqual(created);
    const other = await rejection(sandbox.createOrder(input(id, 999)));
    expect(other).toBeInstanceOf(ProviderError);
    expect(other.status).toBe(409);
    expect((await rejection(sandbox.verifyOrder('NOPE', null))).status).toBe(404);
  });

  it('checks webhook signatures in constant time over timestamp and raw body, refusing stale ones', () => {
    now = Date.now();
    const raw = JSON.stringify({ event: 'PAYMENT_UPDATE', orderId: 'DSW1', status: 'PAID' });
    const good = sandboxWebhookHeaders(secret, raw, now);
    expect(good['x-sandbox-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(sandbox.verifyWebhook(raw, good)).toEqual({ orderId: 'DSW1' });
    // Forged: another secret; a changed body; a changed timestamp; a truncated signature; none at all.
    expect(sandbox.verifyWebhook(raw, sandboxWebhookHeaders('other', raw, now))).toBeNull();
    expect(sandbox.verifyWebhook(raw.replace('DSW1', 'DSW2'), good)).toBeNull();
    expect(
      sandbox.verifyWebhook(raw, { ...good, 'x-sandbox-timestamp': String(Number(good['x-sandbox-timestamp']) + 1) }),
    ).toBeNull();
    expect(
      sandbox.verifyWebhook(raw, { ...good, 'x-sandbox-signature': good['x-sandbox-signature'].slice(2) }),
    ).toBeNull();
    expect(sandbox.verifyWebhook(raw, {})).toBeNull();
    // Stale (older than 5 minutes) and from the future.
    const stale = sandboxWebhookHeaders(secret, raw, now - SANDBOX_WEBHOOK_MAX_AGE_MS - 1000);
    expect(sandbox.verifyWebhook(raw, stale)).toBeNull();
    expect(sandbox.verifyWebhook(raw, sandboxWebhookHeaders(secret, raw, now - 60_000))).toEqual({ orderId: 'DSW1' });
    expect(sandbox.verifyWebhook(raw, sandboxWebhookHeaders(secret, raw, now + 10 * 60_000))).toBeNull();
  });

  it('keeps its secret in the data folder, mode 0600, the same on every read', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-sbx-'));
    const first = sandboxWebhookSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(sandboxWebhookSecret(dir)).toBe(first);
    expect(fs.statSync(path.join(dir, 'sandbox-webhook-secret.txt')).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('sandbox checkout page, through the app', () => {
  let sandbox: PaymentProvider;
  beforeAll(() => {
    // The app's plugin signs with the secret in its data folder; the provider reading it checks the same way.
    sandbox = sandboxProvider({ db, secret: sandboxWebhookSecret(t.dataDir) });
  });

  it('shows the amount, the payer and the merchant, with Pay, Fail and Cancel in one form, under the CSP', async () => {
    const id = newOrderId();
    await sandbox.createOrder({ ...input(id, 123_450), payer: { ...input(id).payer, name: 'Asha <Rao>' } });
    const res = await fetch(`${t.url}/sandbox/checkout/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await res.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toMatch(/<title>Sandbox payment<\/title>/);
    expect(page).toMatch(/<h1>Sandbox payment<\/h1>/);
    expect(page).toContain('₹1,234.50');
    expect(page).toContain('Asha &lt;Rao&gt;');
    expect(page).toContain('Doorstep');
    expect(page).toContain(`<form method="post" action="/sandbox/checkout/${id}">`);
    for (const v of ['pay', 'fail', 'cancel']) expect(page).toContain(`name="outcome" value="${v}"`);
    expect(page).not.toContain('<script');
    expect((await fetch(`${t.url}/sandbox/checkout/NOSUCHORDER`)).status).toBe(404);
    expect((await fetch(`${t.url}/sandbox/checkout/bad%20id`)).status).toBe(404);
  });

  it('Pay marks the order paid once, sends a signed webhook and returns the payer with 303; a second choice changes nothing', async () => {
    const id = newOrderId();
    await sandbox.createOrder({ ...input(id, 50_000), notifyUrl: `${receiver.url}/api/Payments/Webhook/sandbox` });
    const before = receiver.received.length;
    const post = (outcome: string) =>
      fetch(`${t.url}/sandbox/checkout/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ outcome }).toString(),
        redirect: 'manual',
      });
    const res = await post('pay');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(input(id).returnUrl);

    const row = await findSandboxOrder(db, id);
    expect(row).toMatchObject({ status: 'PAID' });
    expect(row!.paymentId).toMatch(/^sbx_pay_[0-9a-f]{24}$/);
    expect(row!.paidAt).toBeInstanceOf(Date);

    await waitFor(() => receiver.received.length === before + 1);
    const hook = receiver.received.at(-1)!;
    expect(hook.path).toBe('/api/Payments/Webhook/sandbox');
    expect(hook.headers['content-type']).toBe('application/json');
    expect(JSON.parse(hook.rawBody)).toEqual({
      event: 'PAYMENT_UPDATE',
      orderId: id,
      status: 'PAID',
      paymentId: row!.paymentId,
      amount: 50_000,
    });
    const headers = {
      'x-sandbox-signature': String(hook.headers['x-sandbox-signature']),
      'x-sandbox-timestamp': String(hook.headers['x-sandbox-timestamp']),
    };
    expect(sandbox.verifyWebhook(hook.rawBody, headers)).toEqual({ orderId: id });
    expect(await sandbox.verifyOrder(id, id)).toMatchObject({
      status: 'paid',
      amount: 50_000,
      paymentId: row!.paymentId,
    });

    // A second click (any button) answers the same redirect and changes nothing; no second webhook.
    for (const outcome of ['pay', 'fail']) {
      const again = await post(outcome);
      expect(again.status).toBe(303);
      expect(again.headers.get('location')).toBe(input(id).returnUrl);
    }
    expect(await findSandboxOrder(db, id)).toEqual(row);
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.received.length).toBe(before + 1);
    // The page now says it is decided and offers the way back, without the form.
    const page = await (await fetch(`${t.url}/sandbox/checkout/${id}`)).text();
    expect(page).toContain('already paid');
    expect(page).not.toContain('<form');

    // The sandbox refunds what was paid, once per refund id, never more than was paid.
    const paymentId = row!.paymentId!;
    const r1 = await sandbox.refund({ orderId: id, paymentId, amount: paise(20_000), refundId: 'RF1' });
    expect(r1).toEqual({ refundId: 'RF1', status: 'processed' });
    expect(await sandbox.refund({ orderId: id, paymentId, amount: paise(20_000), refundId: 'RF1' })).toEqual(r1);
    expect(
      (await rejection(sandbox.refund({ orderId: id, paymentId, amount: paise(30_001), refundId: 'RF2' }))).message,
    ).toMatch(/exceeds/);
    expect(
      (await rejection(sandbox.refund({ orderId: id, paymentId: 'sbx_pay_x', amount: paise(1), refundId: 'RF3' })))
        .message,
    ).toMatch(/wrong payment/);
    expect((await findSandboxOrder(db, id))!.details.refunds).toHaveLength(1);
  });

  it('Fail and Cancel decide the order as failed and cancelled; a bad outcome or an unknown order changes nothing', async () => {
    for (const [outcome, status, verified] of [
      ['fail', 'FAILED', 'failed'],
      ['cancel', 'CANCELLED', 'cancelled'],
    ] as const) {
      const id = newOrderId();
      await sandbox.createOrder({ ...input(id), notifyUrl: `${receiver.url}/hook` });
      const form = (o: string) =>
        fetch(`${t.url}/sandbox/checkout/${id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `outcome=${o}`,
          redirect: 'manual',
        });
      expect((await form('steal')).status).toBe(400);
      expect((await findSandboxOrder(db, id))!.status).toBe('ACTIVE');
      expect((await form(outcome)).status).toBe(303);
      expect(await findSandboxOrder(db, id)).toMatchObject({ status, paymentId: null });
      expect(await sandbox.verifyOrder(id, id)).toMatchObject({ status: verified, paymentId: null });
      expect(
        (await rejection(sandbox.refund({ orderId: id, paymentId: 'x', amount: paise(1), refundId: 'R' }))).message,
      ).toMatch(/not paid/);
    }
    const unknown = await fetch(`${t.url}/sandbox/checkout/NOSUCHORDER`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=pay',
      redirect: 'manual',
    });
    expect(unknown.status).toBe(404);
  });

  it("signs with the secret the app's webhook checks: its own notify URL accepts the signature", async () => {
    const raw = JSON.stringify({
      event: 'PAYMENT_UPDATE',
      orderId: newOrderId(),
      status: 'PAID',
      paymentId: null,
      amount: 1,
    });
    const post = (headers: Record<string, string>) =>
      fetch(`${t.url}/api/Payments/Webhook/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: raw,
      });
    const signed = await post(sandboxWebhookHeaders(sandboxWebhookSecret(t.dataDir), raw));
    // An order the app has no intent for is acknowledged and ignored; what matters here is that the signature held.
    expect(signed.status).toBe(200);
    expect((await post(sandboxWebhookHeaders('forged', raw))).status).toBe(401);
  });

  it('reads urlencoded bodies only on its own routes: the API still answers 415 for them', async () => {
    const res = await fetch(`${t.url}/api/adminlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'UserName=a&Password=b',
    });
    expect(res.status).toBe(415);
  });
});

describe('Cashfree adapter against its stand-in', () => {
  let adapter: ReturnType<typeof cashfreeProvider>;
  beforeAll(() => {
    adapter = cashfreeProvider(cf.config, { timeoutMs: 2000, baseUrl: 'https://doorstep.test/' });
  });

  it('creates an order in rupees with the pinned API version, its keys, the customer and our return and notify URLs', async () => {
    const id = newOrderId();
    const created = await adapter.createOrder(input(id, 123_450));
    const sent = cf.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/pg/orders');
    expect(sent.headers).toMatchObject({
      'x-client-id': cf.config.appId,
      'x-client-secret': cf.config.secretKey,
      'x-api-version': '2023-08-01',
      'content-type': 'application/json',
    });
    expect(sent.body).toMatchObject({
      order_id: id,
      order_amount: 1234.5,
      order_currency: 'INR',
      customer_details: {
        customer_id: '7',
        customer_phone: '9000000007',
        customer_name: 'Asha Rao',
        customer_email: 'asha@example.test',
      },
      order_meta: { return_url: input(id).returnUrl, notify_url: input(id).notifyUrl },
    });
    expect(Date.parse(sent.body.order_expiry_time)).toBeGreaterThan(Date.now() + 15 * 60_000);
    const order = cf.orders.get(id);
    expect(created).toEqual({
      providerOrderRef: order.cf_order_id,
      paymentSessionId: order.payment_session_id,
      checkoutUrl: `https://doorstep.test/pay/CF/${id}`,
      checkout: { paymentSessionId: order.payment_session_id, mode: 'production' },
    });
    // The same order id again is Cashfree's 409, passed on as a ProviderError.
    const again = await rejection(adapter.createOrder(input(id)));
    expect(again).toBeInstanceOf(ProviderError);
    expect(again.status).toBe(409);
  });

  it('verifies pending, paid (in paise, with the payment id), a wrong amount as is, failed, dropped, expired and terminated', async () => {
    const id = newOrderId();
    await adapter.createOrder(input(id, 123_450));
    expect(await adapter.verifyOrder(id, null)).toEqual({
      status: 'pending',
      amount: 123_450,
      currency: 'INR',
      paymentId: null,
      orderId: id,
      payerId: '7',
    });
    const p = cf.pay(id);
    expect(await adapter.verifyOrder(id, null)).toEqual({
      status: 'paid',
      amount: 123_450,
      currency: 'INR',
      paymentId: p.cf_payment_id,
      orderId: id,
      payerId: '7',
    });

    const short = newOrderId();
    await adapter.createOrder(input(short, 123_450));
    cf.pay(short, { payment_amount: 1.05, payment_currency: 'USD' });
    expect(await adapter.verifyOrder(short, null)).toMatchObject({ status: 'paid', amount: 105, currency: 'USD' });

    const failed = newOrderId();
    await adapter.createOrder(input(failed));
    // A failed or dropped attempt leaves the order open for a retry: not final, so later money is never refused.
    cf.fail(failed);
    expect(await adapter.verifyOrder(failed, null)).toMatchObject({ status: 'pending', paymentId: null });
    cf.drop(failed);
    expect((await adapter.verifyOrder(failed, null)).status).toBe('pending');
    // A retry that succeeds wins over the earlier failed attempts.
    cf.pay(failed);
    expect((await adapter.verifyOrder(failed, null)).status).toBe('paid');

    const expired = newOrderId();
    await adapter.createOrder(input(expired));
    cf.setStatus(expired, 'EXPIRED');
    expect((await adapter.verifyOrder(expired, null)).status).toBe('failed');
    cf.setStatus(expired, 'TERMINATED');
    expect((await adapter.verifyOrder(expired, null)).status).toBe('cancelled');

    const unknown = await rejection(adapter.verifyOrder('NOSUCH', null));
    expect(unknown.status).toBe(404);
    expect(unknown.provider).toBe('CF');
  });

  it('checks webhook signatures (base64 HMAC over timestamp + raw body), forged and tampered ones refused', () => {
    const raw = JSON.stringify({
      data: {
        order: { order_id: 'DSWCF1', order_amount: 10 },
        payment: { cf_payment_id: '1', payment_status: 'SUCCESS' },
      },
      event_time: '2026-01-01T10:00:00+05:30',
      type: 'PAYMENT_SUCCESS_WEBHOOK',
    });
    const good = cf.webhookHeaders(raw);
    expect(adapter.verifyWebhook(raw, good)).toEqual({ orderId: 'DSWCF1' });
    expect(adapter.verifyWebhook(raw, cf.webhookHeaders(raw, Date.now(), 'not-the-key'))).toBeNull();
    expect(adapter.verifyWebhook(raw.replace('DSWCF1', 'DSWCF2'), good)).toBeNull();
    expect(
      adapter.verifyWebhook(raw, { ...good, 'x-webhook-timestamp': String(Number(good['x-webhook-timestamp']) - 1) }),
    ).toBeNull();
    expect(adapter.verifyWebhook(raw, { 'x-webhook-timestamp': good['x-webhook-timestamp'] })).toBeNull();
    // Stale: only refused when an age is asked for (Cashfree's retries keep coming for hours; a replay only
    // triggers a re-verification with the API).
    const old = cf.webhookHeaders(raw, Date.now() - 60 * 60_000);
    expect(adapter.verifyWebhook(raw, old)).toEqual({ orderId: 'DSWCF1' });
    const strict = cashfreeProvider(cf.config, { webhookMaxAgeMs: 5 * 60_000 });
    expect(strict.verifyWebhook(raw, old)).toBeNull();
    expect(strict.verifyWebhook(raw, good)).toEqual({ orderId: 'DSWCF1' });
  });

  it("reads the stand-in's own webhook body", async () => {
    const id = newOrderId();
    await adapter.createOrder(input(id));
    cf.pay(id);
    const raw = cf.webhookBody(id);
    expect(adapter.verifyWebhook(raw, cf.webhookHeaders(raw))).toEqual({ orderId: id });
  });

  it('refunds in rupees under our refund id', async () => {
    const id = newOrderId();
    await adapter.createOrder(input(id, 100_000));
    const p = cf.pay(id);
    const r = await adapter.refund({
      orderId: id,
      paymentId: p.cf_payment_id,
      amount: paise(25_050),
      refundId: 'RFCF1',
    });
    expect(r).toEqual({ refundId: 'RFCF1', status: 'processed' });
    expect(cf.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/pg/orders/${id}/refunds`,
      body: { refund_amount: 250.5, refund_id: 'RFCF1' },
    });
    cf.refundStatus = 'PENDING';
    expect(
      (await adapter.refund({ orderId: id, paymentId: p.cf_payment_id, amount: paise(100), refundId: 'RFCF2' })).status,
    ).toBe('pending');
    cf.refundStatus = 'SUCCESS';
    expect(
      (
        await rejection(
          adapter.refund({ orderId: id, paymentId: p.cf_payment_id, amount: paise(100_000), refundId: 'RFCF3' }),
        )
      ).status,
    ).toBe(400);
  });

  it('wraps refused keys, a provider outage, a timeout and an unreachable host in ProviderError, never showing the keys', async () => {
    const wrong = cashfreeProvider({ ...cf.config, secretKey: 'wrong-secret' }, {});
    const auth = await rejection(wrong.verifyOrder('X1', null));
    expect(auth).toBeInstanceOf(ProviderError);
    expect(auth.status).toBe(401);
    expect(auth.message).not.toContain('wrong-secret');

    cf.controls.down = true;
    expect((await rejection(adapter.verifyOrder('X1', null))).status).toBe(500);
    cf.controls.down = false;

    cf.controls.delayMs = 400;
    const slow = cashfreeProvider(cf.config, { timeoutMs: 100 });
    expect((await rejection(slow.verifyOrder('X1', null))).message).toMatch(/did not answer in time/);
    cf.controls.delayMs = 0;

    const gone = cashfreeProvider({ ...cf.config, baseUrl: 'http://127.0.0.1:9/pg' }, { timeoutMs: 1000 });
    expect((await rejection(gone.verifyOrder('X1', null))).message).toMatch(/could not be reached|did not answer/);
  });
});

describe('Razorpay adapter against its stand-in', () => {
  let adapter: ReturnType<typeof razorpayProvider>;
  beforeAll(() => {
    adapter = razorpayProvider(rp.config, { timeoutMs: 2000 });
  });

  it('creates an order in paise with Basic auth, our order id as receipt and notes', async () => {
    const id = newOrderId();
    const created = await adapter.createOrder(input(id, 123_450));
    const sent = rp.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/orders' });
    expect(sent.headers.authorization).toBe(
      `Basic ${Buffer.from(`${rp.config.keyId}:${rp.config.keySecret}`).toString('base64')}`,
    );
    expect(sent.body).toEqual({
      amount: 123_450,
      currency: 'INR',
      receipt: id,
      notes: {
        orderId: id,
        payer: '7',
        returnUrl: input(id).returnUrl,
        name: 'Asha Rao',
        contact: '9000000007',
        email: 'asha@example.test',
      },
    });
    const ref = rp.orderFor(id).id;
    expect(ref).toMatch(/^order_/);
    expect(created).toEqual({
      providerOrderRef: ref,
      paymentSessionId: ref,
      checkoutUrl: `/pay/RP/${id}?ref=${ref}`,
      checkout: { keyId: rp.config.keyId, razorpayOrderId: ref },
    });
  });

  it('verifies pending, paid, a wrong amount as is and failed; finds the order by receipt without a ref', async () => {
    const id = newOrderId();
    const { providerOrderRef: ref } = await adapter.createOrder(input(id, 123_450));
    const pending = { status: 'pending', amount: 123_450, currency: 'INR', paymentId: null, orderId: id, payerId: '7' };
    expect(await adapter.verifyOrder(id, ref)).toEqual(pending);
    expect(await adapter.verifyOrder(id, null)).toEqual(pending);
    rp.authorize(ref);
    expect((await adapter.verifyOrder(id, ref)).status).toBe('pending');
    const p = rp.pay(ref);
    expect(await adapter.verifyOrder(id, ref)).toEqual({ ...pending, status: 'paid', paymentId: p.id });
    expect((await adapter.verifyOrder(id, null)).paymentId).toBe(p.id);

    const short = newOrderId();
    const s = await adapter.createOrder(input(short, 123_450));
    rp.pay(s.providerOrderRef, { amount: 100, currency: 'USD' });
    expect(await adapter.verifyOrder(short, s.providerOrderRef)).toMatchObject({
      status: 'paid',
      amount: 100,
      currency: 'USD',
    });

    const failed = newOrderId();
    const f = await adapter.createOrder(input(failed));
    rp.fail(f.providerOrderRef);
    // The order takes a retry after a failed attempt: pending, not final.
    expect(await adapter.verifyOrder(failed, f.providerOrderRef)).toMatchObject({ status: 'pending', paymentId: null });

    // Another order's ref is never taken for this one.
    const mixed = await rejection(adapter.verifyOrder(failed, ref));
    expect(mixed).toBeInstanceOf(ProviderError);
    expect(mixed.message).toMatch(/is not order/);
    expect((await rejection(adapter.verifyOrder('NOSUCH', null))).status).toBe(404);
  });

  it("checks the checkout's payment signature in constant time", () => {
    const sig = rp.paymentSignature('order_abc', 'pay_xyz');
    expect(razorpayPaymentSignatureValid(rp.config.keySecret, 'order_abc', 'pay_xyz', sig)).toBe(true);
    expect(razorpayPaymentSignatureValid(rp.config.keySecret, 'order_abc', 'pay_other', sig)).toBe(false);
    expect(razorpayPaymentSignatureValid('other-secret', 'order_abc', 'pay_xyz', sig)).toBe(false);
    expect(razorpayPaymentSignatureValid(rp.config.keySecret, 'order_abc', 'pay_xyz', sig.slice(1))).toBe(false);
    expect(razorpayPaymentSignatureValid(rp.config.keySecret, 'order_abc', 'pay_xyz', undefined)).toBe(false);
  });

  it('checks webhook signatures (hex HMAC of the raw body) and maps the event to our order', async () => {
    const id = newOrderId();
    const { providerOrderRef: ref } = await adapter.createOrder(input(id));
    rp.pay(ref);
    const paid = rp.webhookBody(ref, 'order.paid');
    expect(adapter.verifyWebhook(paid, rp.webhookHeaders(paid))).toEqual({ orderId: id, providerOrderRef: ref });
    const captured = rp.webhookBody(ref, 'payment.captured');
    expect(adapter.verifyWebhook(captured, rp.webhookHeaders(captured))).toEqual({
      orderId: id,
      providerOrderRef: ref,
    });
    // A payment without our notes and no order entity: only Razorpay's ref is known, and said so.
    const bare = JSON.stringify({
      event: 'payment.failed',
      payload: { payment: { entity: { id: 'pay_1', order_id: ref, notes: [] } } },
    });
    expect(adapter.verifyWebhook(bare, rp.webhookHeaders(bare))).toEqual({ orderId: '', providerOrderRef: ref });
    // Forged, tampered, missing.
    expect(adapter.verifyWebhook(paid, rp.webhookHeaders(paid, 'not-the-secret'))).toBeNull();
    expect(adapter.verifyWebhook(paid.replace(id, 'DSWOTHER'), rp.webhookHeaders(paid))).toBeNull();
    expect(adapter.verifyWebhook(paid, {})).toBeNull();
    // Razorpay signs no timestamp; a replay is harmless (settle asks the API), and a changed created_at is a forgery.
    const replayed = paid.replace(/"created_at":(\d+)}$/, (_m, n) => `"created_at":${Number(n) + 1}}`);
    expect(replayed).not.toBe(paid);
    expect(adapter.verifyWebhook(replayed, rp.webhookHeaders(paid))).toBeNull();
    // Without a configured webhook secret nothing is accepted, even a body "signed" with the empty key.
    const unkeyed = razorpayProvider({ ...rp.config, webhookSecret: '' });
    expect(unkeyed.verifyWebhook(paid, rp.webhookHeaders(paid, ''))).toBeNull();
  });

  it('refunds a captured payment in paise', async () => {
    const id = newOrderId();
    const { providerOrderRef: ref } = await adapter.createOrder(input(id, 100_000));
    const p = rp.pay(ref);
    const r = await adapter.refund({ orderId: id, paymentId: p.id, amount: paise(25_050), refundId: 'RFRP1' });
    expect(r.refundId).toMatch(/^rfnd_/);
    expect(r.status).toBe('processed');
    expect(rp.requests.at(-1)).toMatchObject({
      path: `/v1/payments/${p.id}/refund`,
      body: { amount: 25_050, receipt: 'RFRP1', notes: { orderId: id, refundId: 'RFRP1' } },
    });
    expect(
      (await rejection(adapter.refund({ orderId: id, paymentId: p.id, amount: paise(100_000), refundId: 'RFRP2' })))
        .status,
    ).toBe(400);
  });

  it('wraps refused keys and a timeout in ProviderError', async () => {
    const wrong = razorpayProvider({ ...rp.config, keySecret: 'wrong' });
    const auth = await rejection(wrong.verifyOrder('X', 'order_x'));
    expect(auth.status).toBe(401);
    expect(auth.message).toMatch(/Authentication failed/);
    rp.controls.delayMs = 400;
    const slow = razorpayProvider(rp.config, { timeoutMs: 100 });
    expect((await rejection(slow.verifyOrder('X', 'order_x'))).message).toMatch(/did not answer in time/);
    rp.controls.delayMs = 0;
  });
});

describe('provider registry', () => {
  it('offers CF and RP only with keys, the sandbox only without them (or when forced), defaulting to CF, RP, sandbox', () => {
    const dataDir = t.dataDir;
    const none = paymentProviders(loadPayments({}), { db, dataDir });
    expect(none.modes).toEqual(['sandbox']);
    expect(none.defaultMode()).toBe('sandbox');
    expect(none.isAvailable('CF')).toBe(false);
    expect(() => none.providerFor('CF')).toThrow(ProviderError);
    expect(none.providerFor('sandbox').code).toBe('sandbox');

    const rpOnly = paymentProviders(loadPayments({ RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's' }), { db, dataDir });
    expect(rpOnly.modes).toEqual(['RP']);
    expect(rpOnly.defaultMode()).toBe('RP');
    expect(rpOnly.isAvailable('sandbox')).toBe(false);
    const forced = loadPayments({ RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's', PAYMENT_SANDBOX: 'on' });
    expect(paymentProviders(forced, { db, dataDir }).modes).toEqual(['sandbox', 'RP']);
    expect(paymentProviders(loadPayments({ PAYMENT_SANDBOX: 'off' }), { db, dataDir }).modes).toEqual([]);

    const both = paymentProviders(
      loadPayments({ RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's', CASHFREE_APP_ID: 'a', CASHFREE_SECRET_KEY: 'b' }),
      { db, dataDir },
    );
    expect(both.modes).toEqual(['CF', 'RP']);
    expect(both.defaultMode()).toBe('CF');
    expect(both.providerFor('CF').code).toBe('CF');
    expect(both.providerFor('RP').code).toBe('RP');
  });
});

describe('checkout pages for Cashfree and Razorpay', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const config = { ...loadPayments({}), cashfree: cf.config, razorpay: rp.config };
    app = Fastify();
    await app.register(checkoutPages, {
      providers: paymentProviders(config, { db, dataDir: t.dataDir, sandboxSecret: 'x', timeoutMs: 2000 }),
    });
  });
  afterAll(() => app?.close());

  /** Every script is an external file or a JSON data block: nothing inline runs (CSP script-src has no 'unsafe-inline'). */
  const scriptsOf = (page: string) => [...page.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
  const expectNoInlineScript = (page: string) => {
    for (const [, attrs, content] of scriptsOf(page)) {
      if (/type="application\/json"/.test(attrs)) continue;
      expect(attrs).toMatch(/src="/);
      expect(content).toBe('');
    }
  };

  it("opens Cashfree's hosted checkout with the order's session, under a CSP allowing only Cashfree's SDK", async () => {
    const cfAdapter = cashfreeProvider(cf.config);
    const id = newOrderId();
    await cfAdapter.createOrder(input(id, 99_900));
    const res = await app.inject({ method: 'GET', url: `/pay/CF/${id}` });
    expect(res.statusCode).toBe(200);
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://sdk.cashfree.com");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.body;
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('₹999.00');
    expect(page).toContain(`<script src="${CASHFREE_SDK}"></script>`);
    expect(page).toContain('<script src="/pay/assets/cf-checkout.js"></script>');
    expect(page).toContain(cf.orders.get(id).payment_session_id);
    expectNoInlineScript(page);
    const script = await app.inject({ method: 'GET', url: '/pay/assets/cf-checkout.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('paymentSessionId');

    cf.pay(id);
    const closed = await app.inject({ method: 'GET', url: `/pay/CF/${id}` });
    expect(closed.body).toContain('This payment is closed');
    expect(closed.body).not.toContain(CASHFREE_SDK);
    expect((await app.inject({ method: 'GET', url: '/pay/CF/NOSUCH' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/pay/CF/bad.id' })).statusCode).toBe(404);
  });

  it("opens Razorpay's checkout for our order only, under a CSP allowing only Razorpay's script", async () => {
    const rpAdapter = razorpayProvider(rp.config);
    const id = newOrderId();
    const { checkoutUrl, providerOrderRef: ref } = await rpAdapter.createOrder(input(id, 50_000));
    const res = await app.inject({ method: 'GET', url: checkoutUrl });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self' https://checkout.razorpay.com");
    const page = res.body;
    expect(page).toContain('₹500.00');
    expect(page).toContain(`<script src="${RAZORPAY_SDK}"></script>`);
    expect(page).toContain('<script src="/pay/assets/rp-checkout.js"></script>');
    expectNoInlineScript(page);
    const data = JSON.parse(/<script type="application\/json" id="checkout-data">([^<]*)<\/script>/.exec(page)![1]);
    expect(data).toEqual({
      orderId: id,
      keyId: rp.config.keyId,
      ref,
      amount: 50_000,
      currency: 'INR',
      returnUrl: input(id).returnUrl,
      prefill: { name: 'Asha Rao', contact: '9000000007', email: 'asha@example.test' },
    });
    expect((await app.inject({ method: 'GET', url: '/pay/assets/rp-checkout.js' })).body).toContain(
      'new window.Razorpay',
    );

    // Another order's ref, no ref, or an unknown ref open nothing.
    const other = await rpAdapter.createOrder(input(newOrderId()));
    expect((await app.inject({ method: 'GET', url: `/pay/RP/${id}?ref=${other.providerOrderRef}` })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: `/pay/RP/${id}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/pay/RP/${id}?ref=order_NOSUCH` })).statusCode).toBe(404);
  });

  it('answers 404 for a provider without keys and 502 when the provider does not answer', async () => {
    const bare = Fastify();
    await bare.register(checkoutPages, { providers: paymentProviders(loadPayments({}), { db, dataDir: t.dataDir }) });
    expect((await bare.inject({ method: 'GET', url: '/pay/CF/DSW1' })).statusCode).toBe(404);
    expect((await bare.inject({ method: 'GET', url: '/pay/RP/DSW1?ref=order_abc' })).statusCode).toBe(404);
    await bare.close();
    cf.controls.down = true;
    expect((await app.inject({ method: 'GET', url: '/pay/CF/DSW1' })).statusCode).toBe(502);
    cf.controls.down = false;
  });
});
