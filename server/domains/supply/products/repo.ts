import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client';
import { pgError } from '../../../db/errors';
import { likeTerm, orderOf, type PageQuery, pageAndTotal, pageFor, pageOf } from '../../../db/paging';
import { WritePlan } from '../../../db/plan';
import { type RowShape, rawRows } from '../../../db/rows';
import {
  type ProductDiscountType,
  productRequestLines,
  productRequests,
  products,
  type StockMovementKind,
  stockMovements,
  users,
} from '../../../db/schema';
import type { Paise } from '../../../money';

export type { ProductDiscountType, StockMovementKind };

export interface StockRow {
  id: number;
  productName: string;
  onHand: number;
  reserved: number;
}

/** One product's movement of a `moveStock`: the units asked for and what they change. */
export interface StockDelta {
  productId: number;
  /** Units asked for; 0 moves nothing (the product must still exist). */
  quantity: number;
  onHand: number;
  reserved: number;
}

/** Why `applyMovements` wrote nothing: a product that does not exist, or one the movement would take out of bounds. */
export type StockRefusal = { missing: number } | StockRow;

/**
 * Applies one kind of movement to products in one statement (decision 038), in the caller's transaction: the rows
 * locked in id order (every writer locks in that order: no deadlock), checked, the movements appended with the
 * figures after them, and the products' cached on hand / reserved set to those. A product missing, or a movement
 * that would reserve more than is free, set on hand below what is held, or leave any figure out of bounds, raises
 * `stock_refuse` (SQLSTATE DS002, migration 0017): nothing is written, and `stockRefusalOf` reads the row it names.
 * Answers every product's row after the movement.
 */
export async function applyMovements(
  tx: Tx,
  m: {
    kind: StockMovementKind;
    deltas: StockDelta[];
    requestId: number | null;
    reason: string | null;
    actorId: number | null;
    /** A staff movement's Idempotency-Key and request hash, kept on its row (one product only). */
    idempotency?: { key: string; hash: string } | null;
    /** A write-plan holding other domains' steps, made with the movement in one round trip; a refusal undoes them. */
    plan?: WritePlan;
  },
): Promise<StockRow[]> {
  const plan = m.plan ?? new WritePlan();
  const values = sql.join(
    m.deltas.map((d) => sql`(${d.productId}::int, ${d.quantity}::int, ${d.onHand}::int, ${d.reserved}::int)`),
    sql`, `,
  );
  const asked = plan.add(
    'stock_asked',
    sql`select * from (values ${values}) as v(id, quantity, on_hand_delta, reserved_delta)`,
  );
  const locked = plan.add(
    'stock_locked',
    sql`select p.id, p.product_name, p.on_hand, p.reserved, v.quantity, v.on_hand_delta, v.reserved_delta,
             p.on_hand + v.on_hand_delta as on_hand_after, p.reserved + v.reserved_delta as reserved_after
      from ${products} p join ${asked.ref} v on v.id = p.id
      order by p.id for update of p`,
  );
  const refused = plan.add(
    'stock_refused',
    sql`select stock_refuse(l.id, l.product_name, l.on_hand, l.reserved) from ${locked.ref} l
      where l.quantity <> 0 and (
        (${m.kind} = 'reserved' and l.quantity > l.on_hand - l.reserved)
        or (${m.kind} = 'adjusted' and l.on_hand_after < l.reserved)
        or l.on_hand_after < 0 or l.reserved_after < 0 or l.reserved_after > l.on_hand_after)
      union all
      select stock_refuse(v.id, null, null, null) from ${asked.ref} v
      where not exists (select 1 from ${locked.ref} l where l.id = v.id)`,
  );
  plan.add(
    'stock_moved',
    sql`insert into ${stockMovements}
        (product_id, kind, on_hand_delta, reserved_delta, on_hand_after, reserved_after, request_id, reason, actor_id,
         idempotency_key, request_hash)
      select l.id, ${m.kind}, l.on_hand_delta, l.reserved_delta, l.on_hand_after, l.reserved_after, ${m.requestId}::int,
             ${m.reason}::text, ${m.actorId}::int, ${m.idempotency?.key ?? null}::text, ${m.idempotency?.hash ?? null}::text
      from ${locked.ref} l where l.quantity <> 0 and (select count(*) from ${refused.ref}) = 0`,
  );
  plan.add(
    'stock_updated',
    sql`update ${products} p set on_hand = l.on_hand_after, reserved = l.reserved_after, updated_at = now()
      from ${locked.ref} l where p.id = l.id and l.quantity <> 0 and (select count(*) from ${refused.ref}) = 0`,
  );
  const rows = await plan.run(
    tx,
    sql`select l.id, l.product_name, l.on_hand_after, l.reserved_after from ${locked.ref} l order by l.id`,
    { id: 'int', productName: 'text', onHandAfter: 'int', reservedAfter: 'int' },
  );
  return rows.map((r) => ({ id: r.id, productName: r.productName, onHand: r.onHandAfter, reserved: r.reservedAfter }));
}

