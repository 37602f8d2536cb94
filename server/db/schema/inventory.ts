import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ProductRequestState } from '../../../src/machines/productRequest/productRequest.machine';
import { users } from './accounts';
import { bigintNumber, createdAt, identityChecks, identityUniques, instant, requiredRef, updatedAt } from './columns';
import { cities, states, zones } from './geo';

/**
 * A vendor (decision 027): the profile of a user whose role is VE. Active is the user's `active` flag (the
 * Vendor toggle); `available` is the vendor status flag the top bar shows. A deleted vendor keeps the row (their
 * paid requests and invoices name them) with `deletedAt` set and the account switched off.
 */
export const vendors = pgTable(
  'vendors',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    stateId: requiredRef('state_id', () => states.id),
    cityId: requiredRef('city_id', () => cities.id),
    pinCode: varchar('pin_code', { length: 6 }).notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    birthDate: date('birth_date', { mode: 'string' }),
    /** GSTIN; null for a vendor not registered for GST (the invoice then names no buyer GSTIN). */
    gstin: varchar('gstin', { length: 15 }),
    panNumber: varchar('pan_number', { length: 10 }).notNull(),
    aadhaarNumber: varchar('aadhaar_number', { length: 12 }).notNull(),
    /** The stored Aadhaar proof (PDF, JPEG or PNG) and the name it was uploaded with. */
    aadhaarProofUrl: text('aadhaar_proof_url'),
    aadhaarFileName: text('aadhaar_file_name'),
    /** The vendor status flag (decision 027): their availability, shown in the top bar. */
    available: boolean('available').notNull().default(true),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...identityUniques('vendors', t),
    uniqueIndex('vendors_gstin_uq').on(t.gstin),
    ...identityChecks('vendors', t),
    check('vendors_gstin_ck', sql`${t.gstin} is null or ${t.gstin} ~ '^[0-9]{2}[A-Z0-9]{13}$'`),
  ],
);

/** The zones a vendor serves (vendorZoneList; decision 027). */
export const vendorZones = pgTable(
  'vendor_zones',
  {
    id: serial('id').primaryKey(),
    vendorUserId: requiredRef('vendor_user_id', () => users.id, { onDelete: 'cascade' }),
    zoneId: requiredRef('zone_id', () => zones.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('vendor_zones_uq').on(t.vendorUserId, t.zoneId), index('vendor_zones_zone_idx').on(t.zoneId)],
);

export type ProductDiscountType = 'percentage' | 'flat';

/**
 * A product (decision 028): an item of the company's store. Money is integer paise. `discount` is a whole
 * percentage (discountType 'percentage') or paise off each unit ('flat'); `actualPricePaise` is what a vendor pays for
 * one unit, GST included (MRP less the discount), computed by the server. `onHand` and `reserved` are cached from
 * the stock ledger (stock_movements) in the same transaction as each movement, under a row lock; the CHECKs keep
 * stock from going negative and reservations within the stock.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    productName: text('product_name').notNull(),
    description: text('description'),
    mrpPaise: integer('mrp_paise').notNull(),
    discountType: varchar('discount_type', { length: 10 }).$type<ProductDiscountType>().notNull().default('percentage'),
    discount: integer('discount').notNull().default(0),
    actualPricePaise: integer('actual_price_paise').notNull(),
    /** What one unit cost the store, GST excluded: the inventory manager's stock value. */
    costPaise: integer('cost_paise').notNull(),
    gstPercent: integer('gst_percent').notNull(),
    /**
     * The HSN code the tax invoice prints for this product (CGST Rule 46: goods name theirs), 4, 6 or 8 digits.
     * Null only for products added before it was asked for: the contract requires it on every add and import.
     */
    hsnCode: varchar('hsn_code', { length: 8 }),
    imageUrl: text('image_url'),
    imageName: text('image_name'),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    /** At or below this many available units the product counts as low on stock. */
    lowStockAt: integer('low_stock_at').notNull().default(10),
    /** The Product toggle. */
    active: boolean('active').notNull().default(true),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_name_uq').on(sql`lower(${t.productName})`).where(sql`${t.deletedAt} is null`),
    check('products_mrp_ck', sql`${t.mrpPaise} > 0 and ${t.mrpPaise} <= 100000000`),
    check('products_discount_type_ck', sql`${t.discountType} in ('percentage', 'flat')`),
    check(
      'products_discount_ck',
      sql`${t.discount} >= 0 and (${t.discountType} = 'flat' or ${t.discount} <= 100) and (${t.discountType} = 'percentage' or ${t.discount} < ${t.mrpPaise})`,
    ),
    check('products_actual_price_ck', sql`${t.actualPricePaise} > 0 and ${t.actualPricePaise} <= ${t.mrpPaise}`),
    check('products_cost_ck', sql`${t.costPaise} >= 0`),
    check('products_gst_ck', sql`${t.gstPercent} between 0 and 100`),
    check('products_hsn_ck', sql`${t.hsnCode} is null or ${t.hsnCode} ~ '^[0-9]{4}([0-9]{2}){0,2}$'`),
    check('products_stock_ck', sql`${t.onHand} >= 0 and ${t.reserved} >= 0 and ${t.reserved} <= ${t.onHand}`),
    check('products_low_stock_ck', sql`${t.lowStockAt} >= 0`),
  ],
);

