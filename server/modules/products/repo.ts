import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { products, type StockMovementKind, stockMovements } from '../../db/schema';

export interface StockRow {
  id: number;
  productName: string;
  onHand: number;
  reserved: number;
}

/** The products' stock rows, `FOR UPDATE`, locked in id order (every writer locks in that order: no deadlock). */
export const lockStock = (tx: Tx, ids: number[]): Promise<StockRow[]> =>
  tx
    .select({
      id: products.id,
      productName: products.productName,
      onHand: products.onHand,
      reserved: products.reserved,
    })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');

export interface MovementRow {
  productId: number;
  kind: StockMovementKind;
  onHandDelta: number;
  reservedDelta: number;
  onHandAfter: number;
  reservedAfter: number;
  requestId: number | null;
  reason: string | null;
  actorId: number | null;
}

/** Appends movements and sets each product's cached figures to its last movement's, in the caller's transaction. */
export async function insertMovements(tx: Tx, rows: MovementRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(stockMovements).values(rows);
  for (const r of rows) {
    await tx
      .update(products)
      .set({ onHand: r.onHandAfter, reserved: r.reservedAfter, updatedAt: new Date() })
      .where(eq(products.id, r.productId));
  }
}

/** A product's movements, newest first (the history page pages them). */
export const movementsOf = (exec: Executor, productId: number) =>
  exec.select().from(stockMovements).where(eq(stockMovements.productId, productId)).orderBy(asc(stockMovements.id));
