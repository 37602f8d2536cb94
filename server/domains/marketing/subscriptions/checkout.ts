import type { Executor } from '../../../db/client';
import * as purchasesRepo from './repo.purchases';

// What the checkout reads of the customer's plan.

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
  const plan = await purchasesRepo.activePlanOf(exec, customerUserId, at);
  if (!plan) return null;
  const rows = await purchasesRepo.planDiscounts(exec, plan.subscriptionId, [...new Set(serviceIds)]);
  return {
    ...plan,
    discounts: new Map(rows.map((r) => [r.serviceId, { discountType: r.discountType, discount: r.discount }])),
  };
}
