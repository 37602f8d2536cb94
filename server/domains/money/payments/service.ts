import { randomBytes } from 'node:crypto';
import {
  allowedEvents,
  FINAL_PAYMENT_INTENT_STATES,
  type PaymentIntentEventType,
  paymentIntentMachine,
} from '../../../../src/machines/paymentIntent/paymentIntent.machine';
import type { PaymentsConfig } from '../../../config';
import type { Db, Tx } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import { badRequest, type CurrentUser, conflict, forbidden, HttpError, notFound } from '../../../http';
import { type Paise, paise, rupeesText, toRupees } from '../../../money';
import { recordTransition } from '../../../plugins/audit';
import {
  type PaymentProvider,
  type PaymentProviders,
  ProviderError,
  type VerifiedOrder,
} from '../../../plugins/payments';
import { isPartyRole } from '../../../roles';
import { applyEvent, transitionsOf } from '../../../workflow/apply';
import { notifyUser } from '../../platform';
import * as wallets from '../wallets/service';
import * as repo from './repo';

const ENTITY = 'PaymentIntent';

/** The providers this server may use: the sandbox always, CF and RP when keyed. */
type Providers = PaymentProviders;

const isFinal = (state: string) => FINAL_PAYMENT_INTENT_STATES.includes(state as repo.PaymentIntentState);

/** Where the provider sends the payer back; each page verifies the UID it returns with. */
const RETURN_PATHS = {
  VendorDashboard: '/Dashboard/VendorDashboard',
  WalletBalanceOfVendor: '/Wallet/WalletBalanceOfVendor',
  MyAccounts: '/MyAccounts',
} as const;

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
const purposes = new Map<string, PurposeHandler>();

/** An intent by our id or by our order id (the return's UID), for the purposes' own reads; null when unknown. */
export const findIntent = (exec: Db | Tx, where: { id: number } | { orderId: string }) => repo.findIntent(exec, where);

/** Registers the handler of a purpose (once per process; a second registration replaces the first). */
export function registerPurpose(purpose: string, handler: PurposeHandler) {
  purposes.set(purpose, handler);
}

const messagesOf = (purpose: string): Messages => ({ ...MESSAGES, ...purposes.get(purpose)?.messages });

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

function walletOwnerOf(user: { role: string }): wallets.WalletOwnerKind {
  return user.role === 'VE' ? 'vendor' : 'customer';
}

export interface TopUpRequest {
  amount: Paise;
  mode?: repo.PaymentProviderCode;
  customerId?: number;
  customerRole?: 'Vendor' | 'Cust';
  returnTo?: keyof typeof RETURN_PATHS;
}