/** The movement an Idempotency-Key made, if any: the hash of the request it came with. */
export async function movementByKey(exec: Executor, key: string) {
  const [row] = await rawRows(exec, sql`select request_hash from ${stockMovements} where idempotency_key = ${key}`, {
    requestHash: 'text?',
  });
  return row ?? null;
}

/** The product `stock_refuse` named, as it was before the refused movement, or null for any other error. */
export function stockRefusalOf(e: unknown): StockRefusal | null {
  const pg = pgError(e);
  if (pg?.code !== 'DS002' || !pg.detail) return null;
  const d = JSON.parse(pg.detail) as {
    id: number;
    name: string | null;
    onHand: number | null;
    reserved: number | null;
  };
  if (d.name === null) return { missing: d.id };
  return { id: d.id, productName: d.name, onHand: Number(d.onHand), reserved: Number(d.reserved) };
}

/** A product's movements, oldest first. */
export const movementsOf = (exec: Executor, productId: number) =>
  exec.select().from(stockMovements).where(eq(stockMovements.productId, productId)).orderBy(asc(stockMovements.id));

// ---- products

const productColumns = {
  id: products.id,
  productName: products.productName,
  hsnCode: products.hsnCode,
  description: products.description,
  mrpPaise: products.mrpPaise,
  discountType: products.discountType,
  discount: products.discount,
  actualPricePaise: products.actualPricePaise,
  costPaise: products.costPaise,
  gstPercent: products.gstPercent,
  imageUrl: products.imageUrl,
  imageName: products.imageName,
  onHand: products.onHand,
  reserved: products.reserved,
  lowStockAt: products.lowStockAt,
  active: products.active,
  deletedAt: products.deletedAt,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

/** What a product's form sets; the image only when one was sent. */
export interface ProductValues {
  productName: string;
  /** Null only for a product added before HSN codes were asked for. */
  hsnCode: string | null;
  description: string | null;
  mrpPaise: Paise;
  discountType: ProductDiscountType;
  /** A whole percent, or paise off each unit (flat). */
  discount: number;
  actualPricePaise: Paise;
  costPaise: Paise;
  gstPercent: number;
  lowStockAt: number;
  active: boolean;
  imageUrl?: string | null;
  imageName?: string | null;
}

/** A product as its reads give it: the form's values, the image (or null) and the stock. */
export interface ProductRow extends Required<ProductValues> {
  id: number;
  onHand: number;
  reserved: number;
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const notDeleted = isNull(products.deletedAt);
const available = sql<number>`(${products.onHand} - ${products.reserved})`;
const isLow = sql`(${products.onHand} - ${products.reserved}) <= ${products.lowStockAt}`;

/** A product that is not deleted (or, with `withDeleted`, any). */
export async function findProduct(exec: Executor, id: number, withDeleted = false): Promise<ProductRow | undefined> {
  const [row] = await exec
    .select(productColumns)
    .from(products)
    .where(withDeleted ? eq(products.id, id) : and(eq(products.id, id), notDeleted));
  return row as ProductRow | undefined;
}

/** A product that is not deleted, `FOR UPDATE`. */
export async function lockProduct(tx: Tx, id: number): Promise<ProductRow | undefined> {
  const [row] = await tx
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), notDeleted))
    .for('update');
  return row as ProductRow | undefined;
}

