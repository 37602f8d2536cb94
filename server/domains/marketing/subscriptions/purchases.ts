import { type CompanyConfig, invoiceSupplier } from '../../../config';
import type { Db, Executor, Tx } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import type { PageQuery } from '../../../db/paging';
import { WritePlan } from '../../../db/plan';
import { badRequest, type CurrentUser, conflict, type HttpError, idempotencyKeyReused, notFound } from '../../../http';
import { paise, rupeesText, toRupees } from '../../../money';
import { recordTransition } from '../../../plugins/audit';
import type { PaymentProviders } from '../../../plugins/payments';
import type { PaymentProviderCode } from '../../../plugins/payments/provider';
import { isPartyRole } from '../../../roles';
import { gstStateCode } from '../../../shared/gstin';
import { amountInWords } from '../../../shared/words';
import { payments, wallets } from '../../money';
import { planDocumentNumber, planNotice } from '../../platform';
import { addMonths, dayText, monthsText, PURCHASE_ENTITY, SUBSCRIPTION_PURPOSE } from './common';
import { getPlan, onSale, planText } from './plans';
import { planTaxFigures, planTaxOf } from './planTax';
import * as repo from './repo';
import * as purchasesRepo from './repo.purchases';

// Customers' purchases of plans, from their wallet or through a payment provider.

export type PurchaseStatus = 'awaitingPayment' | 'active' | 'ended' | 'failed';

export interface Purchase extends purchasesRepo.PurchaseRow {
  status: PurchaseStatus;
  paidBy: string;
  checkoutUrl: string | null;
}

export function purchaseOf(p: purchasesRepo.PurchaseRow, now = new Date()): Purchase {
  const status: PurchaseStatus = p.state === 'active' ? (p.endsAt && p.endsAt > now ? 'active' : 'ended') : p.state;
  const url = (p.checkout as { checkoutUrl?: unknown } | null)?.checkoutUrl;
  return {
    ...p,
    status,
    paidBy: p.provider ?? 'Wallet',
    checkoutUrl: status === 'awaitingPayment' && typeof url === 'string' ? url : null,
  };
}

/** Why a customer cannot buy now: a plan running, or one awaiting its payment. */
function holdingRefusal(h: purchasesRepo.PurchaseRow): HttpError {
  return h.state === 'awaitingPayment'
    ? conflict(
        'SubscriptionID',
        `Your purchase of ${h.subscriptionName} is awaiting its payment: finish or cancel that payment first.`,
      )
    : conflict(
        'SubscriptionID',
        `You already hold ${h.subscriptionName} until ${dayText(h.endsAt!)}: you can buy a plan again once it ends.`,
      );
}

export type PayMode = 'Wallet' | PaymentProviderCode;

export interface TakeRequest {
  customerUserId: number;
  subscriptionId: number;
  mode: PayMode;
  /** The supplier, whose state decides CGST + SGST or IGST. */
  company: CompanyConfig;
  idempotency: wallets.Idempotency;
  actor: { id: number };
  /** The site's origin for the provider's return address (provider modes). */
  origin?: string;
  now?: Date;
}

export interface Taken extends Purchase {
  replayed: boolean;
}

/** The first result for a repeated Idempotency-Key; another request under the key is 422. */
async function replayOf(exec: Executor, r: TakeRequest): Promise<Taken | null> {
  if (!r.idempotency.key) return null;
  const found = await purchasesRepo.purchaseByIdempotencyKey(exec, r.customerUserId, r.idempotency.key);
  if (!found) return null;
  if (found.requestHash !== r.idempotency.hash) {
    throw idempotencyKeyReused('This Idempotency-Key was already used for a different request; nothing was bought.');
  }
  return { ...purchaseOf((await purchasesRepo.findPurchase(exec, found.id))!), replayed: true };
}

