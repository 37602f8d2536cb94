import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The service sales report's daily rollup (decision 057): one row per India day and group, refreshed by a job from
 * the order lines and credit notes (never written by a sale itself). `dim` names the grouping and `key` its id
 * (0 for the day's total, a line with no zone or no professional); money is integer paise.
 */
export type SalesDim = 'all' | 'category' | 'subCategory' | 'service' | 'zone' | 'professional';

export const salesDaily = pgTable(
  'sales_daily',
  {
    day: date('day').notNull(),
    dim: varchar('dim', { length: 12 }).$type<SalesDim>().notNull(),
    key: integer('key').notNull(),
    orders: integer('orders').notNull(),
    lines: integer('lines').notNull(),
    grossPaise: bigint('gross_paise', { mode: 'number' }).notNull(),
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull(),
    couponPaise: bigint('coupon_paise', { mode: 'number' }).notNull(),
    planPaise: bigint('plan_paise', { mode: 'number' }).notNull(),
    packagePaise: bigint('package_paise', { mode: 'number' }).notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
    /** Only on the day's total (dim 'all'): a tip belongs to the order, not to a line. */
    tipsPaise: bigint('tips_paise', { mode: 'number' }).notNull(),
    cancellations: integer('cancellations').notNull(),
    creditNotes: integer('credit_notes').notNull(),
    creditTaxablePaise: bigint('credit_taxable_paise', { mode: 'number' }).notNull(),
    creditCgstPaise: bigint('credit_cgst_paise', { mode: 'number' }).notNull(),
    creditSgstPaise: bigint('credit_sgst_paise', { mode: 'number' }).notNull(),
    creditIgstPaise: bigint('credit_igst_paise', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dim, t.day, t.key] }),
    check('sales_daily_dim_ck', sql`${t.dim} in ('all', 'category', 'subCategory', 'service', 'zone', 'professional')`),
  ],
);

/** How far the rollup reaches: every India day before `through` is in sales_daily; later days are read from rows. */
export const salesRollupState = pgTable('sales_rollup_state', {
  id: integer('id').primaryKey(),
  through: date('through').notNull(),
  /** When the job last read the rows: its next run recomputes the days of what changed since (less a margin). */
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
});
