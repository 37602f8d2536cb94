import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { Paise } from '../../money';
import { users } from './accounts';
import { categories, services } from './catalogue';
import { bigintNumber, createdAt, instant, requiredRef, updatedAt } from './columns';
import { orders } from './orders';
import { paymentIntents } from './wallets';

/**
 * Marketing (decisions 021 to 024): home-screen advertisements (a coupon is one with advType 'CO'), coupons and
 * their offers, redemptions, special packages, subscription plans with per-service discounts, customers' plans, and
 * referrals.
 */

/** 'CO' a coupon (made by marketing, approved by the admin); 'AD' an advertisement on the home page. */
export type AdvType = 'CO' | 'AD';

export const homeScreenAds = pgTable(
  'home_screen_ads',
  {
    id: serial('id').primaryKey(),
    advType: varchar('adv_type', { length: 4 }).$type<AdvType>().notNull(),
    description: text('description').notNull(),
    discountDesc: text('discount_desc').notNull().default(''),
    imageUrl: text('image_url'),
    imageName: text('image_name'),
    /** The HomeScreenAdvs toggle (an advertisement shows only while on). */
    status: boolean('status').notNull().default(true),
    addedBy: requiredRef('added_by', () => users.id),
    addedByRole: varchar('added_by_role', { length: 8 }).notNull(),
    createDate: instant('create_date').notNull().defaultNow(),
    updatedAt: updatedAt(),
    /** HomeScreenAdvsDelete: kept for history (a coupon's redemptions point at it), gone from every list. */
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    index('home_screen_ads_type_idx').on(t.advType, t.id).where(sql`deleted_at is null`),
    check('home_screen_ads_type_ck', sql`${t.advType} in ('CO', 'AD')`),
  ],
);

/** The coupon machine's states (src/machines/coupon). */
export type CouponState = 'draft' | 'pending' | 'approved' | 'rejected' | 'expired' | 'disabled' | 'deleted';

/** 'P' a percentage of the lines it applies to (with an optional cap); 'F' a flat amount off. */
export type DiscountType = 'P' | 'F';

/** A coupon: the terms of a home-screen advertisement of type 'CO' (same id). */
export const coupons = pgTable(
  'coupons',
  {
    adId: integer('ad_id')
      .primaryKey()
      .references(() => homeScreenAds.id),
    code: varchar('code', { length: 24 }).notNull(),
    discountType: varchar('discount_type', { length: 1 }).$type<DiscountType>().notNull(),
    /** 'P': whole percent 1–100. */
    percent: integer('percent'),
    /** 'F': the amount off. */
    flatPaise: integer('flat_paise').$type<Paise>(),
    /** 'P': the most it takes off an order (null: no cap). */
    capPaise: integer('cap_paise').$type<Paise>(),
    /** The order's value before GST (after the catalogue discount) must reach this. */
    minOrderPaise: integer('min_order_paise')
      .$type<Paise>()
      .notNull()
      .default(0 as Paise),
    validFrom: instant('valid_from').notNull(),
    validTo: instant('valid_to').notNull(),
    totalLimit: integer('total_limit').notNull(),
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    state: varchar('state', { length: 16 }).$type<CouponState>().notNull().default('draft'),
    /** The maker: never the checker. */
    createdBy: requiredRef('created_by', () => users.id),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: instant('decided_at'),
    /** The admin's remark on the last rejection. */
    rejectRemark: text('reject_remark'),
  },
  (t) => [
    uniqueIndex('coupons_code_uq').on(sql`upper(${t.code})`),
    index('coupons_state_idx').on(t.state, t.validTo),
    check('coupons_type_ck', sql`${t.discountType} in ('P', 'F')`),
    check(
      'coupons_amount_ck',
      sql`(${t.discountType} = 'P' and ${t.percent} between 1 and 100 and ${t.flatPaise} is null) or (${t.discountType} = 'F' and ${t.flatPaise} > 0 and ${t.percent} is null and ${t.capPaise} is null)`,
    ),
    check('coupons_cap_ck', sql`${t.capPaise} is null or ${t.capPaise} > 0`),
    check('coupons_min_ck', sql`${t.minOrderPaise} >= 0`),
    check('coupons_validity_ck', sql`${t.validTo} > ${t.validFrom}`),
    check('coupons_limits_ck', sql`${t.totalLimit} >= 1 and ${t.perCustomerLimit} >= 1`),
  ],
);

