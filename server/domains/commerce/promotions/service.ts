import { type Executor, readTogether } from '../../../db/client';
import { badRequest, conflict, HttpError } from '../../../http';
import { rupeesText } from '../../../money';
import { subscriptions } from '../../marketing';
import type { CouponTerms, PromotionResult, Promotions } from '../orders/promotions';
import * as repo from './repo';

/**
 * The promotions a checkout may take (decision 026): the coupon asked for, the customer's subscription and
 * the special packages of the cart's lines; the coupon's reservation when an order is placed and its release when
 * the payment fails or the whole order is cancelled. The arithmetic is orders/promotions.ts (pure).
 */

const FIELD = 'CouponCode';
const day = (d: Date) =>
  d.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** Refuses a coupon that cannot be used now, with the reason the customer needs; the limits are checked too. */
function refuseUnusable(c: NonNullable<repo.CouponRow>, used: { total: number; mine: number }, at: Date) {
  if (c.deletedAt || c.state === 'deleted') throw badRequest(FIELD, 'There is no coupon with this code.');
  if (c.state === 'expired' || (c.validTo <= at && (c.state === 'approved' || c.state === 'disabled'))) {
    // validTo is the instant validity ends (the start of the day after the last day, decision 021).
    throw badRequest(FIELD, `Coupon ${c.code} expired on ${day(new Date(c.validTo.getTime() - 1))}.`);
  }
  if (c.state === 'disabled') throw badRequest(FIELD, `Coupon ${c.code} is not available now.`);
  if (c.state !== 'approved') throw badRequest(FIELD, `Coupon ${c.code} is not approved.`);
  if (c.validFrom > at) throw badRequest(FIELD, `Coupon ${c.code} is valid from ${day(c.validFrom)}.`);
  if (used.total >= c.totalLimit) throw badRequest(FIELD, `Coupon ${c.code} has been used up.`);
  if (used.mine >= c.perCustomerLimit) {
    throw badRequest(
      FIELD,
      c.perCustomerLimit === 1
        ? `You have already used coupon ${c.code}.`
        : `You have already used coupon ${c.code} ${c.perCustomerLimit} times, its limit per customer.`,
    );
  }
}

/** The terms of a coupon the customer may use now; a 400 naming CouponCode says why not. */
export async function couponForCheckout(
  exec: Executor,
  code: string,
  customerUserId: number,
  at: Date,
): Promise<CouponTerms> {
  const c = await repo.findCouponByCode(exec, code.trim());
  if (!c) throw badRequest(FIELD, 'There is no coupon with this code.');
  refuseUnusable(c, await repo.liveRedemptions(exec, c.id, customerUserId), at);
  const offers = await repo.offersOf(exec, c.id);
  return {
    id: c.id,
    code: c.code,
    discountType: c.discountType,
    percent: c.percent,
    flatPaise: c.flatPaise,
    capPaise: c.capPaise,
    minOrderPaise: c.minOrderPaise,
    serviceIds: offers.flatMap((o) => (o.serviceId === null ? [] : [o.serviceId])),
    categoryIds: offers.flatMap((o) => (o.categoryId === null ? [] : [o.categoryId])),
  };
}

export interface PromotionsRequest {
  customerUserId: number;
  couponCode?: string | null;
  serviceIds: number[];
  packageIds: number[];
  at: Date;
}

/** Everything the quote may apply for this customer and cart. */
export async function promotionsFor(exec: Executor, r: PromotionsRequest): Promise<Promotions> {
  const [coupon, plan, packages] = await readTogether(exec, [
    async () => (r.couponCode?.trim() ? couponForCheckout(exec, r.couponCode, r.customerUserId, r.at) : null),
    () => subscriptions.activePlanDiscounts(exec, r.customerUserId, r.serviceIds, r.at),
    () => repo.packagesByIds(exec, [...new Set(r.packageIds)]),
  ]);
  return {
    coupon,
    packages,
    subscription: plan ? { name: plan.subscriptionName, discounts: plan.discounts } : null,
  };
}

/** A coupon asked for that takes nothing off this cart is refused, with why. */
export function refuseCouponMiss(coupon: PromotionResult['coupon']) {
  const miss = coupon?.miss;
  if (!coupon || !miss) return;
  if (miss.code === 'belowMinimum') {
    throw badRequest(
      FIELD,
      `Coupon ${coupon.code} needs an order of at least ${rupeesText(miss.minOrderPaise)} before GST; yours is ${rupeesText(miss.orderPaise)}.`,
    );
  }
  if (miss.code === 'notForThese') {
    throw badRequest(FIELD, `Coupon ${coupon.code} is not for the services in your cart.`);
  }
  throw badRequest(
    FIELD,
    `Your subscription already takes more off every line coupon ${coupon.code} covers: the coupon is not needed.`,
  );
}

/**
 * Reserves the coupon for a placed order inside the placing transaction: under the coupon's row lock its state,
 * validity and both limits are checked against every committed redemption, then the redemption is written. Of 100
 * parallel checkouts on a coupon with a limit of 10, exactly 10 get it; the others are refused with the reason.
 */
export async function reserveCoupon(
  tx: Executor,
  r: { couponId: number; orderId: number; customerUserId: number; discountPaise: number; at: Date },
) {
  const c = await repo.lockCoupon(tx, r.couponId);
  if (!c) throw badRequest(FIELD, 'There is no coupon with this code.');
  refuseUnusable(c, await repo.liveRedemptions(tx, c.id, r.customerUserId), r.at);
  await repo.insertRedemption(tx, {
    couponId: c.id,
    orderId: r.orderId,
    customerUserId: r.customerUserId,
    discountPaise: r.discountPaise,
    createdAt: r.at,
  });
}

/** Gives an order's coupon back (its payment failed, or the whole order was cancelled); nothing when it had none. */
export const releaseCoupon = (tx: Executor, orderId: number, reason: string, at: Date) =>
  repo.releaseRedemption(tx, orderId, reason, at);

/**
 * A failed order paid again takes its coupon back, under the coupon's lock and limits as a new reservation would;
 * when the coupon can no longer be used, the retry is refused with why (the order's prices include its discount).
 */
export async function reclaimCoupon(tx: Executor, orderId: number, customerUserId: number, at: Date) {
  const held = await repo.redemptionOf(tx, orderId);
  if (!held?.releasedAt) return;
  const c = await repo.lockCoupon(tx, held.couponId);
  if (!c) throw badRequest(FIELD, 'There is no coupon with this code.');
  try {
    refuseUnusable(c, await repo.liveRedemptions(tx, c.id, customerUserId), at);
  } catch (e) {
    const why = e instanceof HttpError ? (e.errors[0]?.message ?? '') : '';
    throw conflict('OrderId', `${why} This order was priced with it: place a new order instead.`.trim());
  }
  await repo.reinstateRedemption(tx, orderId, at);
}

/** The order's coupon reservation, released or not (null when it used none). */
export const redemptionOf = (exec: Executor, orderId: number) => repo.redemptionOf(exec, orderId);
