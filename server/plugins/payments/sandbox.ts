import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client';
import { paise } from '../../money';
import {
  type CreatedOrder,
  type CreateOrderInput,
  hmacSha256,
  type PaymentProvider,
  ProviderError,
  type RefundInput,
  type RefundResult,
  sameSignature,
  type VerifiedOrder,
  type WebhookNotice,
} from './provider';
import { findSandboxOrder, insertSandboxOrder, recordSandboxRefund, type SandboxOrderStatus } from './repo';

/** Webhooks signed longer ago than this (or this far in the future: clock skew) are refused as replays. */
export const SANDBOX_WEBHOOK_MAX_AGE_MS = 5 * 60 * 1000;
const SECRET_FILE = 'sandbox-webhook-secret.txt';

/**
 * The sandbox's webhook signing secret: the one saved in the data folder, else a new random one saved there (mode
 * 0600), as the demo password is. Created with `wx`, so two processes sharing a data folder agree on one secret.
 */
export function sandboxWebhookSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32).toString('base64url');
  try {
    fs.writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    return generated;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw e;
  }
}

/** The sandbox webhook's signature: hex HMAC-SHA256 over `${timestamp}.${rawBody}`, timestamp in Unix seconds. */
export const sandboxSignature = (secret: string, timestamp: string, rawBody: string) =>
  hmacSha256(secret, `${timestamp}.${rawBody}`, 'hex');

/** The headers a sandbox webhook carries. */
export function sandboxWebhookHeaders(secret: string, rawBody: string, nowMs = Date.now()) {
  const timestamp = String(Math.floor(nowMs / 1000));
  return { 'x-sandbox-timestamp': timestamp, 'x-sandbox-signature': sandboxSignature(secret, timestamp, rawBody) };
}

/** What the sandbox's webhook body says (amount in paise: the sandbox speaks paise). */
export interface SandboxWebhookBody {
  event: 'PAYMENT_UPDATE';
  orderId: string;
  status: SandboxOrderStatus;
  paymentId: string | null;
  amount: number;
}

export const sandboxCheckoutPath = (orderId: string) => `/sandbox/checkout/${encodeURIComponent(orderId)}`;

const STATUS: Record<SandboxOrderStatus, VerifiedOrder['status']> = {
  ACTIVE: 'pending',
  PAID: 'paid',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
};

export interface SandboxOptions {
  db: Db;
  /** The webhook signing secret (sandboxWebhookSecret(dataDir) in the app; any string in tests). */
  secret: string;
  /** Prefix of checkoutUrl (the app's public origin); without it the URL is relative to the app's origin. */
  baseUrl?: string | null;
  /** The clock, for the webhook's age (tests). */
  now?: () => number;
}

/**
 * The built-in provider (decision 013): its "database" is the sandbox_orders table and its website is the checkout
 * page of sandbox-checkout.ts, where the payer chooses Pay, Fail or Cancel. No money moves anywhere.
 */
export function sandboxProvider(opts: SandboxOptions): PaymentProvider {
  const now = opts.now ?? Date.now;
  const base = (opts.baseUrl ?? '').replace(/\/+$/, '');

  return {
    code: 'sandbox',

    async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
      const details = { notifyUrl: input.notifyUrl, payerId: String(input.payer.id) };
      const inserted = await insertSandboxOrder(opts.db, {
        orderId: input.orderId,
        amount: input.amount,
        currency: input.currency,
        payerName: input.payer.name,
        payerPhone: input.payer.phone,
        returnUrl: input.returnUrl,
        details,
      });
      if (!inserted) {
        // A retried create of the same order is answered as the first was; another order under this id is refused.
        const existing = await findSandboxOrder(opts.db, input.orderId);
        if (!existing || existing.amount !== input.amount || existing.details.payerId !== details.payerId) {
          throw new ProviderError('sandbox', `sandbox order ${input.orderId} already exists`, 409);
        }
      }
      return {
        providerOrderRef: input.orderId,
        paymentSessionId: input.orderId,
        checkoutUrl: `${base}${sandboxCheckoutPath(input.orderId)}`,
        checkout: {},
      };
    },

    async verifyOrder(orderId: string): Promise<VerifiedOrder> {
      const order = await findSandboxOrder(opts.db, orderId);
      if (!order) throw new ProviderError('sandbox', `sandbox has no order ${orderId}`, 404);
      return {
        status: STATUS[order.status],
        amount: paise(order.amount),
        currency: order.currency,
        paymentId: order.status === 'PAID' ? order.paymentId : null,
        orderId: order.orderId,
        payerId: order.details.payerId ?? null,
      };
    },

    verifyWebhook(rawBody: string, headers: Record<string, string | undefined>): WebhookNotice | null {
      const timestamp = headers['x-sandbox-timestamp'];
      if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return null;
      if (!sameSignature(sandboxSignature(opts.secret, timestamp, rawBody), headers['x-sandbox-signature'])) {
        return null;
      }
      if (Math.abs(now() - Number(timestamp) * 1000) > SANDBOX_WEBHOOK_MAX_AGE_MS) return null;
      try {
        const body = JSON.parse(rawBody) as Partial<SandboxWebhookBody>;
        return typeof body.orderId === 'string' && body.orderId ? { orderId: body.orderId } : null;
      } catch {
        return null;
      }
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
        throw new ProviderError('sandbox', 'a refund must be a positive whole number of paise', 400);
      }
      const outcome = await recordSandboxRefund(opts.db, input.orderId, input.paymentId, {
        refundId: input.refundId,
        amount: input.amount,
        at: new Date(now()).toISOString(),
      });
      if (!outcome.ok) {
        throw new ProviderError(
          'sandbox',
          `sandbox refused refund ${input.refundId}: ${outcome.reason}`,
          outcome.reason === 'not found' ? 404 : 400,
        );
      }
      return { refundId: outcome.refund.refundId, status: 'processed' };
    },
  };
}