/** The not-deleted product with this name in any letter case (other than `exceptId`). */
export async function findByName(exec: Executor, name: string, exceptId?: number) {
  const [row] = await exec
    .select({ id: products.id, productName: products.productName })
    .from(products)
    .where(
      and(
        sql`lower(${products.productName}) = lower(${name})`,
        notDeleted,
        exceptId ? sql`${products.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** The store's names among `lowerNames` (already lower case). */
export const namesTaken = (exec: Executor, lowerNames: string[]) =>
  lowerNames.length === 0
    ? Promise.resolve([])
    : exec
        .select({ productName: products.productName })
        .from(products)
        .where(and(inArray(sql`lower(${products.productName})`, lowerNames), notDeleted));

export async function insertProducts(tx: Tx, rows: ProductValues[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const out = await tx.insert(products).values(rows).returning({ id: products.id });
  return out.map((r) => r.id);
}

export async function updateProduct(tx: Tx, id: number, values: Partial<ProductValues>): Promise<void> {
  await tx
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(products.id, id));
}

export async function softDelete(tx: Tx, id: number): Promise<void> {
  await tx
    .update(products)
    .set({ deletedAt: new Date(), active: false, updatedAt: new Date() })
    .where(eq(products.id, id));
}

/** The requests still open (not issued or cancelled) with a line of this product: a delete waits for them. */
export async function openRequestsWith(exec: Executor, productId: number): Promise<number[]> {
  const rows = await exec
    .selectDistinct({ id: productRequests.id })
    .from(productRequestLines)
    .innerJoin(productRequests, eq(productRequests.id, productRequestLines.requestId))
    .where(
      and(eq(productRequestLines.productId, productId), notInArray(productRequests.state, ['issued', 'cancelled'])),
    )
    .orderBy(asc(productRequests.id))
    .limit(5);
  return rows.map((r) => r.id);
}

export interface ProductListQuery extends PageQuery {
  lowStock?: boolean;
  status?: 'all' | 'active' | 'inactive';
}

const productSorts = {
  productName: products.productName,
  mrp: products.mrpPaise,
  actualPrice: products.actualPricePaise,
  onHand: products.onHand,
  available,
  updatedAt: products.updatedAt,
  id: products.id,
};

/** The inventory manager's list: not-deleted products, filtered and sorted in SQL (`limit` for a CSV export). */
export async function pageProducts(exec: Executor, q: ProductListQuery, limitOverride?: number) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const where = and(
    notDeleted,
    q.search?.trim() ? ilike(products.productName, likeTerm(q.search)) : undefined,
    q.lowStock ? isLow : undefined,
    q.status === 'active'
      ? eq(products.active, true)
      : q.status === 'inactive'
        ? eq(products.active, false)
        : undefined,
  );
  const { rows: items, total } = await pageAndTotal(
    exec.select(productColumns).from(products).$dynamic(),
    exec.select({ total: count() }).from(products).$dynamic(),
    where,
    orderOf(q, productSorts, 'productName', products.id),
    { limit: limitOverride ?? limit, offset: limitOverride ? 0 : offset },
  );
  return { items: items as ProductRow[], total, page, pageSize };
}

/** The store as vendors see it: active, not deleted; `inStock` keeps those with a unit free. */
export async function pageStore(exec: Executor, q: PageQuery & { inStock?: boolean }) {
  const where = and(
    notDeleted,
    eq(products.active, true),
    q.search?.trim() ? ilike(products.productName, likeTerm(q.search)) : undefined,
    q.inStock ? sql`${products.onHand} > ${products.reserved}` : undefined,
  );
  const found = await pageFor(
    q,
    exec.select(productColumns).from(products).$dynamic(),
    exec.select({ total: count() }).from(products).$dynamic(),
    where,
    [asc(products.productName), asc(products.id)],
  );
  return { ...found, items: found.items as ProductRow[] };
}

/** The products of `ids` (deleted ones too: the caller decides), in id order. */
export async function productsByIds(exec: Executor, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const rows = await exec
    .select(productColumns)
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id));
  return rows as ProductRow[];
}

// ---- the ledger

export interface MovementQuery {
  productId?: number;
  kind?: StockMovementKind;
  /** India days (YYYY-MM-DD): `from` starts at its midnight IST, `to` includes its whole day. */
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

/** The ledger newest first, with the product's name and who moved it. */
export async function pageMovements(exec: Executor, q: MovementQuery, limitOverride?: number) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const where = and(
    q.productId ? eq(stockMovements.productId, q.productId) : undefined,
    q.kind ? eq(stockMovements.kind, q.kind) : undefined,
    q.from ? gte(stockMovements.createdAt, sql`(${q.from}::date)::timestamp at time zone 'Asia/Kolkata'`) : undefined,
    q.to ? lt(stockMovements.createdAt, sql`(${q.to}::date + 1)::timestamp at time zone 'Asia/Kolkata'`) : undefined,
  );
  const { rows: items, total } = await pageAndTotal(
    exec
      .select({
        id: stockMovements.id,
        productId: stockMovements.productId,
        productName: products.productName,
        kind: stockMovements.kind,
        onHandDelta: stockMovements.onHandDelta,
        reservedDelta: stockMovements.reservedDelta,
        onHandAfter: stockMovements.onHandAfter,
        reservedAfter: stockMovements.reservedAfter,
        requestId: stockMovements.requestId,
        reason: stockMovements.reason,
        actorId: stockMovements.actorId,
        actorName: users.fullName,
        actorRole: users.role,
        createdAt: stockMovements.createdAt,
      })
      .from(stockMovements)
      .innerJoin(products, eq(products.id, stockMovements.productId))
      .leftJoin(users, eq(users.id, stockMovements.actorId))
      .$dynamic(),
    exec.select({ total: count() }).from(stockMovements).$dynamic(),
    where,
    [desc(stockMovements.id)],
    { limit: limitOverride ?? limit, offset: limitOverride ? 0 : offset },
  );
  return { items, total, page, pageSize };
}

/** Whether the account is a vendor's (role VE). */
export async function isVendorAccount(exec: Executor, userId: number): Promise<boolean> {
  const [row] = await exec
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'VE')));
  return !!row;
}

// ---- the inventory manager's dashboard

export async function dashboardFigures(exec: Executor) {
  const [[store], requests] = await Promise.all([
    exec
      .select({
        products: count(),
        activeProducts: sql<number>`count(*) filter (where ${products.active})`.mapWith(Number),
        lowStockCount: sql<number>`count(*) filter (where ${products.active} and ${isLow})`.mapWith(Number),
        unitsOnHand: sql<number>`coalesce(sum(${products.onHand}), 0)`.mapWith(Number),
        unitsReserved: sql<number>`coalesce(sum(${products.reserved}), 0)`.mapWith(Number),
        stockValuePaise: sql<number>`coalesce(sum(${products.onHand}::bigint * ${products.costPaise}), 0)`.mapWith(
          Number,
        ),
      })
      .from(products)
      .where(notDeleted),
    exec
      .select({ state: productRequests.state, n: count() })
      .from(productRequests)
      .where(inArray(productRequests.state, ['pendingIM', 'pendingAdmin']))
      .groupBy(productRequests.state),
  ]);
  const waiting = (s: string) => requests.find((r) => r.state === s)?.n ?? 0;
  return { ...store, pendingIM: waiting('pendingIM'), pendingAdmin: waiting('pendingAdmin') };
}

/** The active products lowest on stock (fewest available first). */
export async function lowestStock(exec: Executor, limit: number): Promise<ProductRow[]> {
  const rows = await exec
    .select(productColumns)
    .from(products)
    .where(and(notDeleted, eq(products.active, true), isLow))
    .orderBy(asc(available), asc(products.productName), asc(products.id))
    .limit(limit);
  return rows as ProductRow[];
}

// ---- the stock ledger's invariants (npm run ledger:check and the concurrency tests)

/** Up to 20 example rows per broken invariant. */
export async function stockBreaches(exec: Executor) {
  const rows = <S extends RowShape>(shape: S, query: SQL) => rawRows(exec, query, shape);
  return {
    cachedStockMismatches: await rows(
      { id: 'int', onHand: 'int', reserved: 'int', onHandSum: 'int', reservedSum: 'int' },
      sql`select p.id, p.on_hand, p.reserved, coalesce(sum(m.on_hand_delta), 0)::int as on_hand_sum, coalesce(sum(m.reserved_delta), 0)::int as reserved_sum from products p left join stock_movements m on m.product_id = p.id group by p.id having p.on_hand <> coalesce(sum(m.on_hand_delta), 0) or p.reserved <> coalesce(sum(m.reserved_delta), 0) limit 20`,
    ),
    runningStockBreaks: await rows(
      { id: 'bigint', productId: 'int' },
      sql`select id, product_id from (select m.id, m.product_id, m.on_hand_after, m.reserved_after, sum(m.on_hand_delta) over w as oh, sum(m.reserved_delta) over w as rs from stock_movements m window w as (partition by m.product_id order by m.id)) r where r.on_hand_after <> r.oh or r.reserved_after <> r.rs limit 20`,
    ),
    negativeStock: await rows(
      { id: 'bigint', productId: 'int' },
      sql`select id, product_id from stock_movements where on_hand_after < 0 or reserved_after < 0 or reserved_after > on_hand_after limit 20`,
    ),
    wrongMovementDeltas: await rows(
      { id: 'bigint', kind: 'text' },
      sql`select id, kind from stock_movements where not ((kind = 'received' and on_hand_delta > 0 and reserved_delta = 0) or (kind = 'reserved' and on_hand_delta = 0 and reserved_delta > 0) or (kind = 'released' and on_hand_delta = 0 and reserved_delta < 0) or (kind = 'issued' and on_hand_delta < 0 and reserved_delta = on_hand_delta) or (kind = 'adjusted' and on_hand_delta <> 0 and reserved_delta = 0)) limit 20`,
    ),
  };
}
