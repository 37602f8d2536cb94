import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../../db/client';
import { pageFor, pageOf } from '../../../db/paging';
import {
  creditNotes,
  orderLineRejections,
  orderLines,
  orders,
  paymentIntents,
  professionals,
  serviceRatingStats,
  sourceRefunds,
  users,
} from '../../../db/schema';

export type LineRow = typeof orderLines.$inferSelect;
type repoState = LineRow['state'];
export type LinePatch = Partial<typeof orderLines.$inferInsert>;

/** The line, locked for this transaction (applyEvent's `lock`): a second event on it waits for the first. */
export async function lockLine(tx: Executor, id: number): Promise<LineRow | null> {
  const [row] = await tx.select().from(orderLines).where(eq(orderLines.id, id)).for('update');
  return row ?? null;
}

export async function findLine(exec: Executor, id: number): Promise<LineRow | null> {
  const [row] = await exec.select().from(orderLines).where(eq(orderLines.id, id));
  return row ?? null;
}

/** The line of `serviceId` in order `orderId` (an order holds one line per service: the cart's lines are unique). */
export async function findLineOf(exec: Executor, orderId: number, serviceId: number) {
  const [row] = await exec
    .select({ id: orderLines.id, customerUserId: orderLines.customerUserId, customerMobileNo: users.mobileNo })
    .from(orderLines)
    .innerJoin(users, eq(users.id, orderLines.customerUserId))
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.serviceId, serviceId)));
  return row ?? null;
}

export async function updateLine(tx: Executor, id: number, patch: LinePatch): Promise<void> {
  await tx.update(orderLines).set(patch).where(eq(orderLines.id, id));
}

export async function insertRejection(tx: Executor, row: typeof orderLineRejections.$inferInsert): Promise<void> {
  await tx.insert(orderLineRejections).values(row);
}

/** What a cancellation reads of the line's order (`lock`: the order row, for the tip's decision). */
export async function orderOf(exec: Executor, orderId: number, o: { lock?: boolean } = {}) {
  const query = exec
    .select({
      id: orders.id,
      status: orders.status,
      invoiceNo: orders.invoiceNo,
      tipPaise: orders.tipPaise,
      paymentType: orders.paymentType,
      providerPaise: orders.providerPaise,
      paymentIntentId: orders.paymentIntentId,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  const [row] = o.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The order's other lines that are not cancelled (the tip goes back with the last one cancelled). */
export async function otherLiveLines(exec: Executor, orderId: number, exceptLineId: number): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), ne(orderLines.id, exceptLineId), ne(orderLines.state, 'cancelled')));
  return row.n;
}

export async function insertCreditNote(tx: Executor, row: typeof creditNotes.$inferInsert) {
  const [made] = await tx.insert(creditNotes).values(row).returning({ id: creditNotes.id });
  return made.id;
}

/** The person a line belongs to, for the notification. */
export async function personOf(exec: Executor, userId: number) {
  const [row] = await exec
    .select({ id: users.id, fullName: users.fullName, mobileNo: users.mobileNo })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Adds one rating to the service's stats row (made on first use), in the rating's transaction. */
export async function addRating(tx: Executor, serviceId: number, rating: 1 | 2 | 3 | 4 | 5): Promise<void> {
  const star = `stars${rating}` as const;
  await tx
    .insert(serviceRatingStats)
    .values({ serviceId, count: 1, total: rating, [star]: 1 })
    .onConflictDoUpdate({
      target: serviceRatingStats.serviceId,
      set: {
        count: sql`${serviceRatingStats.count} + 1`,
        total: sql`${serviceRatingStats.total} + ${rating}`,
        [star]: sql`${serviceRatingStats[star]} + 1`,
      },
    });
}

/** Adds one rating to the professional's figures (the ranking and their detail page read the one row). */
export async function addProfessionalRating(tx: Executor, professionalUserId: number, rating: number): Promise<void> {
  await tx
    .update(professionals)
    .set({
      ratingCount: sql`${professionals.ratingCount} + 1`,
      ratingTotal: sql`${professionals.ratingTotal} + ${rating}`,
    })
    .where(eq(professionals.userId, professionalUserId));
}

export async function ratingStats(exec: Executor, serviceId: number) {
  const [row] = await exec.select().from(serviceRatingStats).where(eq(serviceRatingStats.serviceId, serviceId));
  return row ?? null;
}

/** One page of a service's reviews, newest first (order_lines_service_rated_idx), with each reviewer's name. */
export async function reviewsPage(exec: Executor, serviceId: number, q: { page?: number; pageSize?: number }) {
  const { limit, offset } = pageOf(q);
  return (
    exec
      .select({
        id: orderLines.id,
        rating: orderLines.rating,
        review: orderLines.review,
        ratedAt: orderLines.ratedAt,
        fullName: users.fullName,
      })
      .from(orderLines)
      .innerJoin(users, eq(users.id, orderLines.customerUserId))
      // A review the admin hid (decision 018) is not public.
      .where(and(eq(orderLines.serviceId, serviceId), isNotNull(orderLines.rating), isNull(orderLines.reviewHiddenAt)))
      .orderBy(desc(orderLines.ratedAt), desc(orderLines.id))
      .limit(limit)
      .offset(offset)
  );
}

/** How many of a service's reviews the admin hid: the public list's total leaves them out (their stars stay). */
export async function hiddenReviewCount(exec: Executor, serviceId: number): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(orderLines)
    .where(
      and(eq(orderLines.serviceId, serviceId), isNotNull(orderLines.rating), isNotNull(orderLines.reviewHiddenAt)),
    );
  return row.n;
}

