import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import {
  couponOffers,
  couponRedemptions,
  coupons,
  homeScreenAds,
  specialPackageServices,
  specialPackages,
} from '../../../db/schema';
import { couponTerms } from '../../marketing';

const couponColumns = {
  id: coupons.adId,
  ...couponTerms,
  deletedAt: homeScreenAds.deletedAt,
};
export type CouponRow = Awaited<ReturnType<typeof findCouponByCode>>;

/** A coupon by its code, in any letter case (the unique index is on upper(code)). */
export const findCouponByCode = async (exec: Executor, code: string) =>
  (
    await exec
      .select(couponColumns)
      .from(coupons)
      .innerJoin(homeScreenAds, eq(homeScreenAds.id, coupons.adId))
      .where(sql`upper(${coupons.code}) = ${code.toUpperCase()}`)
  )[0];

/** The coupon's row, locked: redemptions of one coupon queue here, so its limits see every committed one. */
export const lockCoupon = async (exec: Executor, id: number) =>
  (
    await exec
      .select(couponColumns)
      .from(coupons)
      .innerJoin(homeScreenAds, eq(homeScreenAds.id, coupons.adId))
      .where(eq(coupons.adId, id))
      .for('update', { of: coupons })
  )[0];

export const offersOf = (exec: Executor, couponId: number) =>
  exec
    .select({ serviceId: couponOffers.serviceId, categoryId: couponOffers.categoryId })
    .from(couponOffers)
    .where(eq(couponOffers.couponId, couponId));

/** Redemptions not released: of the coupon, and of it by one customer. */
export async function liveRedemptions(exec: Executor, couponId: number, customerUserId: number) {
  const [row] = await exec
    .select({
      total: count(),
      mine: sql<number>`count(*) filter (where ${couponRedemptions.customerUserId} = ${customerUserId})`.mapWith(
        Number,
      ),
    })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), isNull(couponRedemptions.releasedAt)));
  return { total: row.total, mine: row.mine };
}

export const insertRedemption = (
  exec: Executor,
  r: { couponId: number; orderId: number; customerUserId: number; discountPaise: number; createdAt: Date },
) => exec.insert(couponRedemptions).values(r);

/** Releases an order's redemption (idempotent): the number of rows released. */
export async function releaseRedemption(exec: Executor, orderId: number, reason: string, at: Date) {
  const rows = await exec
    .update(couponRedemptions)
    .set({ releasedAt: at, releaseReason: reason })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .returning({ id: couponRedemptions.id });
  return rows.length;
}

export const redemptionOf = async (exec: Executor, orderId: number) =>
  (
    await exec
      .select({
        couponId: couponRedemptions.couponId,
        discountPaise: couponRedemptions.discountPaise,
        releasedAt: couponRedemptions.releasedAt,
      })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, orderId))
  )[0];

/** Unexpired packages among `ids`, with their services. */
export async function packagesByIds(exec: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await exec
    .select({
      id: specialPackages.id,
      name: specialPackages.pkgName,
      pricePaise: specialPackages.pricePaise,
      serviceId: specialPackageServices.serviceId,
    })
    .from(specialPackages)
    .innerJoin(specialPackageServices, eq(specialPackageServices.packageId, specialPackages.id))
    .where(and(inArray(specialPackages.id, ids), eq(specialPackages.expiredStatus, 'N')));
  const byId = new Map<number, { id: number; name: string; pricePaise: number; serviceIds: number[] }>();
  for (const r of rows) {
    const p = byId.get(r.id) ?? { id: r.id, name: r.name, pricePaise: r.pricePaise, serviceIds: [] };
    p.serviceIds.push(r.serviceId);
    byId.set(r.id, p);
  }
  return [...byId.values()];
}

/** Takes a released redemption back for its order (a failed payment tried again). */
export async function reinstateRedemption(exec: Executor, orderId: number, at: Date) {
  await exec
    .update(couponRedemptions)
    .set({ releasedAt: null, releaseReason: null, createdAt: at })
    .where(eq(couponRedemptions.orderId, orderId));
}