/** What a coupon applies to: a service or a whole category. A coupon with no offers applies to every service. */
export const couponOffers = pgTable(
  'coupon_offers',
  {
    id: serial('id').primaryKey(),
    couponId: requiredRef('coupon_id', () => coupons.adId, { onDelete: 'cascade' }),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('coupon_offers_service_uq').on(t.couponId, t.serviceId),
    uniqueIndex('coupon_offers_category_uq').on(t.couponId, t.categoryId),
    check('coupon_offers_target_ck', sql`(${t.serviceId} is null) <> (${t.categoryId} is null)`),
  ],
);

/**
 * A coupon used on an order: reserved when the order is placed, released (releasedAt) when its payment fails or the
 * whole order is cancelled. Usage counts the rows not released, under a lock on the coupon row.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: requiredRef('coupon_id', () => coupons.adId),
    orderId: requiredRef('order_id', () => orders.id),
    customerUserId: requiredRef('customer_user_id', () => users.id),
    discountPaise: bigintNumber('discount_paise').notNull(),
    createdAt: createdAt(),
    releasedAt: instant('released_at'),
    releaseReason: text('release_reason'),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_uq').on(t.orderId),
    index('coupon_redemptions_live_idx').on(t.couponId, t.customerUserId).where(sql`released_at is null`),
    index('coupon_redemptions_created_idx').on(t.createdAt),
    check('coupon_redemptions_discount_ck', sql`${t.discountPaise} > 0`),
  ],
);

/** A special package: services sold together at the package's price (before GST). */
export const specialPackages = pgTable(
  'special_packages',
  {
    id: serial('id').primaryKey(),
    pkgName: text('pkg_name').notNull(),
    pkgDesc: text('pkg_desc').notNull(),
    pricePaise: integer('price_paise').$type<Paise>().notNull(),
    /** 'Y' once expired (ExpirePackage): gone from the public pages. */
    expiredStatus: varchar('expired_status', { length: 1 }).$type<'Y' | 'N'>().notNull().default('N'),
    pkgImageName: text('pkg_image_name'),
    pkgImageUrl: text('pkg_image_url'),
    createdBy: requiredRef('created_by', () => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('special_packages_expired_ck', sql`${t.expiredStatus} in ('Y', 'N')`),
    check('special_packages_price_ck', sql`${t.pricePaise} > 0`),
  ],
);

export const specialPackageServices = pgTable(
  'special_package_services',
  {
    id: serial('id').primaryKey(),
    packageId: requiredRef('package_id', () => specialPackages.id, { onDelete: 'cascade' }),
    serviceId: requiredRef('service_id', () => services.id),
  },
  (t) => [uniqueIndex('special_package_services_uq').on(t.packageId, t.serviceId)],
);

export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: serial('id').primaryKey(),
    subscriptionName: text('subscription_name').notNull(),
    durationInMonths: integer('duration_in_months').notNull(),
    pricePaise: integer('price_paise').$type<Paise>().notNull(),
    imageUrl: text('image_url'),
    imageName: text('image_name'),
    /** The Subscription toggle / ChangesubscriptionStatus: on sale while true. */
    status: boolean('status').notNull().default(true),
    /** PUT DeleteSubscriptionDetails: withdrawn for good, kept for the customers who hold it. */
    isDelete: boolean('is_delete').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscription_plans_name_uq').on(sql`lower(${t.subscriptionName})`).where(sql`is_delete = false`),
    check('subscription_plans_duration_ck', sql`${t.durationInMonths} between 1 and 60`),
    check('subscription_plans_price_ck', sql`${t.pricePaise} > 0`),
  ],
);

/** A plan's discount on one service: 'P' percent (1–100) or 'F' flat paise off each unit. */
export const subscriptionDiscounts = pgTable(
  'subscription_discounts',
  {
    id: serial('id').primaryKey(),
    subscriptionId: requiredRef('subscription_id', () => subscriptionPlans.id, { onDelete: 'cascade' }),
    serviceId: requiredRef('service_id', () => services.id, { onDelete: 'cascade' }),
    discountType: varchar('discount_type', { length: 1 }).$type<DiscountType>().notNull(),
    /** 'P': percent; 'F': paise. */
    discount: integer('discount').notNull(),
    /** The SubscriptionService toggle. */
    status: boolean('status').notNull().default(true),
  },
  (t) => [
    uniqueIndex('subscription_discounts_uq').on(t.subscriptionId, t.serviceId),
    index('subscription_discounts_service_idx').on(t.serviceId),
    check('subscription_discounts_type_ck', sql`${t.discountType} in ('P', 'F')`),
    check(
      'subscription_discounts_amount_ck',
      sql`(${t.discountType} = 'P' and ${t.discount} between 1 and 100) or (${t.discountType} = 'F' and ${t.discount} > 0)`,
    ),
  ],
);

