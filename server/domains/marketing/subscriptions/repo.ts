import { and, asc, count, desc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client';
import { likeTerm, orderOf, type PageQuery, pageOf, qualified } from '../../../db/paging';
import {
  categories,
  customerSubscriptions,
  ledgerTransfers,
  paymentIntents,
  services,
  subCategories,
  subscriptionDiscounts,
  subscriptionPlans,
  users,
} from '../../../db/schema';
import type { CustomerSubscriptionState, DiscountType } from '../../../db/schema/marketing';
import type { Paise } from '../../../money';

export type { CustomerSubscriptionState, DiscountType };

// ---------------------------------------------------------------------------------------------- plans

const planColumns = {
  id: subscriptionPlans.id,
  subscriptionName: subscriptionPlans.subscriptionName,
  durationInMonths: subscriptionPlans.durationInMonths,
  pricePaise: subscriptionPlans.pricePaise,
  imageUrl: subscriptionPlans.imageUrl,
  imageName: subscriptionPlans.imageName,
  status: subscriptionPlans.status,
  isDelete: subscriptionPlans.isDelete,
  createdAt: subscriptionPlans.createdAt,
  updatedAt: subscriptionPlans.updatedAt,
};
export type PlanRow = {
  id: number;
  subscriptionName: string;
  durationInMonths: number;
  pricePaise: Paise;
  imageUrl: string | null;
  imageName: string | null;
  status: boolean;
  isDelete: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** How many purchases (any state) name each plan: a plan somebody ever bought is never removed. */
const purchasesOfPlan = sql<number>`(select count(*)::int from ${customerSubscriptions} where ${qualified(customerSubscriptions.subscriptionId)} = ${qualified(subscriptionPlans.id)})`;

export type PlanStatusFilter = 'all' | 'active' | 'inactive';
export type DeletedFilter = 'all' | 'Y' | 'N';

export interface PlanView {
  /** Visitors and customers: only plans on sale (on, not deleted). */
  onSale: boolean;
  status: PlanStatusFilter;
  deleted: DeletedFilter;
}

export async function pagePlans(exec: Executor, q: PageQuery & { id?: number }, view: PlanView) {
  const { limit, offset, page, pageSize } = pageOf(q);
  const where = and(
    q.id ? eq(subscriptionPlans.id, q.id) : undefined,
    view.onSale ? and(eq(subscriptionPlans.status, true), eq(subscriptionPlans.isDelete, false)) : undefined,
    !view.onSale && view.status === 'active' ? eq(subscriptionPlans.status, true) : undefined,
    !view.onSale && view.status === 'inactive' ? eq(subscriptionPlans.status, false) : undefined,
    !view.onSale && view.deleted === 'Y' ? eq(subscriptionPlans.isDelete, true) : undefined,
    !view.onSale && view.deleted === 'N' ? eq(subscriptionPlans.isDelete, false) : undefined,
    q.search?.trim() ? ilike(subscriptionPlans.subscriptionName, likeTerm(q.search)) : undefined,
  );
  const order = orderOf(
    q,
    {
      id: subscriptionPlans.id,
      subscriptionName: subscriptionPlans.subscriptionName,
      price: subscriptionPlans.pricePaise,
      durationInMonths: subscriptionPlans.durationInMonths,
      createdAt: subscriptionPlans.createdAt,
    },
    view.onSale ? 'price' : 'id',
    subscriptionPlans.id,
  );
  const [items, [{ n }]] = await Promise.all([
    exec
      .select({ ...planColumns, purchases: purchasesOfPlan })
      .from(subscriptionPlans)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    exec.select({ n: count() }).from(subscriptionPlans).where(where),
  ]);
  return { items: items as (PlanRow & { purchases: number })[], total: n, page, pageSize };
}

export const findPlan = async (exec: Executor, id: number) =>
  (await exec.select(planColumns).from(subscriptionPlans).where(eq(subscriptionPlans.id, id)))[0] as
    | PlanRow
    | undefined;

export const lockPlan = async (tx: Tx, id: number) =>
  (await tx.select(planColumns).from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).for('update'))[0] as
    | PlanRow
    | undefined;

/** A plan not deleted with this name in any letter case (but `exceptId`). */
export async function findPlanByName(exec: Executor, name: string, exceptId?: number) {
  const [row] = await exec
    .select({ id: subscriptionPlans.id })
    .from(subscriptionPlans)
    .where(
      and(
        sql`lower(${subscriptionPlans.subscriptionName}) = lower(${name})`,
        eq(subscriptionPlans.isDelete, false),
        exceptId ? sql`${subscriptionPlans.id} <> ${exceptId}` : undefined,
      ),
    );
  return row;
}

export async function insertPlan(exec: Executor, values: typeof subscriptionPlans.$inferInsert) {
  const [row] = await exec.insert(subscriptionPlans).values(values).returning({ id: subscriptionPlans.id });
  return row.id;
}

export async function updatePlan(exec: Executor, id: number, values: Partial<typeof subscriptionPlans.$inferInsert>) {
  await exec
    .update(subscriptionPlans)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscriptionPlans.id, id));
}

