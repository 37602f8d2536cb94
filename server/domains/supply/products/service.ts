// The product store and its stock ledger (issue 12 §2, decision 028). Prices are integer paise inside; the API speaks
// rupees (the conversion is termsFromApi's, called at the HTTP boundary). Stock changes only through moveStock.
import type { Db, Executor } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import {
  badRequest,
  conflict,
  type FieldError,
  HttpError,
  type Idempotency,
  idempotencyKeyReused,
  notFound,
} from '../../../http';
import { chunks, RowErrors } from '../../../imports';
import { mulDivHalfUp, type Paise, paise, rupeesText, toPaise, toRupees } from '../../../money';
import { activeToggle, recordTransition } from '../../../plugins/audit';
import { checkOptionalImage, type Storage } from '../../../plugins/storage';
import { toCsv } from '../../../shared/csv';
import { tax } from '../../catalogue';
import type { ProductDiscountType, StockMovementKind } from './repo';
import * as repo from './repo';
import { moveStock } from './stock';

export const ENTITY = 'Product';
/** The most rows a CSV export holds. */
export const CSV_MAX_ROWS = 50_000;
/** How many of the lowest products the dashboard lists. */
const DASHBOARD_LOW_STOCK = 10;

/** A product's price terms as the API sends them: rupees, and a discount whose unit depends on its type. */
export interface ApiTerms {
  mrp: number;
  discount?: number | null;
  discountType?: ProductDiscountType;
  cost: number;
}

export interface Terms {
  mrpPaise: Paise;
  discountType: ProductDiscountType;
  /** A whole percent, or paise off each unit. */
  discount: number;
  actualPricePaise: Paise;
  costPaise: Paise;
}

/**
 * The HTTP boundary of a product's prices: rupees to paise, the discount checked against its type, and actualPrice
 * computed (MRP less the discount, GST included: the MRP already includes it). An empty discount is 0 (SPEC §5).
 */
export function termsFromApi(t: ApiTerms): Terms {
  const mrpPaise = toPaise(t.mrp, 'mrp');
  if (mrpPaise <= 0) throw badRequest('mrp', 'must be more than 0');
  const costPaise = toPaise(t.cost, 'cost');
  const discountType = t.discountType ?? 'percentage';
  const raw = t.discount ?? 0;
  let discount: number;
  let offPaise: number;
  if (discountType === 'percentage') {
    if (!Number.isInteger(raw) || raw < 0 || raw > 100) {
      throw badRequest('discount', 'must be a whole percent from 0 to 99 when discountType is percentage');
    }
    discount = raw;
    offPaise = mulDivHalfUp(mrpPaise, raw, 100);
  } else {
    discount = toPaise(raw, 'discount');
    offPaise = discount;
  }
  if (offPaise >= mrpPaise) {
    throw badRequest(
      'discount',
      `must leave a price above zero: ${discountType === 'flat' ? rupeesText(discount) : `${discount}%`} off an MRP of ${rupeesText(mrpPaise)} leaves nothing`,
    );
  }
  return { mrpPaise, discountType, discount, actualPricePaise: paise(mrpPaise - offPaise), costPaise };
}

/** The API's discount: a whole percent, or rupees (flat). */
const apiDiscount = (r: { discountType: ProductDiscountType; discount: number }) =>
  r.discountType === 'flat' ? toRupees(paise(r.discount)) : r.discount;

