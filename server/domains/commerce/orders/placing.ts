import { randomInt } from 'node:crypto';
import { type OrderLineState, orderLineMachine } from '../../../../src/machines/orderLine/orderLine.machine';
import type { Db } from '../../../db/client';
import { WritePlan } from '../../../db/plan';
import { badRequest, type CurrentUser, conflict, HttpError, idempotencyKeyReused, notFound } from '../../../http';
import { type Paise, rupeesText } from '../../../money';
import type { PaymentProviders } from '../../../plugins/payments';
import { enterMachine } from '../../../workflow/apply';
import type { wallets } from '../../money';
import * as cart from '../cart/service';
import { ENTITY as LINE_ENTITY } from '../orderLines/events';
import * as promotions from '../promotions/service';
import {
  askProvider,
  type PayMode,
  type PlaceContext,
  type Placed,
  payFromWallet,
  paymentTypeOf,
  placedOf,
  providerIntent,
} from './paying';
import { type OrderItem, priceOrder } from './pricing';
import type { Quote } from './quote';
import * as repo from './repo';

/** The 4-digit code the customer gives the professional at the door (uniform, from the CSPRNG). */
const completionCode = () => String(randomInt(0, 10_000)).padStart(4, '0');

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
    // The lines enter their machine (CREATE; paid from the wallet at once, PAYMENT_SETTLED too), decided and logged by
    // the workflow module.
    const entered = enterMachine({
      machine: orderLineMachine,
      entity: LINE_ENTITY,
      events: paidNow ? ['PAYMENT_SETTLED'] : [],
      actorId: r.actor.id,
    });
    const lineState = entered.state as OrderLineState;
    // Dispatch matches professionals by the zone of the address pincode, fixed at placing.
    const zoneId = priced.zoneId;
    // The order, its lines, their transitions and the emptied cart: one statement, each module writing its own table.
    const plan = new WritePlan();
    const placing = repo.planPlacedOrder(
      plan,
      {
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
      q.lines.map((l) => ({
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
    );
    entered.log(plan, placing.lines);
    if (!r.items) cart.planEmptyCart(plan, r.customerUserId, placing.order);
    const written = await repo.runPlacing(tx, plan, placing);
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
        gstSplit: t,
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
