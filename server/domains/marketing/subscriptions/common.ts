import { paise } from '../../../money';

// What the subscription use cases share: the log's entities, the price ceiling and the plans' dates.

export const PLAN_ENTITY = 'SubscriptionPlan';
export const DISCOUNT_ENTITY = 'SubscriptionDiscount';
export const PURCHASE_ENTITY = 'CustomerSubscription';
/** The payment intents' purpose of a plan paid through a provider. */
export const SUBSCRIPTION_PURPOSE = 'Subscription';

export const MAX_PLAN_PRICE = paise(1_00_000 * 100);

const IST_MS = 330 * 60_000;

/**
 * `n` calendar months after `d`, counted on India's calendar: 10 Jan 14:00 → 10 Apr 14:00; a day the month does not
 * have becomes its last day (31 Jan + 1 month = 28 or 29 Feb).
 */
export function addMonths(d: Date, n: number): Date {
  const local = new Date(d.getTime() + IST_MS);
  const day = local.getUTCDate();
  local.setUTCDate(1);
  local.setUTCMonth(local.getUTCMonth() + n);
  const last = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 0)).getUTCDate();
  local.setUTCDate(Math.min(day, last));
  return new Date(local.getTime() - IST_MS);
}

/** 12 Mar 2026 (India time). */
export const dayText = (d: Date) =>
  d.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

export const monthsText = (n: number) => (n === 1 ? '1 month' : `${n} months`);