/** A product as the API shows it. Vendors do not see what the store paid (cost, stock value). */
export function productView(r: repo.ProductRow, viewer: { staff: boolean } = { staff: true }) {
  const available = r.onHand - r.reserved;
  return {
    id: r.id,
    productName: r.productName,
    hsnCode: r.hsnCode,
    description: r.description,
    mrp: toRupees(r.mrpPaise),
    discount: apiDiscount(r),
    discountType: r.discountType,
    actualPrice: toRupees(r.actualPricePaise),
    cost: viewer.staff ? toRupees(r.costPaise) : null,
    gst: r.gstPercent,
    productImageUrl: r.imageUrl,
    productImage: r.imageName,
    quantity: r.onHand,
    onHand: r.onHand,
    reserved: r.reserved,
    available,
    lowStockAt: r.lowStockAt,
    lowStock: available <= r.lowStockAt,
    stockValue: viewer.staff ? toRupees(paise(r.onHand * r.costPaise)) : null,
    status: r.active,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

const storeView = (r: repo.ProductRow) => ({
  id: r.id,
  productName: r.productName,
  description: r.description,
  mrp: toRupees(r.mrpPaise),
  discount: apiDiscount(r),
  discountType: r.discountType,
  actualPrice: toRupees(r.actualPricePaise),
  gst: r.gstPercent,
  productImageUrl: r.imageUrl,
  available: r.onHand - r.reserved,
});

const nameTaken = (name: string) =>
  conflict('productName', `A product named "${name}" is already in the store: choose another name or update it.`);
const onNameRace = (name: string) => (err: unknown) => {
  if (uniqueViolation(err) !== null) throw nameTaken(name);
  throw err;
};

function cleanName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (!name) throw badRequest('productName', 'must not be empty');
  return name;
}

const cleanDescription = (raw: string | null | undefined) => raw?.trim() || null;

/** An HSN code: 4, 6 or 8 digits (the chapter and heading, then the sub-heading and the tariff item). */
const HSN = /^[0-9]{4}([0-9]{2}){0,2}$/;
const HSN_RULE = 'must be an HSN code of 4, 6 or 8 digits';

/**
 * The product's HSN code, which its request invoices print (decision 028). The contract already requires it on
 * add and import and checks its form; this keeps the rule for callers that do not come through HTTP.
 */
function hsnProblem(raw: string | null | undefined, required: boolean): string | null {
  if (raw == null || raw === '') return required ? 'is required (the HSN code of 4, 6 or 8 digits)' : null;
  return HSN.test(raw) ? null : HSN_RULE;
}

function checkHsn(raw: string | null | undefined, required: boolean): string | undefined {
  const problem = hsnProblem(raw, required);
  if (problem) throw badRequest('hsnCode', problem);
  return raw || undefined;
}

export interface ProductInput {
  productName: string;
  /** Required on add; omitted on update keeps the product's code. */
  hsnCode?: string;
  description?: string | null;
  terms: Terms;
  gst: number;
  lowStockAt?: number;
  status?: boolean;
  imagebase64Data?: string;
  fileName?: string;
}

async function getProduct(exec: Executor, id: number) {
  const row = await repo.findProduct(exec, id);
  if (!row) throw notFound(`Product ${id}`);
  return productView(row);
}

/** AddProducts: the product and its opening stock (a `received` movement) in one transaction. */
export async function addProduct(
  db: Db,
  storage: Storage,
  input: ProductInput & { quantity?: number },
  actorId: number,
) {
  const productName = cleanName(input.productName);
  const hsnCode = checkHsn(input.hsnCode, true)!;
  await tax.assertRateInForce(db, input.gst, new Date(), 'gst');
  if (await repo.findByName(db, productName)) throw nameTaken(productName);
  const image = await checkOptionalImage(input.imagebase64Data, 'imagebase64Data');
  const quantity = input.quantity ?? 0;
  const id = await storage
    .withFiles([image && { folder: 'products', file: image }], async ([imageUrl]) => ({
      result: await db.transaction(async (tx) => {
        const [id] = await repo.insertProducts(tx, [
          {
            productName,
            hsnCode,
            description: cleanDescription(input.description),
            ...input.terms,
            gstPercent: input.gst,
            lowStockAt: input.lowStockAt ?? 10,
            active: input.status ?? true,
            imageUrl,
            imageName: imageUrl ? input.fileName?.trim() || null : null,
          },
        ]);
        if (quantity > 0) {
          await moveStock(tx, {
            kind: 'received',
            lines: [{ productId: id, quantity }],
            reason: 'Opening stock',
            actorId,
            field: 'quantity',
          });
        }
        await recordTransition(tx, {
          entity: ENTITY,
          entityId: id,
          from: null,
          to: input.status === false ? 'inactive' : 'active',
          event: 'ADD',
          actorId,
          remark: `${productName}: MRP ${rupeesText(input.terms.mrpPaise)}, ${quantity} in stock`,
        });
        return id;
      }),
    }))
    .catch(onNameRace(productName));
  return getProduct(db, id);
}

/** UpdateProducts: everything but the stock; a new picture replaces the old one (removed once committed). */
export async function updateProduct(db: Db, storage: Storage, id: number, input: ProductInput, actorId: number) {
  const productName = cleanName(input.productName);
  const hsnCode = checkHsn(input.hsnCode, false);
  if (!(await repo.findProduct(db, id))) throw notFound(`Product ${id}`);
  await tax.assertRateInForce(db, input.gst, new Date(), 'gst');
  if (await repo.findByName(db, productName, id)) throw nameTaken(productName);
  const image = await checkOptionalImage(input.imagebase64Data, 'imagebase64Data');
  await storage
    .withFiles([image && { folder: 'products', file: image }], async ([newUrl]) =>
      db.transaction(async (tx) => {
        const old = await repo.lockProduct(tx, id);
        if (!old) throw notFound(`Product ${id}`);
        const next = {
          productName,
          hsnCode: hsnCode ?? old.hsnCode,
          description: cleanDescription(input.description),
          ...input.terms,
          gstPercent: input.gst,
          lowStockAt: input.lowStockAt ?? old.lowStockAt,
          active: input.status ?? old.active,
          ...(newUrl ? { imageUrl: newUrl, imageName: input.fileName?.trim() || null } : {}),
        };
        await repo.updateProduct(tx, id, next);
        const changes = [
          old.productName !== productName ? `name ${old.productName} → ${productName}` : null,
          old.mrpPaise !== next.mrpPaise ? `MRP ${rupeesText(old.mrpPaise)} → ${rupeesText(next.mrpPaise)}` : null,
          old.actualPricePaise !== next.actualPricePaise
            ? `price ${rupeesText(old.actualPricePaise)} → ${rupeesText(next.actualPricePaise)}`
            : null,
          old.costPaise !== next.costPaise ? `cost ${rupeesText(old.costPaise)} → ${rupeesText(next.costPaise)}` : null,
          old.gstPercent !== next.gstPercent ? `GST ${old.gstPercent}% → ${next.gstPercent}%` : null,
          old.hsnCode !== next.hsnCode ? `HSN ${old.hsnCode ?? 'none'} → ${next.hsnCode}` : null,
          old.lowStockAt !== next.lowStockAt ? `low stock at ${old.lowStockAt} → ${next.lowStockAt}` : null,
          (old.description ?? null) !== next.description ? 'description' : null,
          newUrl ? 'picture' : null,
        ].filter(Boolean);
        const state = (a: boolean) => (a ? 'active' : 'inactive');
        await recordTransition(tx, {
          entity: ENTITY,
          entityId: id,
          from: state(old.active),
          to: state(next.active),
          event: 'CHANGE',
          actorId,
          remark: changes.length ? changes.join('; ') : 'no change',
        });
        return { result: undefined, replaced: newUrl ? [old.imageUrl] : [] };
      }),
    )
    .catch(onNameRace(productName));
  return getProduct(db, id);
}

export interface ImportRow {
  productName: string;
  hsnCode: string;
  description?: string | null;
  mrp: number;
  discount?: number | null;
  discountType?: ProductDiscountType;
  gst: number;
  cost: number;
  lowStockAt?: number;
  quantity?: number;
}

/** AddProductsExcel: every row checked first (names unique in the file and the store); all rows or none. */
export async function importProducts(db: Db, rows: ImportRow[], actorId: number) {
  const errors = new RowErrors();
  const rates = await tax.ratesInForce(db, new Date());
  const seen = new Map<string, number>();
  const values = rows.map((r, i) => {
    let terms: Terms | undefined;
    try {
      terms = termsFromApi(r);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      for (const e of err.errors as FieldError[]) errors.add(i, e.field, e.message);
    }
    if (!rates.includes(r.gst)) errors.add(i, 'gst', tax.notInForce(rates));
    const hsn = hsnProblem(r.hsnCode, true);
    if (hsn) errors.add(i, 'hsnCode', hsn);
    const productName = r.productName.trim().replace(/\s+/g, ' ');
    if (!productName) errors.add(i, 'productName', 'must not be empty');
    else errors.firstOf(seen, productName.toLowerCase(), i, 'productName', `"${productName}"`);
    return { productName, terms, row: r };
  });
  const taken = await repo.namesTaken(db, [...seen.keys()]);
  const takenNames = new Map(taken.map((t) => [t.productName.toLowerCase(), t.productName]));
  values.forEach((v, i) => {
    const existing = takenNames.get(v.productName.toLowerCase());
    if (existing && seen.get(v.productName.toLowerCase()) === i) {
      errors.add(i, 'productName', `"${existing}" is already in the store`);
    }
  });
  errors.throwIfAny();

  await db
    .transaction(async (tx) => {
      for (const part of chunks(values)) {
        const ids = await repo.insertProducts(
          tx,
          part.map((v) => ({
            productName: v.productName,
            hsnCode: v.row.hsnCode,
            description: cleanDescription(v.row.description),
            ...v.terms!,
            gstPercent: v.row.gst,
            lowStockAt: v.row.lowStockAt ?? 10,
            active: true,
          })),
        );
        const lines = ids
          .map((productId, k) => ({ productId, quantity: part[k].row.quantity ?? 0 }))
          .filter((l) => l.quantity > 0);
        if (lines.length) {
          await moveStock(tx, {
            kind: 'received',
            lines,
            reason: 'Opening stock (import)',
            actorId,
            field: 'quantity',
          });
        }
        for (const id of ids) {
          await recordTransition(tx, {
            entity: ENTITY,
            entityId: id,
            from: null,
            to: 'active',
            event: 'ADD',
            actorId,
            remark: 'imported',
          });
        }
      }
    })
    .catch((err) => {
      // A product added under one of the names while the file was checked.
      if (uniqueViolation(err) !== null) {
        throw conflict('productName', 'A product with one of these names was added meanwhile: import the file again.');
      }
      throw err;
    });
  return { imported: rows.length };
}

/**
 * DeleteProduct (decision 028): a soft delete. Refused while a request that is not finished (issued or cancelled)
 * names the product, or units are held for one: those requests still need its stock and its price.
 */
export async function deleteProduct(db: Db, id: number, actorId: number) {
  await db.transaction(async (tx) => {
    const product = await repo.lockProduct(tx, id);
    if (!product) throw notFound(`Product ${id}`);
    const open = await repo.openRequestsWith(tx, id);
    if (product.reserved > 0 || open.length > 0) {
      const which = open.length ? ` (request${open.length > 1 ? 's' : ''} ${open.join(', ')})` : '';
      throw conflict(
        'id',
        `${product.productName} cannot be deleted: it is on requests that are not finished${which}${product.reserved > 0 ? ` and ${product.reserved} units are held for them` : ''}. Switch it off instead, so no new request can ask for it.`,
      );
    }
    await repo.softDelete(tx, id);
    await recordTransition(tx, {
      entity: ENTITY,
      entityId: id,
      from: product.active ? 'active' : 'inactive',
      to: 'deleted',
      event: 'DELETE',
      actorId,
      remark: `${product.productName}, ${product.onHand} on hand`,
    });
  });
}

/** The Product toggle of DeReActivateAll: an inactive product is no longer offered to vendors. */
export async function toggle(db: Db, id: number, actorId: number) {
  return db.transaction(async (tx) => {
    const product = await repo.lockProduct(tx, id);
    if (!product) throw notFound(`Product ${id}`);
    const active = !product.active;
    await repo.updateProduct(tx, id, { active });
    await recordTransition(tx, activeToggle(ENTITY, id, active, actorId));
    return { id, active };
  });
}

/** GetProductsByVendorId (decision 028): the store's products the vendor may request. */
export async function storeFor(db: Db, vendorId: number, q: Parameters<typeof repo.pageStore>[1]) {
  if (!(await repo.isVendorAccount(db, vendorId))) throw notFound(`Vendor ${vendorId}`);
  const page = await repo.pageStore(db, q);
  return { ...page, items: page.items.map(storeView) };
}

/** The product-details fetch: vendors see active products only, without the store's cost. */
export async function productDetails(db: Db, id: number, viewer: { staff: boolean }) {
  const row = await repo.findProduct(db, id);
  if (!row || (!viewer.staff && !row.active)) throw notFound(`Product ${id}`);
  return productView(row, viewer);
}

export interface ListQuery extends repo.ProductListQuery {
  format?: 'json' | 'csv';
}

export async function listProducts(db: Db, q: ListQuery) {
  const page = await repo.pageProducts(db, q, q.format === 'csv' ? CSV_MAX_ROWS : undefined);
  return { ...page, items: page.items.map((r) => productView(r)) };
}

const PRODUCT_CSV = [
  'id',
  'productName',
  'hsnCode',
  'mrp',
  'discount',
  'discountType',
  'actualPrice',
  'gst',
  'cost',
  'onHand',
  'reserved',
  'available',
  'lowStockAt',
  'lowStock',
  'stockValue',
  'status',
  'updatedAt',
];
export const productsCsv = (items: ReturnType<typeof productView>[]) => toCsv(items, PRODUCT_CSV);

export interface HistoryQuery extends repo.MovementQuery {
  format?: 'json' | 'csv';
}

/** GetProductHistory: the ledger newest first; one product's when `productId` names it. */
export async function history(db: Db, q: HistoryQuery) {
  if (q.productId && !(await repo.findProduct(db, q.productId, true))) throw notFound(`Product ${q.productId}`);
  if (q.from && q.to && q.from > q.to) throw badRequest('to', 'must be on or after from');
  return repo.pageMovements(db, q, q.format === 'csv' ? CSV_MAX_ROWS : undefined);
}

const HISTORY_CSV = [
  'createdAt',
  'productId',
  'productName',
  'kind',
  'onHandDelta',
  'reservedDelta',
  'onHandAfter',
  'reservedAfter',
  'requestId',
  'reason',
  'actorName',
  'actorRole',
];
export const historyCsv = (items: Record<string, unknown>[]) => toCsv(items, HISTORY_CSV);

export interface StockInput {
  productId: number;
  kind: 'received' | 'adjusted';
  quantity: number;
  reason?: string;
}

/**
 * Receives stock or adjusts it with a reason; the ledger refuses anything that would go below zero (409). Under an
 * Idempotency-Key the movement is recorded once: the same request again moves nothing and answers the product with
 * `replayed` (the product's lock makes a concurrent retry wait for the first), another request under it is 422.
 */
export async function addStockMovement(db: Db, input: StockInput, actorId: number, idempotency?: Idempotency) {
  const reason = input.reason?.trim() || null;
  if (input.kind === 'received' && input.quantity < 1) throw badRequest('quantity', 'must be at least 1 to receive');
  if (input.kind === 'adjusted') {
    if (input.quantity === 0) throw badRequest('quantity', 'must not be 0: say how many units more (+) or fewer (-)');
    if (!reason || reason.length < 3) {
      throw badRequest('reason', 'is required for an adjustment (at least 3 characters): a count, damage, a mistake…');
    }
  }
  const key = idempotency?.key ? { key: idempotency.key, hash: idempotency.hash } : null;
  const reused = () =>
    idempotencyKeyReused('This Idempotency-Key was already used for a different request; no stock was moved.');
  const replayed = await db.transaction(async (tx) => {
    if (!(await repo.lockProduct(tx, input.productId))) throw notFound(`Product ${input.productId}`);
    const prior = key && (await repo.movementByKey(tx, key.key));
    if (prior) {
      if (prior.requestHash !== key.hash) throw reused();
      return true;
    }
    try {
      await moveStock(tx, {
        kind: input.kind,
        lines: [{ productId: input.productId, quantity: input.quantity }],
        reason,
        actorId,
        field: 'quantity',
        idempotency: key,
      });
    } catch (e) {
      // The key taken meanwhile by a movement of another product: another request.
      if (uniqueViolation(e) === 'stock_movements_idempotency_uq') throw reused();
      throw e;
    }
    return false;
  });
  return { ...(await getProduct(db, input.productId)), replayed };
}

/** The inventory manager's dashboard: requests waiting, low stock and the stock value at cost. */
export async function dashboard(db: Db) {
  const [f, low] = await Promise.all([repo.dashboardFigures(db), repo.lowestStock(db, DASHBOARD_LOW_STOCK)]);
  return {
    pendingIM: f.pendingIM,
    pendingAdmin: f.pendingAdmin,
    products: f.products,
    activeProducts: f.activeProducts,
    lowStockCount: f.lowStockCount,
    lowStock: low.map((r) => productView(r)),
    unitsOnHand: f.unitsOnHand,
    unitsReserved: f.unitsReserved,
    stockValue: toRupees(paise(f.stockValuePaise)),
  };
}

export interface RequestProduct {
  id: number;
  productName: string;
  hsnCode: string | null;
  mrpPaise: Paise;
  actualPricePaise: Paise;
  gstPercent: number;
  active: boolean;
  deleted: boolean;
  onHand: number;
  reserved: number;
}

/**
 * For the request workflow (productRequests): the products of a cart as they are now, for the price snapshot and
 * the checks (active, not deleted, enough free). Missing ids are simply absent. Not locked: stock is reserved later,
 * through moveStock, which locks.
 */
export async function productsForRequest(exec: Executor, ids: number[]): Promise<RequestProduct[]> {
  const rows = await repo.productsByIds(exec, [...new Set(ids)]);
  return rows.map((r) => ({
    id: r.id,
    productName: r.productName,
    hsnCode: r.hsnCode,
    mrpPaise: r.mrpPaise,
    actualPricePaise: r.actualPricePaise,
    gstPercent: r.gstPercent,
    active: r.active,
    deleted: r.deletedAt !== null,
    onHand: r.onHand,
    reserved: r.reserved,
  }));
}

const STOCK_INVARIANTS: Record<keyof Awaited<ReturnType<typeof repo.stockBreaches>>, string> = {
  cachedStockMismatches: "each product's cached onHand / reserved equal the sums of its stock movements",
  runningStockBreaks: "each movement's figures after it equal the running sums of its product's movements",
  negativeStock: 'no movement left stock below zero or held more than was on hand',
  wrongMovementDeltas: "each movement's deltas fit its kind (received +on hand, reserved +held, …)",
};

/** Every stock-ledger invariant on the whole database (npm run ledger:check and the stock tests). */
export async function stockCheck(db: Executor) {
  const breaches = await repo.stockBreaches(db);
  const checks = Object.entries(STOCK_INVARIANTS).map(([key, rule]) => ({
    rule,
    breaches: breaches[key as keyof typeof breaches],
  }));
  return { ok: checks.every((c) => c.breaches.length === 0), checks };
}

export type { StockMovementKind };
