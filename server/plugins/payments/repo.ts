import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxOrders } from '../../db/schema';

/** The database access of the payment adapters: only the built-in sandbox keeps rows (it stands for a provider). */

export type { PaymentProviderCode } from '../../db/schema';

export type SandboxOrderStatus = 'ACTIVE' | 'PAID' | 'FAILED' | 'CANCELLED';

export interface SandboxRefund {
  refundId: string;
  amount: number;
  at: string;
}

/** What the sandbox keeps besides its columns. */
export interface SandboxDetails {
  notifyUrl: string;
  payerId: string;
  refunds?: SandboxRefund[];
}

export interface SandboxOrder {
  orderId: string;
  amount: number;
  currency: string;
  payerName: string;
  payerPhone: string | null;
  returnUrl: string;
  status: SandboxOrderStatus;
  paymentId: string | null;
  details: SandboxDetails;
  createdAt: Date;
  paidAt: Date | null;
}

const asOrder = (row: typeof sandboxOrders.$inferSelect): SandboxOrder => ({
  ...row,
  status: row.status as SandboxOrderStatus,
  details: (row.details ?? {}) as SandboxDetails,
});

/** Inserts a new ACTIVE order; false when the order id is already taken (the row is left as it was). */
export async function insertSandboxOrder(
  db: Db,
  row: Pick<SandboxOrder, 'orderId' | 'amount' | 'currency' | 'payerName' | 'payerPhone' | 'returnUrl' | 'details'>,
): Promise<boolean> {
  const inserted = await db
    .insert(sandboxOrders)
    .values({ ...row, status: 'ACTIVE' })
    .onConflictDoNothing()
    .returning({ orderId: sandboxOrders.orderId });
  return inserted.length === 1;
}

export async function findSandboxOrder(db: Db, orderId: string): Promise<SandboxOrder | null> {
  const [row] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.orderId, orderId)).limit(1);
  return row ? asOrder(row) : null;
}

/**
 * Decides an ACTIVE order (PAID with a payment id, FAILED or CANCELLED). Conditional on ACTIVE in one statement, so
 * of two racing clicks exactly one decides; null when the order was already decided or does not exist.
 */
export async function decideSandboxOrder(
  db: Db,
  orderId: string,
  status: Exclude<SandboxOrderStatus, 'ACTIVE'>,
  paymentId: string | null,
): Promise<SandboxOrder | null> {
  const [row] = await db
    .update(sandboxOrders)
    .set({ status, paymentId, paidAt: status === 'PAID' ? new Date() : null })
    .where(and(eq(sandboxOrders.orderId, orderId), eq(sandboxOrders.status, 'ACTIVE')))
    .returning();
  return row ? asOrder(row) : null;
}

export type RefundOutcome =
  | { ok: true; refund: SandboxRefund }
  | { ok: false; reason: 'not found' | 'not paid' | 'wrong payment' | 'exceeds paid amount' };

/**
 * Records a refund of a PAID order in its details, under a row lock so two refunds never together exceed the paid
 * amount. The same refund id again answers the refund already recorded.
 */
export async function recordSandboxRefund(
  db: Db,
  orderId: string,
  paymentId: string,
  refund: SandboxRefund,
): Promise<RefundOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(sandboxOrders).where(eq(sandboxOrders.orderId, orderId)).for('update');
    if (!row) return { ok: false, reason: 'not found' };
    const order = asOrder(row);
    if (order.status !== 'PAID') return { ok: false, reason: 'not paid' };
    if (order.paymentId !== paymentId) return { ok: false, reason: 'wrong payment' };
    const refunds = order.details.refunds ?? [];
    const same = refunds.find((r) => r.refundId === refund.refundId);
    if (same) return { ok: true, refund: same };
    const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);
    if (refunded + refund.amount > order.amount) return { ok: false, reason: 'exceeds paid amount' };
    await tx
      .update(sandboxOrders)
      .set({ details: { ...order.details, refunds: [...refunds, refund] } })
      .where(eq(sandboxOrders.orderId, orderId));
    return { ok: true, refund };
  });
}