type Payable = Pick<
  purchasesRepo.PurchaseRow,
  | 'id'
  | 'customerUserId'
  | 'subscriptionName'
  | 'pricePaise'
  | 'durationInMonths'
  | 'taxablePaise'
  | 'cgstPaise'
  | 'sgstPaise'
  | 'igstPaise'
>;

/**
 * The wallet pays a purchase inside the caller's transaction: one transfer, the customer's wallet debited the price,
 * revenue credited the taxable value and each GST head its tax (decision 053); then, in one statement, the tax
 * invoice's number from the orders' series and the customer's notice (docs/architecture.md, "The write-plan"). The
 * series is the last row taken, held only until the commit just after.
 */
async function payFromWallet(
  tx: Tx,
  p: Payable,
  customer: { mobileNo: string },
  wallet: number,
  actorId: number | null,
  amountField: string,
  at: Date,
  idempotency?: wallets.Idempotency,
) {
  const posted = await wallets.post(tx, {
    kind: 'subscription_payment',
    legs: [
      { accountId: wallet, amount: -p.pricePaise },
      { accountId: wallets.systemAccountId('revenue'), amount: p.taxablePaise },
      ...wallets.gstLegs(p),
    ],
    reference: `Subscription ${p.id}`,
    remark: `Plan ${p.subscriptionName} (${monthsText(p.durationInMonths)})`,
    actorId,
    idempotency,
    amountField,
    amount: p.pricePaise,
  });
  if (posted.replayed) return { ...posted, invoiceNo: null };
  const plan = new WritePlan();
  const invoice = planDocumentNumber(plan, 'INV', at);
  planNotice(
    plan,
    {
      userId: p.customerUserId,
      mobileNo: customer.mobileNo,
      kind: 'subscription_paid',
      title: `${p.subscriptionName} paid`,
      link: '/SubscriptionPlan',
    },
    {
      before: `Your plan ${p.subscriptionName} of ${rupeesText(p.pricePaise)} is paid. Tax invoice `,
      value: invoice.col('number'),
      after: '.',
    },
    { from: invoice },
  );
  const invoiceNo = await purchasesRepo.markInvoiced(tx, p.id, plan, invoice, at);
  return { ...posted, invoiceNo };
}

const refusePending = (err: unknown, name: string) => {
  if (uniqueViolation(err) === 'customer_subscriptions_pending_uq') {
    throw conflict(
      'SubscriptionID',
      `A purchase of yours is awaiting its payment: finish or cancel it before buying ${name}.`,
    );
  }
  throw err;
};

/**
 * Customer/TakeSubscription. In one transaction, under a lock on the customer's account: a plan not ended or a
 * purchase awaiting payment refuses (409); the wallet pays at once (one transfer, the plan active from now for its
 * months), or a provider payment is opened (the purchase awaits it). The provider's order is asked for afterwards.
 */