export const deletePlan = (exec: Executor, id: number) =>
  exec.delete(subscriptionPlans).where(eq(subscriptionPlans.id, id));

/** Purchases of a plan in any state (a plan anybody ever bought, or tried to, is kept). */
export async function purchaseCount(exec: Executor, subscriptionId: number) {
  const [{ n }] = await exec
    .select({ n: count() })
    .from(customerSubscriptions)
    .where(eq(customerSubscriptions.subscriptionId, subscriptionId));
  return n;
}

// ---------------------------------------------------------------------------------------------- discounts

/** The service is on offer: it, its sub-category and its category are active. */
const serviceVisible = sql<boolean>`(${qualified(services.active)} and ${qualified(subCategories.active)} and ${qualified(categories.active)})`;

const discountColumns = {
  id: subscriptionDiscounts.id,
  subscriptionId: subscriptionDiscounts.subscriptionId,
  subscriptionName: subscriptionPlans.subscriptionName,
  serviceId: subscriptionDiscounts.serviceId,
  serviceName: services.heading,
  servicePricePaise: services.pricePaise,
  serviceDiscountPercent: services.discountPercent,
  serviceAvailable: serviceVisible,
  discountType: subscriptionDiscounts.discountType,
  discount: subscriptionDiscounts.discount,
  status: subscriptionDiscounts.status,
};
export type DiscountRow = {
  id: number;
  subscriptionId: number;
  subscriptionName: string;
  serviceId: number;
  serviceName: string;
  servicePricePaise: Paise;
  serviceDiscountPercent: number;
  serviceAvailable: boolean;
  discountType: DiscountType;
  discount: number;
  status: boolean;
};

const discountsFrom = (exec: Executor) =>
  exec
    .select(discountColumns)
    .from(subscriptionDiscounts)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptionDiscounts.subscriptionId))
    .innerJoin(services, eq(services.id, subscriptionDiscounts.serviceId))
    .innerJoin(subCategories, eq(subCategories.id, services.subCategoryId))
    .innerJoin(categories, eq(categories.id, subCategories.categoryId));

/** The discounts of these plans; `live` keeps only those switched on, of services on offer. */
export async function discountsOfPlans(exec: Executor, planIds: number[], live: boolean): Promise<DiscountRow[]> {
  if (planIds.length === 0) return [];
  return (await discountsFrom(exec)
    .where(
      and(
        inArray(subscriptionDiscounts.subscriptionId, planIds),
        live ? and(eq(subscriptionDiscounts.status, true), serviceVisible) : undefined,
      ),
    )
    .orderBy(asc(services.heading), asc(subscriptionDiscounts.id))) as DiscountRow[];
}

export interface DiscountQuery extends PageQuery {
  id?: number;
  subscriptionId?: number;
  serviceId?: number;
}

