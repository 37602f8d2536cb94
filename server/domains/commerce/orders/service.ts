import { randomInt } from 'node:crypto';
import {
  type OrderLineEventType,
  type OrderLineState,
  orderLineMachine,
} from '../../../../src/machines/orderLine/orderLine.machine';
import type { CompanyConfig } from '../../../config';
import { type Db, type Executor, readTogether, type Tx } from '../../../db/client';
import { WritePlan } from '../../../db/plan';
import { badRequest, type CurrentUser, conflict, HttpError, idempotencyKeyReused, notFound } from '../../../http';
import { type Paise, paise, rupeesText, toRupees } from '../../../money';
import type { PaymentProviders } from '../../../plugins/payments';
import type { PaymentProviderCode } from '../../../plugins/payments/provider';
import { isPartyRole } from '../../../roles';
import { canonicalStateName, gstStateCode } from '../../../shared/gstin';
import { applyEventToMany, decide } from '../../../workflow/apply';
import { tax } from '../../catalogue';
import { payments, wallets } from '../../money';
import { notifyPerson, planDocumentNumber, planLiveEvent, planNotice } from '../../platform';
import * as addresses from '../addresses/service';
import * as cart from '../cart/service';
import { assertSlot } from '../cart/slots';
import * as dispatch from '../dispatch/service';
import * as promotions from '../promotions/service';
import * as tips from '../tips/service';
import { type Quote, type QuoteLineInput, quote } from './quote';
import * as repo from './repo';

/** The order line's entity name in the transition log (shared with the order lines module). */
export const LINE_ENTITY = 'OrderLine';
export const ORDER_PURPOSE = 'Order';

/** How an order is paid: from the wallet alone, or through a provider (for the rest, when the wallet pays part). */
export type PayMode = 'Wallet' | PaymentProviderCode;

/** A line given directly instead of from the cart (the demo seed and tests place orders this way). */
export interface OrderItem {
  serviceId: number;
  quantity: number;
  slotStart: Date;
}

export interface QuoteRequest {
  customerUserId: number;
  addressId: number | null;
  tipPaise: Paise;
  useWallet: boolean;
  /** Lines given directly; without them the customer's cart is quoted. */
  items?: OrderItem[];
  /** The coupon the customer applies (decision 026); refused with the reason when it cannot take anything off. */
  couponCode?: string | null;
  now?: Date;
}

export interface PricedOrder {
  quote: Quote;
  address: addresses.AddressRow;
  placeOfSupply: { state: string; code: string | null };
  /** The zone of the address's pincode (null outside every zone): the lines' zone when placed. */
  zoneId: number | null;
  /** The customer's wallet account (null until they have one): paying from it needs no second look-up. */
  walletId: number | null;
}

// ---------------------------------------------------------------------------------------------- the quote

/** How long the GST rates read for a day are reused: they change by law, with effective dates entered ahead. */
const GST_RATES_TTL_MS = 60_000;
const gstRatesCache = new Map<string, { rates: number[]; until: number }>();

/**
 * The GST rates in force on `at`'s India day (tax.ratesInForce), kept in this process for a minute per day: every
 * quote and placement needs them, and they change only when a rate with its effective date is added (a migration).
 * The key is the India day, so a rate that takes effect at midnight is used from midnight; a rate row changed by hand
 * is picked up within the minute.
 */
async function gstRatesOn(exec: Executor, at: Date): Promise<number[]> {
  // India is UTC+05:30 all year (no daylight saving): its calendar day is UTC's after adding 5½ hours.
  const day = new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
  const now = Date.now();
  const hit = gstRatesCache.get(day);
  if (hit && hit.until > now) return hit.rates;
  const rates = await tax.ratesInForce(exec, at);
  if (gstRatesCache.size > 16) gstRatesCache.clear();
  gstRatesCache.set(day, { rates, until: now + GST_RATES_TTL_MS });
  return rates;
}

