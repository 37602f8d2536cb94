import type { Db, Tx } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import { type CurrentUser, conflict, HttpError, notFound } from '../../../http';
import { type Paise, paise, rupeesText, toRupees } from '../../../money';
import { ProviderError, type VerifiedOrder } from '../../../plugins/payments';
import { isPartyRole } from '../../../roles';
import { notifyUser } from '../../platform';
import * as wallets from '../wallets/service';
import { expire, isFinal, MESSAGES, messagesOf, move, type Providers, purposes } from './intents';
import * as repo from './repo';

export interface Settled {
  state: repo.PaymentIntentState;
  amount: Paise;
  message: string;
  balance: number | null;
}

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
