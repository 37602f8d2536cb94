import type { Handlers } from '../../http';

/** Subscription plans, their per-service discounts and the customers' plans (issue 11 §3). */
export const subscriptionHandlers: Handlers = {};
