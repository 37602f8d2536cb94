/**
 * The order lines module's use cases, one file each: a line's events (events.ts), cancelling (cancelling.ts),
 * rescheduling (rescheduling.ts), rating (rating.ts) and the customer's lists (lists.ts).
 */
export * from './cancelling';
export * from './events';
export * from './lists';
export * from './rating';
export * from './rescheduling';