/** Moves an intent through the payment intent machine, with what the new state carries, in the caller's transaction. */
async function move(
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

/**
 * Starts a wallet top-up: checks the amount against the limits, records the intent, asks the provider for an order
 * and answers where the browser goes next (Excel/Gate1CF).
 */
export async function startTopUp(
  db: Db,
  providers: Providers,
  limits: PaymentsConfig,
  user: CurrentUser,
  r: TopUpRequest,
  origin: string,
) {
  const payerRole = user.role === 'VE' ? 'Vendor' : 'Cust';
  if (r.customerRole && r.customerRole !== payerRole) throw forbidden(`customer_role must be ${payerRole}: your own.`);
  if (r.customerId !== undefined && r.customerId !== user.id) {
    throw forbidden('customer_id must be your own: you can only top up your own wallet.');
  }
  if (r.amount < 100) throw badRequest('order_amount', 'must be at least ₹1.00');
  if (r.amount > limits.maxTopUpPaise) {
    throw badRequest('order_amount', `must be at most ${rupeesText(limits.maxTopUpPaise)} per top-up`);
  }
  const mode = r.mode ?? providers.defaultMode();
  if (!providers.isAvailable(mode)) throw badRequest('payment_mode', `${mode} is not set up on this server`);
  const kind = walletOwnerOf(user);
  // Each payer comes back to a page of their own area.
  const ownPages: (keyof typeof RETURN_PATHS)[] =
    kind === 'vendor' ? ['VendorDashboard', 'WalletBalanceOfVendor'] : ['MyAccounts'];
  if (r.returnTo && !ownPages.includes(r.returnTo)) throw badRequest('returnTo', `must be ${ownPages.join(' or ')}`);
  const intent = await db.transaction(async (tx) => {
    const wallet = await wallets.openWallet(tx, kind, user);
    await wallets.roomFor(tx, wallet, r.amount, limits.maxWalletBalancePaise, 'order_amount');
    return createIntent(tx, {
      provider: mode,
      purpose: 'Wallet',
      payer: { id: user.id, role: payerRole },
      accountId: wallet,
      amount: r.amount,
      actorId: user.id,
    });
  });
  const orderId = intent.orderId;
  const path = RETURN_PATHS[r.returnTo ?? (kind === 'vendor' ? 'VendorDashboard' : 'MyAccounts')];
  const created = await requestProviderOrder(
    db,
    providers,
    intent,
    user,
    `${origin}${path}?UID=${orderId}`,
    origin,
    user.id,
  );
  return {
    response_code: '10' as const,
    order_id: orderId,
    payment_session_id: created.paymentSessionId,
    checkoutUrl: created.checkoutUrl,
    provider: mode,
    amount: toRupees(r.amount),
  };
}

export interface Settled {
  state: repo.PaymentIntentState;
  amount: Paise;
  message: string;
  balance: number | null;
}

const MESSAGES = {
  failed: 'The payment failed: nothing was added to your wallet.',
  cancelled: 'The payment was cancelled: nothing was added to your wallet.',
  expired: 'The payment was not completed in time: nothing was added to your wallet.',
  mismatch: 'The payment did not match its order (amount, currency or payer): nothing was added. Please contact us.',
  pending: 'The payment is not complete yet. Please check again in a minute.',
};

const settledOf = (i: repo.IntentRow, balance: number | null = null): Settled => ({
  state: i.state,
  amount: paise(i.amount),
  message: i.resultMessage ?? (i.state === 'paid' ? 'Payment received.' : messagesOf(i.purpose).pending),
  balance,
});

/** Whether what the provider reports is exactly this intent's payment. */
function matches(i: repo.IntentRow, v: VerifiedOrder): boolean {
  return (
    v.orderId === i.orderId &&
    v.amount === i.amount &&
    v.currency === i.currency &&
    (v.payerId === undefined || v.payerId === null || v.payerId === String(i.payerUserId))
  );
}

/**
 * The one settle (decision 013), for the return's verification, the webhook, the staff's VERIFY and the job:
 * a final intent answers its stored result; otherwise the provider is asked (outside any transaction: a network
 * call never holds a row lock or a connection), then the intent is locked and, if still open, moved by the answer,
 * crediting the wallet once in the same transaction. A racing twin waits on the lock and then finds it final.
 */
export async function settle(db: Db, providers: Providers, orderId: string, actorId: number | null): Promise<Settled> {
  const seen = await repo.findIntent(db, { orderId });
  if (!seen) throw notFound(`Payment ${orderId}`);
  if (seen.state === 'expired' && !seen.refundId) return settledOf(await refundLatePayment(db, providers, seen));
  // A final intent answers as it stands; one still being created has no order at the provider to ask about.
  if (isFinal(seen.state) || seen.state === 'created') return settledOf(seen);
  let verified: VerifiedOrder;
  try {
    verified = await providers.providerFor(seen.provider).verifyOrder(seen.orderId, seen.providerOrderRef);
  } catch (e) {
    const message = e instanceof ProviderError ? e.message : 'the provider could not be reached';
    throw new HttpError(
      502,
      'Payment provider unavailable',
      `The payment could not be verified: ${message}. Please try again.`,
    );
  }
  return db.transaction(async (tx) => {
    const intent = await repo.lockIntent(tx, seen.id);
    if (!intent) throw notFound(`Payment ${orderId}`);
    if (isFinal(intent.state)) return settledOf(intent);
    if (verified.status === 'pending' || intent.state === 'created') return settledOf(intent);
    const words = messagesOf(intent.purpose);
    if (verified.status === 'failed' || verified.status === 'cancelled') {
      const event = verified.status === 'failed' ? 'PROVIDER_FAILED' : 'PROVIDER_CANCELLED';
      await move(tx, intent.id, event, actorId, { resultMessage: words[verified.status] });
      return { ...settledOf(intent), state: verified.status, message: words[verified.status] };
    }
    if (!matches(intent, verified)) {
      const remark = `provider reported order ${verified.orderId}, ${verified.amount} ${verified.currency} paise, payer ${verified.payerId ?? '-'}`;
      await move(tx, intent.id, 'PROVIDER_FAILED', actorId, { resultMessage: words.mismatch }, remark);
      return { ...settledOf(intent), state: 'failed', message: words.mismatch };
    }
    const clearing = { id: wallets.systemAccountId('provider_clearing', intent.provider) };
    const paymentId = verified.paymentId ?? `${intent.provider}:${intent.orderId}`;
    let posted: Awaited<ReturnType<typeof wallets.post>>;
    try {
      posted = await wallets.post(tx, {
        kind: 'wallet_topup',
        legs: [
          { accountId: intent.accountId, amount: intent.amount },
          { accountId: clearing.id, amount: -intent.amount },
        ],
        reference: intent.orderId,
        remark: `Top-up via ${intent.provider}`,
        actorId: intent.payerUserId,
        providerPaymentId: paymentId,
        amountField: 'order_amount',
        amount: paise(intent.amount),
      });
    } catch (e) {
      // The unique index refused a second credit of this provider payment: never credit it twice.
      if (uniqueViolation(e) === 'ledger_transfers_provider_payment_uq') {
        throw conflict('orderID', 'This payment has already been credited.');
      }
      throw e;
    }
    let message = `${rupeesText(intent.amount)} added to your wallet.`;
    // Another purpose (an order) does its part with the money now in the wallet, in this transaction.
    const handler = purposes.get(intent.purpose);
    if (handler) {
      const balance = posted.balances.get(intent.accountId) ?? 0;
      message = (await handler.paid(tx, intent, { transferId: posted.transferId, balance }, actorId)).message;
    }
    if (intent.payerRole === 'Cust' && intent.purpose === 'Wallet') {
      await notifyCustomerOfTopUp(tx, intent, posted.balances.get(intent.accountId) ?? null);
    }
    await move(tx, intent.id, 'PROVIDER_PAID', actorId, {
      providerPaymentId: paymentId,
      transferId: posted.transferId,
      resultMessage: message,
    });
    return {
      state: 'paid',
      amount: paise(intent.amount),
      message,
      balance: posted.balances.get(intent.accountId) ?? null,
    };
  });
}

/** A customer's top-up reached their wallet: told in the settling transaction (settle credits once). */
async function notifyCustomerOfTopUp(tx: Tx, intent: repo.IntentRow, balance: number | null) {
  await notifyUser(tx, {
    userId: intent.payerUserId,
    kind: 'wallet_credited',
    title: 'Wallet credited',
    body: `${rupeesText(intent.amount)} was added to your wallet (top-up ${intent.orderId})${balance === null ? '' : `. Balance: ${rupeesText(balance)}`}.`,
    link: '/MyAccounts?tab=wallet',
  });
}

/**
 * Money that reached the provider after its intent expired is never credited (the payer had given up on the top-up)
 * and never kept: it is refunded, once. The refund id is claimed under the intent's lock before the provider is
 * asked, so a replay or a second process never refunds twice; the provider also dedupes by refund id.
 */
const LATE = {
  refunding:
    'The payment arrived after it had expired: it is being returned to you, and nothing was added to your wallet.',
  notRefunded: 'The payment arrived after it had expired and could not be returned automatically: please contact us.',
};

async function refundLatePayment(db: Db, providers: Providers, intent: repo.IntentRow): Promise<repo.IntentRow> {
  const provider = providers.providerFor(intent.provider);
  let verified: VerifiedOrder;
  try {
    verified = await provider.verifyOrder(intent.orderId, intent.providerOrderRef);
  } catch {
    return intent;
  }
  if (verified.status !== 'paid' || !verified.paymentId || verified.orderId !== intent.orderId) return intent;
  const refundId = `RF${intent.orderId}`.slice(0, 40);
  const claimed = await db.transaction(async (tx) => {
    const locked = await repo.lockIntent(tx, intent.id);
    if (!locked || locked.refundId) return false;
    await repo.updateIntent(tx, intent.id, { refundId, refundStatus: 'requested', resultMessage: LATE.refunding });
    return true;
  });
  if (claimed) {
    let status = 'failed';
    try {
      status = (
        await provider.refund({
          orderId: intent.orderId,
          paymentId: verified.paymentId,
          amount: verified.amount,
          refundId,
        })
      ).status;
    } catch {}
    const patch =
      status === 'failed' ? { refundStatus: status, resultMessage: LATE.notRefunded } : { refundStatus: status };
    await db.transaction((tx) => repo.updateIntent(tx, intent.id, patch));
  }
  return (await repo.findIntent(db, { id: intent.id }))!;
}

/** PUT Customer/CheckWalletTransactionStatus: the payer (or staff) verifies; another payer's order is unknown. */
export async function checkStatus(db: Db, providers: Providers, user: CurrentUser, orderId: string) {
  const intent = await repo.findIntent(db, { orderId });
  if (!intent || (isPartyRole(user.role) && intent.payerUserId !== user.id)) throw notFound(`Payment ${orderId}`);
  const s = await settle(db, providers, orderId, user.id);
  if (s.state === 'paid') {
    const balance =
      s.balance ??
      (await wallets.walletBalance(db, intent.payerRole === 'Vendor' ? 'vendor' : 'customer', intent.payerUserId));
    return {
      message: s.message,
      data: { state: s.state, amount: toRupees(s.amount), balance: toRupees(paise(balance)) },
    };
  }
  if (s.state === 'created' || s.state === 'awaitingPayment') {
    throw new HttpError(409, 'Payment pending', MESSAGES.pending, [], { state: s.state });
  }
  throw new HttpError(402, 'Payment not completed', s.message, [], { state: s.state });
}

/** A provider's webhook: only a signature that checks out over the raw body settles anything. */
export async function webhook(
  db: Db,
  providers: Providers,
  mode: repo.PaymentProviderCode,
  rawBody: string,
  headers: Record<string, string | undefined>,
) {
  if (!providers.isAvailable(mode)) throw notFound(`Provider ${mode}`);
  const notice = providers.providerFor(mode).verifyWebhook(rawBody, headers);
  if (!notice) throw new HttpError(401, 'Bad signature', 'The webhook signature does not check out; nothing was done.');
  // Razorpay names its own order id when an event carries neither our receipt nor our notes.
  const intent = notice.orderId
    ? await repo.findIntent(db, { orderId: notice.orderId })
    : notice.providerOrderRef
      ? await repo.findIntent(db, { provider: mode, providerOrderRef: notice.providerOrderRef })
      : null;
  // An order that is not ours (another app on the same account) is acknowledged and ignored.
  if (!intent || intent.provider !== mode) return 'Not our order; ignored.';
  const s = await settle(db, providers, intent.orderId, null);
  return `Payment ${s.state}.`;
}

/**
 * The reconciliation job's one pass: intents still open after the TTL are verified with their provider (and
 * settled if paid), and expired if the provider still has no payment.
 */
export async function reconcileOnce(db: Db, providers: Providers, ttlMinutes: number, limit = 20) {
  const orderIds = await repo.claimStaleIntents(db, ttlMinutes, limit);
  const outcome = { checked: orderIds.length, settled: 0, expired: 0, failed: 0 };
  for (const orderId of orderIds) {
    try {
      const s = await settle(db, providers, orderId, null);
      if (isFinal(s.state)) {
        outcome.settled++;
        continue;
      }
      await expire(db, orderId, null, `not paid within ${ttlMinutes} minutes`);
      outcome.expired++;
    } catch {
      outcome.failed++;
    }
  }
  return outcome;
}

async function expire(db: Db, orderId: string, actorId: number | null, remark: string) {
  await db.transaction(async (tx) => {
    const intent = await repo.findIntent(tx, { orderId });
    if (!intent) throw notFound(`Payment ${orderId}`);
    await move(tx, intent.id, 'EXPIRE', actorId, { resultMessage: messagesOf(intent.purpose).expired }, remark);
  });
}

export const pageIntents = async (db: Db, q: Parameters<typeof repo.pageIntents>[1]) => {
  const page = await repo.pageIntents(db, q);
  return { ...page, items: page.items.map(intentOut) };
};

const intentOut = <T extends { amount: number }>(i: T) => ({ ...i, amount: toRupees(paise(i.amount)) });

export async function intentDetail(db: Db, id: number) {
  const view = await repo.intentView(db, id);
  if (!view) throw notFound(`Payment intent ${id}`);
  return {
    ...intentOut(view),
    transitions: await transitionsOf(db, ENTITY, id),
    allowedEvents: allowedEvents(view.state),
  };
}

/** Staff events: VERIFY settles with the provider's answer; EXPIRE only after the provider says it is not paid. */
export async function staffEvent(
  db: Db,
  providers: Providers,
  user: CurrentUser,
  id: number,
  event: 'VERIFY' | 'EXPIRE',
  remark: string | null,
) {
  const intent = await repo.findIntent(db, { id });
  if (!intent) throw notFound(`Payment intent ${id}`);
  if (!allowedEvents(intent.state).includes(event)) {
    throw new HttpError(409, 'Event not allowed', `${event} is not allowed while the payment is ${intent.state}.`, [], {
      state: intent.state,
      allowedEvents: allowedEvents(intent.state),
    });
  }
  const s = await settle(db, providers, intent.orderId, user.id);
  if (event === 'EXPIRE' && !isFinal(s.state)) await expire(db, intent.orderId, user.id, remark ?? 'expired by staff');
  return intentDetail(db, id);
}
