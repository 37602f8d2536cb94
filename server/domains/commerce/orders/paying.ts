import {
  type OrderLineEventType,
  type OrderLineState,
  orderLineMachine,
} from '../../../../src/machines/orderLine/orderLine.machine';
import type { CompanyConfig } from '../../../config';
import type { Db, Executor, Tx } from '../../../db/client';
import { WritePlan } from '../../../db/plan';
import { badRequest, type CurrentUser, conflict, notFound } from '../../../http';
import { type Paise, paise, rupeesText } from '../../../money';
import type { PaymentProviders } from '../../../plugins/payments';
import type { PaymentProviderCode } from '../../../plugins/payments/provider';
import { isPartyRole } from '../../../roles';
import { applyEventToMany } from '../../../workflow/apply';
import { payments, wallets } from '../../money';
import { notifyPerson, planDocumentNumber, planLiveEvent, planNotice } from '../../platform';
import * as dispatch from '../dispatch/service';
import { ENTITY as LINE_ENTITY } from '../orderLines/events';
import * as promotions from '../promotions/service';
import * as repo from './repo';

export const ORDER_PURPOSE = 'Order';

/** How an order is paid: from the wallet alone, or through a provider (for the rest, when the wallet pays part). */
export type PayMode = 'Wallet' | PaymentProviderCode;

/**
 * Applies one event to every line of an order inside the caller's transaction, through applyEventToMany: the lines
 * are locked, the machine decides for each (one refusal refuses all), then the states and the log are written.
 */
export async function applyToLines(
  tx: Tx,
  orderId: number,
  event: OrderLineEventType,
  actorId: number | null,
  at: Date,
) {
  await applyEventToMany(tx, {
    machine: orderLineMachine,
    entity: LINE_ENTITY,
    event: { type: event },
    actorId,
    lockMany: (t) => repo.lockLinesOf(t, orderId),
    writeMany: async (t, byState) => {
      for (const [state, ids] of byState) await repo.setLinesState(t, ids, state as OrderLineState, at);
    },
  });
}

export const orderLink = (orderId: number) => `/PayProcessInvoice?OrderId=${orderId}`;

/**
 * Pays an order from the customer's wallet inside the caller's transaction (a wallet order at once; a provider order
 * once its money is in the wallet): the wallet is debited the total (revenue + taxable, each GST head + the invoice's tax
 * for it (decision 053), tips + tip),
 * the lines get PAYMENT_SETTLED, the order 'order created' with its invoice number, and the customer is told.
 *
 * Lock order (decision 014): the customer's wallet first (the transfer is opened: the wallet is locked and checked, so
 * two payments cannot spend one balance), then every write that only this order touches, then the connection's
 * shards of the revenue, GST and tips accounts (decision 036), and last the rows every payment shares: the invoice
 * counter and the live events' ordering lock. Each of those is held only from its statement to the commit just after,
 * so placements queue on them for a few statements, not for the whole transaction. Everything that only reads (who is told of the
 * unassigned lines, the customer) is read before them. The invoice counter is still taken inside the paying
 * transaction, so a number is used only by a transaction that commits: the series stays gapless.
 */