async function itemLines(exec: Executor, items: OrderItem[]) {
  const found = new Map(
    (await repo.servicesForLines(exec, [...new Set(items.map((i) => i.serviceId))])).map((s) => [s.serviceId, s]),
  );
  return items.map((i, n) => {
    const s = found.get(i.serviceId);
    if (!s) throw badRequest(`items[${n}].serviceId`, `service ${i.serviceId} does not exist`);
    return {
      serviceId: s.serviceId,
      quantity: i.quantity,
      slotStart: i.slotStart,
      heading: s.heading,
      categoryId: s.categoryId,
      sacCode: s.sacCode,
      pricePaise: s.pricePaise,
      discountPercent: s.discountPercent,
      gstPercent: s.gstPercent,
      available: !!s.available,
      packageId: null,
    };
  });
}

function slotProblem(heading: string, slot: Date | null, now: Date): string | null {
  if (!slot) return `Pick a time slot for ${heading}.`;
  try {
    assertSlot(slot, 'slot', now);
    return null;
  } catch (e) {
    if (e instanceof HttpError)
      return `The slot of ${heading} ${e.errors[0]?.message ?? 'is not valid'}: pick another.`;
    throw e;
  }
}

/** Whether an address is in the company's registered state (CGST + SGST), by state name. */
export const isIntraState = (company: CompanyConfig, stateName: string) =>
  canonicalStateName(stateName) === company.state;

/**
 * The server's quote of the customer's cart (or of given lines) at an address: prices, GST split by the place of
 * supply, the tip, the wallet's part and each line's problems. Reads only; placing recomputes it in its transaction.
 */
export async function priceOrder(exec: Executor, company: CompanyConfig, r: QuoteRequest): Promise<PricedOrder> {
  const now = r.now ?? new Date();
  const address = await addresses.addressForOrder(exec, r.customerUserId, r.addressId);
  await tips.assertTipAmount(exec, r.tipPaise, 'Tip');
  const lines = r.items ? await itemLines(exec, r.items) : await cart.cartForCheckout(exec, r.customerUserId);
  const [servedAt, rates, wallet] = await readTogether(exec, [
    () => repo.servedAt(exec, address.pinCode, [...new Set(lines.map((l) => l.categoryId))]),
    () => gstRatesOn(exec, now),
    () => wallets.walletOf(exec, 'customer', r.customerUserId),
  ]);
  const served = servedAt.categories;
  // The pincode's zone came with the served categories (looked up only when there were none).
  const zoneId =
    servedAt.zoneId !== undefined
      ? servedAt.zoneId
      : lines.length
        ? await dispatch.zoneOfPincode(exec, address.pinCode)
        : null;
  // Slot capacity (decision 016): a valid slot of a served line needs a matching professional free in it.
  const checked = lines.filter(
    (l): l is typeof l & { slotStart: Date } =>
      !!l.slotStart && served.get(l.categoryId)?.served === true && !slotProblem(l.heading, l.slotStart, now),
  );
  const problems = await dispatch.slotCapacityProblems(exec, zoneId, checked);
  const full = new Map<number, string>();
  checked.forEach((l, i) => {
    const why = problems[i];
    if (why) full.set(l.serviceId, `${l.heading}: ${why}`);
  });
  const inputs = lines.map((l): QuoteLineInput => {
    const s = served.get(l.categoryId);
    const notServedMessage = !s
      ? undefined
      : s.zoneName === null || s.zoneActive === false
        ? `We do not serve pincode ${address.pinCode} yet, so ${l.heading} cannot be booked at this address.`
        : `${s.name} is not offered in ${s.zoneName} (pincode ${address.pinCode}), so ${l.heading} cannot be booked at this address.`;
    return {
      serviceId: l.serviceId,
      description: l.heading,
      categoryId: l.categoryId,
      sacCode: l.sacCode,
      quantity: l.quantity,
      unitPricePaise: l.pricePaise,
      discountPercent: l.discountPercent,
      gstRate: l.gstPercent,
      slotStart: l.slotStart,
      available: l.available,
      served: s?.served === true,
      notServedMessage,
      slotProblem: slotProblem(l.heading, l.slotStart, now) ?? full.get(l.serviceId) ?? null,
      rateInForce: rates.includes(l.gstPercent),
      packageId: l.packageId,
    };
  });
  const offers = await promotions.promotionsFor(exec, {
    customerUserId: r.customerUserId,
    couponCode: r.couponCode,
    serviceIds: lines.map((l) => l.serviceId),
    packageIds: lines.flatMap((l) => (l.packageId === null ? [] : [l.packageId])),
    at: now,
  });
  const q = quote({
    lines: inputs,
    intraState: isIntraState(company, address.state),
    tipPaise: r.tipPaise,
    walletBalancePaise: wallet?.balance ?? 0,
    useWallet: r.useWallet,
    promotions: offers,
  });
  promotions.refuseCouponMiss(q.coupon);
  return {
    quote: q,
    address,
    placeOfSupply: { state: address.state, code: gstStateCode(address.state) },
    zoneId,
    walletId: wallet?.id ?? null,
  };
}

