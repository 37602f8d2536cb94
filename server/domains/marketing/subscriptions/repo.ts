import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client';
import { likeTerm, orderOf, type PageQuery, pageFor, qualified } from '../../../db/paging';
import {
  categories,
  customerSubscriptions,
  services,
  subCategories,
  subscriptionDiscounts,
  subscriptionPlans,
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
  const found = await pageFor(
    q,
    exec
      .select({ ...planColumns, purchases: purchasesOfPlan })
      .from(subscriptionPlans)
      .$dynamic(),
    exec.select({ total: count() }).from(subscriptionPlans).$dynamic(),
    where,
    order,
  );
  return { ...found, items: found.items as (PlanRow & { purchases: number })[] };
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
  const found = await pageFor(
    q,
    discountsFrom(exec).$dynamic(),
    exec
      .select({ total: count() })
      .from(subscriptionDiscounts)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptionDiscounts.subscriptionId))
      .innerJoin(services, eq(services.id, subscriptionDiscounts.serviceId))
      .$dynamic(),
    where,
    order,
  );
  return { ...found, items: found.items as DiscountRow[] };
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
