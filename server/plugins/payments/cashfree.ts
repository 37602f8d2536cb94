import type { PaymentsConfig } from '../../config';
import { type Paise, toRupees } from '../../money';
import {
  type CreatedOrder,
  type CreateOrderInput,
  hmacSha256,
  type PaymentProvider,
  ProviderError,
  paiseFromRupees,
  type RefundInput,
  type RefundResult,
  requestJson,
  sameSignature,
  type VerifiedOrder,
  type WebhookNotice,
} from './provider';

/**
 * Cashfree PG (mode CF), API version pinned by CASHFREE_API_VERSION (2023-08-01). Amounts cross its API in rupees
 * (a JSON number with at most 2 decimals) and are paise everywhere else; the conversion is here only.
 */

export type CashfreeConfig = NonNullable<PaymentsConfig['cashfree']>;

/** Cashfree's order entity, the fields we read. */
export interface CfOrder {
  cf_order_id: string | number;
  order_id: string;
  order_amount: number;
  order_currency: string;
  order_status: 'ACTIVE' | 'PAID' | 'EXPIRED' | 'TERMINATED' | 'TERMINATION_REQUESTED';
  payment_session_id?: string;
  customer_details?: { customer_id?: string };
  order_meta?: { return_url?: string | null; notify_url?: string | null };
}

/** Cashfree's payment entity, the fields we read. */
export interface CfPayment {
  cf_payment_id: string | number;
  order_id: string;
  payment_status: 'SUCCESS' | 'NOT_ATTEMPTED' | 'FAILED' | 'USER_DROPPED' | 'VOID' | 'CANCELLED' | 'PENDING';
  payment_amount: number;
  payment_currency: string;
  payment_time?: string;
}

interface CfRefund {
  cf_refund_id: string | number;
  refund_id: string;
  refund_status: 'SUCCESS' | 'PENDING' | 'CANCELLED' | 'ONHOLD';
}

/** Cashfree's webhook signature: base64 HMAC-SHA256 of timestamp + raw body under the secret key. */
export const cashfreeSignature = (secretKey: string, timestamp: string, rawBody: string) =>
  hmacSha256(secretKey, timestamp + rawBody, 'base64');

/** What the page at /pay/CF/:orderId needs to open Cashfree's hosted checkout. */
export interface CashfreeCheckout {
  orderId: string;
  paymentSessionId: string;
  status: CfOrder['order_status'];
  amount: Paise;
  returnUrl: string | null;
  /** The JS SDK's mode: sandbox for Cashfree's sandbox API, else production. */
  mode: 'sandbox' | 'production';
}

export interface CashfreeAdapter extends PaymentProvider {
  readonly code: 'CF';
  /** Reads the order from Cashfree for our checkout page (only our orders exist there). */
  checkoutSession(orderId: string): Promise<CashfreeCheckout>;
}

export interface CashfreeOptions {
  /** Prefix of checkoutUrl (the app's public origin); without it the URL is relative to the app's origin. */
  baseUrl?: string | null;
  timeoutMs?: number;
  /** Orders expire at Cashfree after this many minutes (Cashfree's minimum is 15), so a stale session cannot pay. */
  orderTtlMinutes?: number;
  /** Refuse webhooks signed longer ago than this; null (default) checks only the signature, timestamp included. */
  webhookMaxAgeMs?: number | null;
  now?: () => number;
}

export const cashfreeCheckoutPath = (orderId: string) => `/pay/CF/${encodeURIComponent(orderId)}`;