export type StockMovementKind = 'received' | 'reserved' | 'released' | 'issued' | 'adjusted';

/**
 * The stock ledger (decision 028): every change of a product's stock is one append-only row (a trigger refuses UPDATE
 * and DELETE) with its deltas and the product's figures after it. received: +onHand; reserved: +reserved (a request
 * accepted by the inventory manager); released: -reserved (rejected or cancelled); issued: -onHand and -reserved (a
 * paid request); adjusted: ±onHand with a reason (a count, damage, a correction).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: requiredRef('product_id', () => products.id),
    kind: varchar('kind', { length: 10 }).$type<StockMovementKind>().notNull(),
    onHandDelta: integer('on_hand_delta').notNull().default(0),
    reservedDelta: integer('reserved_delta').notNull().default(0),
    onHandAfter: integer('on_hand_after').notNull(),
    reservedAfter: integer('reserved_after').notNull(),
    /** The product request that caused it (reserved, released, issued). */
    requestId: integer('request_id'),
    reason: text('reason'),
    actorId: integer('actor_id').references(() => users.id),
    /** The Idempotency-Key of the staff movement that made it, and the hash of its request (a retry is recorded once). */
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    requestHash: varchar('request_hash', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.id),
    uniqueIndex('stock_movements_idempotency_uq').on(t.idempotencyKey),
    index('stock_movements_request_idx').on(t.requestId),
    index('stock_movements_created_idx').on(t.createdAt),
    check('stock_movements_kind_ck', sql`${t.kind} in ('received', 'reserved', 'released', 'issued', 'adjusted')`),
    check('stock_movements_after_ck', sql`${t.onHandAfter} >= 0 and ${t.reservedAfter} >= 0`),
  ],
);

/** A vendor request cart line (decision 029): a vendor's unsent lines, one per professional and product. */
export const productRequestCart = pgTable(
  'product_request_cart',
  {
    id: serial('id').primaryKey(),
    vendorUserId: requiredRef('vendor_user_id', () => users.id, { onDelete: 'cascade' }),
    professionalUserId: requiredRef('professional_user_id', () => users.id, { onDelete: 'cascade' }),
    productId: requiredRef('product_id', () => products.id, { onDelete: 'cascade' }),
    requestQty: integer('request_qty').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('product_request_cart_uq').on(t.vendorUserId, t.professionalUserId, t.productId),
    check('product_request_cart_qty_ck', sql`${t.requestQty} between 1 and 10000`),
  ],
);

/** The product request machine's states, as stored. */
export type { ProductRequestState };

