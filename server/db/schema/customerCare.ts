import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { services } from './catalogue';
import { createdAt, instant, requiredRef } from './columns';
import { orderLines } from './orders';

/** A customer's favourite service (decision 014): id, custId, servicesId, createDate. */
export const favourites = pgTable(
  'favourites',
  {
    id: serial('id').primaryKey(),
    customerUserId: requiredRef('customer_user_id', () => users.id, { onDelete: 'cascade' }),
    serviceId: requiredRef('service_id', () => services.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('favourites_customer_service_uq').on(t.customerUserId, t.serviceId)],
);

export type CustomerQueryState = 'raised' | 'answered' | 'deleted';

/**
 * A customer query (id, customerId, serviceId, technicianId, query, queryRaisedDate, isQueryResolved,
 * queryResDate, queryResBy, queryAns) about one order line. Its state is the query machine's
 * (src/machines/customerQuery); isQueryResolved is derived from it.
 */
export const customerQueries = pgTable(
  'customer_queries',
  {
    id: serial('id').primaryKey(),
    customerUserId: requiredRef('customer_user_id', () => users.id),
    orderLineId: requiredRef('order_line_id', () => orderLines.id),
    serviceId: requiredRef('service_id', () => services.id),
    /** The professional of the line when it was raised (they may answer it: decision 020). */
    technicianUserId: integer('technician_user_id').references(() => users.id),
    query: text('query').notNull(),
    state: varchar('state', { length: 12 }).$type<CustomerQueryState>().notNull().default('raised'),
    raisedAt: instant('raised_at').notNull().defaultNow(),
    answer: text('answer'),
    answeredAt: instant('answered_at'),
    answeredBy: integer('answered_by').references(() => users.id),
  },
  (t) => [
    index('customer_queries_customer_idx').on(t.customerUserId, t.id),
    index('customer_queries_state_idx').on(t.state, t.id),
    index('customer_queries_technician_idx').on(t.technicianUserId, t.state),
    check('customer_queries_state_ck', sql`${t.state} in ('raised', 'answered', 'deleted')`),
    check('customer_queries_query_ck', sql`char_length(${t.query}) between 1 and 1000`),
  ],
);

/**
 * A service's ratings, kept up to date by the rating write (same transaction), so the storefront reads one row per
 * service and the catalogue read speed holds.
 */
export const serviceRatingStats = pgTable('service_rating_stats', {
  serviceId: integer('service_id')
    .primaryKey()
    .references(() => services.id, { onDelete: 'cascade' }),
  count: integer('count').notNull().default(0),
  total: integer('total').notNull().default(0),
  stars1: integer('stars1').notNull().default(0),
  stars2: integer('stars2').notNull().default(0),
  stars3: integer('stars3').notNull().default(0),
  stars4: integer('stars4').notNull().default(0),
  stars5: integer('stars5').notNull().default(0),
});

export type NotificationKind =
  | 'order_placed'
  | 'payment_failed'
  | 'order_rescheduled'
  | 'order_cancelled'
  | 'order_completed'
  | 'wallet_credited'
  | 'query_answered'
  /** To the admins: a switched-off professional's open jobs went back to unassigned. */
  | 'job_released'
  /** To a professional: a job was assigned to them, or taken from them and given to another (dispatch). */
  | 'job_assigned'
  | 'job_reassigned'
  /** To a vendor: their product request was accepted or rejected (decision 029). */
  | 'product_request'
  /** To a customer: their subscription plan is paid, with its tax invoice's number (decision 054). */
  | 'subscription_paid';

/** What /Notification lists for a person; each one is also written to the outbox as SMS or e-mail. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 24 }).$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The page the notification opens (`/MyAccounts?tab=orders`). */
    link: text('link'),
    readAt: instant('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`read_at is null`),
  ],
);
