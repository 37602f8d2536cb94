import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { OrderLineState } from '../../../src/machines/orderLine/orderLine.machine';
import type { Paise } from '../../money';
import { users } from './accounts';
import { categories, services } from './catalogue';
import { bigintNumber, createdAt, instant, requiredRef, updatedAt } from './columns';
import { states, zones } from './geo';
import { ledgerTransfers, paymentIntents } from './wallets';

/**
 * Customer commerce (decision 014): addresses, the server cart, orders and their lines, tax invoices and credit notes,
 * GST rates and tips. Money is integer paise; every order line keeps a snapshot of what it was charged.
 */

/** GST rates are law, so they are data with effective dates (decision 014). */
export const gstRates = pgTable(
  'gst_rates',
  {
    id: serial('id').primaryKey(),
    rate: integer('rate').notNull(),
    effectiveFrom: date('effective_from').notNull(),
    /** The last day the rate applies; null while it is in force. */
    effectiveTo: date('effective_to'),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('gst_rates_rate_from_uq').on(t.rate, t.effectiveFrom),
    check('gst_rates_rate_ck', sql`${t.rate} between 0 and 100`),
    check('gst_rates_period_ck', sql`${t.effectiveTo} is null or ${t.effectiveTo} >= ${t.effectiveFrom}`),
  ],
);

/** Tip amounts the admin offers at checkout (id, amount; decision 014). */
export const tips = pgTable(
  'tips',
  {
    id: serial('id').primaryKey(),
    amountPaise: integer('amount_paise').$type<Paise>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tips_amount_uq').on(t.amountPaise),
    check('tips_amount_ck', sql`${t.amountPaise} > 0 and ${t.amountPaise} <= 10000000`),
  ],
);

/** A customer address (decision 014); country is always India. One default per customer (partial unique index). */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: serial('id').primaryKey(),
    customerUserId: requiredRef('customer_user_id', () => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    pinCode: varchar('pin_code', { length: 6 }).notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    /** The state as a row, for GST's place of supply (CGST + SGST inside the company's state, IGST outside). */
    stateId: integer('state_id').references(() => states.id),
    country: varchar('country', { length: 16 }).notNull().default('India'),
    receiverName: text('receiver_name').notNull(),
    receiverMobileNo: varchar('receiver_mobile_no', { length: 10 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_addresses_customer_idx').on(t.customerUserId),
    uniqueIndex('customer_addresses_default_uq').on(t.customerUserId).where(sql`is_default`),
    check('customer_addresses_country_ck', sql`${t.country} = 'India'`),
  ],
);

/** The signed-in customer's cart: one line per service, each with its time slot (decision 014). */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    customerUserId: requiredRef('customer_user_id', () => users.id, { onDelete: 'cascade' }),
    serviceId: requiredRef('service_id', () => services.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    /** The start of the one-hour slot; null until the customer picks one. */
    slotStart: instant('slot_start'),
    /** Added as part of a special package (decision 022): priced at the package's price while the package is whole. */
    packageId: integer('package_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_lines_customer_service_uq').on(t.customerUserId, t.serviceId),
    check('cart_lines_quantity_ck', sql`${t.quantity} between 1 and 99`),
  ],
);

export type OrderStatus = 'awaiting payment' | 'order created' | 'payment failed';
export type OrderPaymentType = 'Wallet' | 'CF' | 'RP' | 'sandbox' | 'Wallet+CF' | 'Wallet+RP' | 'Wallet+sandbox';

