import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bigintNumber, createdAt, instant, requiredRef, updatedAt } from './columns';
import { ledgerTransfers } from './wallets';

/**
 * Payroll (decision 034). Employees are the professionals (TE users). Amounts are integer paise.
 * A salary structure applies from its effective date; a paid month keeps its slip's stored breakdown for ever.
 */
export const salaryStructures = pgTable(
  'salary_structures',
  {
    id: serial('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    basicPaise: bigintNumber('basic_paise').notNull(),
    hraPaise: bigintNumber('hra_paise').notNull().default(0),
    allowancesPaise: bigintNumber('allowances_paise').notNull().default(0),
    /** The state whose professional tax table applies (statutory.ts), e.g. MH. */
    ptState: varchar('pt_state', { length: 2 }).notNull().default('MH'),
    epf: boolean('epf').notNull().default(true),
    esi: boolean('esi').notNull().default(true),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('salary_structures_user_from_uq').on(t.userId, t.effectiveFrom),
    check(
      'salary_structures_amounts_ck',
      sql`${t.basicPaise} > 0 and ${t.hraPaise} >= 0 and ${t.allowancesPaise} >= 0`,
    ),
  ],
);

export type SalaryDeductionKind = 'advance' | 'loan' | 'other';

/** An advance, a loan or another deduction: `amountPaise` a month for `months` months from `fromMonth`. */
export const salaryDeductions = pgTable(
  'salary_deductions',
  {
    id: serial('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id),
    kind: varchar('kind', { length: 12 }).$type<SalaryDeductionKind>().notNull(),
    reason: text('reason').notNull(),
    amountPaise: bigintNumber('amount_paise').notNull(),
    /** The first day of the first month it is deducted in. */
    fromMonth: date('from_month', { mode: 'string' }).notNull(),
    months: integer('months').notNull().default(1),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('salary_deductions_user_idx').on(t.userId, t.fromMonth),
    check('salary_deductions_amount_ck', sql`${t.amountPaise} > 0`),
    check('salary_deductions_months_ck', sql`${t.months} between 1 and 120`),
    check('salary_deductions_kind_ck', sql`${t.kind} in ('advance', 'loan', 'other')`),
  ],
);

/** One employee's month paid: the unique key pays each employee once a month; the breakdown never changes. */
export const salarySlips = pgTable(
  'salary_slips',
  {
    id: serial('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id),
    /** The first day of the month paid. */
    period: date('period', { mode: 'string' }).notNull(),
    grossPaise: bigintNumber('gross_paise').notNull(),
    deductionsPaise: bigintNumber('deductions_paise').notNull(),
    employerPaise: bigintNumber('employer_paise').notNull(),
    /**
     * The statutory lines of the breakdown, kept as columns for the ledger and the dues (decision 056): what the
     * slip withheld and what the employer added, per scheme. Migration 0021 filled them from the breakdown.
     */
    epfEmployeePaise: bigintNumber('epf_employee_paise').notNull().default(0),
    epfEmployerPaise: bigintNumber('epf_employer_paise').notNull().default(0),
    esiEmployeePaise: bigintNumber('esi_employee_paise').notNull().default(0),
    esiEmployerPaise: bigintNumber('esi_employer_paise').notNull().default(0),
    ptPaise: bigintNumber('pt_paise').notNull().default(0),
    tipsPaise: bigintNumber('tips_paise').notNull(),
    expensesPaise: bigintNumber('expenses_paise').notNull(),
    netPaise: bigintNumber('net_paise').notNull(),
    /** The calculation as paid (service.ts SalaryCalculation): lines, paid days, structure. */
    breakdown: jsonb('breakdown').notNull(),
    bankReference: varchar('bank_reference', { length: 60 }).notNull(),
    transferId: bigintNumber('transfer_id').references(() => ledgerTransfers.id),
    payRunId: integer('pay_run_id'),
    paidBy: integer('paid_by').references(() => users.id),
    paidAt: instant('paid_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('salary_slips_user_period_uq').on(t.userId, t.period),
    index('salary_slips_period_idx').on(t.period, t.userId),
    check('salary_slips_net_ck', sql`${t.netPaise} >= 0`),
  ],
);

export type EmployeeExpenseState = 'pending' | 'approved' | 'rejected' | 'paid';

/** An expense HR records for an employee; the accountant approves it; it is paid with the next salary or at once. */
export const employeeExpenses = pgTable(
  'employee_expenses',
  {
    id: serial('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id),
    amountPaise: bigintNumber('amount_paise').notNull(),
    reason: text('reason').notNull(),
    /** A private file (never under the public uploads). */
    receiptUrl: text('receipt_url').notNull(),
    receiptFileName: text('receipt_file_name').notNull(),
    receiptType: varchar('receipt_type', { length: 40 }).notNull(),
    state: varchar('state', { length: 12 }).$type<EmployeeExpenseState>().notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: instant('decided_at'),
    decisionRemark: text('decision_remark'),
    /** 'salary' (with a slip) or 'direct' (paid at once). */
    paidWith: varchar('paid_with', { length: 8 }),
    slipId: integer('slip_id').references(() => salarySlips.id),
    transferId: bigintNumber('transfer_id').references(() => ledgerTransfers.id),
    bankReference: varchar('bank_reference', { length: 60 }),
    paidAt: instant('paid_at'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('employee_expenses_user_idx').on(t.userId, t.state),
    index('employee_expenses_state_idx').on(t.state, t.id),
    check('employee_expenses_amount_ck', sql`${t.amountPaise} > 0`),
    check('employee_expenses_state_ck', sql`${t.state} in ('pending', 'approved', 'rejected', 'paid')`),
  ],
);

export type PayRunState = 'running' | 'done';

/** A month's salary run for everyone: a job in the database that any process's worker advances in batches. */
export const payRuns = pgTable(
  'pay_runs',
  {
    id: serial('id').primaryKey(),
    period: date('period', { mode: 'string' }).notNull(),
    state: varchar('state', { length: 12 }).$type<PayRunState>().notNull().default('running'),
    bankReferencePrefix: varchar('bank_reference_prefix', { length: 40 }).notNull(),
    total: integer('total').notNull().default(0),
    paid: integer('paid').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    paidPaise: bigintNumber('paid_paise').notNull().default(0),
    /** False while paused (by a person, or when the company wallet ran short); resume sets it again. */
    active: boolean('active').notNull().default(true),
    lastError: text('last_error'),
    startedBy: integer('started_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: instant('finished_at'),
  },
  (t) => [
    uniqueIndex('pay_runs_open_uq').on(t.period).where(sql`state = 'running'`),
    index('pay_runs_created_idx').on(t.createdAt),
    check('pay_runs_state_ck', sql`${t.state} in ('running', 'done')`),
  ],
);

export type PayRunItemState = 'pending' | 'paid' | 'skipped' | 'failed';

/** One employee of a run; a worker claims pending ones FOR UPDATE SKIP LOCKED, so two processes never share one. */
export const payRunItems = pgTable(
  'pay_run_items',
  {
    runId: requiredRef('run_id', () => payRuns.id),
    userId: requiredRef('user_id', () => users.id),
    state: varchar('state', { length: 8 }).$type<PayRunItemState>().notNull().default('pending'),
    message: text('message'),
    slipId: integer('slip_id').references(() => salarySlips.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.userId] }),
    index('pay_run_items_pending_idx').on(t.runId, t.userId).where(sql`state = 'pending'`),
    check('pay_run_items_state_ck', sql`${t.state} in ('pending', 'paid', 'skipped', 'failed')`),
  ],
);

export type StatutoryScheme = 'EPF' | 'ESI' | 'PT';

/**
 * Statutory dues paid to an authority (decision 056): a scheme's dues for a salary month, paid from the company
 * wallet with the challan or bank reference. The idempotency key answers a repeated submission with its first row.
 */
export const statutoryRemittances = pgTable(
  'statutory_remittances',
  {
    id: serial('id').primaryKey(),
    scheme: varchar('scheme', { length: 3 }).$type<StatutoryScheme>().notNull(),
    /** The first day of the salary month the dues are for. */
    period: date('period', { mode: 'string' }).notNull(),
    amountPaise: bigintNumber('amount_paise').notNull(),
    reference: varchar('reference', { length: 60 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    requestHash: varchar('request_hash', { length: 64 }),
    transferId: bigintNumber('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    paidBy: integer('paid_by').references(() => users.id),
    paidAt: instant('paid_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('statutory_remittances_idempotency_uq').on(t.idempotencyKey),
    index('statutory_remittances_scheme_idx').on(t.scheme, t.period),
    check('statutory_remittances_amount_ck', sql`${t.amountPaise} > 0`),
    check('statutory_remittances_scheme_ck', sql`${t.scheme} in ('EPF', 'ESI', 'PT')`),
  ],
);
