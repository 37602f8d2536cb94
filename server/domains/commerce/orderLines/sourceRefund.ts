import type { Db, Tx } from '../../../db/client';
import { conflict, HttpError } from '../../../http';
import { paise, rupeesText, toRupees } from '../../../money';
import type { PaymentProviders } from '../../../plugins/payments';
import type { PaymentProviderCode } from '../../../plugins/payments/provider';
import { payments, wallets } from '../../money';
import type { SourceRefundStatus } from './repo';
import * as repo from './repo';
import { providerName } from './rules';
import type { Actor, LineRef } from './service';
import { lineFor } from './service';

/**
 * Refund to source (decision 030). A cancellation always refunds to the wallet, at once and in the
 * cancellation's transaction. When the order was paid through a provider, the customer may then send that refund
 * back to the card or UPI that paid, up to what the provider was paid for the order:
 *
 * 1. claim, in one transaction under the line's lock: the wallet is debited (source_refund: wallet → the provider's
 *    clearing account) and the attempt is recorded as 'requested' under a refund id of our own;
 * 2. ask the provider, outside any transaction (a network call must not hold locks); providers pay one refund per
 *    refund id, so asking again is safe;
 * 3. record the answer: 'pending' or 'processed', or 'failed' with the wallet credited back (source_refund_reversal).
 *
 * A process that stops between 1 and 3 leaves 'requested': the reconciliation job asks the provider again.
 */

interface Claimed {
  refund: repo.SourceRefundRow;
  orderId: string;
  paymentId: string;
  provider: PaymentProviderCode;
  customerUserId: number;
}

/** Step 1: the checks and the wallet debit, under the line's lock. */
async function claim(tx: Tx, user: Actor, lineId: number): Promise<Claimed> {
  const line = (await repo.lockLine(tx, lineId))!;
  const field = 'ServiceId';
  if (line.state !== 'cancelled' || !line.refundPaise || !line.refundTransferId) {
    throw conflict(field, 'Only a cancelled visit with a refund can have its refund sent back to the card or UPI.');
  }
  const order = (await repo.orderOf(tx, line.orderId, { lock: true }))!;
  const intent = order.paymentIntentId ? await payments.findIntent(tx, { id: order.paymentIntentId }) : null;
  if (order.providerPaise <= 0 || !intent || intent.state !== 'paid' || !intent.providerPaymentId) {
    throw conflict(field, 'This order was paid from the wallet: its refund stays in the wallet.');
  }
  const existing = await repo.lockSourceRefund(tx, line.id);
  if (existing && existing.status !== 'failed') {
    throw conflict(
      field,
      `${rupeesText(existing.amountPaise)} of this refund was already sent back to ${providerName(intent.provider)}.`,
    );
  }
  const room = order.providerPaise - (await repo.sourceRefundedOf(tx, order.id));
  const amount = paise(Math.min(line.refundPaise, room));
  if (amount <= 0) {
    throw conflict(field, `Everything ${providerName(intent.provider)} was paid for this order was already refunded.`);
  }
  const wallet = await wallets.openWallet(tx, 'customer', (await repo.personOf(tx, line.customerUserId))!);
  const balance = await wallets.walletBalance(tx, 'customer', line.customerUserId);
  if (balance < amount) {
    throw conflict(
      field,
      `Your wallet holds ${rupeesText(balance)}, less than the ${rupeesText(amount)} to send back: part of the refund was spent.`,
    );
  }
  const attempt = (existing?.attempt ?? 0) + 1;
  const posted = await wallets.post(tx, {
    kind: 'source_refund',
    legs: [
      { accountId: wallet, amount: -amount },
      { accountId: wallets.systemAccountId('provider_clearing', intent.provider), amount },
    ],
    reference: `Order ${line.orderId} · ${line.description}`,
    remark: `Refund sent back to ${providerName(intent.provider)}`,
    actorId: user.id,
    amountField: field,
    amount,
  });
  const refund = await repo.saveSourceRefund(tx, {
    id: existing?.id,
    orderLineId: line.id,
    orderId: order.id,
    intentId: intent.id,
    amountPaise: amount,
    refundId: `RS${line.id}-${attempt}`,
    attempt,
    status: 'requested',
    providerRefundId: null,
    error: null,
    transferId: posted.transferId,
    reversalTransferId: null,
    requestedBy: user.id,
  });
  return {
    refund,
    orderId: intent.orderId,
    paymentId: intent.providerPaymentId,
    provider: intent.provider,
    customerUserId: line.customerUserId,
  };
}