export async function payFromWallet(
  tx: Tx,
  order: repo.OrderRow,
  actorId: number | null,
  at: Date,
  amountField: string,
  known: {
    customer?: { id: number; mobileNo: string };
    /** Placing from the wallet writes its lines settled already (with both transitions logged): these. */
    settledLines?: { id: number; serviceId: number; zoneId: number | null; slotStart: Date }[];
    /** The customer's wallet account, when the caller has read it (a wallet's id never changes). */
    walletId?: number | null;
    /** The order's GST per head (the sum of its lines'), when the caller has it from the quote. */
    gstSplit?: wallets.GstSplit;
  } = {},
) {
  const gst = known.gstSplit ?? (await repo.gstSplitOf(tx, order.id));
  const wallet =
    known.walletId ??
    (await wallets.openWallet(tx, 'customer', { id: order.customerUserId, fullName: order.customerName }));
  const transfer = await wallets.open(tx, {
    kind: 'order_payment',
    legs: [
      { accountId: wallet, amount: -order.totalPaise },
      { accountId: wallets.systemAccountId('revenue'), amount: order.taxablePaise },
      ...wallets.gstLegs(gst),
      { accountId: wallets.systemAccountId('tips_payable'), amount: order.tipPaise },
    ],
    reference: `Order ${order.id}`,
    remark: `Payment for order ${order.id}`,
    actorId,
    amountField,
    amount: paise(order.totalPaise),
  });
  let unassigned: (number | { id: number; serviceId: number; zoneId: number | null; slotStart: Date })[];
  if (known.settledLines) {
    unassigned = known.settledLines;
  } else {
    await applyToLines(tx, order.id, 'PAYMENT_SETTLED', actorId, at);
    unassigned = (await repo.lockLinesOf(tx, order.id)).filter((l) => l.state === 'unassigned').map((l) => l.id);
  }
  // The lines are now unassigned: staff and the professionals who could take them are told (read now, published
  // last).
  const audience = await dispatch.unassignedAudience(
    tx,
    unassigned.map((l) => (typeof l === 'number' ? l : { ...l, professionalUserId: null })),
  );
  const customer = known.customer ?? (await repo.person(tx, order.customerUserId));
  // The balances move first: the system accounts' shards are the connection's own (decision 036), and every sale
  // takes them before the invoice series, as a vendor's payment and a refund do.
  const balances = await transfer.finish();
  // The shared rows, last and in one statement: the invoice number, then the live events' lock; then the commit. The
  // customer is told of the invoice, and staff and professionals of the unassigned lines, by that statement.
  const lineIds = unassigned.map((l) => (typeof l === 'number' ? l : l.id));
  const plan = new WritePlan();
  const invoice = planDocumentNumber(plan, 'INV', at);
  if (customer) {
    planNotice(
      plan,
      {
        userId: customer.id,
        mobileNo: customer.mobileNo,
        kind: 'order_placed',
        title: `Order ${order.id} placed`,
        link: orderLink(order.id),
      },
      {
        before: `Your order of ${rupeesText(order.totalPaise)} is placed and paid. Tax invoice `,
        value: invoice.col('number'),
        after: '.',
      },
      { from: invoice },
    );
  }
  if (lineIds.length) {
    planLiveEvent(plan, dispatch.unassignedEvent(lineIds, 'line_unassigned', audience), { from: invoice });
  }
  const invoiceNo = await repo.markPaid(tx, order.id, plan, invoice, { transferId: transfer.transferId, at });
  return { invoiceNo, transferId: transfer.transferId, balance: balances.get(wallet) ?? 0 };
}

/** The payment failed (or could not be taken): the lines get PAYMENT_FAILED, the order 'payment failed', and the customer is told. */
async function failPayment(tx: Tx, order: repo.OrderRow, actorId: number | null, at: Date, why: string) {
  await applyToLines(tx, order.id, 'PAYMENT_FAILED', actorId, at);
  // The coupon goes back: the order may be paid again later, and then takes it again if it is still there.
  await promotions.releaseCoupon(tx, order.id, 'The payment failed', at);
  await repo.updateOrder(tx, order.id, { status: 'payment failed', statusUpdateDate: at });
  const customer = await repo.person(tx, order.customerUserId);
  if (customer) {
    await notifyPerson(tx, {
      userId: customer.id,
      mobileNo: customer.mobileNo,
      kind: 'payment_failed',
      title: `Payment for order ${order.id} failed`,
      body: `${why} Your order of ${rupeesText(order.totalPaise)} is not placed yet: you can try the payment again.`,
      link: orderLink(order.id),
    });
  }
}

const ORDER_MESSAGES = {
  failed: 'The payment failed: your order is not placed. You can try again.',
  cancelled: 'The payment was cancelled: your order is not placed. You can try again.',
  expired: 'The payment was not completed in time: your order is not placed. You can try again.',
  mismatch:
    'The payment did not match its order (amount, currency or payer): your order is not placed. Please contact us.',
  pending: 'The payment is not complete yet. Please check again in a minute.',
};