/**
 * A vendor's submitted request (SPEC's IOrderId is its id), with the price snapshot of its lines. Its state is the
 * request machine's (src/machines/productRequest), written only through server/workflow/apply.ts. Totals are paise,
 * GST included (the vendor pays `totalPaise`); `taxablePaise` + `gstPaise` = `totalPaise`.
 */
export const productRequests = pgTable(
  'product_requests',
  {
    id: serial('id').primaryKey(),
    vendorUserId: requiredRef('vendor_user_id', () => users.id),
    state: varchar('state', { length: 16 }).$type<ProductRequestState>().notNull().default('pendingIM'),
    totalPaise: bigintNumber('total_paise').notNull(),
    taxablePaise: bigintNumber('taxable_paise').notNull(),
    gstPaise: bigintNumber('gst_paise').notNull(),
    /** The last rejection's remark (the transition log keeps every one). */
    rejectRemark: text('reject_remark'),
    /**
     * Set at payment, as the tax invoice splits the GST (each line's CGST = half its GST rounded half-up, SGST the rest;
     * all IGST outside the company's state): what the ledger's GST heads took (decision 053).
     */
    cgstPaise: bigintNumber('cgst_paise').notNull().default(0),
    sgstPaise: bigintNumber('sgst_paise').notNull().default(0),
    igstPaise: bigintNumber('igst_paise').notNull().default(0),
    /** Set at payment: the tax invoice's number and the ledger transfer that paid it. */
    invoiceNo: varchar('invoice_no', { length: 32 }),
    transferId: bigintNumber('transfer_id'),
    paidAt: instant('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('product_requests_state_idx').on(t.state, t.id),
    index('product_requests_vendor_idx').on(t.vendorUserId, t.id),
    uniqueIndex('product_requests_invoice_uq').on(t.invoiceNo),
    // The reports read the requests paid in a period (decisions 057, 058, 060).
    index('product_requests_paid_idx').on(t.paidAt).where(sql`paid_at is not null`),
    check(
      'product_requests_state_ck',
      sql`${t.state} in ('pendingIM', 'pendingAdmin', 'approved', 'rejectedByIM', 'rejectedByAdmin', 'issued', 'cancelled')`,
    ),
    check(
      'product_requests_total_ck',
      sql`${t.totalPaise} > 0 and ${t.taxablePaise} + ${t.gstPaise} = ${t.totalPaise}`,
    ),
    check(
      'product_requests_gst_split_ck',
      sql`${t.invoiceNo} is null or ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.gstPaise}`,
    ),
  ],
);

/** One line of a request: a product for a professional, with the prices as they were at submission. */
export const productRequestLines = pgTable(
  'product_request_lines',
  {
    id: serial('id').primaryKey(),
    requestId: requiredRef('request_id', () => productRequests.id, { onDelete: 'cascade' }),
    professionalUserId: requiredRef('professional_user_id', () => users.id),
    productId: requiredRef('product_id', () => products.id),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    gstPercent: integer('gst_percent').notNull(),
    /** The product's HSN code at submission (null if it had none then): the invoice prints it. */
    hsnCode: varchar('hsn_code', { length: 8 }),
    lineTotalPaise: bigintNumber('line_total_paise').notNull(),
    taxablePaise: bigintNumber('taxable_paise').notNull(),
    gstPaise: bigintNumber('gst_paise').notNull(),
  },
  (t) => [
    index('product_request_lines_request_idx').on(t.requestId),
    index('product_request_lines_product_idx').on(t.productId),
    index('product_request_lines_professional_idx').on(t.professionalUserId),
    check('product_request_lines_qty_ck', sql`${t.quantity} between 1 and 10000`),
    check(
      'product_request_lines_total_ck',
      sql`${t.lineTotalPaise} = ${t.unitPricePaise}::bigint * ${t.quantity} and ${t.taxablePaise} + ${t.gstPaise} = ${t.lineTotalPaise}`,
    ),
  ],
);
