import type { PaymentsConfig } from '../../config';
import { type Paise, paise } from '../../money';
import {
  type CreatedOrder,
  type CreateOrderInput,
  hmacSha256,
  type PaymentProvider,
  ProviderError,
  type RefundInput,
  type RefundResult,
  requestJson,
  sameSignature,
  type VerifiedOrder,
  type WebhookNotice,
} from './provider';

/**
 * Razorpay (mode RP). Its API speaks paise already. Our order id travels as the order's receipt and in its notes;
 * Razorpay's own order id (order_xxx) is the providerOrderRef and what its checkout opens.
 */

export type RazorpayConfig = NonNullable<PaymentsConfig['razorpay']>;

/** Razorpay's order entity, the fields we read. */
export interface RpOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string> | [];
  created_at: number;
}

/** Razorpay's payment entity, the fields we read. */
export interface RpPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  created_at: number;
  notes?: Record<string, string> | [];
}

interface RpCollection<T> {
  entity: 'collection';
  count: number;
  items: T[];
}

interface RpRefund {
  id: string;
  status: 'pending' | 'processed' | 'failed';
}

/** Razorpay's webhook signature: hex HMAC-SHA256 of the raw body under the webhook secret. */
export const razorpayWebhookSignature = (webhookSecret: string, rawBody: string) =>
  hmacSha256(webhookSecret, rawBody, 'hex');

/**
 * Checks the signature Razorpay's checkout hands the browser (hex HMAC-SHA256 of `${order_id}|${payment_id}` under
 * the key secret), in constant time. Settle never needs it (it asks the API), but a caller given one may check it.
 */
export function razorpayPaymentSignatureValid(
  keySecret: string,
  orderRef: string,
  paymentId: string,
  signature: string | undefined,
): boolean {
  return sameSignature(hmacSha256(keySecret, `${orderRef}|${paymentId}`, 'hex'), signature);
}

/** What the page at /pay/RP/:orderId needs to open Razorpay's checkout. */
export interface RazorpayCheckout {
  orderId: string;
  keyId: string;
  ref: string;
  amount: Paise;
  currency: string;
  status: RpOrder['status'];
  returnUrl: string | null;
  name: string | null;
  contact: string | null;
  email: string | null;
}

export interface RazorpayAdapter extends PaymentProvider {
  readonly code: 'RP';
  /** Reads the order from Razorpay for our checkout page; it must be our order `orderId`. */
  checkoutOrder(orderId: string, ref: string): Promise<RazorpayCheckout>;
}

export interface RazorpayOptions {
  /** Prefix of checkoutUrl (the app's public origin); without it the URL is relative to the app's origin. */
  baseUrl?: string | null;
  timeoutMs?: number;
}

export const razorpayCheckoutPath = (orderId: string, ref: string) =>
  `/pay/RP/${encodeURIComponent(orderId)}?ref=${encodeURIComponent(ref)}`;

const notesOf = (n: RpOrder['notes'] | undefined): Record<string, string> => (n && !Array.isArray(n) ? n : {});

/** A paise amount Razorpay answered; anything but a whole number is an answer we cannot use. */
function amountOf(value: unknown): Paise {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new ProviderError('RP', `Razorpay answered an amount that is not whole paise: ${String(value)}`);
  }
  return paise(value);
}