const r2 = (p: number) => toRupees(paise(p));

/** The quote in rupees, as OrderCheckOut answers it. */
export function quoteOut(p: PricedOrder) {
  const q = p.quote;
  const t = q.totals;
  return {
    address: {
      id: p.address.id,
      receiverName: p.address.receiverName,
      receiverMobileNo: p.address.receiverMobileNo,
      address: p.address.address,
      city: p.address.city,
      state: p.address.state,
      pinCode: p.address.pinCode,
    },
    placeOfSupply: p.placeOfSupply,
    gstType: q.intraState ? ('CGST+SGST' as const) : ('IGST' as const),
    lines: q.lines.map((l) => ({
      serviceId: l.serviceId,
      description: l.description,
      sacCode: l.sacCode,
      quantity: l.quantity,
      unitPrice: r2(l.unitPricePaise),
      gross: r2(l.grossPaise),
      discountPercent: l.discountPercent,
      discount: r2(l.discountPaise),
      promotion: l.promoKind
        ? { kind: l.promoKind, label: l.promoLabel ?? '', discount: r2(l.promoDiscountPaise) }
        : null,
      taxableValue: r2(l.taxablePaise),
      gstRate: l.gstRate,
      gst: r2(l.gstPaise),
      cgst: r2(l.cgstPaise),
      sgst: r2(l.sgstPaise),
      igst: r2(l.igstPaise),
      total: r2(l.totalPaise),
      slotStart: l.slotStart,
      problems: l.problems,
    })),
    totals: {
      gross: r2(t.grossPaise),
      discount: r2(t.discountPaise),
      promoDiscount: r2(t.promoDiscountPaise),
      taxableValue: r2(t.taxablePaise),
      gst: r2(t.gstPaise),
      cgst: r2(t.cgstPaise),
      sgst: r2(t.sgstPaise),
      igst: r2(t.igstPaise),
      tip: r2(t.tipPaise),
      total: r2(t.totalPaise),
      walletBalance: r2(t.walletBalancePaise),
      walletUsable: r2(t.walletUsablePaise),
      wallet: r2(t.walletPaise),
      amountPayable: r2(t.payablePaise),
    },
    coupon: q.coupon
      ? { couponId: q.coupon.id, couponCode: q.coupon.code, discount: r2(q.coupon.discountPaise) }
      : null,
    placeable: q.placeable,
    problems: q.problems,
  };
}

// ---------------------------------------------------------------------------------------------- lines and payment

/** The 4-digit code the customer gives the professional at the door (uniform, from the CSPRNG). */
const completionCode = () => String(randomInt(0, 10_000)).padStart(4, '0');

/** Where every order line starts: the machine's initial state. */
const INITIAL_LINE_STATE = orderLineMachine.config.initial as OrderLineState;