export function cashfreeProvider(config: CashfreeConfig, opts: CashfreeOptions = {}): CashfreeAdapter {
  const api = config.baseUrl.replace(/\/+$/, '');
  const base = (opts.baseUrl ?? '').replace(/\/+$/, '');
  const now = opts.now ?? Date.now;
  const headers = {
    'x-client-id': config.appId,
    'x-client-secret': config.secretKey,
    'x-api-version': config.apiVersion,
  };
  const call = <T>(method: 'GET' | 'POST', p: string, body?: unknown) =>
    requestJson<T>('CF', `${api}${p}`, { method, headers, body, timeoutMs: opts.timeoutMs });
  const mode = /sandbox/i.test(api) ? 'sandbox' : 'production';

  async function order(orderId: string): Promise<CfOrder> {
    const o = await call<CfOrder>('GET', `/orders/${encodeURIComponent(orderId)}`);
    // A reply about another order is never taken for this one.
    if (o?.order_id !== orderId) throw new ProviderError('CF', `Cashfree answered for order ${o?.order_id}`);
    return o;
  }

  return {
    code: 'CF',

    async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
      const ttl = Math.max(opts.orderTtlMinutes ?? 30, 16);
      const created = await call<CfOrder>('POST', '/orders', {
        order_id: input.orderId,
        order_amount: toRupees(input.amount),
        order_currency: input.currency,
        customer_details: {
          customer_id: String(input.payer.id),
          customer_phone: input.payer.phone,
          customer_name: input.payer.name,
          ...(input.payer.email ? { customer_email: input.payer.email } : {}),
        },
        order_meta: { return_url: input.returnUrl, notify_url: input.notifyUrl },
        order_expiry_time: new Date(now() + ttl * 60_000).toISOString(),
      });
      if (created?.order_id !== input.orderId || typeof created.payment_session_id !== 'string') {
        throw new ProviderError('CF', 'Cashfree created an order without a payment session');
      }
      return {
        providerOrderRef: String(created.cf_order_id),
        paymentSessionId: created.payment_session_id,
        checkoutUrl: `${base}${cashfreeCheckoutPath(input.orderId)}`,
        checkout: { paymentSessionId: created.payment_session_id, mode },
      };
    },

    async verifyOrder(orderId: string): Promise<VerifiedOrder> {
      const o = await order(orderId);
      const verified = (status: VerifiedOrder['status'], payment?: CfPayment): VerifiedOrder => ({
        status,
        amount: paiseFromRupees('CF', payment ? payment.payment_amount : o.order_amount),
        currency: payment ? payment.payment_currency : o.order_currency,
        paymentId: payment ? String(payment.cf_payment_id) : null,
        orderId: o.order_id,
        payerId: o.customer_details?.customer_id ?? null,
      });
      if (o.order_status === 'EXPIRED') return verified('failed');
      if (o.order_status === 'TERMINATED' || o.order_status === 'TERMINATION_REQUESTED') return verified('cancelled');
      const payments = await call<CfPayment[]>('GET', `/orders/${encodeURIComponent(orderId)}/payments`);
      if (!Array.isArray(payments)) throw new ProviderError('CF', 'Cashfree answered payments that are not a list');
      const mine = payments.filter((p) => p.order_id === orderId);
      // What was paid is the successful payment's amount, reported as is: settle compares it with the intent.
      const success = mine.find((p) => p.payment_status === 'SUCCESS');
      if (success) return verified('paid', success);
      if (o.order_status === 'PAID') return verified('pending'); // paid, but its payment not listed yet
      // The order stays ACTIVE after a failed or dropped attempt: the payer may retry and pay until it expires, so it
      // is not final yet (a final "failed" would refuse that later money). Reconciliation ends it after the TTL.
      return verified('pending');
    },

    verifyWebhook(rawBody: string, hdrs: Record<string, string | undefined>): WebhookNotice | null {
      const timestamp = hdrs['x-webhook-timestamp'];
      if (!timestamp || !/^\d{1,16}$/.test(timestamp)) return null;
      if (!sameSignature(cashfreeSignature(config.secretKey, timestamp, rawBody), hdrs['x-webhook-signature'])) {
        return null;
      }
      // Cashfree's timestamp is in milliseconds. Its retries may come long after; a replay only triggers a
      // re-verification with the API, so the age is checked only when asked for.
      if (opts.webhookMaxAgeMs != null && Math.abs(now() - Number(timestamp)) > opts.webhookMaxAgeMs) return null;
      try {
        const body = JSON.parse(rawBody) as { data?: { order?: { order_id?: unknown } } };
        const orderId = body?.data?.order?.order_id;
        return typeof orderId === 'string' && orderId ? { orderId } : null;
      } catch {
        return null;
      }
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      // refund_id is unique at Cashfree: a retried refund is not paid twice.
      const r = await call<CfRefund>('POST', `/orders/${encodeURIComponent(input.orderId)}/refunds`, {
        refund_amount: toRupees(input.amount),
        refund_id: input.refundId,
        refund_note: `Refund of ${input.paymentId}`,
      });
      const status =
        r?.refund_status === 'SUCCESS' ? 'processed' : r?.refund_status === 'CANCELLED' ? 'failed' : 'pending';
      return { refundId: String(r?.refund_id ?? input.refundId), status };
    },

    async checkoutSession(orderId: string): Promise<CashfreeCheckout> {
      const o = await order(orderId);
      if (typeof o.payment_session_id !== 'string') throw new ProviderError('CF', 'Cashfree order has no session');
      return {
        orderId,
        paymentSessionId: o.payment_session_id,
        status: o.order_status,
        amount: paiseFromRupees('CF', o.order_amount),
        returnUrl: o.order_meta?.return_url ?? null,
        mode,
      };
    },
  };
}
