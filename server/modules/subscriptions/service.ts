import type { Db } from '../../db/client';

/** The Subscription toggle (DeReActivateAll): a plan on or off sale. */
export async function togglePlan(_db: Db, _id: number, _actorId: number): Promise<{ id: number; active: boolean }> {
  throw new Error('subscriptions.togglePlan: being built (issue 11)');
}

/** The SubscriptionService toggle (DeReActivateAll): a plan's discount on one service on or off. */
export async function toggleDiscount(_db: Db, _id: number, _actorId: number): Promise<{ id: number; active: boolean }> {
  throw new Error('subscriptions.toggleDiscount: being built (issue 11)');
}
