import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bigintNumber, createdAt, instant, requiredRef, updatedAt } from './columns';

/**
 * The double-entry ledger (decision 013). Every movement of money is one transfer whose entries sum to zero
 * (a deferred trigger checks it at commit); entries and transfers are append-only (triggers refuse UPDATE and
 * DELETE); a wallet's cached balance never goes below zero (CHECK). Amounts are integer paise.
 */
export type LedgerAccountKind =
  | 'customer_wallet'
  | 'vendor_wallet'
  | 'company_wallet'
  | 'provider_clearing'
  | 'bank'
  | 'adjustments'
  | 'revenue'
  /** Output GST before decision 053; kept at zero since, its balance moved into the three heads below. */
  | 'gst_payable'
  /** Output GST per head, as GSTR-3B files it (decision 053): CGST, SGST/UTGST, IGST. */
  | 'cgst_payable'
  | 'sgst_payable'
  | 'igst_payable'
  | 'tips_payable'
  /** What marketing gives away in money (referral rewards, decision 024). */
  | 'marketing_expense'
  /** Salaries and employee expenses owed to employees, paid out to their banks (decision 034). */
  | 'salary_payable'
  /** What is owed to the authorities for the salaries paid, employee's and employer's shares (decision 056). */
  | 'epf_payable'
  | 'esi_payable'
  | 'pt_payable'
  /** The payroll's statutory cost accrued and not yet paid from the company wallet (decision 056). */
  | 'statutory_accrued';

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 24 }).$type<LedgerAccountKind>().notNull(),
    /** The customer or vendor whose wallet this is; null for the company and system accounts. */
    ownerUserId: integer('owner_user_id').references(() => users.id),
    /** The provider (sandbox, CF, RP) whose held money a provider_clearing account counts. */
    provider: varchar('provider', { length: 16 }),
    name: text('name').notNull(),
    balance: bigintNumber('balance').notNull().default(0),
    /** System accounts are the other side of wallets and may be negative; wallets never. */
    allowNegative: boolean('allow_negative').notNull().default(false),
    /**
     * A system account that may go negative is kept as 16 accounts of the same kind: shard 0 under its fixed id, and
     * shards 1–15 under id × 16 + shard (decision 036). A transfer moves one of them, so transfers do not queue on a
     * single row; the account's balance is the sum of its shards.
     */
    shard: smallint('shard').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_uq').on(t.kind, t.ownerUserId),
    uniqueIndex('ledger_accounts_system_uq')
      .on(t.kind, sql`coalesce(${t.provider}, '')`, t.shard)
      .where(sql`owner_user_id is null`),
    check('ledger_accounts_balance_ck', sql`${t.allowNegative} or ${t.balance} >= 0`),
    check(
      'ledger_accounts_kind_ck',
      sql`${t.kind} in ('customer_wallet', 'vendor_wallet', 'company_wallet', 'provider_clearing', 'bank', 'adjustments', 'revenue', 'gst_payable', 'tips_payable', 'marketing_expense', 'salary_payable', 'cgst_payable', 'sgst_payable', 'igst_payable', 'epf_payable', 'esi_payable', 'pt_payable', 'statutory_accrued')`,
    ),
  ],
);