export async function pageDiscounts(exec: Executor, q: DiscountQuery) {
  const { limit, offset, page, pageSize } = pageOf(q);
  const term = q.search?.trim() ? likeTerm(q.search) : null;
  const where = and(
    q.id ? eq(subscriptionDiscounts.id, q.id) : undefined,
    q.subscriptionId ? eq(subscriptionDiscounts.subscriptionId, q.subscriptionId) : undefined,
    q.serviceId ? eq(subscriptionDiscounts.serviceId, q.serviceId) : undefined,
    term ? or(ilike(services.heading, term), ilike(subscriptionPlans.subscriptionName, term)) : undefined,
  );
  const order = orderOf(
    q,
    {
      id: subscriptionDiscounts.id,
      subscriptionName: subscriptionPlans.subscriptionName,
      serviceName: services.heading,
      discount: subscriptionDiscounts.discount,
    },
    'id',
    subscriptionDiscounts.id,
  );
  const [items, [{ n }]] = await Promise.all([
    discountsFrom(exec)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    exec
      .select({ n: count() })
      .from(subscriptionDiscounts)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptionDiscounts.subscriptionId))
      .innerJoin(services, eq(services.id, subscriptionDiscounts.serviceId))
      .where(where),
  ]);
  return { items: items as DiscountRow[], total: n, page, pageSize };
}

export const findDiscount = async (exec: Executor, id: number) =>
  (await discountsFrom(exec).where(eq(subscriptionDiscounts.id, id)))[0] as DiscountRow | undefined;

export async function lockDiscount(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: subscriptionDiscounts.id,
      subscriptionId: subscriptionDiscounts.subscriptionId,
      serviceId: subscriptionDiscounts.serviceId,
      discountType: subscriptionDiscounts.discountType,
      discount: subscriptionDiscounts.discount,
      status: subscriptionDiscounts.status,
    })
    .from(subscriptionDiscounts)
    .where(eq(subscriptionDiscounts.id, id))
    .for('update');
  return row;
}

/** The plan's discount on a service (but `exceptId`). */
export async function findDiscountFor(exec: Executor, subscriptionId: number, serviceId: number, exceptId?: number) {
  const [row] = await exec
    .select({ id: subscriptionDiscounts.id })
    .from(subscriptionDiscounts)
    .where(
      and(
        eq(subscriptionDiscounts.subscriptionId, subscriptionId),
        eq(subscriptionDiscounts.serviceId, serviceId),
        exceptId ? sql`${subscriptionDiscounts.id} <> ${exceptId}` : undefined,
      ),
    );
  return row;
}

export async function insertDiscount(exec: Executor, values: typeof subscriptionDiscounts.$inferInsert) {
  const [row] = await exec.insert(subscriptionDiscounts).values(values).returning({ id: subscriptionDiscounts.id });
  return row.id;
}

export async function updateDiscount(
  exec: Executor,
  id: number,
  values: Partial<typeof subscriptionDiscounts.$inferInsert>,
) {
  await exec.update(subscriptionDiscounts).set(values).where(eq(subscriptionDiscounts.id, id));
}

export const deleteDiscount = (exec: Executor, id: number) =>
  exec.delete(subscriptionDiscounts).where(eq(subscriptionDiscounts.id, id));

/** A service with its price terms and whether it is on offer. */
export async function findService(exec: Executor, id: number) {
  const [row] = await exec
    .select({
      id: services.id,
      heading: services.heading,
      pricePaise: services.pricePaise,
      discountPercent: services.discountPercent,
      available: serviceVisible,
    })
    .from(services)
    .innerJoin(subCategories, eq(subCategories.id, services.subCategoryId))
    .innerJoin(categories, eq(categories.id, subCategories.categoryId))
    .where(eq(services.id, id));
  return row;
}

// ---------------------------------------------------------------------------------------------- customers' plans

/**
 * The plan the customer holds at `at` (active, started, not ended), the latest ending first. Plain SQL, not the
 * select builder: every checkout quote and placing asks (decision 038).
 */
