import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Paise, toPaise } from '../../money';
import type { PaymentProviderCode } from './repo';

export type { PaymentProviderCode };

/**
 * One interface for every payment provider (decision 013). The wallet service never speaks a
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

/**
 * A webhook whose signature checked out: which of our orders it is about. It only says "verify this order now"; it
 * never carries a status. `orderId` is '' only when the provider named nothing but its own order (a Razorpay event
 * carrying neither the order's receipt nor our notes): then look the intent up by `providerOrderRef`.
 */
export interface WebhookNotice {
  orderId: string;
  /** The provider's own order reference when the body names it (Razorpay order_xxx); absent for sandbox and CF. */
  providerOrderRef?: string | null;
}

/** A refund of a provider payment; `refundId` is ours, and the provider pays one refund per id. */
export interface RefundInput {
  orderId: string;
  paymentId: string;
  amount: Paise;
  refundId: string;
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
  refund(input: RefundInput): Promise<RefundResult>;
}

/** A provider that could not be reached or answered something we cannot use: the caller answers 502. */
export class ProviderError extends Error {
  constructor(
    readonly provider: PaymentProviderCode,
    message: string,
    /** The provider's HTTP status when it answered one (404: it does not know the order). */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** How long one call to a provider may take before it is given up (the caller answers 502). */
export const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * One JSON call to a provider's API through global fetch, with a timeout. Anything but a 2xx JSON reply is a
 * ProviderError carrying the provider's own message (never our keys: they travel only in headers).
 */
export async function requestJson<T>(
  provider: PaymentProviderCode,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown; timeoutMs?: number },
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...init.headers,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? PROVIDER_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (e) {
    const why = (e as Error).name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
    throw new ProviderError(provider, `${provider} ${why} (${init.method} ${new URL(url).pathname})`);
  }
  const text = await res.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    throw new ProviderError(provider, `${provider} answered ${res.status} with a body that is not JSON`, res.status);
  }
  if (!res.ok) {
    const b = body as { message?: unknown; error?: { description?: unknown } } | null;
    const said = String(b?.message ?? b?.error?.description ?? '').slice(0, 200);
    throw new ProviderError(provider, `${provider} answered ${res.status}${said ? `: ${said}` : ''}`, res.status);
  }
  return body as T;
}

/** HMAC-SHA256 of `data` under `secret`, as the providers sign: hex (sandbox, Razorpay) or base64 (Cashfree). */
export const hmacSha256 = (secret: string, data: string, encoding: 'hex' | 'base64') =>
  createHmac('sha256', secret).update(data, 'utf8').digest(encoding);

/** Compares a signature in constant time (timingSafeEqual needs equal lengths; a length mismatch is a plain no). */
export function sameSignature(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A provider's rupee amount (a JSON number) as paise; one with more than 2 decimals is an answer we cannot use. */
export function paiseFromRupees(provider: PaymentProviderCode, rupees: unknown): Paise {
  try {
    return toPaise(rupees as number, 'amount');
  } catch {
    throw new ProviderError(provider, `${provider} answered an amount that is not rupees and paise: ${String(rupees)}`);
  }
}
