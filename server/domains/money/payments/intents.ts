import { randomBytes } from 'node:crypto';
import {
  FINAL_PAYMENT_INTENT_STATES,
  type PaymentIntentEventType,
  paymentIntentMachine,
} from '../../../../src/machines/paymentIntent/paymentIntent.machine';
import type { Db, Tx } from '../../../db/client';
import { HttpError, notFound } from '../../../http';
import { type Paise, paise } from '../../../money';
import { recordTransition } from '../../../plugins/audit';
import { type PaymentProvider, type PaymentProviders, ProviderError } from '../../../plugins/payments';
import { applyEvent } from '../../../workflow/apply';
import * as repo from './repo';

/** A payment intent's life: created, sent to its provider, moved through its machine, and its purpose told. */

export const ENTITY = 'PaymentIntent';

/** The providers this server may use: the sandbox always, CF and RP when keyed. */
export type Providers = PaymentProviders;

export const isFinal = (state: string) => FINAL_PAYMENT_INTENT_STATES.includes(state as repo.PaymentIntentState);

/** Our order id: unguessable, so a UID cannot be enumerated, and within every provider's order id rules. */
const newOrderId = () => `DSW${Date.now().toString(36).toUpperCase()}${randomBytes(8).toString('hex').toUpperCase()}`;

/** The words a purpose's intent answers with when it ends without money moving, or is still open. */
type Messages = typeof MESSAGES;

/**
 * What another module does with the payments of its own purpose ('Order'): settle credits the provider's money to the
 * intent's account as for any purpose, then calls `paid` in the same transaction (the orders module debits the order
 * from that wallet there); an intent that ends unpaid (failed, cancelled, expired) calls `closed` in the transaction
 * that ends it. Registered by the module that owns the purpose, so payments never imports it (no import cycle).
 */
export interface PurposeHandler {
  paid(
    tx: Tx,
    intent: repo.IntentRow,
    credit: { transferId: number; balance: number },
    actorId: number | null,
  ): Promise<{ message: string }>;
  closed(tx: Tx, intent: repo.IntentRow, state: repo.PaymentIntentState, actorId: number | null): Promise<void>;
  /** The purpose's own words for an unpaid ending (the wallet top-up's by default). */
  messages?: Partial<Messages>;
}
export const purposes = new Map<string, PurposeHandler>();

/** An intent by our id or by our order id (the return's UID), for the purposes' own reads; null when unknown. */
export const findIntent = (exec: Db | Tx, where: { id: number } | { orderId: string }) => repo.findIntent(exec, where);

/** Registers the handler of a purpose (once per process; a second registration replaces the first). */
export function registerPurpose(purpose: string, handler: PurposeHandler) {
  purposes.set(purpose, handler);
}

export const messagesOf = (purpose: string): Messages => ({ ...MESSAGES, ...purposes.get(purpose)?.messages });

export interface NewPayment {
  provider: repo.PaymentProviderCode;
  purpose: string;
  payer: { id: number; role: 'Vendor' | 'Cust' };
  /** The ledger account the provider's money is credited to when it is paid. */
  accountId: number;
  amount: Paise;
  actorId: number;
}

/** Records a new intent (state created) in the caller's transaction, so a purpose creates it with its own rows. */
export async function createIntent(tx: Tx, p: NewPayment) {
  const made = await repo.insertIntent(tx, {
    orderId: newOrderId(),
    provider: p.provider,
    purpose: p.purpose,
    payerUserId: p.payer.id,
    payerRole: p.payer.role,
    accountId: p.accountId,
    amount: p.amount,
    currency: 'INR',
    state: 'created',
  });
  await recordTransition(tx, {
    entity: ENTITY,
    entityId: made.id,
    from: null,
    to: 'created',
    event: 'CREATE',
    actorId: p.actorId,
  });
  return made;
}

/**
 * Asks the intent's provider for an order (outside any transaction) and moves the intent to awaitingPayment; when the
 * provider cannot start it, the intent fails (its purpose's `closed` runs) and the answer is 502.
 */
export async function requestProviderOrder(
  db: Db,
  providers: Providers,
  intent: repo.IntentRow,
  payer: { id: number; fullName: string; mobileNo: string; email: string | null },
  returnUrl: string,
  origin: string,
  actorId: number,
) {
  let created: Awaited<ReturnType<PaymentProvider['createOrder']>>;
  try {
    created = await providers.providerFor(intent.provider).createOrder({
      orderId: intent.orderId,
      amount: paise(intent.amount),
      currency: 'INR',
      payer: { id: payer.id, name: payer.fullName, phone: payer.mobileNo, email: payer.email },
      returnUrl,
      notifyUrl: `${origin}/api/Payments/Webhook/${intent.provider}`,
    });
  } catch (e) {
    const message = e instanceof ProviderError ? e.message : 'the provider could not be reached';
    await db.transaction((tx) =>
      move(tx, intent.id, 'PROVIDER_FAILED', actorId, { resultMessage: 'The payment could not be started.' }, message),
    );
    throw new HttpError(
      502,
      'Payment provider unavailable',
      `The payment could not be started: ${message}. Please try again.`,
    );
  }
  await db.transaction((tx) =>
    move(tx, intent.id, 'ORDER_CREATED', actorId, {
      providerOrderRef: created.providerOrderRef,
      // The checkout address is kept too, so a replayed placement can send the payer back to it.
      checkout: { ...created.checkout, checkoutUrl: created.checkoutUrl },
    }),
  );
  return created;
}

export const MESSAGES = {
  failed: 'The payment failed: nothing was added to your wallet.',
  cancelled: 'The payment was cancelled: nothing was added to your wallet.',
  expired: 'The payment was not completed in time: nothing was added to your wallet.',
  mismatch: 'The payment did not match its order (amount, currency or payer): nothing was added. Please contact us.',
  pending: 'The payment is not complete yet. Please check again in a minute.',
};

/** Moves an intent through the payment intent machine, with what the new state carries, in the caller's transaction. */
export async function move(
  tx: Tx,
  id: number,
  event: PaymentIntentEventType,
  actorId: number | null,
  patch: Partial<repo.NewIntent> = {},
  remark: string | null = null,
) {
  const applied = await applyEvent(tx, {
    machine: paymentIntentMachine,
    entity: ENTITY,
    id,
    event: { type: event },
    actorId,
    remark,
    lock: (t, i) => repo.lockIntent(t, i),
    write: (t, i, state) => repo.updateIntent(t, i, { ...patch, state: state as repo.PaymentIntentState }),
  });
  // An intent that ends unpaid tells its purpose, in the same transaction.
  const to = applied.to as repo.PaymentIntentState;
  if (applied.from !== to && isFinal(to) && to !== 'paid') {
    await purposes.get(applied.row.purpose)?.closed(tx, { ...applied.row, ...patch, state: to }, to, actorId);
  }
  return applied;
}

export async function expire(db: Db, orderId: string, actorId: number | null, remark: string) {
  await db.transaction(async (tx) => {
    const intent = await repo.findIntent(tx, { orderId });
    if (!intent) throw notFound(`Payment ${orderId}`);
    await move(tx, intent.id, 'EXPIRE', actorId, { resultMessage: messagesOf(intent.purpose).expired }, remark);
  });
}
