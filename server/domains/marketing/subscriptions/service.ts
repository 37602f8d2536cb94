// Subscriptions (docs/decisions/023-subscriptions.md): plans the admin sells for a number of months, each with
// discounts on services, and the plans customers buy from their wallet or through a payment provider. Each use case
// has its file; this is the module's public face.

export * from './checkout';
export {
  addMonths,
  DISCOUNT_ENTITY,
  dayText,
  MAX_PLAN_PRICE,
  PLAN_ENTITY,
  PURCHASE_ENTITY,
  SUBSCRIPTION_PURPOSE,
} from './common';
export * from './discounts';
export {
  addPlan,
  changePlanStatus,
  deletePlan,
  getPlan,
  listPlans,
  type Plan,
  type PlanInput,
  softDeletePlan,
  togglePlan,
  updatePlan,
} from './plans';
export * from './planTax';
export * from './purchases';
export type { DeletedFilter, PlanStatusFilter } from './repo';
