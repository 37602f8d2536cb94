import { and, count, desc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client';
import { likeTerm, type PageQuery, pageFor } from '../../../db/paging';
import type { Output, WritePlan } from '../../../db/plan';
import { rawRows } from '../../../db/rows';
import {
  customerSubscriptions,
  ledgerTransfers,
  paymentIntents,
  subscriptionDiscounts,
  subscriptionPlans,
  users,
} from '../../../db/schema';
import type { CustomerSubscriptionState } from '../../../db/schema/marketing';
import type { Paise } from '../../../money';

// Customers' plans: what they hold, what they bought, and the checkout's read of their discounts.

/**
 * The plan the customer holds at `at` (active, started, not ended), the latest ending first. Plain SQL, not the
 * select builder: every checkout quote and placing asks (decision 038).
 */
export const activePlanOf = async (exec: Executor, customerUserId: number, at: Date) => {
  const [plan] = await rawRows(
    exec,
    sql`
    select cs.id as "customerSubscriptionId", cs.subscription_id as "subscriptionId",
      p.subscription_name as "subscriptionName"
    from customer_subscriptions cs join subscription_plans p on p.id = cs.subscription_id
    where cs.customer_user_id = ${customerUserId}::int and cs.state = 'active'
      and cs.starts_at <= ${at.toISOString()}::timestamptz and cs.ends_at > ${at.toISOString()}::timestamptz
    order by cs.ends_at desc limit 1`,
    { customerSubscriptionId: 'int', subscriptionId: 'int', subscriptionName: 'text' },
  );
  return plan;
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
 * The customer's address their address list shows first (the default, else the newest), for the place of supply:
 * its state's name as the states table spells it, else as typed; undefined without an address. Read-only.
 */
export async function firstAddressOf(exec: Executor, userId: number) {
  const [row] = await rawRows(
    exec,
    sql`select coalesce(st.name, a.state) as state, a.address, a.city, a.pin_code as "pinCode"
      from customer_addresses a left join states st on st.id = a.state_id
      where a.customer_user_id = ${userId}::int order by a.is_default desc, a.id desc limit 1`,
    { state: 'text', address: 'text', city: 'text', pinCode: 'text' },
  );
  return row;
}

/**
 * A paid purchase's tax invoice, numbered in the same statement by the plan's `invoice` step (documents'
 * planDocumentNumber), with whatever else the plan holds (the customer's notice): the invoice series is the last row
 * a payment takes, held from here to the commit.
 */
export async function markInvoiced(tx: Tx, id: number, plan: WritePlan, invoice: Output, at: Date) {
  const [row] = await plan.run(
    tx,
    sql`update customer_subscriptions set invoice_no = ${invoice.col('number')},
        invoiced_at = ${at.toISOString()}::timestamptz
      from ${invoice.ref} where customer_subscriptions.id = ${id}::int and customer_subscriptions.invoice_no is null
      returning customer_subscriptions.invoice_no`,
    { invoiceNo: 'text' },
  );
  if (!row) throw new Error(`markInvoiced: purchase ${id} has no invoice to take`);
  return row.invoiceNo;
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
  invoiceNo: customerSubscriptions.invoiceNo,
  invoicedAt: customerSubscriptions.invoicedAt,
  sacCode: customerSubscriptions.sacCode,
  placeOfSupply: customerSubscriptions.placeOfSupply,
  taxablePaise: customerSubscriptions.taxablePaise,
  cgstPaise: customerSubscriptions.cgstPaise,
  sgstPaise: customerSubscriptions.sgstPaise,
  igstPaise: customerSubscriptions.igstPaise,
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
  invoiceNo: string | null;
  invoicedAt: Date | null;
  sacCode: string;
  placeOfSupply: string;
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
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
  const term = q.search?.trim() ? likeTerm(q.search) : null;
  const where: SQL | undefined = and(
    q.customerUserId ? eq(customerSubscriptions.customerUserId, q.customerUserId) : undefined,
    q.subscriptionId ? eq(customerSubscriptions.subscriptionId, q.subscriptionId) : undefined,
    q.state ? eq(customerSubscriptions.state, q.state) : undefined,
    term
      ? or(ilike(subscriptionPlans.subscriptionName, term), ilike(users.fullName, term), ilike(users.mobileNo, term))
      : undefined,
  );
  const found = await pageFor(
    q,
    purchasesFrom(exec).$dynamic(),
    exec
      .select({ total: count() })
      .from(customerSubscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, customerSubscriptions.subscriptionId))
      .innerJoin(users, eq(users.id, customerSubscriptions.customerUserId))
      .$dynamic(),
    where,
    [desc(customerSubscriptions.createdAt), desc(customerSubscriptions.id)],
  );
  return { ...found, items: found.items as PurchaseRow[] };
}