export const activePlanOf = async (exec: Executor, customerUserId: number, at: Date) => {
  const { rows } = (await exec.execute(sql`
    select cs.id as "customerSubscriptionId", cs.subscription_id as "subscriptionId",
      p.subscription_name as "subscriptionName"
    from customer_subscriptions cs join subscription_plans p on p.id = cs.subscription_id
    where cs.customer_user_id = ${customerUserId}::int and cs.state = 'active'
      and cs.starts_at <= ${at.toISOString()}::timestamptz and cs.ends_at > ${at.toISOString()}::timestamptz
    order by cs.ends_at desc limit 1`)) as unknown as {
    rows: { customerSubscriptionId: number; subscriptionId: number; subscriptionName: string }[];
  };
  return rows[0];
};

/** The plan's discounts that are switched on, for `serviceIds`. */
export const planDiscounts = (exec: Executor, subscriptionId: number, serviceIds: number[]) =>
  serviceIds.length === 0
    ? Promise.resolve([])
    : exec
        .select({
          serviceId: subscriptionDiscounts.serviceId,
          discountType: subscriptionDiscounts.discountType,
          discount: subscriptionDiscounts.discount,
        })
        .from(subscriptionDiscounts)
        .where(
          and(
            eq(subscriptionDiscounts.subscriptionId, subscriptionId),
            eq(subscriptionDiscounts.status, true),
            inArray(subscriptionDiscounts.serviceId, serviceIds),
          ),
        );

