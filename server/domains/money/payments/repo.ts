import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client';
import { likeTerm, pageFor } from '../../../db/paging';
import { rawRows } from '../../../db/rows';
import { type PaymentIntentState, type PaymentProviderCode, paymentIntents, users } from '../../../db/schema';

export type { PaymentIntentState, PaymentProviderCode };

export type IntentRow = typeof paymentIntents.$inferSelect;
export type NewIntent = typeof paymentIntents.$inferInsert;

export async function insertIntent(exec: Executor, row: NewIntent) {
  const [made] = await exec.insert(paymentIntents).values(row).returning();
  return made;
}

export async function findIntent(
  exec: Executor,
  where: { id: number } | { orderId: string } | { provider: PaymentProviderCode; providerOrderRef: string },
) {
  const [row] = await exec
    .select()
    .from(paymentIntents)
    .where(
      'id' in where
        ? eq(paymentIntents.id, where.id)
        : 'orderId' in where
          ? eq(paymentIntents.orderId, where.orderId)
          : and(
              eq(paymentIntents.provider, where.provider),
              eq(paymentIntents.providerOrderRef, where.providerOrderRef),
            ),
    );
  return row ?? null;
}

/** The intent, locked for this transaction: settle, the webhook and the job each wait for the other. */
export async function lockIntent(tx: Tx, id: number) {
  const [row] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, id)).for('update');
  return row ?? null;
}

export async function updateIntent(tx: Tx, id: number, patch: Partial<NewIntent>) {
  await tx
    .update(paymentIntents)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(paymentIntents.id, id));
}

const listColumns = {
  id: paymentIntents.id,
  orderId: paymentIntents.orderId,
  provider: paymentIntents.provider,
  purpose: paymentIntents.purpose,
  payerId: paymentIntents.payerUserId,
  payerName: users.fullName,
  payerRole: paymentIntents.payerRole,
  amount: paymentIntents.amount,
  currency: paymentIntents.currency,
  state: paymentIntents.state,
  providerPaymentId: paymentIntents.providerPaymentId,
  resultMessage: paymentIntents.resultMessage,
  createdAt: paymentIntents.createdAt,
  updatedAt: paymentIntents.updatedAt,
};

export async function pageIntents(
  exec: Executor,
  q: { page?: number; pageSize?: number; search?: string; state?: PaymentIntentState },
) {
  const where = and(
    q.state ? eq(paymentIntents.state, q.state) : undefined,
    q.search
      ? or(
          ilike(paymentIntents.orderId, likeTerm(q.search)),
          ilike(users.fullName, likeTerm(q.search)),
          ilike(users.mobileNo, likeTerm(q.search)),
        )
      : undefined,
  );
  return pageFor(
    q,
    exec.select(listColumns).from(paymentIntents).innerJoin(users, eq(users.id, paymentIntents.payerUserId)).$dynamic(),
    exec
      .select({ total: count() })
      .from(paymentIntents)
      .innerJoin(users, eq(users.id, paymentIntents.payerUserId))
      .$dynamic(),
    where,
    [desc(paymentIntents.id)],
  );
}

export async function intentView(exec: Executor, id: number) {
  const [row] = await exec
    .select(listColumns)
    .from(paymentIntents)
    .innerJoin(users, eq(users.id, paymentIntents.payerUserId))
    .where(eq(paymentIntents.id, id));
  return row ?? null;
}

/**
 * Claims up to `limit` intents still open after `minutes`, not claimed in the last minute: the claim is an UPDATE
 * over SKIP LOCKED rows, so two server processes running the job never take the same intent at once.
 */
export async function claimStaleIntents(exec: Executor, minutes: number, limit: number): Promise<string[]> {
  const rows = await rawRows(
    exec,
    sql`
    update payment_intents set checked_at = now()
    where id in (
      select id from payment_intents
      where state in ('created', 'awaitingPayment')
        and created_at < now() - make_interval(mins => ${minutes})
        and (checked_at is null or checked_at < now() - interval '1 minute')
      order by id
      limit ${limit}
      for update skip locked)
    returning order_id`,
    { orderId: 'text' },
  );
  return rows.map((r) => r.orderId);
}
