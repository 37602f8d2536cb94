import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { pageAndTotal } from '../../../db/paging';
import { rawRows } from '../../../db/rows';
import { orderLines, orders, transitionLog, users, zones } from '../../../db/schema';

/**
 * Today's lines per state: one count per state, each an index range on order_lines_state_slot_idx (state, slot), so
 * the cost follows today's lines, not the table.
 */
export async function countsByState(exec: Executor, states: readonly string[], from: Date, to: Date) {
  const list = sql.join(
    states.map((s) => sql`(${s})`),
    sql`, `,
  );
  const rows = await rawRows(
    exec,
    sql`
    select s.state, (
      select count(*) from ${orderLines} l
      where l.state = s.state and l.slot_start >= ${from.toISOString()}::timestamptz and l.slot_start < ${to.toISOString()}::timestamptz
    ) as n
    from (values ${list}) as s(state)`,
    { state: 'text', n: 'bigint' },
  );
  return new Map(rows.map((r) => [r.state, r.n]));
}

/** Unassigned lines counted by how long they have been unassigned (order_lines_state_idx: only those rows). */
export async function unassignedAges(exec: Executor, now: Date) {
  const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  const [row] = await exec
    .select({
      total: count(),
      under1h: sql<number>`count(*) filter (where ${orderLines.stateChangedAt} > ${ago(1)}::timestamptz)`.mapWith(
        Number,
      ),
      h1to4:
        sql<number>`count(*) filter (where ${orderLines.stateChangedAt} <= ${ago(1)}::timestamptz and ${orderLines.stateChangedAt} > ${ago(4)}::timestamptz)`.mapWith(
          Number,
        ),
      h4to24:
        sql<number>`count(*) filter (where ${orderLines.stateChangedAt} <= ${ago(4)}::timestamptz and ${orderLines.stateChangedAt} > ${ago(24)}::timestamptz)`.mapWith(
          Number,
        ),
      over24h: sql<number>`count(*) filter (where ${orderLines.stateChangedAt} <= ${ago(24)}::timestamptz)`.mapWith(
        Number,
      ),
    })
    .from(orderLines)
    .where(eq(orderLines.state, 'unassigned'));
  return row;
}

const customer = alias(users, 'customer');

/** The unassigned lines that have waited longest. */
export async function oldestUnassigned(exec: Executor, limit: number) {
  return exec
    .select({
      lineId: orderLines.id,
      orderId: orderLines.orderId,
      serviceName: orderLines.description,
      customerName: customer.fullName,
      customerMobileNo: customer.mobileNo,
      slotStart: orderLines.slotStart,
      waitingSince: orderLines.stateChangedAt,
      zoneName: zones.zoneName,
    })
    .from(orderLines)
    .innerJoin(customer, eq(customer.id, orderLines.customerUserId))
    .leftJoin(zones, eq(zones.id, orderLines.zoneId))
    .where(eq(orderLines.state, 'unassigned'))
    .orderBy(asc(orderLines.stateChangedAt), asc(orderLines.id))
    .limit(limit);
}

/** The customer (role Cust) with this mobile number, or null. */
export async function customerByMobile(exec: Executor, mobileNo: string) {
  const [row] = await exec
    .select({ id: users.id, fullName: users.fullName, mobileNo: users.mobileNo, email: users.email })
    .from(users)
    .where(and(eq(users.mobileNo, mobileNo), eq(users.role, 'Cust')));
  return row ?? null;
}

const ORDER_COLUMNS = {
  orderId: orders.id,
  placedAt: orders.createdAt,
  status: orders.status,
  paymentType: orders.paymentType,
  totalPaise: orders.totalPaise,
  customerName: customer.fullName,
  customerMobileNo: customer.mobileNo,
  receiverName: orders.receiverName,
  receiverMobileNo: orders.receiverMobileNo,
  placeAddress: orders.placeAddress,
  city: orders.city,
  pinCode: orders.pinCode,
};

/** One page of a customer's orders, newest first (orders_customer_idx), with their count. */
export async function ordersOfCustomer(exec: Executor, customerUserId: number, limit: number, offset: number) {
  const where = eq(orders.customerUserId, customerUserId);
  return pageAndTotal(
    exec.select(ORDER_COLUMNS).from(orders).innerJoin(customer, eq(customer.id, orders.customerUserId)).$dynamic(),
    exec.select({ total: count() }).from(orders).$dynamic(),
    where,
    [desc(orders.id)],
    { limit, offset },
  );
}

export async function orderById(exec: Executor, orderId: number) {
  const [row] = await exec
    .select(ORDER_COLUMNS)
    .from(orders)
    .innerJoin(customer, eq(customer.id, orders.customerUserId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

const professional = alias(users, 'professional');

/** The lines of these orders with their professionals, in line order. */
export async function linesOf(exec: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return exec
    .select({
      lineId: orderLines.id,
      orderId: orderLines.orderId,
      serviceId: orderLines.serviceId,
      serviceName: orderLines.description,
      quantity: orderLines.quantity,
      slotStart: orderLines.slotStart,
      state: orderLines.state,
      totalPaise: orderLines.totalPaise,
      professionalId: orderLines.professionalUserId,
      professionalName: professional.fullName,
      professionalMobileNo: professional.mobileNo,
      rating: orderLines.rating,
      review: orderLines.review,
    })
    .from(orderLines)
    .leftJoin(professional, eq(professional.id, orderLines.professionalUserId))
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.id));
}

const actor = alias(users, 'actor');

/** The transition log of these order lines, oldest first (transition_entity_idx). */
export async function historyOf(exec: Executor, entity: string, lineIds: number[]) {
  if (lineIds.length === 0) return [];
  return exec
    .select({
      entityId: transitionLog.entityId,
      at: transitionLog.at,
      fromState: transitionLog.fromState,
      toState: transitionLog.toState,
      event: transitionLog.event,
      actorName: actor.fullName,
      remark: transitionLog.remark,
    })
    .from(transitionLog)
    .leftJoin(actor, eq(actor.id, transitionLog.actorId))
    .where(and(eq(transitionLog.entity, entity), inArray(transitionLog.entityId, lineIds)))
    .orderBy(asc(transitionLog.at), asc(transitionLog.id));
}
