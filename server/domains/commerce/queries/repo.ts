import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../../db/client';
import { likeTerm, pageAndTotal } from '../../../db/paging';
import { type CustomerQueryState, customerQueries, orderLines, users } from '../../../db/schema';

export type { CustomerQueryState } from '../../../db/schema';

/** The line a query is raised about, if it is the customer's own. */
export async function ownLine(
  exec: Executor,
  customerUserId: number,
  by: { orderLineId: number } | { orderId: number; serviceId: number },
) {
  return exec
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      serviceId: orderLines.serviceId,
      professionalUserId: orderLines.professionalUserId,
    })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.customerUserId, customerUserId),
        'orderLineId' in by
          ? eq(orderLines.id, by.orderLineId)
          : and(eq(orderLines.orderId, by.orderId), eq(orderLines.serviceId, by.serviceId)),
      ),
    )
    .orderBy(orderLines.id)
    .limit(2);
}

/** The professional a line is assigned to now, if any. */
export async function lineProfessional(exec: Executor, orderLineId: number): Promise<number | null> {
  const [row] = await exec
    .select({ id: orderLines.professionalUserId })
    .from(orderLines)
    .where(eq(orderLines.id, orderLineId));
  return row?.id ?? null;
}

export async function insert(tx: Tx, row: typeof customerQueries.$inferInsert): Promise<number> {
  const [made] = await tx.insert(customerQueries).values(row).returning({ id: customerQueries.id });
  return made.id;
}

/** A professional's queries: those kept with them as the technician, and those about a line assigned to them now. */
const ofProfessional = (userId: number) =>
  or(eq(customerQueries.technicianUserId, userId), eq(orderLines.professionalUserId, userId));

/**
 * A query under a row lock (`SELECT … FOR UPDATE OF customer_queries`), or null; with `customerUserId`, only that
 * customer's; with `professionalUserId`, only one of that professional's (see ofProfessional).
 */
export async function lock(tx: Tx, id: number, owner: { customerUserId?: number; professionalUserId?: number } = {}) {
  const [row] = await tx
    .select({
      id: customerQueries.id,
      state: customerQueries.state,
      customerUserId: customerQueries.customerUserId,
    })
    .from(customerQueries)
    .innerJoin(orderLines, eq(orderLines.id, customerQueries.orderLineId))
    .where(
      and(
        eq(customerQueries.id, id),
        owner.customerUserId === undefined ? undefined : eq(customerQueries.customerUserId, owner.customerUserId),
        owner.professionalUserId === undefined ? undefined : ofProfessional(owner.professionalUserId),
      ),
    )
    .for('update', { of: customerQueries });
  return row ?? null;
}

export async function write(
  tx: Tx,
  id: number,
  set: { state: CustomerQueryState; answer?: string; answeredAt?: Date; answeredBy?: number },
) {
  await tx.update(customerQueries).set(set).where(eq(customerQueries.id, id));
}

const customer = alias(users, 'customer');
const answerer = alias(users, 'answerer');

const COLUMNS = {
  id: customerQueries.id,
  customerId: customerQueries.customerUserId,
  customerName: customer.fullName,
  customerMobileNo: customer.mobileNo,
  orderId: orderLines.orderId,
  orderLineId: customerQueries.orderLineId,
  serviceId: customerQueries.serviceId,
  serviceName: orderLines.description,
  technicianId: customerQueries.technicianUserId,
  query: customerQueries.query,
  queryRaisedDate: customerQueries.raisedAt,
  queryResDate: customerQueries.answeredAt,
  queryResBy: customerQueries.answeredBy,
  queryResByName: answerer.fullName,
  queryAns: customerQueries.answer,
  state: customerQueries.state,
};

const joined = (exec: Executor) =>
  exec
    .select(COLUMNS)
    .from(customerQueries)
    .innerJoin(customer, eq(customer.id, customerQueries.customerUserId))
    .innerJoin(orderLines, eq(orderLines.id, customerQueries.orderLineId))
    .leftJoin(answerer, eq(answerer.id, customerQueries.answeredBy));

export async function byId(exec: Executor, id: number) {
  const [row] = await joined(exec).where(eq(customerQueries.id, id));
  return row ?? null;
}

export type QueryRow = NonNullable<Awaited<ReturnType<typeof byId>>>;

export interface ListFilter {
  customerUserId?: number;
  /** Only this professional's queries (see ofProfessional). */
  professionalUserId?: number;
  /** The states shown: one, or several (a customer's default hides deleted ones). */
  states?: CustomerQueryState[];
  orderLineId?: number;
  search?: string;
  limit: number;
  offset: number;
}

/** One page, newest first (customer_queries_customer_idx / customer_queries_state_idx). */
export async function page(exec: Executor, f: ListFilter) {
  const term = f.search?.trim() ? likeTerm(f.search) : null;
  const where = and(
    f.customerUserId === undefined ? undefined : eq(customerQueries.customerUserId, f.customerUserId),
    f.professionalUserId === undefined ? undefined : ofProfessional(f.professionalUserId),
    f.states === undefined
      ? undefined
      : f.states.length === 1
        ? eq(customerQueries.state, f.states[0])
        : or(...f.states.map((s) => eq(customerQueries.state, s))),
    f.orderLineId === undefined ? undefined : eq(customerQueries.orderLineId, f.orderLineId),
    term
      ? or(
          ilike(customerQueries.query, term),
          ilike(customer.fullName, term),
          // A professional sees only the number's last digits: searching it would reveal the rest.
          f.professionalUserId === undefined ? ilike(customer.mobileNo, term) : undefined,
          ilike(orderLines.description, term),
        )
      : undefined,
  ) as SQL | undefined;
  return pageAndTotal(
    joined(exec).$dynamic(),
    exec
      .select({ total: count() })
      .from(customerQueries)
      .innerJoin(customer, eq(customer.id, customerQueries.customerUserId))
      .innerJoin(orderLines, eq(orderLines.id, customerQueries.orderLineId))
      .$dynamic(),
    where,
    [desc(customerQueries.id)],
    f,
  );
}