export async function takeSubscription(db: Db, providers: PaymentProviders, r: TakeRequest): Promise<Taken> {
  if (r.mode !== 'Wallet' && !providers.isAvailable(r.mode)) {
    throw badRequest(
      'ApiName',
      `${r.mode} is not set up on this server: choose ${['Wallet', ...providers.modes].join(', ')}`,
    );
  }
  const made = await db
    .transaction(async (tx) => {
      const replay = await replayOf(tx, r);
      if (replay) return { replay, intent: null, id: 0 };
      if (!(await purchasesRepo.lockCustomer(tx, r.customerUserId))) throw notFound(`Customer ${r.customerUserId}`);
      // A twin under the same key may have bought while this one waited for the lock.
      const twin = await replayOf(tx, r);
      if (twin) return { replay: twin, intent: null, id: 0 };
      const plan = await repo.findPlan(tx, r.subscriptionId);
      if (!plan || !onSale(plan)) throw notFound(`Subscription plan ${r.subscriptionId}`);
      const now = r.now ?? new Date();
      const holding = await purchasesRepo.holdingOf(tx, r.customerUserId, now);
      if (holding) throw holdingRefusal(holding);
      const person = (await purchasesRepo.person(tx, r.customerUserId))!;
      const wallet = await wallets.openWallet(tx, 'customer', person);
      const terms = {
        pricePaise: plan.pricePaise,
        durationInMonths: plan.durationInMonths,
        ...(await planTaxOf(tx, r.company, r.customerUserId, plan.pricePaise)),
      };
      // The purchase's row and its first step are written the same whichever way it is paid.
      const insertPurchase = (state: 'active' | 'awaitingPayment', dates: { startsAt?: Date; endsAt?: Date } = {}) =>
        purchasesRepo.insertPurchase(tx, {
          customerUserId: r.customerUserId,
          subscriptionId: plan.id,
          state,
          ...terms,
          ...dates,
          createdAt: now,
        });
      const logFirstStep = (id: number, to: 'active' | 'awaitingPayment', event: string, remark: string) =>
        recordTransition(tx, {
          entity: PURCHASE_ENTITY,
          entityId: id,
          from: null,
          to,
          event,
          actorId: r.actor.id,
          remark,
        });
      if (r.mode === 'Wallet') {
        const balance = await wallets.walletBalance(tx, 'customer', r.customerUserId);
        if (balance < plan.pricePaise) {
          throw conflict(
            'ApiName',
            `Your wallet holds ${rupeesText(balance)}, less than the ${rupeesText(plan.pricePaise)} of ${plan.subscriptionName}: top it up, or pay with a payment provider.`,
          );
        }
        const endsAt = addMonths(now, plan.durationInMonths);
        const id = await insertPurchase('active', { startsAt: now, endsAt });
        const posted = await payFromWallet(
          tx,
          { id, customerUserId: r.customerUserId, subscriptionName: plan.subscriptionName, ...terms },
          person,
          wallet,
          r.actor.id,
          'ApiName',
          now,
          r.idempotency,
        );
        // Never reached with a replayed key (the purchase of that transfer was found above); never active unpaid.
        if (posted.replayed) throw conflict('Idempotency-Key', 'This Idempotency-Key was already used.');
        await purchasesRepo.updatePurchase(tx, id, { transferId: posted.transferId });
        await logFirstStep(id, 'active', 'PAID_FROM_WALLET', `${planText(plan)}, until ${dayText(endsAt)}`);
        return { replay: null, intent: null, id };
      }
      const id = await insertPurchase('awaitingPayment');
      const intent = await payments.createIntent(tx, {
        provider: r.mode,
        purpose: SUBSCRIPTION_PURPOSE,
        payer: { id: r.customerUserId, role: 'Cust' },
        accountId: wallet,
        amount: plan.pricePaise,
        actorId: r.actor.id,
      });
      await purchasesRepo.updatePurchase(tx, id, { paymentIntentId: intent.id });
      await logFirstStep(id, 'awaitingPayment', 'PAY_WITH_PROVIDER', `${planText(plan)} through ${r.mode}`);
      return { replay: null, intent: { intent, person }, id };
    })
    .catch((err) => refusePending(err, `plan ${r.subscriptionId}`));
  if (made.replay) return made.replay;
  if (made.intent) {
    const origin = r.origin ?? '';
    await payments.requestProviderOrder(
      db,
      providers,
      made.intent.intent,
      made.intent.person,
      `${origin}/SubscriptionPlan?UID=${made.intent.intent.orderId}`,
      origin,
      r.actor.id,
    );
  }
  return { ...purchaseOf((await purchasesRepo.findPurchase(db, made.id))!), replayed: false };
}

const PURPOSE_MESSAGES = {
  failed: 'The payment failed: your plan was not bought. You can try again.',
  cancelled: 'The payment was cancelled: your plan was not bought. You can try again.',
  expired: 'The payment was not completed in time: your plan was not bought. You can try again.',
  mismatch:
    'The payment did not match its purchase (amount, currency or payer): your plan was not bought. Please contact us.',
  pending: 'The payment is not complete yet. Please check again in a minute.',
};

