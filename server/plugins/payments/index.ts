import type { PaymentsConfig } from '../../config';
import type { Db } from '../../db/client';
import { type CashfreeAdapter, cashfreeProvider } from './cashfree';
import { type PaymentProvider, type PaymentProviderCode, ProviderError } from './provider';
import { type RazorpayAdapter, razorpayProvider } from './razorpay';
import { sandboxProvider, sandboxWebhookSecret } from './sandbox';

export type { CreatedOrder, CreateOrderInput, PaymentProvider, VerifiedOrder, WebhookNotice } from './provider';
export { ProviderError } from './provider';

export interface PaymentProviders {
  /** The modes that can take a payment now: CF and RP when their keys are set, the sandbox when config.sandbox. */
  readonly modes: readonly PaymentProviderCode[];
  isAvailable(mode: string): mode is PaymentProviderCode;
  /** The adapter of an available mode; a ProviderError for one whose keys are not set. */
  providerFor(mode: PaymentProviderCode): PaymentProvider;
  /** CF when Cashfree's keys are set, else RP when Razorpay's are, else sandbox. */
  defaultMode(): PaymentProviderCode;
  readonly sandbox: PaymentProvider;
  readonly cashfree: CashfreeAdapter | null;
  readonly razorpay: RazorpayAdapter | null;
}

export interface PaymentProvidersOptions {
  db: Db;
  /** Where the sandbox's webhook secret is kept (sandbox-webhook-secret.txt). */
  dataDir: string;
  /** The sandbox's webhook secret instead of the file's (tests). */
  sandboxSecret?: string;
  /** The app's public origin, prefixed to checkout URLs; without it they are relative to the app's origin. */
  baseUrl?: string | null;
  /** Per call to a provider's API (default 10 s). */
  timeoutMs?: number;
  /** Cashfree orders expire after this many minutes (the intent TTL, at least Cashfree's 15). */
  orderTtlMinutes?: number;
}

/** The payment providers this configuration offers (decision 013). Build it once per app. */
export function paymentProviders(config: PaymentsConfig, opts: PaymentProvidersOptions): PaymentProviders {
  const sandbox = sandboxProvider({
    db: opts.db,
    secret: opts.sandboxSecret ?? sandboxWebhookSecret(opts.dataDir),
    baseUrl: opts.baseUrl,
  });
  const common = { baseUrl: opts.baseUrl, timeoutMs: opts.timeoutMs };
  const cashfree = config.cashfree
    ? cashfreeProvider(config.cashfree, { ...common, orderTtlMinutes: opts.orderTtlMinutes ?? config.intentTtlMinutes })
    : null;
  const razorpay = config.razorpay ? razorpayProvider(config.razorpay, common) : null;
  const byMode = new Map<PaymentProviderCode, PaymentProvider>(config.sandbox ? [['sandbox', sandbox]] : []);
  if (cashfree) byMode.set('CF', cashfree);
  if (razorpay) byMode.set('RP', razorpay);
  const modes = [...byMode.keys()];

  return {
    modes,
    isAvailable: (mode: string): mode is PaymentProviderCode => byMode.has(mode as PaymentProviderCode),
    providerFor(mode) {
      const provider = byMode.get(mode);
      if (!provider) throw new ProviderError(mode, `payment mode ${mode} is not configured (its keys are not set)`);
      return provider;
    },
    defaultMode: () => (cashfree ? 'CF' : razorpay ? 'RP' : 'sandbox'),
    sandbox,
    cashfree,
    razorpay,
  };
}
