import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins of Cashfree PG (API 2023-08-01) and Razorpay (v1) on 127.0.0.1, built from their documented
 * request and reply shapes, auth headers included, so the adapters are tested without the internet. Controls let a
 * test decide what happened at the "provider" (paid, failed, a wrong amount, an outage).
 */

export interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

interface Reply {
  status: number;
  body: unknown;
}

async function serve(handle: (req: Recorded) => Reply | Promise<Reply>, controls: { delayMs: number }) {
  const requests: Recorded[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const recorded = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
    requests.push(recorded);
    if (controls.delayMs) await new Promise((r) => setTimeout(r, controls.delayMs));
    const reply = await handle(recorded);
    if (res.destroyed) return;
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const twoDecimals = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && /^\d+(\.\d{1,2})?$/.test(String(n));

// --- Cashfree --------------------------------------------------------------------------------------------------

export interface CashfreeStandinOptions {
  appId?: string;
  secretKey?: string;
  apiVersion?: string;
}

export async function startCashfreeStandin(opts: CashfreeStandinOptions = {}) {
  const appId = opts.appId ?? 'TEST_CF_APP';
  const secretKey = opts.secretKey ?? 'cfsk_test_secret';
  const apiVersion = opts.apiVersion ?? '2023-08-01';
  const orders = new Map<string, any>();
  const payments = new Map<string, any[]>();
  const refunds = new Map<string, any[]>();
  const controls = { delayMs: 0, down: false };
  let seq = 1000;
  const cfError = (status: number, message: string, code: string, type: string): Reply => ({
    status,
    body: { message, code, type },
  });

  const handle = (req: Recorded): Reply => {
    if (controls.down) return cfError(500, 'internal server error', 'internal_error', 'api_error');
    if (req.headers['x-client-id'] !== appId || req.headers['x-client-secret'] !== secretKey) {
      return cfError(401, 'authentication Failed', 'request_failed', 'authentication_error');
    }
    if (req.headers['x-api-version'] !== apiVersion) {
      return cfError(400, 'x-api-version : is missing in the request', 'request_failed', 'invalid_request_error');
    }
    const path = new URL(req.path, 'http://x').pathname.replace(/^\/pg/, '');
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && path === '/orders') {
      const b = req.body ?? {};
      const c = b.customer_details ?? {};
      if (typeof b.order_id !== 'string' || !/^[A-Za-z0-9_-]{1,45}$/.test(b.order_id)) {
        return cfError(400, 'order_id : is invalid', 'order_id_invalid', 'invalid_request_error');
      }
      if (!twoDecimals(b.order_amount) || b.order_amount < 1) {
        return cfError(
          400,
          'order_amount : should be a number with at most 2 decimals',
          'order_amount_invalid',
          'invalid_request_error',
        );
      }
      if (b.order_currency !== 'INR') {
        return cfError(400, 'order_currency : is invalid', 'order_currency_invalid', 'invalid_request_error');
      }
      if (typeof c.customer_id !== 'string' || typeof c.customer_phone !== 'string') {
        return cfError(400, 'customer_details : is missing', 'customer_details_missing', 'invalid_request_error');
      }
      if (orders.has(b.order_id)) {
        return cfError(409, 'order with same id is already present', 'order_already_exists', 'invalid_request_error');
      }
      const order = {
        cf_order_id: String(++seq),
        order_id: b.order_id,
        entity: 'order',
        order_currency: b.order_currency,
        order_amount: b.order_amount,
        order_status: 'ACTIVE',
        payment_session_id: `session_${randomBytes(24).toString('base64url')}`,
        order_expiry_time: b.order_expiry_time ?? null,
        order_note: b.order_note ?? null,
        created_at: new Date().toISOString(),
        customer_details: c,
        order_meta: {
          return_url: b.order_meta?.return_url ?? null,
          notify_url: b.order_meta?.notify_url ?? null,
          payment_methods: null,
        },
        order_tags: null,
      };
      orders.set(b.order_id, order);
      payments.set(b.order_id, []);
      return { status: 200, body: order };
    }
    m = req.method === 'GET' ? /^\/orders\/([^/]+)$/.exec(path) : null;
    if (m) {
      const order = orders.get(decodeURIComponent(m[1]));
      return order
        ? { status: 200, body: order }
        : cfError(404, 'order not found', 'order_not_found', 'invalid_request_error');
    }
    m = req.method === 'GET' ? /^\/orders\/([^/]+)\/payments$/.exec(path) : null;
    if (m) {
      const id = decodeURIComponent(m[1]);
      if (!orders.has(id)) return cfError(404, 'order not found', 'order_not_found', 'invalid_request_error');
      return { status: 200, body: payments.get(id) };
    }
    m = req.method === 'POST' ? /^\/orders\/([^/]+)\/refunds$/.exec(path) : null;
    if (m) {
      const id = decodeURIComponent(m[1]);
      const order = orders.get(id);
      if (!order) return cfError(404, 'order not found', 'order_not_found', 'invalid_request_error');
      const b = req.body ?? {};
      if (order.order_status !== 'PAID') {
        return cfError(400, 'refund can only be initiated on a paid order', 'refund_invalid', 'invalid_request_error');
      }
      if (!twoDecimals(b.refund_amount) || typeof b.refund_id !== 'string') {
        return cfError(400, 'refund_amount : is invalid', 'refund_amount_invalid', 'invalid_request_error');
      }
      const list = refunds.get(id) ?? [];
      if (list.some((r) => r.refund_id === b.refund_id)) {
        return cfError(409, 'refund with same id is already present', 'refund_already_exists', 'invalid_request_error');
      }
      const paid = (payments.get(id) ?? []).find((p) => p.payment_status === 'SUCCESS');
      const refunded = list.reduce((s, r) => s + Math.round(r.refund_amount * 100), 0);
      if (refunded + Math.round(b.refund_amount * 100) > Math.round(paid.payment_amount * 100)) {
        return cfError(
          400,
          'refund amount is more than the paid amount',
          'refund_amount_invalid',
          'invalid_request_error',
        );
      }
      const refund = {
        cf_payment_id: paid.cf_payment_id,
        cf_refund_id: String(++seq),
        refund_id: b.refund_id,
        order_id: id,
        entity: 'refund',
        refund_amount: b.refund_amount,
        refund_currency: 'INR',
        refund_note: b.refund_note ?? null,
        refund_status: standin.refundStatus,
        created_at: new Date().toISOString(),
      };
      list.push(refund);
      refunds.set(id, list);
      return { status: 200, body: refund };
    }
    return cfError(404, 'not found', 'request_failed', 'invalid_request_error');
  };

  const server = await serve(handle, controls);
  let clock = Date.parse('2026-01-01T10:00:00Z');
  const attempt = (orderId: string, status: string, fields: Record<string, unknown> = {}) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`stand-in has no Cashfree order ${orderId}`);
    clock += 1000;
    const payment = {
      cf_payment_id: String(++seq),
      order_id: orderId,
      entity: 'payment',
      is_captured: status === 'SUCCESS',
      order_amount: order.order_amount,
      payment_group: 'upi',
      payment_currency: order.order_currency,
      payment_amount: order.order_amount,
      payment_time: new Date(clock).toISOString(),
      payment_completion_time: new Date(clock).toISOString(),
      payment_status: status,
      payment_message: status === 'SUCCESS' ? 'Transaction success' : 'Transaction failed',
      bank_reference: String(seq),
      payment_method: { upi: { channel: 'collect', upi_id: 'test@upi' } },
      ...fields,
    };
    payments.get(orderId)!.push(payment);
    return payment;
  };

  const standin = {
    ...server,
    baseUrl: `${server.url}/pg`,
    config: { appId, secretKey, baseUrl: `${server.url}/pg`, apiVersion },
    orders,
    controls,
    refundStatus: 'SUCCESS' as 'SUCCESS' | 'PENDING' | 'CANCELLED',
    /** The payer paid (optionally a different amount or currency than the order's). */
    pay(orderId: string, fields: { payment_amount?: number; payment_currency?: string } = {}) {
      const p = attempt(orderId, 'SUCCESS', fields);
      orders.get(orderId).order_status = 'PAID';
      return p;
    },
    fail: (orderId: string) => attempt(orderId, 'FAILED'),
    drop: (orderId: string) => attempt(orderId, 'USER_DROPPED'),
    setStatus(orderId: string, status: 'ACTIVE' | 'PAID' | 'EXPIRED' | 'TERMINATED') {
      orders.get(orderId).order_status = status;
    },
    /** A PAYMENT_SUCCESS_WEBHOOK body as Cashfree sends it (2023-08-01). */
    webhookBody(orderId: string, type = 'PAYMENT_SUCCESS_WEBHOOK') {
      const order = orders.get(orderId);
      const payment = (payments.get(orderId) ?? []).at(-1);
      return JSON.stringify({
        data: {
          order: { order_id: orderId, order_amount: order?.order_amount, order_currency: 'INR', order_tags: null },
          payment: payment
            ? {
                cf_payment_id: payment.cf_payment_id,
                payment_status: payment.payment_status,
                payment_amount: payment.payment_amount,
                payment_currency: payment.payment_currency,
                payment_message: payment.payment_message,
                payment_time: payment.payment_time,
                bank_reference: payment.bank_reference,
                auth_id: null,
                payment_method: payment.payment_method,
                payment_group: payment.payment_group,
              }
            : null,
          customer_details: order?.customer_details ?? null,
        },
        event_time: new Date().toISOString(),
        type,
      });
    },
    /** The headers Cashfree signs a webhook with: base64 HMAC-SHA256(secret key, timestamp + raw body), ms. */
    webhookHeaders(rawBody: string, timestampMs = Date.now(), key = secretKey) {
      const ts = String(timestampMs);
      return {
        'x-webhook-timestamp': ts,
        'x-webhook-signature': createHmac('sha256', key)
          .update(ts + rawBody)
          .digest('base64'),
        'x-webhook-version': apiVersion,
      };
    },
  };
  return standin;
}