async function failPurchase(tx: Tx, p: purchasesRepo.PurchaseRow, actorId: number | null, why: string) {
  await purchasesRepo.updatePurchase(tx, p.id, { state: 'failed' });
  await recordTransition(tx, {
    entity: PURCHASE_ENTITY,
    entityId: p.id,
    from: 'awaitingPayment',
    to: 'failed',
    event: 'PAYMENT_FAILED',
    actorId,
    remark: why,
  });
}

// Settle (payments) calls these for intents of purpose 'Subscription', in its own transaction: the provider's money is
// in the customer's wallet by then, and the wallet pays the plan, which runs from this moment.
payments.registerPurpose(SUBSCRIPTION_PURPOSE, {
  messages: PURPOSE_MESSAGES,
  async paid(tx, intent, credit, actorId) {
    const got = rupeesText(intent.amount);
    const p = await purchasesRepo.lockPurchaseOfIntent(tx, intent.id);
    if (p?.state !== 'awaitingPayment') return { message: `${got} was received and added to your wallet.` };
    if (credit.balance < p.pricePaise) {
      const why = `${got} was added to your wallet, but the wallet no longer holds the plan's ${rupeesText(p.pricePaise)}.`;
      await failPurchase(tx, p, actorId, why);
      return { message: `${why} The plan was not bought: try again.` };
    }
    const now = new Date();
    const endsAt = addMonths(now, p.durationInMonths);
    const posted = await payFromWallet(
      tx,
      p,
      { mobileNo: p.customerMobileNo },
      intent.accountId,
      actorId,
      'orderID',
      now,
    );
    await purchasesRepo.updatePurchase(tx, p.id, {
      state: 'active',
      startsAt: now,
      endsAt,
      transferId: posted.transferId,
    });
    await recordTransition(tx, {
      entity: PURCHASE_ENTITY,
      entityId: p.id,
      from: 'awaitingPayment',
      to: 'active',
      event: 'PAYMENT_SETTLED',
      actorId,
      remark: `paid through ${intent.provider}, until ${dayText(endsAt)}`,
    });
    return { message: `Payment received: ${p.subscriptionName} is yours until ${dayText(endsAt)}.` };
  },
  async closed(tx, intent, state, actorId) {
    const p = await purchasesRepo.lockPurchaseOfIntent(tx, intent.id);
    if (p?.state !== 'awaitingPayment') return;
    await failPurchase(tx, p, actorId, `the payment ${state === 'expired' ? 'expired' : `was ${state}`}`);
  },
});

/** Customer/CheckSubscriptionPayment: the payer (or staff) verifies; another payer's or another purpose's is 404. */
export async function checkPayment(db: Db, providers: PaymentProviders, user: CurrentUser, orderId: string) {
  const intent = await payments.findIntent(db, { orderId });
  if (
    !intent ||
    intent.purpose !== SUBSCRIPTION_PURPOSE ||
    (isPartyRole(user.role) && intent.payerUserId !== user.id)
  ) {
    throw notFound(`Payment ${orderId}`);
  }
  const settled = await payments.settle(db, providers, orderId, user.id);
  const p = await purchasesRepo.findPurchaseOfIntent(db, intent.id);
  if (!p) throw notFound(`Payment ${orderId}`);
  return { message: settled.message, data: purchaseOf(p) };
}

/** A customer's purchases (or everyone's, for staff), newest first, with the one that holds them now. */
export async function history(
  db: Db,
  customerUserId: number | null,
  q: PageQuery & { subscriptionId?: number },
  now = new Date(),
) {
  const page = await purchasesRepo.pagePurchases(db, { ...q, customerUserId: customerUserId ?? undefined });
  const current = customerUserId ? await purchasesRepo.holdingOf(db, customerUserId, now) : undefined;
  return {
    ...page,
    items: page.items.map((p) => purchaseOf(p, now)),
    current: current ? purchaseOf(current, now) : null,
  };
}

