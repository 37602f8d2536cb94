// Subscriptions (issue 11 §3; SPEC §3 subscription and subscription discount per service, §7 Subscriptions): plans the
// admin sells for a number of months, each with discounts on services, and the plans customers buy from their wallet
// or through a payment provider (docs/decisions/023-subscriptions.md).
import type { Db, Executor } from '../../db/client';
import { notFound } from '../../http';
import { activeToggle, recordTransition } from '../../plugins/audit';
import * as repo from './repo';

export const PLAN_ENTITY = 'SubscriptionPlan';
export const DISCOUNT_ENTITY = 'SubscriptionDiscount';

/** What the checkout reads of the customer's plan: 'P' percent, or 'F' paise off each unit. */
export interface PlanDiscounts {
  customerSubscriptionId: number;
  subscriptionId: number;
  subscriptionName: string;
  discounts: Map<number, { discountType: 'P' | 'F'; discount: number }>;
}

/**
 * For the checkout (the lead's quote): the plan the customer holds at `at` (bought, paid, started and not ended) with
 * its discounts that are switched on, for `serviceIds`; null when they hold none. A plan taken off sale or deleted
 * since still counts for those who bought it.
 */
export async function activePlanDiscounts(
  exec: Executor,
  customerUserId: number,
  serviceIds: number[],
  at: Date,
): Promise<PlanDiscounts | null> {
  const plan = await repo.activePlanOf(exec, customerUserId, at);
  if (!plan) return null;
  const rows = await repo.planDiscounts(exec, plan.subscriptionId, [...new Set(serviceIds)]);
  return {
    ...plan,
    discounts: new Map(rows.map((r) => [r.serviceId, { discountType: r.discountType, discount: r.discount }])),
  };
}

/** The Subscription toggle (DeReActivateAll): a plan on or off sale. */
export async function togglePlan(db: Db, id: number, actorId: number): Promise<{ id: number; active: boolean }> {
  return db.transaction(async (tx) => {
    const plan = await repo.lockPlan(tx, id);
    if (!plan) throw notFound(`Subscription plan ${id}`);
    const active = !plan.status;
    await repo.updatePlan(tx, id, { status: active });
    await recordTransition(tx, activeToggle(PLAN_ENTITY, id, active, actorId));
    return { id, active };
  });
}

/** The SubscriptionService toggle (DeReActivateAll): a plan's discount on one service on or off. */
export async function toggleDiscount(db: Db, id: number, actorId: number): Promise<{ id: number; active: boolean }> {
  return db.transaction(async (tx) => {
    const row = await repo.lockDiscount(tx, id);
    if (!row) throw notFound(`Subscription discount ${id}`);
    const active = !row.status;
    await repo.updateDiscount(tx, id, { status: active });
    await recordTransition(tx, activeToggle(DISCOUNT_ENTITY, id, active, actorId));
    return { id, active };
  });
}
