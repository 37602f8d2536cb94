import type { Tx } from '../../../db/client';
import type { WritePlan } from '../../../db/plan';

import { conflict, notFound } from '../../../http';
import * as repo from './repo';

type StockMovementKind = repo.StockMovementKind;

/**
 * The stock ledger's one writer (decision 028): every change of stock is a movement appended under a
 * lock on the product rows (locked in id order, so concurrent writers never deadlock), with the figures after it;
 * the products' cached onHand / reserved follow in the same transaction. Nothing ever takes stock below zero or
 * reserves more than is free: such a movement is refused with 409 naming the product, and nothing is written.
 *
 * - received: quantity more on hand (a delivery to the store);
 * - reserved: quantity of the free stock held for a request (the inventory manager's acceptance);
 * - released: a hold given back (rejection or cancellation);
 * - issued: held units leave the store (a paid request): on hand and reserved both go down;
 * - adjusted: on hand corrected by a signed quantity, with a reason (a count, damage, a mistake).
 */
export interface StockLine {
  productId: number;
  /** Units; positive, except for an adjustment, whose sign says which way. */
  quantity: number;
}

export interface StockMove {
  kind: StockMovementKind;
  lines: StockLine[];
  requestId?: number | null;
  reason?: string | null;
  actorId: number | null;
  /** The request field named in a refusal (for example `IOrderId` or `quantity`). */
  field: string;
  /** A staff movement's Idempotency-Key and request hash, kept on the movement's row. */
  idempotency?: { key: string; hash: string } | null;
  /** A write-plan holding other domains' steps, run with the movement's statement and undone with a refusal. */
  plan?: WritePlan;
}

function deltas(kind: StockMovementKind, quantity: number): { onHand: number; reserved: number } {
  switch (kind) {
    case 'received':
      return { onHand: quantity, reserved: 0 };
    case 'reserved':
      return { onHand: 0, reserved: quantity };
    case 'released':
      return { onHand: 0, reserved: -quantity };
    case 'issued':
      return { onHand: -quantity, reserved: -quantity };
    case 'adjusted':
      return { onHand: quantity, reserved: 0 };
  }
}

/**
 * Applies one kind of movement to one or more products, in the caller's transaction and in one statement (the rows
 * are locked only for it and the rest of the transaction). Answers the rows after it.
 */
export async function moveStock(tx: Tx, m: StockMove): Promise<repo.StockRow[]> {
  // One movement per product: lines naming the same product are summed.
  const byProduct = new Map<number, number>();
  for (const l of m.lines) byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.quantity);
  const ids = [...byProduct.keys()].sort((a, b) => a - b);
  const asked = ids.map((productId) => {
    const quantity = byProduct.get(productId) ?? 0;
    if (m.kind !== 'adjusted' && quantity < 0) throw new Error(`A ${m.kind} movement takes a positive quantity`);
    return { productId, quantity, ...deltas(m.kind, quantity) };
  });
  try {
    return await repo.applyMovements(tx, {
      kind: m.kind,
      deltas: asked,
      requestId: m.requestId ?? null,
      reason: m.reason ?? null,
      actorId: m.actorId,
      idempotency: m.idempotency,
      plan: m.plan,
    });
  } catch (e) {
    const refused = repo.stockRefusalOf(e);
    if (!refused) throw e;
    if ('missing' in refused) throw notFound(`Product ${refused.missing}`);
    throw refusal(m, refused, byProduct.get(refused.id) ?? 0);
  }
}

/** The words for a refused movement of `quantity` units of `row` (its figures before the movement). */
function refusal(m: StockMove, row: repo.StockRow, quantity: number) {
  const d = deltas(m.kind, quantity);
  const onHandAfter = row.onHand + d.onHand;
  const reservedAfter = row.reserved + d.reserved;
  const free = row.onHand - row.reserved;
  if (m.kind === 'reserved' && quantity > free) {
    return conflict(m.field, `Only ${free} of ${row.productName} are free in the store; ${quantity} were asked for.`);
  }
  if (m.kind === 'adjusted' && onHandAfter < row.reserved) {
    return conflict(
      m.field,
      `${row.productName} has ${row.onHand} on hand, ${row.reserved} of them held for requests: it cannot go down by ${-quantity}.`,
    );
  }
  return conflict(m.field, `${row.productName}: this would leave ${onHandAfter} on hand and ${reservedAfter} held.`);
}