export function razorpayProvider(config: RazorpayConfig, opts: RazorpayOptions = {}): RazorpayAdapter {
  const api = config.baseUrl.replace(/\/+$/, '');
  const base = (opts.baseUrl ?? '').replace(/\/+$/, '');
  const headers = { authorization: `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}` };
  const call = <T>(method: 'GET' | 'POST', p: string, body?: unknown) =>
    requestJson<T>('RP', `${api}${p}`, { method, headers, body, timeoutMs: opts.timeoutMs });

  /** The order by its ref, or (no ref kept) by its receipt; it must be ours (`notOurs`: the status when it is not). */
  async function order(orderId: string, ref: string | null, notOurs: number | null = null): Promise<RpOrder> {
    let o: RpOrder | undefined;
    if (ref) {
      o = await call<RpOrder>('GET', `/orders/${encodeURIComponent(ref)}`);
    } else {
      const found = await call<RpCollection<RpOrder>>('GET', `/orders?receipt=${encodeURIComponent(orderId)}`);
      o = [...(found?.items ?? [])].sort((a, b) => b.created_at - a.created_at)[0];
      if (!o) throw new ProviderError('RP', `Razorpay has no order with receipt ${orderId}`, 404);
    }
    const ours = o?.receipt ?? notesOf(o?.notes).orderId;
    if (ours !== orderId) throw new ProviderError('RP', `Razorpay order ${o?.id} is not order ${orderId}`, notOurs);
    return o;
  }

  return {
    code: 'RP',

    async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
      const notes: Record<string, string> = {
        orderId: input.orderId,
        payer: String(input.payer.id),
        returnUrl: input.returnUrl,
        name: input.payer.name,
        contact: input.payer.phone,
        ...(input.payer.email ? { email: input.payer.email } : {}),
      };
      // Razorpay refuses a note longer than 256 characters; say so here rather than as its 400.
      for (const [k, v] of Object.entries(notes)) {
        if (v.length > 256) throw new ProviderError('RP', `Razorpay notes.${k} is longer than 256 characters`);
      }
      const created = await call<RpOrder>('POST', '/orders', {
        amount: input.amount,
        currency: input.currency,
        receipt: input.orderId,
        notes,
      });
      if (typeof created?.id !== 'string' || created.receipt !== input.orderId) {
        throw new ProviderError('RP', 'Razorpay created an order that is not ours');
      }
      return {
        providerOrderRef: created.id,
        paymentSessionId: created.id,
        checkoutUrl: `${base}${razorpayCheckoutPath(input.orderId, created.id)}`,
        checkout: { keyId: config.keyId, razorpayOrderId: created.id },
      };
    },

    async verifyOrder(orderId: string, providerOrderRef: string | null): Promise<VerifiedOrder> {
      const o = await order(orderId, providerOrderRef);
      const verified = (status: VerifiedOrder['status'], payment?: RpPayment): VerifiedOrder => ({
        status,
        amount: amountOf(payment ? payment.amount : o.amount),
        currency: payment ? payment.currency : o.currency,
        paymentId: payment ? payment.id : null,
        orderId,
        payerId: notesOf(o.notes).payer ?? null,
      });
      if (o.status === 'created') return verified('pending');
      const list = await call<RpCollection<RpPayment>>('GET', `/orders/${encodeURIComponent(o.id)}/payments`);
      if (!Array.isArray(list?.items)) throw new ProviderError('RP', 'Razorpay answered payments that are not a list');
      const mine = list.items.filter((p) => p.order_id === o.id);
      // What was paid is the captured payment's amount, reported as is: settle compares it with the intent.
      const captured = mine.find((p) => p.status === 'captured' || p.status === 'refunded');
      if (captured) return verified('paid', captured);
      // An authorized payment is not money yet (capture is automatic, or it is refunded by Razorpay). An order whose
      // attempts failed still takes a retry, so it stays pending until reconciliation expires it after the TTL.
      return verified('pending');
    },

    verifyWebhook(rawBody: string, hdrs: Record<string, string | undefined>): WebhookNotice | null {
      // Without a webhook secret anyone could sign (an HMAC under an empty key): nothing is accepted.
      if (!config.webhookSecret) return null;
      if (!sameSignature(razorpayWebhookSignature(config.webhookSecret, rawBody), hdrs['x-razorpay-signature'])) {
        return null;
      }
      try {
        const body = JSON.parse(rawBody) as {
          payload?: {
            order?: { entity?: { id?: unknown; receipt?: unknown; notes?: RpOrder['notes'] } };
            payment?: { entity?: { order_id?: unknown; notes?: RpOrder['notes'] } };
          };
        };
        const orderEntity = body?.payload?.order?.entity;
        const paymentEntity = body?.payload?.payment?.entity;
        const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
        const orderId =
          str(orderEntity?.receipt) ??
          str(notesOf(orderEntity?.notes).orderId) ??
          str(notesOf(paymentEntity?.notes).orderId);
        const providerOrderRef = str(orderEntity?.id) ?? str(paymentEntity?.order_id);
        if (!orderId && !providerOrderRef) return null;
        return { orderId: orderId ?? '', providerOrderRef };
      } catch {
        return null;
      }
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const r = await call<RpRefund>('POST', `/payments/${encodeURIComponent(input.paymentId)}/refund`, {
        amount: input.amount,
        receipt: input.refundId,
        notes: { orderId: input.orderId, refundId: input.refundId },
      });
      if (typeof r?.id !== 'string') throw new ProviderError('RP', 'Razorpay answered a refund without an id');
      return {
        refundId: r.id,
        status: r.status === 'processed' ? 'processed' : r.status === 'failed' ? 'failed' : 'pending',
      };
    },

    async checkoutOrder(orderId: string, ref: string): Promise<RazorpayCheckout> {
      // A link naming another order's ref opens nothing: to the page, it is not found.
      const o = await order(orderId, ref, 404);
      const notes = notesOf(o.notes);
      return {
        orderId,
        keyId: config.keyId,
        ref: o.id,
        amount: amountOf(o.amount),
        currency: o.currency,
        status: o.status,
        returnUrl: notes.returnUrl ?? null,
        name: notes.name ?? null,
        contact: notes.contact ?? null,
        email: notes.email ?? null,
      };
    },
  };
}