/** The state an order line goes to on an event, as the order line machine says (409 when it refuses). */
/** The state a new line reaches by `event` from the machine's first state, as the machine decides it. */
const lineStateAfter = (event: OrderLineEventType) =>
  decide(orderLineMachine, LINE_ENTITY, null, INITIAL_LINE_STATE, { type: event }).to as OrderLineState;

/**
 * Applies one event to every line of an order inside the caller's transaction, through applyEventToMany: the lines
 * are locked, the machine decides for each (one refusal refuses all), then the states and the log are written.
 */
async function applyToLines(tx: Tx, orderId: number, event: OrderLineEventType, actorId: number | null, at: Date) {
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

const orderLink = (orderId: number) => `/PayProcessInvoice?OrderId=${orderId}`;

/**
 * Pays an order from the customer's wallet inside the caller's transaction (a wallet order at once; a provider order
 * once its money is in the wallet): the wallet is debited the total (revenue + taxable, GST payable + GST, tips + tip),
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
async function payFromWallet(
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
  } = {},
) {
  const wallet =
    known.walletId ??
    (await wallets.openWallet(tx, 'customer', { id: order.customerUserId, fullName: order.customerName }));
  const transfer = await wallets.open(tx, {
    kind: 'order_payment',
    legs: [
      { accountId: wallet, amount: -order.totalPaise },
      { accountId: wallets.systemAccountId('revenue'), amount: order.taxablePaise },
      { accountId: wallets.systemAccountId('gst_payable'), amount: order.gstPaise },
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

// ---------------------------------------------------------------------------------------------- placing

export interface PlaceRequest {
  customerUserId: number;
  /** The coupon applied at checkout (decision 026). */
  couponCode?: string | null;
  addressId: number | null;
  tipPaise: Paise;
  /** Wallet: the wallet pays all; a provider pays all, or the rest when useWallet. */
  mode: PayMode;
  useWallet: boolean;
  idempotency: wallets.Idempotency;
  /** Who places it; a signed-in caller also carries the name and number their session read. */
  actor: { id: number } & Partial<Pick<CurrentUser, 'fullName' | 'mobileNo'>>;
  items?: OrderItem[];
}

/** The customer placing their own order is the person their session read: no second read. */
const selfPlacing = (r: PlaceRequest) =>
  r.actor.id === r.customerUserId && r.actor.fullName !== undefined && r.actor.mobileNo !== undefined
    ? { id: r.actor.id, fullName: r.actor.fullName, mobileNo: r.actor.mobileNo }
    : null;

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