// --- Razorpay --------------------------------------------------------------------------------------------------

export interface RazorpayStandinOptions {
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
}

export async function startRazorpayStandin(opts: RazorpayStandinOptions = {}) {
  const keyId = opts.keyId ?? 'rzp_test_standin';
  const keySecret = opts.keySecret ?? 'rzp_test_key_secret';
  const webhookSecret = opts.webhookSecret ?? 'rzp_webhook_secret';
  const orders = new Map<string, any>();
  const payments = new Map<string, any>();
  const controls = { delayMs: 0, down: false };
  let clock = 1_767_261_600; // 2026-01-01, Unix seconds as Razorpay counts
  const rid = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex').slice(0, 14)}`;
  const rpError = (status: number, description: string, field: string | null = null): Reply => ({
    status,
    body: {
      error: {
        code: status === 401 ? 'BAD_REQUEST_ERROR' : status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
        description,
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
        field,
      },
    },
  });

  const handle = (req: Recorded): Reply => {
    if (controls.down) return rpError(500, 'The server encountered an error.');
    const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return rpError(401, 'Authentication failed');
    const url = new URL(req.path, 'http://x');
    const path = url.pathname.replace(/^\/v1/, '');
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && path === '/orders') {
      const b = req.body ?? {};
      if (!Number.isInteger(b.amount) || b.amount < 100) {
        return rpError(400, 'The amount must be atleast INR 1.00', 'amount');
      }
      if (b.currency !== 'INR') return rpError(400, 'The currency is invalid.', 'currency');
      if (b.receipt != null && (typeof b.receipt !== 'string' || b.receipt.length > 40)) {
        return rpError(400, 'The receipt may not be greater than 40 characters.', 'receipt');
      }
      const notes = b.notes ?? {};
      if (Object.keys(notes).length > 15 || Object.values(notes).some((v) => String(v).length > 256)) {
        return rpError(400, 'notes should have at most 15 keys of at most 256 characters', 'notes');
      }
      const order = {
        id: rid('order'),
        entity: 'order',
        amount: b.amount,
        amount_paid: 0,
        amount_due: b.amount,
        currency: b.currency,
        receipt: b.receipt ?? null,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: Object.keys(notes).length ? notes : [],
        created_at: ++clock,
      };
      orders.set(order.id, order);
      return { status: 200, body: order };
    }
    if (req.method === 'GET' && path === '/orders') {
      const receipt = url.searchParams.get('receipt');
      const items = [...orders.values()].filter((o) => receipt === null || o.receipt === receipt).reverse();
      return { status: 200, body: { entity: 'collection', count: items.length, items } };
    }
    m = req.method === 'GET' ? /^\/orders\/([^/]+)$/.exec(path) : null;
    if (m) {
      const order = orders.get(decodeURIComponent(m[1]));
      return order ? { status: 200, body: order } : rpError(400, 'The id provided does not exist', 'id');
    }
    m = req.method === 'GET' ? /^\/orders\/([^/]+)\/payments$/.exec(path) : null;
    if (m) {
      const id = decodeURIComponent(m[1]);
      if (!orders.has(id)) return rpError(400, 'The id provided does not exist', 'id');
      const items = [...payments.values()].filter((p) => p.order_id === id).reverse();
      return { status: 200, body: { entity: 'collection', count: items.length, items } };
    }
    m = req.method === 'POST' ? /^\/payments\/([^/]+)\/refund$/.exec(path) : null;
    if (m) {
      const payment = payments.get(decodeURIComponent(m[1]));
      if (!payment) return rpError(400, 'The id provided does not exist', 'id');
      const b = req.body ?? {};
      const amount = b.amount ?? payment.amount - payment.amount_refunded;
      if (payment.status !== 'captured' && payment.status !== 'refunded') {
        return rpError(400, 'The payment has not been captured');
      }
      if (!Number.isInteger(amount) || amount <= 0 || payment.amount_refunded + amount > payment.amount) {
        return rpError(400, 'The refund amount provided is greater than amount captured', 'amount');
      }
      payment.amount_refunded += amount;
      payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
      const refund = {
        id: rid('rfnd'),
        entity: 'refund',
        amount,
        currency: 'INR',
        payment_id: payment.id,
        notes: b.notes ?? [],
        receipt: b.receipt ?? null,
        acquirer_data: { arn: null },
        created_at: ++clock,
        batch_id: null,
        status: standin.refundStatus,
        speed_processed: 'normal',
        speed_requested: 'normal',
      };
      return { status: 200, body: refund };
    }
    return rpError(400, 'The requested URL was not found on the server.');
  };

  const server = await serve(handle, controls);
  const attempt = (ref: string, status: string, fields: Record<string, unknown> = {}) => {
    const order = orders.get(ref);
    if (!order) throw new Error(`stand-in has no Razorpay order ${ref}`);
    const payment = {
      id: rid('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status,
      order_id: ref,
      invoice_id: null,
      international: false,
      method: 'upi',
      amount_refunded: 0,
      refund_status: null,
      captured: status === 'captured',
      description: 'Wallet top-up',
      email: 'payer@example.test',
      contact: '+919000000001',
      notes: { orderId: order.receipt },
      error_code: status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
      error_description: status === 'failed' ? 'Payment processing failed' : null,
      created_at: ++clock,
      ...fields,
    };
    payments.set(payment.id, payment);
    order.attempts++;
    order.status = order.status === 'paid' ? 'paid' : 'attempted';
    return payment;
  };

  const standin = {
    ...server,
    baseUrl: `${server.url}/v1`,
    config: { keyId, keySecret, webhookSecret, baseUrl: `${server.url}/v1` },
    orders,
    controls,
    refundStatus: 'processed' as 'processed' | 'pending' | 'failed',
    /** Razorpay's order for our order id (its receipt). */
    orderFor: (orderId: string) => [...orders.values()].find((o) => o.receipt === orderId),
    /** A captured payment (optionally of another amount or currency); the order becomes paid. */
    pay(ref: string, fields: { amount?: number; currency?: string } = {}) {
      const p = attempt(ref, 'captured', fields);
      const order = orders.get(ref);
      order.status = 'paid';
      order.amount_paid = p.amount;
      order.amount_due = 0;
      return p;
    },
    authorize: (ref: string) => attempt(ref, 'authorized'),
    fail: (ref: string) => attempt(ref, 'failed'),
    /** The signature checkout hands the browser: hex HMAC-SHA256(key secret, `${order_id}|${payment_id}`). */
    paymentSignature: (ref: string, paymentId: string) =>
      createHmac('sha256', keySecret).update(`${ref}|${paymentId}`).digest('hex'),
    /** A webhook body as Razorpay sends it: payment.captured (payment only) or order.paid (payment and order). */
    webhookBody(ref: string, event: 'payment.captured' | 'payment.failed' | 'order.paid' = 'order.paid') {
      const order = orders.get(ref);
      const payment = [...payments.values()].filter((p) => p.order_id === ref).at(-1);
      return JSON.stringify({
        entity: 'event',
        account_id: 'acc_standin0001',
        event,
        contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
        payload: {
          payment: { entity: payment ?? null },
          ...(event === 'order.paid' ? { order: { entity: order } } : {}),
        },
        created_at: ++clock,
      });
    },
    /** X-Razorpay-Signature: hex HMAC-SHA256(webhook secret, raw body). */
    webhookHeaders: (rawBody: string, secret = webhookSecret) => ({
      'x-razorpay-signature': createHmac('sha256', secret).update(rawBody).digest('hex'),
      'x-razorpay-event-id': rid('evt'),
    }),
  };
  return standin;
}

// --- A webhook receiver ----------------------------------------------------------------------------------------

/** Collects POSTs (a notify URL for the sandbox's webhook), with their raw bodies and headers. */
export async function startWebhookReceiver(status = 200) {
  const received: { path: string; headers: http.IncomingHttpHeaders; rawBody: string }[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    received.push({ path: req.url ?? '/', headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end('{"status":"true","message":"Received"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