/**
 * An order: the specification's placement body (status, status_update_date, orderType, paymentType, placeAddress,
 * customerName, city, state, pinCode, country) with the quote it was placed at. Its lines carry the workflow state.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerUserId: requiredRef('customer_user_id', () => users.id),
    /** 'awaiting payment' while a provider is paid, 'order created' once paid, 'payment failed' after a failure. */
    status: varchar('status', { length: 20 }).$type<OrderStatus>().notNull(),
    statusUpdateDate: instant('status_update_date').notNull().defaultNow(),
    orderType: varchar('order_type', { length: 12 }).notNull().default('normal'),
    paymentType: varchar('payment_type', { length: 16 }).$type<OrderPaymentType>().notNull(),
    addressId: integer('address_id').references(() => customerAddresses.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    placeAddress: text('place_address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    stateId: integer('state_id').references(() => states.id),
    pinCode: varchar('pin_code', { length: 6 }).notNull(),
    country: varchar('country', { length: 16 }).notNull().default('India'),
    receiverName: text('receiver_name').notNull(),
    receiverMobileNo: varchar('receiver_mobile_no', { length: 10 }).notNull(),
    /** True when the address is in the company's registered state: CGST + SGST; otherwise IGST. */
    intraState: boolean('intra_state').notNull(),
    taxablePaise: bigintNumber('taxable_paise').notNull(),
    gstPaise: bigintNumber('gst_paise').notNull(),
    tipPaise: integer('tip_paise').notNull().default(0),
    totalPaise: bigintNumber('total_paise').notNull(),
    walletPaise: bigintNumber('wallet_paise').notNull().default(0),
    providerPaise: bigintNumber('provider_paise').notNull().default(0),
    paymentIntentId: integer('payment_intent_id').references(() => paymentIntents.id),
    /** The coupon applied at checkout (decision 026; its redemption row holds the reservation). */
    couponId: integer('coupon_id'),
    couponCode: varchar('coupon_code', { length: 24 }),
    /** Σ the lines' promotion discounts (coupon, subscription or package). */
    promoDiscountPaise: bigintNumber('promo_discount_paise').notNull().default(0),
    /** The customer's payment into the ledger (wallet debit or provider receipt). */
    transferId: bigintNumber('transfer_id').references(() => ledgerTransfers.id),
    /** CGST Rule 46: consecutive per financial year, unique, at most 16 characters. Set when the order is paid. */
    invoiceNo: varchar('invoice_no', { length: 16 }),
    invoiceDate: instant('invoice_date'),
    /** The same Idempotency-Key places one order; another body under the key is refused. */
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    requestHash: varchar('request_hash', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerUserId, t.id),
    uniqueIndex('orders_invoice_no_uq').on(t.invoiceNo),
    // The reports read a period's invoiced orders (decisions 057 and 058).
    index('orders_invoice_date_idx').on(t.invoiceDate).where(sql`invoice_no is not null`),
    uniqueIndex('orders_idempotency_uq').on(t.customerUserId, t.idempotencyKey),
    uniqueIndex('orders_payment_intent_uq').on(t.paymentIntentId),
    // The admin dashboard (decision 061): paid orders of a range of India days, their totals read from the index.
    index('orders_paid_created_idx').on(t.createdAt, t.totalPaise).where(sql`status = 'order created'`),
    check('orders_amounts_ck', sql`${t.totalPaise} = ${t.walletPaise} + ${t.providerPaise} and ${t.tipPaise} >= 0`),
    check('orders_country_ck', sql`${t.country} = 'India'`),
  ],
);