/**
 * GetSubscriptionBySubscriptionID: the plan with the discounts that apply now, and the customer's purchases of it. A
 * customer sees a plan on sale or one they bought; anything else is 404.
 */
export async function planForCustomer(
  db: Db,
  user: CurrentUser,
  subscriptionId: number,
  customerUserId: number | null,
) {
  const admin = user.role === 'A';
  const plan = await getPlan(db, subscriptionId, { live: !admin, admin });
  const purchases = customerUserId
    ? (await purchasesRepo.pagePurchases(db, { customerUserId, subscriptionId, pageSize: 50 })).items.map((p) =>
        purchaseOf(p),
      )
    : [];
  if (isPartyRole(user.role) && !onSale(plan) && purchases.length === 0) {
    throw notFound(`Subscription plan ${subscriptionId}`);
  }
  return { plan, purchases };
}

/**
 * GetSubscriptionInvoicePdf's data: a paid purchase's tax invoice (CGST Rule 46, decision 054) in the orders'
 * invoice shape, one line under the plan's SAC. A customer sees only their own (another's is 404); no invoice is 409.
 */
export async function invoiceOf(exec: Executor, company: CompanyConfig, user: CurrentUser, purchaseId: number) {
  const p = await purchasesRepo.findPurchase(exec, purchaseId);
  if (!p || (isPartyRole(user.role) && p.customerUserId !== user.id)) {
    throw notFound(`Purchase ${purchaseId}`);
  }
  if (!p.invoiceNo || !p.invoicedAt) {
    throw conflict(
      'CustomerSubscriptionID',
      `Purchase ${purchaseId} is not paid: its tax invoice is issued once it is paid.`,
    );
  }
  const address = await purchasesRepo.firstAddressOf(exec, p.customerUserId);
  const code = gstStateCode(p.placeOfSupply);
  const r2 = (n: number) => toRupees(paise(n));
  const gst = p.cgstPaise + p.sgstPaise + p.igstPaise;
  return {
    orderId: p.id,
    invoiceNo: p.invoiceNo,
    invoiceDate: p.invoicedAt,
    supplier: invoiceSupplier(company),
    customer: {
      name: p.customerName,
      receiverName: p.customerName,
      receiverMobileNo: p.customerMobileNo,
      address: address?.address ?? '',
      city: address?.city ?? '',
      state: p.placeOfSupply,
      stateCode: code,
      pinCode: address?.pinCode ?? '',
      country: 'India',
    },
    placeOfSupply: { state: p.placeOfSupply, code },
    // The split stored when bought decides, not today's company state; a zero tax falls back to the place of supply.
    gstType:
      p.cgstPaise + p.sgstPaise > 0 || (p.igstPaise === 0 && p.placeOfSupply === company.state)
        ? ('CGST+SGST' as const)
        : ('IGST' as const),
    reverseCharge: false,
    lines: [
      {
        description: `Subscription plan ${p.subscriptionName} (${monthsText(p.durationInMonths)})`,
        sacCode: p.sacCode,
        quantity: 1,
        ...planTaxFigures(p),
        creditNote: null,
        cancelled: false,
      },
    ],
    totals: {
      taxableValue: r2(p.taxablePaise),
      cgst: r2(p.cgstPaise),
      sgst: r2(p.sgstPaise),
      igst: r2(p.igstPaise),
      gst: r2(gst),
      invoiceValue: r2(p.pricePaise),
      tip: 0,
      total: r2(p.pricePaise),
    },
    amountInWords: amountInWords(p.pricePaise),
    paymentType: p.provider ? `Online (${p.provider})` : 'Wallet',
  };
}