async function placedOf(exec: Executor, order: repo.OrderRow, replayed: boolean): Promise<Placed> {
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

/** The first result for a repeated Idempotency-Key; another request under the key is 422. */
function replayOrRefuse(existing: repo.OrderRow, hash: string) {
  if (existing.requestHash !== hash) {
    throw idempotencyKeyReused('This Idempotency-Key was already used to place a different order; nothing was placed.');
  }
  return existing;
}

function refusePlacing(q: Quote): never {
  const first = q.lines.findIndex((l) => l.problems.length > 0);
  if (first >= 0) {
    const line = q.lines[first];
    throw new HttpError(
      409,
      'Cannot place the order',
      line.problems.map((p) => p.message).join(' '),
      [{ field: `lines[${first}]`, message: line.problems.map((p) => p.message).join(' ') }],
      { serviceId: line.serviceId, problems: q.problems },
    );
  }
  throw new HttpError(409, 'Cannot place the order', q.problems.join(' ') || 'The order cannot be placed.', [
    { field: 'cart', message: q.problems.join(' ') },
  ]);
}

const paymentTypeOf = (mode: PayMode, wallet: number, provider: number): repo.OrderPaymentType =>
  provider === 0
    ? 'Wallet'
    : wallet === 0
      ? (mode as PaymentProviderCode)
      : (`Wallet+${mode}` as repo.OrderPaymentType);

/**
 * Places an order (Order/OrderPlacedNew) in ONE transaction: the quote is recomputed (a cart that is not placeable is
 * refused naming the line), the order and its lines are written with the price snapshot, the wallet is debited and
 * the invoice numbered when the wallet pays it all, or a payment intent is opened for the provider's part; the cart
 * is emptied. All of it, or nothing. The same Idempotency-Key answers the first result. A provider's order is then
 * asked for outside the transaction and the browser is sent to its checkout.
 *
 * Exported for the demo seed and other modules' tests (with `items` and mode Wallet, no HTTP needed).
 */
export async function placeOrder(
  db: Db,
  providers: PaymentProviders,
  r: PlaceRequest,
  ctx: PlaceContext,
): Promise<Placed> {
  if (r.mode !== 'Wallet' && !providers.isAvailable(r.mode)) {
    throw badRequest(
      'ApiName',
      `${r.mode} is not set up on this server: choose ${['Wallet', ...providers.modes].join(', ')}`,
    );
  }
  const key = r.idempotency.key;
  const made = await db.transaction(async (tx) => {
    // A racing placement of the same cart waits here, then finds the lines it took gone.
    const existing = r.items
      ? key
        ? await repo.findByIdempotency(tx, r.customerUserId, key)
        : null
      : await repo.lockCartFindingKey(tx, r.customerUserId, key);
    if (existing) return { order: replayOrRefuse(existing, r.idempotency.hash), intent: null, replayed: true };
    const priced = await priceOrder(tx, ctx.company, { ...r, now: new Date() });
    const q = priced.quote;
    if (!q.placeable) {
      // A twin under the same key may have placed this cart a moment ago.
      const twin = key ? await repo.findByIdempotency(tx, r.customerUserId, key) : null;
      if (twin) return { order: replayOrRefuse(twin, r.idempotency.hash), intent: null, replayed: true };
      refusePlacing(q);
    }
    const t = q.totals;
    if (r.mode === 'Wallet' && t.walletBalancePaise < t.totalPaise) {
      throw conflict(
        'ApiName',
        `Your wallet holds ${rupeesText(t.walletBalancePaise)}, less than the order's ${rupeesText(t.totalPaise)}: pay the rest with a payment provider.`,
      );
    }
    const walletPaise = r.mode === 'Wallet' ? t.totalPaise : r.useWallet ? t.walletUsablePaise : 0;
    const providerPaise = t.totalPaise - walletPaise;
    const paidNow = providerPaise === 0;
    const now = new Date();
    const a = priced.address;
    const customer = selfPlacing(r) ?? (await repo.person(tx, r.customerUserId));
    if (!customer) throw notFound(`Customer ${r.customerUserId}`);
    const lineState = paidNow ? lineStateAfter('PAYMENT_SETTLED') : INITIAL_LINE_STATE;
    // Dispatch matches professionals by the zone of the address pincode, fixed at placing.
    const zoneId = priced.zoneId;
    // The order, its lines (each starting in the machine's initial state, logged like any transition; paid from the
    // wallet at once, written settled with PAYMENT_SETTLED logged too) and the emptied cart: one statement.
    const written = await repo.insertPlacedOrder(tx, {
      order: {
        customerUserId: r.customerUserId,
        status: 'awaiting payment',
        statusUpdateDate: now,
        orderType: 'normal',
        paymentType: paymentTypeOf(r.mode, walletPaise, providerPaise),
        addressId: a.id,
        customerName: customer.fullName,
        placeAddress: a.address,
        city: a.city,
        state: a.state,
        stateId: a.stateId,
        pinCode: a.pinCode,
        country: 'India',
        receiverName: a.receiverName,
        receiverMobileNo: a.receiverMobileNo,
        intraState: q.intraState,
        taxablePaise: t.taxablePaise,
        gstPaise: t.gstPaise,
        tipPaise: t.tipPaise,
        totalPaise: t.totalPaise,
        walletPaise,
        providerPaise,
        couponId: q.coupon?.id ?? null,
        couponCode: q.coupon?.code ?? null,
        promoDiscountPaise: t.promoDiscountPaise,
        idempotencyKey: key,
        requestHash: key ? r.idempotency.hash : null,
        createdAt: now,
      },
      lines: q.lines.map((l) => ({
        customerUserId: r.customerUserId,
        serviceId: l.serviceId,
        categoryId: l.categoryId,
        description: l.description,
        sacCode: l.sacCode,
        quantity: l.quantity,
        unitPricePaise: l.unitPricePaise,
        discountPercent: l.discountPercent,
        discountPaise: l.discountPaise,
        promoKind: l.promoKind,
        promoDiscountPaise: l.promoDiscountPaise,
        packageId: l.packageId,
        taxablePaise: l.taxablePaise,
        gstRate: l.gstRate,
        cgstPaise: l.cgstPaise,
        sgstPaise: l.sgstPaise,
        igstPaise: l.igstPaise,
        totalPaise: l.totalPaise,
        slotStart: l.slotStart!,
        zoneId,
        completionCode: completionCode(),
        state: lineState,
        stateChangedAt: now,
        createdAt: now,
      })),
      transitions: [
        { fromState: null, toState: INITIAL_LINE_STATE, event: 'CREATE' },
        ...(paidNow ? [{ fromState: INITIAL_LINE_STATE, toState: lineState, event: 'PAYMENT_SETTLED' }] : []),
      ],
      entity: LINE_ENTITY,
      actorId: r.actor.id,
      clearCartOf: r.items ? null : r.customerUserId,
    });
    if (!written) {
      // The unique key refused a twin's second insert: the twin committed first, so answer its order.
      const twin = await repo.findByIdempotency(tx, r.customerUserId, key!);
      return { order: replayOrRefuse(twin!, r.idempotency.hash), intent: null, replayed: true };
    }
    const { order, lines } = written;
    // The coupon is reserved with the order (its limits checked under the coupon's lock), or the placing is refused.
    if (q.coupon) {
      await promotions.reserveCoupon(tx, {
        couponId: q.coupon.id,
        orderId: order.id,
        customerUserId: r.customerUserId,
        discountPaise: q.coupon.discountPaise,
        at: now,
      });
    }
    if (paidNow) {
      const paid = await payFromWallet(tx, order, r.actor.id, now, r.mode === 'Wallet' ? 'ApiName' : 'UseWallet', {
        customer,
        settledLines: lines,
        walletId: priced.walletId,
      });
      // What payFromWallet wrote, so the answer needs no read after the commit.
      const placed: repo.OrderRow = {
        ...order,
        status: 'order created',
        statusUpdateDate: now,
        transferId: paid.transferId,
        invoiceNo: paid.invoiceNo,
        invoiceDate: now,
      };
      return { order: placed, intent: null, replayed: false, final: true };
    }
    const intent = await providerIntent(tx, order.id, customer, r.mode, providerPaise, r.actor.id);
    return { order, intent, replayed: false };
  });
  if (made.intent) {
    try {
      await askProvider(db, providers, made.intent, made.order, ctx, r.actor.id);
    } catch (e) {
      // The order is placed; only its payment could not start (the intent failed and the order is 'payment failed'):
      // the answer says so, and the order's page offers to pay again.
      if (!(e instanceof HttpError && e.statusCode === 502)) throw e;
    }
  }
  if ('final' in made) return placedOf(db, made.order, false);
  return placedOf(db, (await repo.findOrder(db, made.order.id))!, made.replayed);
}

/** The provider's part of an order: a payment intent into the customer's wallet, linked to the order. */
async function providerIntent(
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

async function askProvider(
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

// ---------------------------------------------------------------------------------------------- after placing

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

/** Order/OrderCheckOut: the quote for the customer (or staff acting for one). */
export async function checkout(db: Db, company: CompanyConfig, r: QuoteRequest) {
  return quoteOut(await priceOrder(db, company, r));
}