/** The order line machine's states, as stored. */
export type { OrderLineState };

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: requiredRef('order_id', () => orders.id),
    /** Denormalised from the order: the customer's lists and the ownership check read the line alone. */
    customerUserId: requiredRef('customer_user_id', () => users.id),
    serviceId: requiredRef('service_id', () => services.id),
    categoryId: requiredRef('category_id', () => categories.id),
    /** Snapshot of the service as it was charged. */
    description: text('description').notNull(),
    sacCode: varchar('sac_code', { length: 8 }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    discountPaise: bigintNumber('discount_paise').notNull(),
    /** The one promotion on the line (never two): a coupon, the customer's subscription or a package (decision 026). */
    promoKind: varchar('promo_kind', { length: 12 }).$type<'coupon' | 'subscription' | 'package'>(),
    /** Taken off after the catalogue discount, before GST: taxable = gross − discount − promo. */
    promoDiscountPaise: bigintNumber('promo_discount_paise').notNull().default(0),
    /** The special package the line was sold in. */
    packageId: integer('package_id'),
    taxablePaise: bigintNumber('taxable_paise').notNull(),
    gstRate: integer('gst_rate').notNull(),
    cgstPaise: bigintNumber('cgst_paise').notNull().default(0),
    sgstPaise: bigintNumber('sgst_paise').notNull().default(0),
    igstPaise: bigintNumber('igst_paise').notNull().default(0),
    totalPaise: bigintNumber('total_paise').notNull(),
    slotStart: instant('slot_start').notNull(),
    rescheduleCount: smallint('reschedule_count').notNull().default(0),
    state: varchar('state', { length: 16 }).$type<OrderLineState>().notNull(),
    stateChangedAt: instant('state_changed_at').notNull().defaultNow(),
    /** The professional (a user) the line is assigned to (dispatch assigns it: decision 016). */
    professionalUserId: integer('professional_user_id').references(() => users.id),
    assignedAt: instant('assigned_at'),
    completedAt: instant('completed_at'),
    cancelledAt: instant('cancelled_at'),
    cancelledBy: integer('cancelled_by').references(() => users.id),
    cancelReason: text('cancel_reason'),
    cancelFeePaise: bigintNumber('cancel_fee_paise'),
    refundPaise: bigintNumber('refund_paise'),
    refundTransferId: bigintNumber('refund_transfer_id').references(() => ledgerTransfers.id),
    rating: smallint('rating'),
    review: text('review'),
    ratedAt: instant('rated_at'),
    /** The admin hid an abusive review (decision 018): it leaves the public summary; the rating row stays. */
    reviewHiddenAt: instant('review_hidden_at'),
    reviewHiddenBy: integer('review_hidden_by').references(() => users.id),
    reviewHiddenReason: text('review_hidden_reason'),
    /** The zone of the address pincode at placement: dispatch filters and matches professionals by it. */
    zoneId: integer('zone_id').references(() => zones.id),
    /** The 4-digit code the customer gives the professional at the door; completion needs it. */
    completionCode: varchar('completion_code', { length: 4 }),
    completionAttempts: smallint('completion_attempts').notNull().default(0),
    /** The admin's remark when an assignment broke a dispatch rule (also in the transition log). */
    assignmentOverride: text('assignment_override'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    // The customer's upcoming and past lists: by customer, newest slot first.
    index('order_lines_customer_slot_idx').on(t.customerUserId, t.slotStart),
    // The staff lists by state (unassigned, assigned, completed, cancelled), newest first.
    index('order_lines_state_idx').on(t.state, t.id),
    index('order_lines_professional_idx').on(t.professionalUserId, t.state),
    // Profit per professional reads a month's completed lines (decision 060, migration 0022).
    index('order_lines_completed_idx').on(t.completedAt).where(sql`completed_at is not null`),
    // Dispatch: the unassigned list, oldest slot first; a professional's jobs by slot (overlap and today's load).
    index('order_lines_state_slot_idx').on(t.state, t.slotStart, t.id),
    index('order_lines_professional_slot_idx')
      .on(t.professionalUserId, t.slotStart)
      .where(sql`state in ('assigned', 'accepted')`),
    // Dispatch: a zone's open lines by slot, and their count (migration 0005, decision 016).
    index('order_lines_open_zone_slot_idx')
      .on(t.state, t.zoneId, t.slotStart, t.id)
      .where(sql`state in ('unassigned', 'assigned', 'accepted')`),
    // The admin dashboard (decision 061): today's lines by state (an index-only scan), and lines cancelled in a range
    // of days; its top lists and trend read the sales rollup (decision 057).
    index('order_lines_created_idx').on(t.createdAt, t.state),
    index('order_lines_cancelled_idx').on(t.cancelledAt).where(sql`cancelled_at is not null`),
    // A service's reviews, newest first.
    index('order_lines_service_rated_idx').on(t.serviceId, t.ratedAt).where(sql`rating is not null`),
    check('order_lines_quantity_ck', sql`${t.quantity} between 1 and 99`),
    check('order_lines_completion_code_ck', sql`${t.completionCode} is null or ${t.completionCode} ~ '^[0-9]{4}$'`),
    check('order_lines_rating_ck', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check('order_lines_review_ck', sql`${t.review} is null or char_length(${t.review}) <= 1000`),
    check(
      'order_lines_state_ck',
      sql`${t.state} in ('awaitingPayment', 'unassigned', 'assigned', 'accepted', 'completed', 'rated', 'cancelled', 'paymentFailed')`,
    ),
  ],
);

/** Who rejected a line (a rejection sends it back to unassigned, and it is not offered to them again). */
export const orderLineRejections = pgTable(
  'order_line_rejections',
  {
    id: serial('id').primaryKey(),
    orderLineId: requiredRef('order_line_id', () => orderLines.id),
    professionalUserId: requiredRef('professional_user_id', () => users.id),
    reason: text('reason'),
    at: instant('at').notNull().defaultNow(),
  },
  (t) => [
    index('order_line_rejections_line_idx').on(t.orderLineId),
    index('order_line_rejections_professional_idx').on(t.professionalUserId, t.at),
  ],
);

/** A cancelled line of an invoiced order gets a credit note (its own consecutive series). */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    number: varchar('number', { length: 16 }).notNull().unique(),
    orderLineId: requiredRef('order_line_id', () => orderLines.id).unique(),
    taxablePaise: bigintNumber('taxable_paise').notNull(),
    gstPaise: bigintNumber('gst_paise').notNull(),
    /** The GST reversed per head, split as the line's invoice split it (decision 053); the three add up to gstPaise. */
    cgstPaise: bigintNumber('cgst_paise').notNull().default(0),
    sgstPaise: bigintNumber('sgst_paise').notNull().default(0),
    igstPaise: bigintNumber('igst_paise').notNull().default(0),
    totalPaise: bigintNumber('total_paise').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('credit_notes_gst_split_ck', sql`${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.gstPaise}`),
    // The reports read a period's credit notes (decisions 057, 058, 060).
    index('credit_notes_created_idx').on(t.createdAt),
  ],
);

