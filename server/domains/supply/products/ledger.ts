// The stock ledger's entries by hand, the inventory manager's dashboard, the products a request takes and the
// ledger's invariants (decision 028). Stock changes only through moveStock.
import type { Db, Executor } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import { badRequest, type Idempotency, idempotencyKeyReused, notFound } from '../../../http';
import { type Paise, paise, toRupees } from '../../../money';
import * as repo from './repo';
import { moveStock } from './stock';
import { DASHBOARD_LOW_STOCK, getProduct, productView } from './terms';

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