/** The line's professional, for the customer's lists (first name only). */
const professionalUser = alias(users, 'professional_user');

const listColumns = {
  id: orderLines.id,
  orderId: orderLines.orderId,
  serviceId: orderLines.serviceId,
  description: orderLines.description,
  quantity: orderLines.quantity,
  slotStart: orderLines.slotStart,
  state: orderLines.state,
  rescheduleCount: orderLines.rescheduleCount,
  taxablePaise: orderLines.taxablePaise,
  gstPaise: sql<number>`(${orderLines.cgstPaise} + ${orderLines.sgstPaise} + ${orderLines.igstPaise})`.mapWith(Number),
  totalPaise: orderLines.totalPaise,
  rating: orderLines.rating,
  review: orderLines.review,
  cancelledAt: orderLines.cancelledAt,
  cancelReason: orderLines.cancelReason,
  cancelFeePaise: orderLines.cancelFeePaise,
  refundPaise: orderLines.refundPaise,
  invoiceNo: orders.invoiceNo,
  placedAt: orders.createdAt,
  creditNoteNo: creditNotes.number,
  providerPaise: orders.providerPaise,
  paymentProvider: paymentIntents.provider,
  sourceRefundStatus: sourceRefunds.status,
  sourceRefundPaise: sourceRefunds.amountPaise,
  completionCode: orderLines.completionCode,
  professionalName: professionalUser.fullName,
};
export type ListRow = Awaited<ReturnType<typeof customerLines>>['items'][number];

/**
 * One page of a customer's lines in `states`, by slot (order_lines_customer_slot_idx: the customer's rows only, in
 * the index's order), with the count of the customer's own lines.
 */
export async function customerLines(
  exec: Executor,
  customerUserId: number,
  states: readonly string[],
  direction: 'asc' | 'desc',
  q: { page?: number; pageSize?: number },
) {
  const where = and(
    eq(orderLines.customerUserId, customerUserId),
    inArray(orderLines.state, [...states] as repoState[]),
  );
  const by = direction === 'asc' ? asc : desc;
  return pageFor(
    q,
    exec
      .select(listColumns)
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .leftJoin(creditNotes, eq(creditNotes.orderLineId, orderLines.id))
      .leftJoin(sourceRefunds, eq(sourceRefunds.orderLineId, orderLines.id))
      .leftJoin(paymentIntents, eq(paymentIntents.id, orders.paymentIntentId))
      .leftJoin(professionalUser, eq(professionalUser.id, orderLines.professionalUserId))
      .$dynamic(),
    exec.select({ total: count() }).from(orderLines).$dynamic(),
    where,
    [by(orderLines.slotStart), by(orderLines.id)],
  );
}

/**
 * Seed and test data only: puts a line's slot where the booking rules never would (the past for a completed demo
 * visit, or within 3 hours for the fee). Nothing reachable over HTTP calls it.
 */
export async function moveSlotForSeed(tx: Tx, lineId: number, slotStart: Date): Promise<void> {
  await tx.update(orderLines).set({ slotStart }).where(eq(orderLines.id, lineId));
}

export type SourceRefundRow = typeof sourceRefunds.$inferSelect;
export type SourceRefundStatus = SourceRefundRow['status'];

/** The line's refund to source, locked (a second request for the same line waits, then finds it). */
export async function lockSourceRefund(tx: Executor, orderLineId: number): Promise<SourceRefundRow | null> {
  const [row] = await tx.select().from(sourceRefunds).where(eq(sourceRefunds.orderLineId, orderLineId)).for('update');
  return row ?? null;
}

export async function findSourceRefund(exec: Executor, id: number): Promise<SourceRefundRow | null> {
  const [row] = await exec.select().from(sourceRefunds).where(eq(sourceRefunds.id, id));
  return row ?? null;
}

/** What the order's provider payment has already given back (every attempt that did not fail). */
export async function sourceRefundedOf(exec: Executor, orderId: number): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`coalesce(sum(${sourceRefunds.amountPaise}), 0)`.mapWith(Number) })
    .from(sourceRefunds)
    .where(and(eq(sourceRefunds.orderId, orderId), ne(sourceRefunds.status, 'failed')));
  return row.n;
}

export async function saveSourceRefund(
  tx: Executor,
  row: typeof sourceRefunds.$inferInsert & { id?: number },
): Promise<SourceRefundRow> {
  if (row.id) {
    const { id, ...patch } = row;
    const [saved] = await tx
      .update(sourceRefunds)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(sourceRefunds.id, id))
      .returning();
    return saved;
  }
  const [saved] = await tx.insert(sourceRefunds).values(row).returning();
  return saved;
}

/** Requests the provider never answered (the process stopped between the claim and the call), oldest first. */
export async function staleSourceRefunds(exec: Executor, olderThan: Date, limit: number): Promise<SourceRefundRow[]> {
  return exec
    .select()
    .from(sourceRefunds)
    .where(and(eq(sourceRefunds.status, 'requested'), sql`${sourceRefunds.updatedAt} < ${olderThan}`))
    .orderBy(asc(sourceRefunds.updatedAt))
    .limit(limit);
}