export type SourceRefundStatus = 'requested' | 'pending' | 'processed' | 'failed';

/**
 * A cancelled line's wallet refund sent back to the card or UPI that paid the order (decision 030). The
 * wallet is debited when it is requested (transfer kind source_refund) and credited back if the provider refuses
 * (source_refund_reversal). One row per line; a failed attempt may be tried again under a new refund id.
 * 'requested': claimed, the provider not yet answered (a crash here is retried by the reconciliation job);
 * 'pending' / 'processed': the provider took it; 'failed': it refused and the money is back in the wallet.
 */
export const sourceRefunds = pgTable(
  'source_refunds',
  {
    id: serial('id').primaryKey(),
    orderLineId: requiredRef('order_line_id', () => orderLines.id).unique(),
    orderId: requiredRef('order_id', () => orders.id),
    intentId: requiredRef('intent_id', () => paymentIntents.id),
    amountPaise: bigintNumber('amount_paise').$type<Paise>().notNull(),
    /** Ours, sent to the provider, which pays one refund per id. */
    refundId: varchar('refund_id', { length: 40 }).notNull().unique(),
    attempt: integer('attempt').notNull().default(1),
    status: varchar('status', { length: 12 }).$type<SourceRefundStatus>().notNull(),
    providerRefundId: varchar('provider_refund_id', { length: 120 }),
    error: text('error'),
    transferId: bigintNumber('transfer_id').references(() => ledgerTransfers.id),
    reversalTransferId: bigintNumber('reversal_transfer_id').references(() => ledgerTransfers.id),
    requestedBy: integer('requested_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('source_refunds_order_idx').on(t.orderId),
    index('source_refunds_requested_idx').on(t.updatedAt).where(sql`status = 'requested'`),
    check('source_refunds_amount_ck', sql`${t.amountPaise} > 0`),
    check('source_refunds_status_ck', sql`${t.status} in ('requested', 'pending', 'processed', 'failed')`),
  ],
);

/**
 * The next number of each document series ('INV/2026-27', 'CN/2026-27'). Taken with UPDATE … RETURNING inside the
 * transaction that uses it: the row lock makes numbers consecutive with no gaps (a rolled-back number is reused).
 */
export const documentCounters = pgTable('document_counters', {
  series: varchar('series', { length: 16 }).primaryKey(),
  last: integer('last').notNull().default(0),
});