/** The customer's account (name and contact for the provider and the notification). */
export async function person(exec: Executor, userId: number) {
  const [row] = await exec
    .select({ id: users.id, fullName: users.fullName, mobileNo: users.mobileNo, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * Serialises one customer's purchases: a lock on their account row. FOR NO KEY UPDATE, so rows that merely reference
 * the account (a notification, a ledger transfer's actor) are not held up by it, and it never waits on them.
 */
export async function lockCustomer(tx: Tx, userId: number) {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return row;
}

const purchaseColumns = {
  id: customerSubscriptions.id,
  customerUserId: customerSubscriptions.customerUserId,
  customerName: users.fullName,
  customerMobileNo: users.mobileNo,
  subscriptionId: customerSubscriptions.subscriptionId,
  subscriptionName: subscriptionPlans.subscriptionName,
  imageUrl: subscriptionPlans.imageUrl,
  state: customerSubscriptions.state,
  pricePaise: customerSubscriptions.pricePaise,
  durationInMonths: customerSubscriptions.durationInMonths,
  startsAt: customerSubscriptions.startsAt,
  endsAt: customerSubscriptions.endsAt,
  paymentIntentId: customerSubscriptions.paymentIntentId,
  transferId: customerSubscriptions.transferId,
  createdAt: customerSubscriptions.createdAt,
  // The payment's provider and order id (read only: the payments module owns the intents).
  provider: paymentIntents.provider,
  paymentOrderId: paymentIntents.orderId,
  checkout: paymentIntents.checkout,
};
export type PurchaseRow = {
  id: number;
  customerUserId: number;
  customerName: string;
  customerMobileNo: string;
  subscriptionId: number;
  subscriptionName: string;
  imageUrl: string | null;
  state: CustomerSubscriptionState;
  pricePaise: Paise;
  durationInMonths: number;
  startsAt: Date | null;
  endsAt: Date | null;
  paymentIntentId: number | null;
  transferId: number | null;
  createdAt: Date;
  provider: string | null;
  paymentOrderId: string | null;
  checkout: unknown;
};

const purchasesFrom = (exec: Executor) =>
  exec
    .select(purchaseColumns)
    .from(customerSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, customerSubscriptions.subscriptionId))
    .innerJoin(users, eq(users.id, customerSubscriptions.customerUserId))
    .leftJoin(paymentIntents, eq(paymentIntents.id, customerSubscriptions.paymentIntentId));

export const findPurchase = async (exec: Executor, id: number) =>
  (await purchasesFrom(exec).where(eq(customerSubscriptions.id, id)))[0] as PurchaseRow | undefined;

/** What stops a new purchase: a plan running at `at`, or a purchase awaiting its payment (the latest first). */
export async function holdingOf(exec: Executor, customerUserId: number, at: Date) {
  const [row] = await purchasesFrom(exec)
    .where(
      and(
        eq(customerSubscriptions.customerUserId, customerUserId),
        or(
          eq(customerSubscriptions.state, 'awaitingPayment'),
          and(eq(customerSubscriptions.state, 'active'), gt(customerSubscriptions.endsAt, at)),
        ),
      ),
    )
    .orderBy(desc(customerSubscriptions.id))
    .limit(1);
  return row as PurchaseRow | undefined;
}

export async function insertPurchase(exec: Executor, values: typeof customerSubscriptions.$inferInsert) {
  const [row] = await exec.insert(customerSubscriptions).values(values).returning({ id: customerSubscriptions.id });
  return row.id;
}

export async function updatePurchase(
  exec: Executor,
  id: number,
  values: Partial<typeof customerSubscriptions.$inferInsert>,
) {
  await exec.update(customerSubscriptions).set(values).where(eq(customerSubscriptions.id, id));
}

/** The purchase a payment intent pays. */
export const findPurchaseOfIntent = async (exec: Executor, paymentIntentId: number) =>
  (await purchasesFrom(exec).where(eq(customerSubscriptions.paymentIntentId, paymentIntentId)))[0] as
    | PurchaseRow
    | undefined;

/** The purchase a payment intent pays, locked. */
export async function lockPurchaseOfIntent(tx: Tx, paymentIntentId: number) {
  const [row] = await tx
    .select({ id: customerSubscriptions.id })
    .from(customerSubscriptions)
    .where(eq(customerSubscriptions.paymentIntentId, paymentIntentId))
    .for('update');
  return row ? ((await findPurchase(tx, row.id)) as PurchaseRow) : undefined;
}

/** The purchase a wallet payment under this Idempotency-Key made (its ledger transfer carries the key). */
export async function purchaseByIdempotencyKey(exec: Executor, customerUserId: number, key: string) {
  const [row] = await exec
    .select({ id: customerSubscriptions.id, requestHash: ledgerTransfers.requestHash })
    .from(customerSubscriptions)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, customerSubscriptions.transferId))
    .where(and(eq(customerSubscriptions.customerUserId, customerUserId), eq(ledgerTransfers.idempotencyKey, key)));
  return row;
}

export interface PurchaseQuery extends PageQuery {
  customerUserId?: number;
  subscriptionId?: number;
  state?: CustomerSubscriptionState;
}

/** Purchases, newest first; search matches the plan's name or the customer's name or mobile number. */
export async function pagePurchases(exec: Executor, q: PurchaseQuery) {
  const { limit, offset, page, pageSize } = pageOf(q);
  const term = q.search?.trim() ? likeTerm(q.search) : null;
  const where: SQL | undefined = and(
    q.customerUserId ? eq(customerSubscriptions.customerUserId, q.customerUserId) : undefined,
    q.subscriptionId ? eq(customerSubscriptions.subscriptionId, q.subscriptionId) : undefined,
    q.state ? eq(customerSubscriptions.state, q.state) : undefined,
    term
      ? or(ilike(subscriptionPlans.subscriptionName, term), ilike(users.fullName, term), ilike(users.mobileNo, term))
      : undefined,
  );
  const [items, [{ n }]] = await Promise.all([
    purchasesFrom(exec)
      .where(where)
      .orderBy(desc(customerSubscriptions.createdAt), desc(customerSubscriptions.id))
      .limit(limit)
      .offset(offset),
    exec
      .select({ n: count() })
      .from(customerSubscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, customerSubscriptions.subscriptionId))
      .innerJoin(users, eq(users.id, customerSubscriptions.customerUserId))
      .where(where),
  ]);
  return { items: items as PurchaseRow[], total: n, page, pageSize };
}