export type TransferKind =
  | 'wallet_topup'
  | 'admin_credit'
  | 'admin_debit'
  | 'account_credit'
  | 'wallet_debit'
  | 'correction'
  | 'order_payment'
  | 'order_refund'
  /** A referrer's reward, paid when the customer they referred has their first visit completed (decision 024). */
  | 'referral_reward'
  /** A subscription plan bought (customer wallet → revenue; decision 023). */
  | 'subscription_payment'
  /** A cancelled line's wallet refund sent back to the provider that paid (decision 030), and its undoing. */
  | 'source_refund'
  | 'source_refund_reversal'
  /** A vendor's product request paid from their wallet (vendor wallet → revenue and GST payable; decision 029). */
  | 'product_purchase'
  /** Decision 034: a month's salary (company wallet and tips payable → salary payable), and an expense paid at once. */
  | 'salary_payment'
  | 'expense_payment'
  /** Migration 0019 (decision 053): the old single GST payable balance moved into the CGST, SGST and IGST heads. */
  | 'gst_reclassified'
  /**
   * Decision 056: a month's statutory dues posted for a slip paid before the salary transfer carried them (migration
   * 0021), and dues paid to an authority from the company wallet.
   */
  | 'statutory_accrual'
  | 'statutory_payment';

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 24 }).$type<TransferKind>().notNull(),
    /** What the money was for: a payment intent's order id, a bank reference, an order number. */
    reference: text('reference'),
    remark: text('remark'),
    actorId: integer('actor_id').references(() => users.id),
    /** The same key with the same request answers the first result; with another request it is refused. */
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    requestHash: varchar('request_hash', { length: 64 }),
    /** The transfer a correction reverses. */
    correctsTransferId: bigintNumber('corrects_transfer_id'),
    /** A provider's payment id is credited once (unique). */
    providerPaymentId: varchar('provider_payment_id', { length: 120 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_idempotency_uq').on(t.idempotencyKey),
    uniqueIndex('ledger_transfers_provider_payment_uq').on(t.providerPaymentId),
    index('ledger_transfers_created_idx').on(t.createdAt),
    // The one-off moves into the GST heads (migrations 0019, 0020), which a month's output tax leaves out (decision 058).
    index('ledger_transfers_gst_reclassified_idx').on(t.id).where(sql`kind = 'gst_reclassified'`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: bigintNumber('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: requiredRef('account_id', () => ledgerAccounts.id),
    /** Positive credits the account, negative debits it; never zero. */
    amount: bigintNumber('amount').notNull(),
    balanceAfter: bigintNumber('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_transfer_idx').on(t.transferId),
    // An account's statement over a period (decision 059) and a month's output tax per head (decision 058), read
    // from the index alone: the amount and the transfer are in it (migration 0022).
    index('ledger_entries_account_created_idx').on(t.accountId, t.createdAt, t.amount, t.transferId),
    check('ledger_entries_amount_ck', sql`${t.amount} <> 0`),
  ],
);

export type PaymentProviderCode = 'sandbox' | 'CF' | 'RP';
export type PaymentIntentState = 'created' | 'awaitingPayment' | 'paid' | 'failed' | 'cancelled' | 'expired';

/**
 * A payment someone started with a provider (the specification's wallet payment session). `orderId` is ours, sent to
 * the provider as its order id and back to us as the return's UID. Its state is the payment intent machine's.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: serial('id').primaryKey(),
    orderId: varchar('order_id', { length: 40 }).notNull().unique(),
    provider: varchar('provider', { length: 16 }).$type<PaymentProviderCode>().notNull(),
    /** What the money is for: 'Wallet' (a top-up) or 'Order' (an order paid through a provider). */
    purpose: varchar('purpose', { length: 24 }).notNull(),
    payerUserId: requiredRef('payer_user_id', () => users.id),
    /** The specification's customer_role: 'Vendor' or 'Cust'. */
    payerRole: varchar('payer_role', { length: 8 }).$type<'Vendor' | 'Cust'>().notNull(),
    /** The ledger account credited when it is paid. */
    accountId: requiredRef('account_id', () => ledgerAccounts.id),
    amount: bigintNumber('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('INR'),
    state: varchar('state', { length: 24 }).$type<PaymentIntentState>().notNull(),
    /** The provider's own order reference (Cashfree cf_order_id, Razorpay order id) and checkout parameters. */
    providerOrderRef: varchar('provider_order_ref', { length: 120 }),
    checkout: jsonb('checkout'),
    providerPaymentId: varchar('provider_payment_id', { length: 120 }),
    transferId: bigintNumber('transfer_id').references(() => ledgerTransfers.id),
    /** The answer every later verification of a final intent repeats. */
    resultMessage: text('result_message'),
    /** A payment that reached the provider after the intent ended (expired) is refunded, once, under this id. */
    refundId: varchar('refund_id', { length: 60 }),
    refundStatus: varchar('refund_status', { length: 12 }),
    /** When the reconciliation job last claimed it, so one process checks it at a time. */
    checkedAt: instant('checked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_intents_payer_idx').on(t.payerUserId, t.createdAt),
    index('payment_intents_open_idx').on(t.createdAt).where(sql`state in ('created', 'awaitingPayment')`),
    check('payment_intents_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** The built-in sandbox provider's own record of its orders: it stands for a provider's database. */
export const sandboxOrders = pgTable('sandbox_orders', {
  orderId: varchar('order_id', { length: 40 }).primaryKey(),
  amount: bigintNumber('amount').notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  payerName: text('payer_name').notNull(),
  payerPhone: text('payer_phone'),
  returnUrl: text('return_url').notNull(),
  /** ACTIVE until the payer chooses; then PAID, FAILED or CANCELLED. */
  status: varchar('status', { length: 12 }).notNull().default('ACTIVE'),
  paymentId: varchar('payment_id', { length: 40 }),
  details: jsonb('details'),
  createdAt: createdAt(),
  paidAt: instant('paid_at'),
});