// Settle (payments) calls these for intents of purpose 'Order', in its own transaction.
payments.registerPurpose(ORDER_PURPOSE, {
  messages: ORDER_MESSAGES,
  async paid(tx, intent, credit, actorId) {
    const order = await repo.orderOfIntent(tx, intent.id);
    const got = rupeesText(intent.amount);
    if (order?.status !== 'awaiting payment') {
      return { message: `${got} was received and added to your wallet.` };
    }
    const at = new Date();
    // The provider's money is in the wallet now; the wallet pays the whole order, when it still holds enough.
    if (credit.balance < order.totalPaise) {
      const why = `${got} was added to your wallet, but the wallet no longer holds the order's ${rupeesText(order.totalPaise)}.`;
      await failPayment(tx, order, actorId, at, why);
      return { message: `${why} The order is not placed: try again.` };
    }
    await repo.updateOrder(tx, order.id, {
      providerPaise: intent.amount,
      walletPaise: order.totalPaise - intent.amount,
    });
    const paid = await payFromWallet(tx, order, actorId, at, 'orderID');
    return { message: `Payment received: order ${order.id} is placed. Tax invoice ${paid.invoiceNo}.` };
  },
  async closed(tx, intent, state, actorId) {
    const order = await repo.orderOfIntent(tx, intent.id);
    if (order?.status !== 'awaiting payment') return;
    const why =
      state === 'expired'
        ? 'The payment was not completed in time.'
        : state === 'cancelled'
          ? 'The payment was cancelled.'
          : 'The payment failed.';
    await failPayment(tx, order, actorId, new Date(), why);
  },
});

export interface PlaceContext {
  company: CompanyConfig;
  /** The site's origin for the provider's return address (provider modes only). */
  origin?: string;
}

export interface Placed {
  orderId: number;
  status: repo.OrderRow['status'];
  invoiceNo: string | null;
  total: Paise;
  wallet: Paise;
  provider: Paise;
  /** The provider's checkout page when the order awaits a provider payment. */
  checkoutUrl: string | null;
  /** Our payment order id (the return's UID) when a provider is paying. */
  paymentOrderId: string | null;
  replayed: boolean;
}

export async function placedOf(exec: Executor, order: repo.OrderRow, replayed: boolean): Promise<Placed> {
  let checkoutUrl: string | null = null;
  let paymentOrderId: string | null = null;
  if (order.paymentIntentId) {
    const intent = await payments.findIntent(exec, { id: order.paymentIntentId });
    paymentOrderId = intent?.orderId ?? null;
    const url = (intent?.checkout as { checkoutUrl?: unknown } | null)?.checkoutUrl;
    if (order.status === 'awaiting payment' && typeof url === 'string') checkoutUrl = url;
  }
  return {
    orderId: order.id,
    status: order.status,
    invoiceNo: order.invoiceNo,
    total: paise(order.totalPaise),
    wallet: paise(order.walletPaise),
    provider: paise(order.providerPaise),
    checkoutUrl,
    paymentOrderId,
    replayed,
  };
}

export const paymentTypeOf = (mode: PayMode, wallet: number, provider: number): repo.OrderPaymentType =>
  provider === 0
    ? 'Wallet'
    : wallet === 0
      ? (mode as PaymentProviderCode)
      : (`Wallet+${mode}` as repo.OrderPaymentType);

/** The provider's part of an order: a payment intent into the customer's wallet, linked to the order. */
export async function providerIntent(
  tx: Tx,
  orderId: number,
  customer: { id: number; fullName: string },
  mode: PayMode,
  providerPaise: number,
  actorId: number,
) {
  const wallet = await wallets.openWallet(tx, 'customer', customer);
  const intent = await payments.createIntent(tx, {
    provider: mode as PaymentProviderCode,
    purpose: ORDER_PURPOSE,
    payer: { id: customer.id, role: 'Cust' },
    accountId: wallet,
    amount: paise(providerPaise),
    actorId,
  });
  await repo.updateOrder(tx, orderId, { paymentIntentId: intent.id });
  return intent;
}

export async function askProvider(
  db: Db,
  providers: PaymentProviders,
  intent: Awaited<ReturnType<typeof payments.createIntent>>,
  order: repo.OrderRow,
  ctx: PlaceContext,
  actorId: number,
) {
  const customer = (await repo.person(db, order.customerUserId))!;
  const origin = ctx.origin ?? '';
  await payments.requestProviderOrder(
    db,
    providers,
    intent,
    customer,
    `${origin}/PayProcessInvoice?UID=${intent.orderId}`,
    origin,
    actorId,
  );
}

/** The order as its customer or staff may see it; another customer's order is 404 (it is not theirs to know of). */
export async function orderFor(exec: Executor, user: CurrentUser, orderId: number) {
  const order = await repo.findOrder(exec, orderId);
  if (!order || (isPartyRole(user.role) && order.customerUserId !== user.id)) throw notFound(`Order ${orderId}`);
  return order;
}

