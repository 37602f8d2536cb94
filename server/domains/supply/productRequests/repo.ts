import { and, asc, count, desc, eq, gte, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../../db/client';
import { likeTerm, orderOf, type PageQuery, pageFor } from '../../../db/paging';
import type { Output, WritePlan } from '../../../db/plan';
import { rawRows } from '../../../db/rows';
import {
  cities,
  orderLines,
  type ProductRequestState,
  productRequestCart,
  productRequestLines,
  productRequests,
  products,
  professionals,
  states,
  users,
  vendors,
} from '../../../db/schema';
import { transitionsJson } from '../../../workflow/repo';

export type { ProductRequestState };

// ---- people

/** A professional of `vendorId` (professionals.vendor_user_id), or null when they are not theirs. */
export async function professionalOfVendor(exec: Executor, vendorId: number, professionalId: number) {
  const [row] = await exec
    .select({ id: users.id, fullName: users.fullName })
    .from(professionals)
    .innerJoin(users, eq(users.id, professionals.userId))
    .where(and(eq(professionals.userId, professionalId), eq(professionals.vendorUserId, vendorId)));
  return row ?? null;
}

/** A vendor account (role VE) with its name, or null. */
export async function vendorAccount(exec: Executor, vendorId: number) {
  const [row] = await exec
    .select({ id: users.id, fullName: users.fullName, mobileNo: users.mobileNo })
    .from(users)
    .where(and(eq(users.id, vendorId), eq(users.role, 'VE')));
  return row ?? null;
}

/** The vendor's profile as the invoice names the buyer: address, state and GSTIN. */
export async function vendorForInvoice(exec: Executor, vendorId: number) {
  const [row] = await exec
    .select({
      id: users.id,
      fullName: users.fullName,
      mobileNo: users.mobileNo,
      gstin: vendors.gstin,
      addressLine1: vendors.addressLine1,
      addressLine2: vendors.addressLine2,
      pinCode: vendors.pinCode,
      city: cities.name,
      state: states.name,
    })
    .from(users)
    .leftJoin(vendors, eq(vendors.userId, users.id))
    .leftJoin(states, eq(states.id, vendors.stateId))
    .leftJoin(cities, eq(cities.id, vendors.cityId))
    .where(eq(users.id, vendorId));
  return row ?? null;
}

// ---- the cart

const professionalUser = alias(users, 'professional_user');

const cartColumns = {
  id: productRequestCart.id,
  vendorUserId: productRequestCart.vendorUserId,
  professionalUserId: productRequestCart.professionalUserId,
  professionalName: professionalUser.fullName,
  productId: productRequestCart.productId,
  requestQty: productRequestCart.requestQty,
  productName: products.productName,
  imageUrl: products.imageUrl,
  mrpPaise: products.mrpPaise,
  actualPricePaise: products.actualPricePaise,
  gstPercent: products.gstPercent,
  onHand: products.onHand,
  reserved: products.reserved,
  active: products.active,
  deletedAt: products.deletedAt,
  /** Whether the professional is still the vendor's (a professional moved to another vendor leaves the line stale). */
  stillTheirs: sql<boolean>`${professionals.vendorUserId} is not distinct from ${productRequestCart.vendorUserId}`,
};

export type CartRow = {
  id: number;
  vendorUserId: number;
  professionalUserId: number;
  professionalName: string;
  productId: number;
  requestQty: number;
  productName: string;
  imageUrl: string | null;
  mrpPaise: number;
  actualPricePaise: number;
  gstPercent: number;
  onHand: number;
  reserved: number;
  active: boolean;
  deletedAt: Date | null;
  stillTheirs: boolean;
};

const cartQuery = (exec: Executor) =>
  exec
    .select(cartColumns)
    .from(productRequestCart)
    .innerJoin(products, eq(products.id, productRequestCart.productId))
    .innerJoin(professionalUser, eq(professionalUser.id, productRequestCart.professionalUserId))
    .leftJoin(professionals, eq(professionals.userId, productRequestCart.professionalUserId));

export const cartOf = (exec: Executor, vendorId: number): Promise<CartRow[]> =>
  cartQuery(exec)
    .where(eq(productRequestCart.vendorUserId, vendorId))
    .orderBy(asc(professionalUser.fullName), asc(products.productName), asc(productRequestCart.id));

/** The cart's rows `FOR UPDATE` (the submission takes them; a concurrent edit waits for it, then finds none). */
export const lockCart = (tx: Tx, vendorId: number): Promise<CartRow[]> =>
  cartQuery(tx)
    .where(eq(productRequestCart.vendorUserId, vendorId))
    .orderBy(asc(productRequestCart.id))
    .for('update', { of: productRequestCart });

export async function cartLine(exec: Executor, id: number): Promise<CartRow | null> {
  const [row] = await cartQuery(exec).where(eq(productRequestCart.id, id));
  return row ?? null;
}

/**
 * Adds `qty` to the vendor's line for the professional and product, or makes the line: one statement, so two racing
 * adds both count. A line past 10,000 is refused by the CHECK (the service answers 409).
 */
export async function addToCart(
  exec: Executor,
  v: { vendorUserId: number; professionalUserId: number; productId: number; qty: number },
) {
  const [row] = await exec
    .insert(productRequestCart)
    .values({
      vendorUserId: v.vendorUserId,
      professionalUserId: v.professionalUserId,
      productId: v.productId,
      requestQty: v.qty,
    })
    .onConflictDoUpdate({
      target: [productRequestCart.vendorUserId, productRequestCart.professionalUserId, productRequestCart.productId],
      set: { requestQty: sql`${productRequestCart.requestQty} + excluded.request_qty` },
    })
    .returning({ id: productRequestCart.id });
  return row.id;
}

export async function setCartQty(exec: Executor, id: number, qty: number) {
  await exec.update(productRequestCart).set({ requestQty: qty }).where(eq(productRequestCart.id, id));
}

export async function deleteCartLine(exec: Executor, id: number) {
  await exec.delete(productRequestCart).where(eq(productRequestCart.id, id));
}

export async function emptyCart(exec: Executor, vendorId: number): Promise<number> {
  const gone = await exec
    .delete(productRequestCart)
    .where(eq(productRequestCart.vendorUserId, vendorId))
    .returning({ id: productRequestCart.id });
  return gone.length;
}

// ---- requests

export type RequestInsert = typeof productRequests.$inferInsert;
export type LineInsert = typeof productRequestLines.$inferInsert;

export async function insertRequest(tx: Tx, values: RequestInsert): Promise<number> {
  const [row] = await tx.insert(productRequests).values(values).returning({ id: productRequests.id });
  return row.id;
}

export async function insertLines(tx: Tx, lines: LineInsert[]) {
  if (lines.length) await tx.insert(productRequestLines).values(lines);
}

export type RequestRow = typeof productRequests.$inferSelect;
export type LockedRequest = RequestRow & {
  vendorMobileNo: string;
  /** The vendor's wallet, when it was ever opened: a payment learns it with the lock. */
  vendorWalletId: number | null;
  /** Each line's product and quantity, oldest first: what a step that moves stock moves. */
  stockLines: { productId: number; quantity: number }[];
};

/**
 * The request row `FOR UPDATE` (every event on a request queues behind this lock), with the vendor's mobile number
 * that the notification of a decision is sent to, their wallet's id (`vendorWalletOf`, the wallets module's column),
 * and its lines' products and quantities for the stock a step moves.
 */
export async function lockRequest(
  tx: Tx,
  id: number,
  vendorWalletOf: (vendor: SQL) => SQL,
): Promise<LockedRequest | null> {
  // Plain SQL, not the select builder, and the lines in the same round trip: every step of a request starts here
  // (decision 038).
  const [found] = await rawRows(
    tx,
    sql`
    select r.*, u.mobile_no as vendor_mobile_no, ${vendorWalletOf(sql`r.vendor_user_id`)} as vendor_wallet_id,
      (select coalesce(json_agg(json_build_object('productId', l.product_id, 'quantity', l.quantity) order by l.id),
        '[]'::json) from product_request_lines l where l.request_id = r.id) as stock_lines
    from product_requests r join users u on u.id = r.vendor_user_id
    where r.id = ${id}::int
    for update of r`,
    productRequests,
    { vendorMobileNo: 'text', vendorWalletId: 'int?', stockLines: 'json' },
  );
  return found ? { ...found, stockLines: found.stockLines as LockedRequest['stockLines'] } : null;
}

export async function findRequestRow(exec: Executor, id: number): Promise<RequestRow | null> {
  const [row] = await exec.select().from(productRequests).where(eq(productRequests.id, id));
  return row ?? null;
}

export type RequestPatch = Partial<
  Pick<
    RequestRow,
    | 'state'
    | 'rejectRemark'
    | 'invoiceNo'
    | 'transferId'
    | 'paidAt'
    | 'updatedAt'
    | 'cgstPaise'
    | 'sgstPaise'
    | 'igstPaise'
  >
>;

/**
 * A step's update of the request, as a step of the write-plan its event runs (applyEvent's, which already holds the
 * transition row, and the vendor's notice): one statement with them, or part of the step's stock movement.
 */
export function planStep(plan: WritePlan, id: number, patch: RequestPatch) {
  const set: RequestPatch = { updatedAt: new Date(), ...patch };
  const assignments = sql.join(
    (Object.keys(set) as (keyof RequestPatch)[]).map((key) => {
      const column = productRequests[key];
      return sql`${sql.identifier(column.name)} = ${sql.param(set[key], column)}`;
    }),
    sql`, `,
  );
  return plan.add('request_step', sql`update product_requests set ${assignments} where id = ${id}::int`);
}

/**
 * A paid request's invoice, numbered in the same statement by the plan's `invoice` step (documents'
 * planDocumentNumber): the invoice series is the last row a payment takes, held from here to the commit.
 */
export async function markInvoiced(
  tx: Tx,
  id: number,
  plan: WritePlan,
  invoice: Output,
  o: { transferId: number; at: Date },
) {
  const [row] = await plan.run(
    tx,
    sql`update product_requests set invoice_no = ${invoice.col('number')}, transfer_id = ${o.transferId}::int,
        updated_at = ${o.at.toISOString()}::timestamptz
      from ${invoice.ref} where product_requests.id = ${id}::int
      returning product_requests.invoice_no`,
    { invoiceNo: 'text' },
  );
  if (!row) throw new Error(`markInvoiced: no request ${id}`);
  return row.invoiceNo;
}

/** A request's lines with each professional's name, in order. Plain SQL: approvals and payments read them. */
export async function linesOf(exec: Executor, requestId: number) {
  const rows = await rawRows(
    exec,
    sql`
    select l.*, u.full_name as professional_name
    from product_request_lines l join users u on u.id = l.professional_user_id
    where l.request_id = ${requestId}::int
    order by l.id`,
    productRequestLines,
    { professionalName: 'text' },
  );
  return rows.map((l) => {
    return {
      id: l.id,
      professionalUserId: l.professionalUserId,
      professionalName: l.professionalName,
      productId: l.productId,
      productName: l.productName,
      hsnCode: l.hsnCode,
      quantity: l.quantity,
      mrpPaise: l.mrpPaise,
      unitPricePaise: l.unitPricePaise,
      gstPercent: l.gstPercent,
      lineTotalPaise: l.lineTotalPaise,
      taxablePaise: l.taxablePaise,
      gstPaise: l.gstPaise,
    };
  });
}

const vendorUser = alias(users, 'vendor_user');

/** A request's summary columns: counts and names come from its lines (correlated, so only for the rows shown). */
const summaryColumns = {
  id: productRequests.id,
  vendorUserId: productRequests.vendorUserId,
  vendorName: vendorUser.fullName,
  state: productRequests.state,
  totalPaise: productRequests.totalPaise,
  taxablePaise: productRequests.taxablePaise,
  gstPaise: productRequests.gstPaise,
  rejectRemark: productRequests.rejectRemark,
  invoiceNo: productRequests.invoiceNo,
  paidAt: productRequests.paidAt,
  createdAt: productRequests.createdAt,
  updatedAt: productRequests.updatedAt,
  lineCount: sql<number>`(select count(*)::int from product_request_lines l where l.request_id = ${productRequests.id})`,
  units: sql<number>`(select coalesce(sum(l.quantity), 0)::int from product_request_lines l where l.request_id = ${productRequests.id})`,
  professionals: sql<string>`(select coalesce(string_agg(distinct u.full_name, ', '), '') from product_request_lines l join users u on u.id = l.professional_user_id where l.request_id = ${productRequests.id})`,
};

export type SummaryRow = {
  id: number;
  vendorUserId: number;
  vendorName: string;
  state: ProductRequestState;
  totalPaise: number;
  taxablePaise: number;
  gstPaise: number;
  rejectRemark: string | null;
  invoiceNo: string | null;
  paidAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  lineCount: number;
  units: number;
  professionals: string;
};

/** The workflow entity of a product request (its transitions in transition_log). */
export const ENTITY = 'ProductRequest';

/** A request's line as `detailOf` gives it: `linesOf`'s row without the HSN code (the invoice's alone). */
export type DetailLine = Omit<Awaited<ReturnType<typeof linesOf>>[number], 'hsnCode'>;

/**
 * A request with its lines and its history in one statement (every answer of the workflow's calls reads it, under
 * load, so one round trip instead of three).
 */
export async function detailOf(exec: Executor, id: number) {
  const [row] = await exec
    .select({
      ...summaryColumns,
      lines: sql<DetailLine[]>`(select coalesce(json_agg(json_build_object('id', l.id,
        'professionalUserId', l.professional_user_id, 'professionalName', u.full_name, 'productId', l.product_id,
        'productName', l.product_name, 'quantity', l.quantity, 'mrpPaise', l.mrp_paise,
        'unitPricePaise', l.unit_price_paise, 'gstPercent', l.gst_percent, 'lineTotalPaise', l.line_total_paise,
        'taxablePaise', l.taxable_paise, 'gstPaise', l.gst_paise) order by l.id), '[]'::json)
        from product_request_lines l join users u on u.id = l.professional_user_id
        where l.request_id = ${productRequests.id})`,
      history: transitionsJson(ENTITY, productRequests.id),
    })
    .from(productRequests)
    .innerJoin(vendorUser, eq(vendorUser.id, productRequests.vendorUserId))
    .where(eq(productRequests.id, id));
  return row ?? null;
}

export interface RequestListQuery extends PageQuery {
  states?: ProductRequestState[];
  vendorId?: number;
}

/**
 * One page of requests, filtered in SQL: by state (product_requests_state_idx) and by vendor
 * (product_requests_vendor_idx); search matches the request number or the vendor's name.
 */
export async function pageRequests(exec: Executor, q: RequestListQuery) {
  const where: SQL[] = [];
  if (q.states?.length) where.push(inArray(productRequests.state, q.states));
  if (q.vendorId !== undefined) where.push(eq(productRequests.vendorUserId, q.vendorId));
  const term = q.search?.trim();
  if (term) {
    const byName = ilike(vendorUser.fullName, likeTerm(term));
    where.push(/^\d{1,9}$/.test(term) ? or(eq(productRequests.id, Number(term)), byName)! : byName);
  }
  const filter = where.length ? and(...where) : undefined;
  const order = orderOf(
    { ...q, order: q.order ?? (q.sort ? 'asc' : 'desc') },
    {
      id: productRequests.id,
      createdAt: productRequests.createdAt,
      updatedAt: productRequests.updatedAt,
      total: productRequests.totalPaise,
    },
    'id',
    productRequests.id,
  );
  const found = await pageFor(
    q,
    exec
      .select(summaryColumns)
      .from(productRequests)
      .innerJoin(vendorUser, eq(vendorUser.id, productRequests.vendorUserId))
      .$dynamic(),
    exec
      .select({ total: count() })
      .from(productRequests)
      .innerJoin(vendorUser, eq(vendorUser.id, productRequests.vendorUserId))
      .$dynamic(),
    filter,
    order,
  );
  return { ...found, items: found.items as SummaryRow[] };
}

// ---- the vendor dashboard

export const requestCountsByState = (exec: Executor, vendorId: number) =>
  exec
    .select({ state: productRequests.state, n: count() })
    .from(productRequests)
    .where(eq(productRequests.vendorUserId, vendorId))
    .groupBy(productRequests.state);

/** What the vendor was issued since `from`: the paid requests' lines per product. */
export async function issuedSince(exec: Executor, vendorId: number, from: Date) {
  const paid = and(
    eq(productRequests.vendorUserId, vendorId),
    eq(productRequests.state, 'issued'),
    gte(productRequests.paidAt, from),
  );
  const [totals] = await exec
    .select({
      requests: count(),
      amount: sql<number>`coalesce(sum(${productRequests.totalPaise}), 0)::bigint`.mapWith(Number),
    })
    .from(productRequests)
    .where(paid);
  const perProduct = await exec
    .select({
      productId: productRequestLines.productId,
      productName: productRequestLines.productName,
      units: sql<number>`sum(${productRequestLines.quantity})::int`,
    })
    .from(productRequestLines)
    .innerJoin(productRequests, eq(productRequests.id, productRequestLines.requestId))
    .where(paid)
    .groupBy(productRequestLines.productId, productRequestLines.productName)
    .orderBy(desc(sql`sum(${productRequestLines.quantity})`), asc(productRequestLines.productName));
  return { requests: totals.requests, amount: totals.amount, perProduct };
}

/** The vendor's professionals with the jobs (order lines not cancelled) whose slot falls in [from, to). */
export const professionalsWithJobs = (exec: Executor, vendorId: number, from: Date, to: Date) =>
  exec
    .select({
      id: users.id,
      fullName: users.fullName,
      mobileNo: users.mobileNo,
      available: professionals.available,
      jobsToday: sql<number>`(select count(*)::int from ${orderLines} ol where ol.professional_user_id = ${users.id} and ol.slot_start >= ${from.toISOString()}::timestamptz and ol.slot_start < ${to.toISOString()}::timestamptz and ol.state <> 'cancelled')`,
    })
    .from(professionals)
    .innerJoin(users, eq(users.id, professionals.userId))
    .where(eq(professionals.vendorUserId, vendorId))
    .orderBy(asc(users.fullName));