export type CustomerSubscriptionState = 'awaitingPayment' | 'active' | 'failed';

/** A plan a customer bought: active from payment for its duration. */
export const customerSubscriptions = pgTable(
  'customer_subscriptions',
  {
    id: serial('id').primaryKey(),
    customerUserId: requiredRef('customer_user_id', () => users.id),
    subscriptionId: requiredRef('subscription_id', () => subscriptionPlans.id),
    state: varchar('state', { length: 16 }).$type<CustomerSubscriptionState>().notNull(),
    pricePaise: integer('price_paise').$type<Paise>().notNull(),
    durationInMonths: integer('duration_in_months').notNull(),
    startsAt: instant('starts_at'),
    endsAt: instant('ends_at'),
    paymentIntentId: integer('payment_intent_id').references(() => paymentIntents.id),
    transferId: bigintNumber('transfer_id'),
    createdAt: createdAt(),
    // The tax invoice (decision 054): the price includes GST, split by the place of supply when bought; the number
    // and date are given at payment.
    invoiceNo: varchar('invoice_no', { length: 16 }).unique('customer_subscriptions_invoice_no_uq'),
    invoicedAt: instant('invoiced_at'),
    sacCode: varchar('sac_code', { length: 8 }).notNull(),
    placeOfSupply: text('place_of_supply').notNull(),
    taxablePaise: integer('taxable_paise').$type<Paise>().notNull(),
    cgstPaise: integer('cgst_paise').$type<Paise>().notNull(),
    sgstPaise: integer('sgst_paise').$type<Paise>().notNull(),
    igstPaise: integer('igst_paise').$type<Paise>().notNull(),
  },
  (t) => [
    check(
      'customer_subscriptions_tax_ck',
      sql`${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.pricePaise}`,
    ),
    index('customer_subscriptions_customer_idx').on(t.customerUserId, t.endsAt),
    uniqueIndex('customer_subscriptions_intent_uq').on(t.paymentIntentId),
    index('customer_subscriptions_invoiced_idx').on(t.invoicedAt).where(sql`invoice_no is not null`),
    // One purchase in flight per customer: a second parallel purchase is refused by the database too.
    uniqueIndex('customer_subscriptions_pending_uq').on(t.customerUserId).where(sql`state = 'awaitingPayment'`),
    check('customer_subscriptions_state_ck', sql`${t.state} in ('awaitingPayment', 'active', 'failed')`),
  ],
);

/** SetReferralCost: every change is a new row (the referral update history); the newest is in force. */
export const referralCosts = pgTable('referral_costs', {
  id: serial('id').primaryKey(),
  costPaise: integer('cost_paise').$type<Paise>().notNull(),
  setBy: integer('set_by').references(() => users.id),
  setAt: instant('set_at').notNull().defaultNow(),
});

export type ReferralStatus = 'pending' | 'paid' | 'refused';

/** A customer who signed up with another's referral code; pays the referrer once, at the first completed order. */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    referrerUserId: requiredRef('referrer_user_id', () => users.id),
    referredUserId: requiredRef('referred_user_id', () => users.id),
    /** The cost in force at sign-up: what the referrer is paid. */
    costPaise: integer('cost_paise').$type<Paise>().notNull(),
    status: varchar('status', { length: 12 }).$type<ReferralStatus>().notNull().default('pending'),
    /** Why it was refused (a self-referral). */
    refusedReason: text('refused_reason'),
    /** The completed order line that paid it. */
    orderLineId: integer('order_line_id'),
    transferId: bigintNumber('transfer_id'),
    createdAt: createdAt(),
    settledAt: instant('settled_at'),
  },
  (t) => [
    uniqueIndex('referrals_referred_uq').on(t.referredUserId),
    index('referrals_referrer_idx').on(t.referrerUserId, t.id),
    index('referrals_created_idx').on(t.createdAt),
    check('referrals_status_ck', sql`${t.status} in ('pending', 'paid', 'refused')`),
    check('referrals_cost_ck', sql`${t.costPaise} >= 0`),
  ],
);