export interface RetryRequest {
  orderId: number;
  mode: PayMode;
  useWallet: boolean;
}

/**
 * Tries a failed order's payment again (RETRY_PAYMENT on its lines): the same order and prices, paid from the wallet
 * at once when it covers the total (mode Wallet, or a provider with the wallet's part), else through a new intent.
 */
export async function retryPayment(
  db: Db,
  providers: PaymentProviders,
  user: CurrentUser,
  r: RetryRequest,
  ctx: PlaceContext,
) {
  if (r.mode !== 'Wallet' && !providers.isAvailable(r.mode)) {
    throw badRequest(
      'ApiName',
      `${r.mode} is not set up on this server: choose ${['Wallet', ...providers.modes].join(', ')}`,
    );
  }
  await orderFor(db, user, r.orderId);
  const made = await db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, r.orderId);
    if (!order) throw notFound(`Order ${r.orderId}`);
    if (order.status !== 'payment failed') {
      throw conflict(
        'OrderId',
        `Order ${order.id} is ${order.status}: only an order whose payment failed is paid again.`,
      );
    }
    const now = new Date();
    await applyToLines(tx, order.id, 'RETRY_PAYMENT', user.id, now);
    // Its coupon was given back when the payment failed: the order takes it again, if it still can.
    if (order.couponId !== null) await promotions.reclaimCoupon(tx, order.id, order.customerUserId, now);
    const balance = await wallets.walletBalance(tx, 'customer', order.customerUserId);
    if (r.mode === 'Wallet' && balance < order.totalPaise) {
      throw conflict(
        'ApiName',
        `Your wallet holds ${rupeesText(balance)}, less than the order's ${rupeesText(order.totalPaise)}: pay the rest with a payment provider.`,
      );
    }
    const walletPaise = r.mode === 'Wallet' ? order.totalPaise : r.useWallet ? Math.min(balance, order.totalPaise) : 0;
    const providerPaise = order.totalPaise - walletPaise;
    await repo.updateOrder(tx, order.id, {
      status: 'awaiting payment',
      statusUpdateDate: now,
      walletPaise,
      providerPaise,
      paymentType: paymentTypeOf(r.mode, walletPaise, providerPaise),
    });
    const current = (await repo.findOrder(tx, order.id))!;
    if (providerPaise === 0) {
      await payFromWallet(tx, current, user.id, now, r.mode === 'Wallet' ? 'ApiName' : 'UseWallet');
      return { order: current, intent: null };
    }
    const customer = (await repo.person(tx, order.customerUserId))!;
    const intent = await providerIntent(tx, order.id, customer, r.mode, providerPaise, user.id);
    return { order: current, intent };
  });
  if (made.intent) await askProvider(db, providers, made.intent, made.order, ctx, user.id);
  return placedOf(db, (await repo.findOrder(db, r.orderId))!, false);
}

/**
 * The return from a provider (Order/OrderPlacedCheckPAymentGate): settle verifies with the provider and places the
 * order (or marks its payment failed); the answer is the order's status, whatever it is ('order created', 'payment
 * failed' with a retry offered, 'awaiting payment' while the provider has not finished): the verification itself
 * succeeded. Another customer's payment, or one that is not an order's, is 404.
 */
export async function checkPayment(db: Db, providers: PaymentProviders, user: CurrentUser, paymentOrderId: string) {
  const intent = await payments.findIntent(db, { orderId: paymentOrderId });
  if (!intent || intent.purpose !== ORDER_PURPOSE || (isPartyRole(user.role) && intent.payerUserId !== user.id)) {
    throw notFound(`Payment ${paymentOrderId}`);
  }
  const settled = await payments.settle(db, providers, paymentOrderId, user.id);
  const order = await repo.orderOfIntentRead(db, intent.id);
  if (!order) {
    // The order was paid again with a newer payment since (RetryOrderPayment): this one no longer pays it.
    throw conflict('orderID', `${settled.message} This payment was replaced by a newer one: see My account → Orders.`);
  }
  const data = { orderId: order.id, status: order.status, invoiceNo: order.invoiceNo, paymentState: settled.state };
  return { data, message: order.status === 'awaiting payment' ? ORDER_MESSAGES.pending : settled.message };
}
