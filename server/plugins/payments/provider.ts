import type { PaymentProviderCode } from '../../db/schema';
import type { Paise } from '../../money';

/**
 * One interface for every payment provider (DESIGN.md §6, decision 013). The wallet service never speaks a
 * provider's HTTP API itself: it asks an adapter. Adapters: the built-in sandbox (the default with no keys), CF
 * (Cashfree PG) and RP (Razorpay).
 */
export interface CreateOrderInput {
  /** Our order id (the payment intent's orderId): sent as the provider's order id and back to us as the return's UID. */
  orderId: string;
  amount: Paise;
  currency: 'INR';
  payer: { id: number; name: string; phone: string; email: string | null };
  /** The absolute URL the provider sends the payer back to, already carrying ?UID=<orderId>. */
  returnUrl: string;
  /** The absolute URL of our webhook for this provider. */
  notifyUrl: string;
}

export interface CreatedOrder {
  /** The provider's own reference of the order (Cashfree cf_order_id, Razorpay order_xxx, sandbox: our order id). */
  providerOrderRef: string;
  /** Cashfree's payment_session_id; Razorpay's order id; the sandbox's order id. */
  paymentSessionId: string;
  /** Where the browser goes to pay: a page of the provider, or a page of ours that opens the provider's checkout. */
  checkoutUrl: string;
  /** Whatever the checkout page needs (key id, session id), kept on the intent. */
  checkout: Record<string, unknown>;
}

/** What the provider says of an order now. Only `paid` ever moves money. */
export interface VerifiedOrder {
  status: 'paid' | 'pending' | 'failed' | 'cancelled';
  /** What the provider says was paid, in paise, and in which currency: settle compares them with the intent. */
  amount: Paise;
  currency: string;
  /** The provider's payment id: credited at most once (a unique column refuses a second credit). */
  paymentId: string | null;
  /** The order id the provider knows it by (ours), so a reply for another order is never taken for this one. */
  orderId: string;
  /** The payer the provider recorded (Cashfree customer_id, Razorpay notes.payer, sandbox payer id), when it tells. */
  payerId?: string | null;
}

/** A webhook whose signature checked out: which of our orders it is about. */
export interface WebhookNotice {
  orderId: string;
}

export interface RefundResult {
  refundId: string;
  status: 'pending' | 'processed' | 'failed';
}

export interface PaymentProvider {
  readonly code: PaymentProviderCode;
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>;
  /** Asks the provider (never the browser) what happened to the order. */
  verifyOrder(orderId: string, providerOrderRef: string | null): Promise<VerifiedOrder>;
  /**
   * Checks a webhook's signature over the raw body in constant time; returns null when it does not check out.
   * Headers are lower-cased.
   */
  verifyWebhook(rawBody: string, headers: Record<string, string | undefined>): WebhookNotice | null;
  refund(input: { orderId: string; paymentId: string; amount: Paise; refundId: string }): Promise<RefundResult>;
}

/** A provider that could not be reached or answered something we cannot use: the caller answers 502. */
export class ProviderError extends Error {
  constructor(
    readonly provider: PaymentProviderCode,
    message: string,
  ) {
    super(message);
  }
}