/** Steps 2 and 3: asks the provider and records its answer; a refusal gives the money back to the wallet. */
async function askProvider(db: Db, providers: PaymentProviders, c: Claimed): Promise<repo.SourceRefundRow> {
  let status: SourceRefundStatus = 'failed';
  let providerRefundId: string | null = null;
  let error: string | null = null;
  try {
    const answer = await providers.providerFor(c.provider).refund({
      orderId: c.orderId,
      paymentId: c.paymentId,
      amount: paise(c.refund.amountPaise),
      refundId: c.refund.refundId,
    });
    status = answer.status;
    providerRefundId = answer.refundId;
    if (status === 'failed') error = `${providerName(c.provider)} refused the refund`;
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  return db.transaction(async (tx) => {
    const current = (await repo.lockSourceRefund(tx, c.refund.orderLineId))!;
    // Another process (the reconciliation job) recorded the answer first.
    if (current.refundId !== c.refund.refundId || current.status !== 'requested') return current;
    let reversalTransferId: number | null = null;
    if (status === 'failed') {
      const wallet = await wallets.openWallet(tx, 'customer', (await repo.personOf(tx, c.customerUserId))!);
      const posted = await wallets.post(tx, {
        kind: 'source_refund_reversal',
        legs: [
          { accountId: wallet, amount: current.amountPaise },
          { accountId: wallets.systemAccountId('provider_clearing', c.provider), amount: -current.amountPaise },
        ],
        reference: `Refund ${current.refundId}`,
        remark: `${providerName(c.provider)} could not take the refund back: it stays in the wallet`,
        actorId: null,
        amountField: 'ServiceId',
        amount: paise(current.amountPaise),
      });
      reversalTransferId = posted.transferId;
    }
    return repo.saveSourceRefund(tx, { ...current, status, providerRefundId, error, reversalTransferId });
  });
}

function reply(r: repo.SourceRefundRow, provider: string) {
  const data = {
    lineId: r.orderLineId,
    status: r.status,
    amount: toRupees(paise(r.amountPaise)),
    refundId: r.refundId,
    provider: providerName(provider),
  };
  if (r.status === 'failed') {
    throw new HttpError(
      502,
      'Refund not taken',
      `${providerName(provider)} could not take the refund back, so ${rupeesText(r.amountPaise)} stays in your wallet. Try again later.`,
      [{ field: 'ServiceId', message: 'the provider refused the refund' }],
      data,
    );
  }
  const when = r.status === 'processed' ? 'It is on its way' : 'It is being processed';
  return {
    data,
    message: `${rupeesText(r.amountPaise)} was sent back to ${providerName(provider)}: ${when.toLowerCase()} to your card or UPI, and left your wallet.`,
  };
}

/** POST Order/RefundToSource: the customer (or the admin for them) sends a cancelled line's refund to the payer. */
export async function refundToSource(db: Db, providers: PaymentProviders, user: Actor, ref: LineRef) {
  const { id } = await lineFor(db, user, ref);
  const claimed = await db.transaction((tx) => claim(tx, user, id));
  const done = await askProvider(db, providers, claimed);
  return reply(done, claimed.provider);
}

/** The reconciliation job: claims the provider never answered, older than `olderThanMs`, are asked again. */
export async function retryStaleSourceRefunds(db: Db, providers: PaymentProviders, olderThanMs = 5 * 60_000) {
  const stale = await repo.staleSourceRefunds(db, new Date(Date.now() - olderThanMs), 20);
  let retried = 0;
  for (const refund of stale) {
    const intent = await payments.findIntent(db, { id: refund.intentId });
    const line = await repo.findLine(db, refund.orderLineId);
    if (!intent?.providerPaymentId || !line) continue;
    await askProvider(db, providers, {
      refund,
      orderId: intent.orderId,
      paymentId: intent.providerPaymentId,
      provider: intent.provider,
      customerUserId: line.customerUserId,
    });
    retried += 1;
  }
  return { retried };
}
