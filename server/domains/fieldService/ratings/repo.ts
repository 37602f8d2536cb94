import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../../db/client';
import { likeTerm, pageAndTotal } from '../../../db/paging';
import { orderLines, professionals, serviceRatingStats, services, subCategories, users } from '../../../db/schema';

const customer = alias(users, 'customer');
const professional = alias(users, 'professional');
const hider = alias(users, 'hider');

const COLUMNS = {
  lineId: orderLines.id,
  orderId: orderLines.orderId,
  serviceId: orderLines.serviceId,
  serviceName: orderLines.description,
  professionalId: orderLines.professionalUserId,
  professionalName: professional.fullName,
  customerId: orderLines.customerUserId,
  customerName: customer.fullName,
  customerMobileNo: customer.mobileNo,
  rating: orderLines.rating,
  review: orderLines.review,
  ratedAt: orderLines.ratedAt,
  reviewHiddenAt: orderLines.reviewHiddenAt,
  reviewHiddenByName: hider.fullName,
  reviewHiddenReason: orderLines.reviewHiddenReason,
};

const joined = (exec: Executor) =>
  exec
    .select(COLUMNS)
    .from(orderLines)
    .innerJoin(customer, eq(customer.id, orderLines.customerUserId))
    .leftJoin(professional, eq(professional.id, orderLines.professionalUserId))
    .leftJoin(hider, eq(hider.id, orderLines.reviewHiddenBy));

export type RatingRow = NonNullable<Awaited<ReturnType<typeof byLine>>>;

export async function byLine(exec: Executor, lineId: number) {
  const [row] = await joined(exec).where(and(eq(orderLines.id, lineId), isNotNull(orderLines.rating)));
  return row ?? null;
}

export interface RatingFilter {
  serviceId?: number;
  professionalId?: number;
  stars?: number;
  hidden?: boolean;
  search?: string;
  limit: number;
  offset: number;
}

/** One page of rated lines, newest rating first (the line id breaks ties). */
export async function page(exec: Executor, f: RatingFilter) {
  const term = f.search?.trim() ? likeTerm(f.search) : null;
  const where = and(
    isNotNull(orderLines.rating),
    f.serviceId === undefined ? undefined : eq(orderLines.serviceId, f.serviceId),
    f.professionalId === undefined ? undefined : eq(orderLines.professionalUserId, f.professionalId),
    f.stars === undefined ? undefined : eq(orderLines.rating, f.stars),
    f.hidden === undefined
      ? undefined
      : f.hidden
        ? isNotNull(orderLines.reviewHiddenAt)
        : isNull(orderLines.reviewHiddenAt),
    term
      ? or(
          ilike(orderLines.review, term),
          ilike(orderLines.description, term),
          ilike(customer.fullName, term),
          ilike(customer.mobileNo, term),
          ilike(professional.fullName, term),
        )
      : undefined,
  ) as SQL;
  return pageAndTotal(
    joined(exec).$dynamic(),
    exec
      .select({ total: count() })
      .from(orderLines)
      .innerJoin(customer, eq(customer.id, orderLines.customerUserId))
      .leftJoin(professional, eq(professional.id, orderLines.professionalUserId))
      .$dynamic(),
    where,
    [desc(orderLines.ratedAt), desc(orderLines.id)],
    f,
  );
}

/** The rated line under a row lock (the rating write and a second hide wait for it), or null. */
export async function lockRated(tx: Tx, lineId: number) {
  const [row] = await tx
    .select({
      id: orderLines.id,
      rating: orderLines.rating,
      review: orderLines.review,
      reviewHiddenAt: orderLines.reviewHiddenAt,
    })
    .from(orderLines)
    .where(and(eq(orderLines.id, lineId), isNotNull(orderLines.rating)))
    .for('update');
  return row ?? null;
}

export async function setHidden(
  tx: Tx,
  lineId: number,
  hidden: { at: Date; by: number; reason: string } | null,
): Promise<void> {
  await tx
    .update(orderLines)
    .set({
      reviewHiddenAt: hidden?.at ?? null,
      reviewHiddenBy: hidden?.by ?? null,
      reviewHiddenReason: hidden?.reason ?? null,
    })
    .where(eq(orderLines.id, lineId));
}

const average = (total: SQL | AnyColumn, n: SQL | AnyColumn) =>
  sql<number>`round(${total}::numeric / nullif(${n}, 0), 1)`.mapWith(Number);

export interface FeedbackFilter {
  search?: string;
  sort?: 'average' | 'count' | 'name';
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

function ordered(f: FeedbackFilter, avg: SQL, n: SQL, name: AnyColumn, id: SQL) {
  const sort = f.sort ?? 'average';
  const dir = (f.order ?? (sort === 'name' ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const key = sort === 'name' ? name : sort === 'count' ? n : avg;
  return [dir(key), asc(id)];
}

/** Professionals with at least one rating, from their running totals. */
export async function professionalsPage(exec: Executor, f: FeedbackFilter) {
  const term = f.search?.trim() ? likeTerm(f.search) : null;
  const where = and(
    gt(professionals.ratingCount, 0),
    term ? or(ilike(users.fullName, term), ilike(users.mobileNo, term)) : undefined,
  );
  const avg = sql`(${professionals.ratingTotal}::numeric / ${professionals.ratingCount})`;
  return pageAndTotal(
    exec
      .select({
        id: users.id,
        name: users.fullName,
        detail: users.mobileNo,
        count: professionals.ratingCount,
        average: average(professionals.ratingTotal, professionals.ratingCount),
      })
      .from(professionals)
      .innerJoin(users, eq(users.id, professionals.userId))
      .$dynamic(),
    exec.select({ total: count() }).from(professionals).innerJoin(users, eq(users.id, professionals.userId)).$dynamic(),
    where,
    ordered(f, avg, sql`${professionals.ratingCount}`, users.fullName, sql`${users.id}`),
    f,
  );
}

/** Services with at least one rating, from their rating stats. */
export async function servicesPage(exec: Executor, f: FeedbackFilter) {
  const term = f.search?.trim() ? likeTerm(f.search) : null;
  const where = and(
    gt(serviceRatingStats.count, 0),
    term ? or(ilike(services.heading, term), ilike(subCategories.name, term)) : undefined,
  );
  const avg = sql`(${serviceRatingStats.total}::numeric / ${serviceRatingStats.count})`;
  return pageAndTotal(
    exec
      .select({
        id: services.id,
        name: services.heading,
        detail: subCategories.name,
        count: serviceRatingStats.count,
        average: average(sql`${serviceRatingStats.total}`, sql`${serviceRatingStats.count}`),
      })
      .from(serviceRatingStats)
      .innerJoin(services, eq(services.id, serviceRatingStats.serviceId))
      .innerJoin(subCategories, eq(subCategories.id, services.subCategoryId))
      .$dynamic(),
    exec
      .select({ total: count() })
      .from(serviceRatingStats)
      .innerJoin(services, eq(services.id, serviceRatingStats.serviceId))
      .innerJoin(subCategories, eq(subCategories.id, services.subCategoryId))
      .$dynamic(),
    where,
    ordered(f, avg, sql`${serviceRatingStats.count}`, services.heading, sql`${services.id}`),
    f,
  );
}
