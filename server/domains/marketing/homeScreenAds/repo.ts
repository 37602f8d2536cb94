import { and, count, desc, eq, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { likeTerm, pageAndTotal, qualified } from '../../../db/paging';
import {
  type AdvType,
  type CouponState,
  categories,
  couponOffers,
  couponRedemptions,
  coupons,
  type DiscountType,
  homeScreenAds,
  services,
  transitionLog,
  users,
} from '../../../db/schema';
import type { Paise } from '../../../money';

export type { AdvType, CouponState, DiscountType } from '../../../db/schema';

/** The transition log's entity names. */
export const COUPON_ENTITY = 'Coupon';
export const AD_ENTITY = 'HomeScreenAdvs';

const adder = alias(users, 'adder');
const decider = alias(users, 'decider');

/** Redemptions held now (placed orders not released): what counts against the limits. */
const usedCount = sql<number>`(select count(*)::int from ${couponRedemptions} where ${qualified(couponRedemptions.couponId)} = ${qualified(coupons.adId)} and ${qualified(couponRedemptions.releasedAt)} is null)`;

/** A coupon's terms: what prices an order (commerce/promotions reads the same ones when a code is applied). */
export const couponTerms = {
  code: coupons.code,
  state: coupons.state,
  discountType: coupons.discountType,
  percent: coupons.percent,
  flatPaise: coupons.flatPaise,
  capPaise: coupons.capPaise,
  minOrderPaise: coupons.minOrderPaise,
  validFrom: coupons.validFrom,
  validTo: coupons.validTo,
  totalLimit: coupons.totalLimit,
  perCustomerLimit: coupons.perCustomerLimit,
};

const columns = {
  id: homeScreenAds.id,
  advType: homeScreenAds.advType,
  description: homeScreenAds.description,
  discountDesc: homeScreenAds.discountDesc,
  imageUrl: homeScreenAds.imageUrl,
  imageName: homeScreenAds.imageName,
  status: homeScreenAds.status,
  addedBy: homeScreenAds.addedBy,
  addedByName: adder.fullName,
  addedByRole: homeScreenAds.addedByRole,
  createDate: homeScreenAds.createDate,
  updatedAt: homeScreenAds.updatedAt,
  // The coupon's terms (null for an advertisement).
  ...couponTerms,
  createdBy: coupons.createdBy,
  decidedByName: decider.fullName,
  decidedAt: coupons.decidedAt,
  rejectRemark: coupons.rejectRemark,
  used: sql<number | null>`case when ${qualified(coupons.adId)} is null then null else ${usedCount} end`,
};

export type AdRow = {
  id: number;
  advType: AdvType;
  description: string;
  discountDesc: string;
  imageUrl: string | null;
  imageName: string | null;
  status: boolean;
  addedBy: number;
  addedByName: string | null;
  addedByRole: string;
  createDate: Date;
  updatedAt: Date;
  code: string | null;
  state: CouponState | null;
  discountType: DiscountType | null;
  percent: number | null;
  flatPaise: Paise | null;
  capPaise: Paise | null;
  minOrderPaise: Paise | null;
  validFrom: Date | null;
  validTo: Date | null;
  totalLimit: number | null;
  perCustomerLimit: number | null;
  createdBy: number | null;
  decidedByName: string | null;
  decidedAt: Date | null;
  rejectRemark: string | null;
  used: number | null;
};

const base = (exec: Executor) =>
  exec
    .select(columns)
    .from(homeScreenAds)
    .leftJoin(adder, eq(adder.id, homeScreenAds.addedBy))
    .leftJoin(coupons, eq(coupons.adId, homeScreenAds.id))
    .leftJoin(decider, eq(decider.id, coupons.decidedBy));

/** Live for a visitor: an advertisement switched on; a coupon approved and within its validity now. */
const live = (now: Date) =>
  or(
    and(eq(homeScreenAds.advType, 'AD'), eq(homeScreenAds.status, true)),
    and(
      eq(homeScreenAds.advType, 'CO'),
      eq(coupons.state, 'approved'),
      lte(coupons.validFrom, now),
      sql`${coupons.validTo} > ${now}`,
    ),
  );

export interface AdListQuery {
  advType?: AdvType;
  /** Only live ones (visitors). */
  liveAt?: Date;
  status?: 'all' | 'active' | 'inactive';
  states?: CouponState[];
  /** Approved and valid at this time. */
  validAt?: Date;
  search?: string;
  limit: number;
  offset: number;
  orderBy: 'id' | 'updatedAt';
}

export async function pageAds(exec: Executor, q: AdListQuery): Promise<{ rows: AdRow[]; total: number }> {
  const where = and(
    isNull(homeScreenAds.deletedAt),
    q.advType ? eq(homeScreenAds.advType, q.advType) : undefined,
    q.liveAt ? live(q.liveAt) : undefined,
    q.status === 'active'
      ? eq(homeScreenAds.status, true)
      : q.status === 'inactive'
        ? eq(homeScreenAds.status, false)
        : undefined,
    q.states ? inArray(coupons.state, q.states) : undefined,
    q.validAt ? and(lte(coupons.validFrom, q.validAt), sql`${coupons.validTo} > ${q.validAt}`) : undefined,
    q.search
      ? or(ilike(homeScreenAds.description, likeTerm(q.search)), ilike(coupons.code, likeTerm(q.search)))
      : undefined,
  );
  const order =
    q.orderBy === 'updatedAt' ? [desc(homeScreenAds.updatedAt), desc(homeScreenAds.id)] : [desc(homeScreenAds.id)];
  const { rows, total: n } = await pageAndTotal(
    base(exec).$dynamic(),
    exec
      .select({ total: count() })
      .from(homeScreenAds)
      .leftJoin(coupons, eq(coupons.adId, homeScreenAds.id))
      .$dynamic(),
    where,
    order,
    q,
  );
  return { rows: rows as AdRow[], total: n };
}

/** One advertisement or coupon not deleted (only a live one with `liveAt`). */
export async function findAd(exec: Executor, id: number, liveAt?: Date): Promise<AdRow | undefined> {
  const [row] = await base(exec).where(
    and(eq(homeScreenAds.id, id), isNull(homeScreenAds.deletedAt), liveAt ? live(liveAt) : undefined),
  );
  return row as AdRow | undefined;
}

export interface OfferRow {
  id: number;
  couponId: number;
  serviceId: number | null;
  serviceName: string | null;
  categoryId: number | null;
  categoryName: string | null;
}

/** The services and categories the coupons apply to. */
export async function offersOf(exec: Executor, couponIds: number[]): Promise<OfferRow[]> {
  if (!couponIds.length) return [];
  return exec
    .select({
      id: couponOffers.id,
      couponId: couponOffers.couponId,
      serviceId: couponOffers.serviceId,
      serviceName: services.heading,
      categoryId: couponOffers.categoryId,
      categoryName: categories.name,
    })
    .from(couponOffers)
    .leftJoin(services, eq(services.id, couponOffers.serviceId))
    .leftJoin(categories, eq(categories.id, couponOffers.categoryId))
    .where(inArray(couponOffers.couponId, couponIds))
    .orderBy(couponOffers.id);
}

/** The ids among `ids` that are services. */
export async function existingServices(exec: Executor, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await exec.select({ id: services.id }).from(services).where(inArray(services.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function existingCategories(exec: Executor, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await exec.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** A coupon whose code is `code` in any letter case (deleted ones too: the unique index keeps them). */
export async function couponWithCode(exec: Executor, code: string, exceptId?: number) {
  const [row] = await exec
    .select({ id: coupons.adId })
    .from(coupons)
    .where(
      and(sql`upper(${coupons.code}) = upper(${code})`, exceptId ? sql`${coupons.adId} <> ${exceptId}` : undefined),
    )
    .limit(1);
  return row;
}

export async function insertAd(exec: Executor, values: typeof homeScreenAds.$inferInsert): Promise<number> {
  const [row] = await exec.insert(homeScreenAds).values(values).returning({ id: homeScreenAds.id });
  return row.id;
}

export type CouponTerms = Omit<typeof coupons.$inferInsert, 'adId' | 'createdBy' | 'state'>;

export async function insertCoupon(exec: Executor, values: typeof coupons.$inferInsert) {
  await exec.insert(coupons).values(values);
}

export async function replaceOffers(exec: Executor, couponId: number, serviceIds: number[], categoryIds: number[]) {
  await exec.delete(couponOffers).where(eq(couponOffers.couponId, couponId));
  const rows = [
    ...serviceIds.map((serviceId) => ({ couponId, serviceId })),
    ...categoryIds.map((categoryId) => ({ couponId, categoryId })),
  ];
  if (rows.length) await exec.insert(couponOffers).values(rows);
}

/** An advertisement or coupon under a row lock (`FOR UPDATE` of home_screen_ads), deleted ones included. */
export async function lockAd(exec: Executor, id: number) {
  const [row] = await exec
    .select({
      id: homeScreenAds.id,
      advType: homeScreenAds.advType,
      status: homeScreenAds.status,
      imageUrl: homeScreenAds.imageUrl,
      deletedAt: homeScreenAds.deletedAt,
    })
    .from(homeScreenAds)
    .where(eq(homeScreenAds.id, id))
    .for('update');
  return row;
}

/** A coupon under a row lock (`FOR UPDATE` of coupons): what applyEvent and the rules read. */
export async function lockCoupon(exec: Executor, id: number) {
  const [row] = await exec
    .select({
      id: coupons.adId,
      state: coupons.state,
      code: coupons.code,
      createdBy: coupons.createdBy,
      validFrom: coupons.validFrom,
      validTo: coupons.validTo,
    })
    .from(coupons)
    .where(eq(coupons.adId, id))
    .for('update');
  return row ?? null;
}

export async function updateAd(
  exec: Executor,
  id: number,
  set: Partial<
    Pick<
      typeof homeScreenAds.$inferInsert,
      'description' | 'discountDesc' | 'imageUrl' | 'imageName' | 'status' | 'deletedAt'
    >
  >,
) {
  await exec
    .update(homeScreenAds)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(homeScreenAds.id, id));
}

export async function updateCoupon(exec: Executor, id: number, set: Partial<typeof coupons.$inferInsert>) {
  await exec.update(coupons).set(set).where(eq(coupons.adId, id));
}

/** Coupons an EXPIRE is due for: approved or switched off, past the end of their validity. */
export async function dueForExpiry(exec: Executor, now: Date, limit = 500): Promise<number[]> {
  const rows = await exec
    .select({ id: coupons.adId })
    .from(coupons)
    .where(and(inArray(coupons.state, ['approved', 'disabled']), lte(coupons.validTo, now)))
    .orderBy(coupons.validTo)
    .limit(limit);
  return rows.map((r) => r.id);
}

export interface HistoryQuery {
  decisionsOnly: boolean;
  couponId?: number;
  search?: string;
  limit: number;
  offset: number;
}

const actor = alias(users, 'actor');

/** Coupons' transitions, newest first. */
export async function pageHistory(exec: Executor, q: HistoryQuery) {
  const where: (SQL | undefined)[] = [
    eq(transitionLog.entity, COUPON_ENTITY),
    q.decisionsOnly ? inArray(transitionLog.event, ['APPROVE', 'REJECT']) : undefined,
    q.couponId ? eq(transitionLog.entityId, q.couponId) : undefined,
    q.search ? ilike(coupons.code, likeTerm(q.search)) : undefined,
  ];
  const { rows, total: n } = await pageAndTotal(
    exec
      .select({
        id: transitionLog.id,
        at: transitionLog.at,
        couponId: transitionLog.entityId,
        couponCode: coupons.code,
        fromState: transitionLog.fromState,
        toState: transitionLog.toState,
        event: transitionLog.event,
        actorName: actor.fullName,
        actorRole: actor.role,
        remark: transitionLog.remark,
      })
      .from(transitionLog)
      .innerJoin(coupons, eq(coupons.adId, transitionLog.entityId))
      .leftJoin(actor, eq(actor.id, transitionLog.actorId))
      .$dynamic(),
    exec
      .select({ total: count() })
      .from(transitionLog)
      .innerJoin(coupons, eq(coupons.adId, transitionLog.entityId))
      .$dynamic(),
    and(...where),
    [desc(transitionLog.id)],
    q,
  );
  return { rows, total: n };
}
