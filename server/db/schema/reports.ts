import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { bigintNumber, instant } from './columns';

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
    grossPaise: bigintNumber('gross_paise').notNull(),
    discountPaise: bigintNumber('discount_paise').notNull(),
    couponPaise: bigintNumber('coupon_paise').notNull(),
    planPaise: bigintNumber('plan_paise').notNull(),
    packagePaise: bigintNumber('package_paise').notNull(),
    taxablePaise: bigintNumber('taxable_paise').notNull(),
    cgstPaise: bigintNumber('cgst_paise').notNull(),
    sgstPaise: bigintNumber('sgst_paise').notNull(),
    igstPaise: bigintNumber('igst_paise').notNull(),
    /** Only on the day's total (dim 'all'): a tip belongs to the order, not to a line. */
    tipsPaise: bigintNumber('tips_paise').notNull(),
    cancellations: integer('cancellations').notNull(),
    creditNotes: integer('credit_notes').notNull(),
    creditTaxablePaise: bigintNumber('credit_taxable_paise').notNull(),
    creditCgstPaise: bigintNumber('credit_cgst_paise').notNull(),
    creditSgstPaise: bigintNumber('credit_sgst_paise').notNull(),
    creditIgstPaise: bigintNumber('credit_igst_paise').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dim, t.day, t.key] }),
    check('sales_daily_dim_ck', sql`${t.dim} in ('all', 'category', 'subCategory', 'service', 'zone', 'professional')`),
  ],
);

/**
 * How far each report rollup reaches (decisions 057, 058), one row per rollup by `name`: every India day before
 * `through` is in its daily table; later days are read from the rows.
 */
export const rollupState = pgTable('rollup_state', {
  name: varchar('name', { length: 16 }).$type<'sales' | 'gst' | 'ledger'>().primaryKey(),
  through: date('through').notNull(),
  /** When the job last read the rows: its next run recomputes the days of what changed since (less a margin). */
  refreshedAt: instant('refreshed_at').notNull(),
});

/**
 * GSTR-1's daily rollup (decision 058): per India day, the rows the return's statement answers for that day alone
 * (reports/gst/repo.ts `dayRows`, one shape for every `kind`), refreshed by a job. A month is these days' rows added
 * up, with the days the job has not reached read from the documents by the same statement.
 */
export const gstDaily = pgTable(
  'gst_daily',
  {
    day: date('day').notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    section: varchar('section', { length: 8 }),
    doc: text('doc'),
    at: instant('at'),
    ofDoc: text('of_doc'),
    posState: text('pos_state'),
    gstin: text('gstin'),
    buyer: text('buyer'),
    value: bigintNumber('value'),
    hsn: text('hsn'),
    descr: text('descr'),
    rate: integer('rate'),
    qty: bigintNumber('qty').notNull(),
    txval: bigintNumber('txval').notNull(),
    c: bigintNumber('c').notNull(),
    s: bigintNumber('s').notNull(),
    i: bigintNumber('i').notNull(),
    n: bigintNumber('n').notNull(),
    firstDoc: text('first_doc'),
    lastDoc: text('last_doc'),
  },
  (t) => [index('gst_daily_day_idx').on(t.day)],
);

/**
 * The books' daily rollup (decision 059): per India day and line of the trial balance (a system account with its
 * shards, or every wallet of a kind), the transfers whose entries on it net to other than zero, and their credits and
 * debits in paise. A balance at a past date, an opening balance and a period's totals add up days instead of entries;
 * the days the job has not reached are read from the ledger by the same statement.
 */
export const ledgerDaily = pgTable(
  'ledger_daily',
  {
    kind: varchar('kind', { length: 24 }).notNull(),
    /** A system account's provider ('' for none); '' on a wallets line. */
    provider: varchar('provider', { length: 16 }).notNull(),
    wallets: boolean('wallets').notNull(),
    day: date('day').notNull(),
    transfers: integer('transfers').notNull(),
    credits: bigintNumber('credits').notNull(),
    debits: bigintNumber('debits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.provider, t.wallets, t.day] }), index('ledger_daily_day_idx').on(t.day)],
);
