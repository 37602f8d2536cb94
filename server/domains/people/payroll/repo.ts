import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../../db/client';
import { likeTerm } from '../../../db/paging';
import {
  type EmployeeExpenseState,
  employeeExpenses,
  professionals,
  professionalTips,
  type SalaryDeductionKind,
  salaryDeductions,
  salarySlips,
  salaryStructures,
  users,
} from '../../../db/schema';

export type { EmployeeExpenseState, SalaryDeductionKind };

// Payroll's only door to the database (decision 034). Employees are professionals: TE users with a professionals row.

// ---------------------------------------------------------------- employees

const employeeColumns = {
  id: users.id,
  fullName: users.fullName,
  mobileNo: users.mobileNo,
  professionalType: professionals.professionalType,
};

export async function employee(exec: Executor, id: number) {
  const [row] = await exec
    .select(employeeColumns)
    .from(users)
    .innerJoin(professionals, eq(professionals.userId, users.id))
    .where(eq(users.id, id));
  return row ?? null;
}

const employeeSearch = (search?: string): SQL | undefined =>
  search?.trim() ? or(ilike(users.fullName, likeTerm(search)), ilike(users.mobileNo, likeTerm(search))) : undefined;

/** One page of employees by name; `withStructure` filters on a structure in force on `day`. */
export async function pageEmployees(
  exec: Executor,
  q: {
    search?: string;
    day: string;
    withStructure: 'all' | 'with' | 'without';
    /** With `paid` true only those with a slip for this month (YYYY-MM-01), false only those without. */
    period?: string;
    paid?: boolean;
    limit: number;
    offset: number;
  },
) {
  const has = sql`exists (select 1 from salary_structures s where s.user_id = ${users.id} and s.effective_from <= ${q.day})`;
  const slip = sql`exists (select 1 from salary_slips p where p.user_id = ${users.id} and p.period = ${q.period ?? null})`;
  const where = and(
    employeeSearch(q.search),
    q.withStructure === 'with' ? has : q.withStructure === 'without' ? sql`not ${has}` : undefined,
    q.paid === undefined || !q.period ? undefined : q.paid ? slip : sql`not ${slip}`,
  );
  const rows = await exec
    .select(employeeColumns)
    .from(users)
    .innerJoin(professionals, eq(professionals.userId, users.id))
    .where(where)
    .orderBy(asc(users.fullName), asc(users.id))
    .limit(q.limit)
    .offset(q.offset);
  const [{ n }] = await exec
    .select({ n: count() })
    .from(users)
    .innerJoin(professionals, eq(professionals.userId, users.id))
    .where(where);
  return { rows, total: n };
}

/** Every employee's id in id order, from after `afterId`, `limit` at a time (runs and summaries stream them). */
export async function employeeIds(exec: Executor, afterId: number, limit: number) {
  const rows = await exec
    .select({ id: professionals.userId })
    .from(professionals)
    .where(sql`${professionals.userId} > ${afterId}`)
    .orderBy(asc(professionals.userId))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function employeesByIds(exec: Executor, ids: number[]) {
  if (!ids.length) return [];
  return exec
    .select({ id: users.id, fullName: users.fullName, mobileNo: users.mobileNo })
    .from(users)
    .where(inArray(users.id, ids));
}

interface EmployeePageQuery {
  userId?: number;
  search?: string;
  limit: number;
  offset: number;
}

/** A page of one kind of an employee's rows (deductions, expenses), newest first, searched by name or reason. */
async function pageOfEmployee<T extends typeof salaryDeductions | typeof employeeExpenses>(
  exec: Executor,
  table: T,
  q: EmployeePageQuery,
  filter?: SQL,
) {
  const where = and(
    q.userId ? eq(table.userId, q.userId) : undefined,
    filter,
    q.search?.trim()
      ? or(ilike(users.fullName, likeTerm(q.search)), ilike(table.reason, likeTerm(q.search)))
      : undefined,
  );
  const rows = await exec
    .select({ row: table as T, empName: users.fullName })
    .from(table as PgTable)
    .innerJoin(users, eq(users.id, table.userId))
    .where(where)
    .orderBy(desc(table.id))
    .limit(q.limit)
    .offset(q.offset);
  const [{ n }] = await exec
    .select({ n: count() })
    .from(table as PgTable)
    .innerJoin(users, eq(users.id, table.userId))
    .where(where);
  return { rows, total: n };
}

// ---------------------------------------------------------------- structures

export type StructureRow = typeof salaryStructures.$inferSelect;
export type StructureInsert = typeof salaryStructures.$inferInsert;

export async function structuresOf(exec: Executor, userIds: number[], upTo?: string) {
  if (!userIds.length) return [];
  return exec
    .select()
    .from(salaryStructures)
    .where(and(inArray(salaryStructures.userId, userIds), upTo ? lte(salaryStructures.effectiveFrom, upTo) : undefined))
    .orderBy(asc(salaryStructures.userId), asc(salaryStructures.effectiveFrom));
}

export async function structure(exec: Executor, id: number) {
  const [row] = await exec.select().from(salaryStructures).where(eq(salaryStructures.id, id));
  return row ?? null;
}

export async function insertStructure(tx: Executor, row: StructureInsert) {
  const [made] = await tx.insert(salaryStructures).values(row).returning();
  return made;
}

export async function updateStructure(tx: Executor, id: number, patch: Partial<StructureInsert>) {
  const [row] = await tx
    .update(salaryStructures)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(salaryStructures.id, id))
    .returning();
  return row;
}

/** The employee's newest paid month (YYYY-MM-01) or null; `lock` holds their slips' key range for the transaction. */
export async function lastPaidPeriod(exec: Executor, userId: number): Promise<string | null> {
  const [row] = await exec
    .select({ period: sql<string | null>`max(${salarySlips.period})::text` })
    .from(salarySlips)
    .where(eq(salarySlips.userId, userId));
  return row?.period ?? null;
}

// ---------------------------------------------------------------- deductions

export type DeductionRow = typeof salaryDeductions.$inferSelect;
export type DeductionInsert = typeof salaryDeductions.$inferInsert;

export async function insertDeduction(tx: Executor, row: DeductionInsert) {
  const [made] = await tx.insert(salaryDeductions).values(row).returning();
  return made;
}

export async function deduction(exec: Executor, id: number) {
  const [row] = await exec.select().from(salaryDeductions).where(eq(salaryDeductions.id, id));
  return row ?? null;
}

export async function updateDeduction(tx: Executor, id: number, patch: Partial<DeductionInsert>) {
  const [row] = await tx
    .update(salaryDeductions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(salaryDeductions.id, id))
    .returning();
  return row;
}

export const pageDeductions = (exec: Executor, q: EmployeePageQuery) => pageOfEmployee(exec, salaryDeductions, q);

/** The active deductions that fall in the month `period` (YYYY-MM-01), oldest first. */
export async function deductionsFor(exec: Executor, userIds: number[], period: string) {
  if (!userIds.length) return [];
  return exec
    .select()
    .from(salaryDeductions)
    .where(
      and(
        inArray(salaryDeductions.userId, userIds),
        eq(salaryDeductions.active, true),
        lte(salaryDeductions.fromMonth, period),
        sql`${salaryDeductions.fromMonth} + make_interval(months => ${salaryDeductions.months}) > ${period}::date`,
      ),
    )
    .orderBy(asc(salaryDeductions.id));
}

// ---------------------------------------------------------------- tips (held in the ledger's tips payable)

/** Unpaid tips per employee; `lockFor` (a transaction) locks the rows so a racing payment waits and sees them paid. */
export async function unpaidTips(exec: Executor, userIds: number[], lock = false) {
  if (!userIds.length) return [];
  const q = exec
    .select({
      orderLineId: professionalTips.orderLineId,
      userId: professionalTips.professionalUserId,
      amountPaise: professionalTips.amountPaise,
    })
    .from(professionalTips)
    .where(and(inArray(professionalTips.professionalUserId, userIds), isNull(professionalTips.paidAt)))
    .orderBy(asc(professionalTips.orderLineId));
  return lock ? q.for('update') : q;
}

export async function markTipsPaid(tx: Tx, orderLineIds: number[], at: Date) {
  if (!orderLineIds.length) return;
  await tx.update(professionalTips).set({ paidAt: at }).where(inArray(professionalTips.orderLineId, orderLineIds));
}

// ---------------------------------------------------------------- expenses

export type ExpenseRow = typeof employeeExpenses.$inferSelect;

export async function insertExpense(tx: Executor, row: typeof employeeExpenses.$inferInsert) {
  const [made] = await tx.insert(employeeExpenses).values(row).returning();
  return made;
}

export async function expense(exec: Executor, id: number, lock = false) {
  const q = exec.select().from(employeeExpenses).where(eq(employeeExpenses.id, id));
  const [row] = await (lock ? q.for('update') : q);
  return row ?? null;
}

export async function updateExpense(tx: Executor, id: number, patch: Partial<typeof employeeExpenses.$inferInsert>) {
  const [row] = await tx.update(employeeExpenses).set(patch).where(eq(employeeExpenses.id, id)).returning();
  return row;
}

export const pageExpenses = (exec: Executor, q: EmployeePageQuery & { state?: EmployeeExpenseState }) =>
  pageOfEmployee(exec, employeeExpenses, q, q.state ? eq(employeeExpenses.state, q.state) : undefined);

/** Approved expenses not yet paid, per employee; locked in a transaction when `lock`. */
export async function approvedExpenses(exec: Executor, userIds: number[], lock = false) {
  if (!userIds.length) return [];
  const q = exec
    .select({
      id: employeeExpenses.id,
      userId: employeeExpenses.userId,
      reason: employeeExpenses.reason,
      amountPaise: employeeExpenses.amountPaise,
    })
    .from(employeeExpenses)
    .where(and(inArray(employeeExpenses.userId, userIds), eq(employeeExpenses.state, 'approved')))
    .orderBy(asc(employeeExpenses.id));
  return lock ? q.for('update') : q;
}

export async function markExpensesPaidWithSlip(tx: Tx, ids: number[], slipId: number, at: Date) {
  if (!ids.length) return;
  await tx
    .update(employeeExpenses)
    .set({ state: 'paid', paidWith: 'salary', slipId, paidAt: at })
    .where(inArray(employeeExpenses.id, ids));
}

export async function countExpenses(exec: Executor, state: EmployeeExpenseState) {
  const [{ n }] = await exec.select({ n: count() }).from(employeeExpenses).where(eq(employeeExpenses.state, state));
  return n;
}

// ---------------------------------------------------------------- slips

export type SlipRow = typeof salarySlips.$inferSelect;
export type SlipInsert = typeof salarySlips.$inferInsert;

/** Inserts the month's slip unless one exists (the unique key: a racing twin waits for the first, then inserts none). */
export async function insertSlip(tx: Tx, row: typeof salarySlips.$inferInsert): Promise<number | null> {
  const [made] = await tx.insert(salarySlips).values(row).onConflictDoNothing().returning({ id: salarySlips.id });
  return made?.id ?? null;
}

/** Inserts a batch's slips in one statement; a slip already there (paid meanwhile) is left out of the answer. */
export async function insertSlips(tx: Tx, rows: (typeof salarySlips.$inferInsert)[]) {
  if (!rows.length) return [];
  return tx
    .insert(salarySlips)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: salarySlips.id, userId: salarySlips.userId, netPaise: salarySlips.netPaise });
}

/** Marks expenses paid with their slips: pairs of expense id and slip id, in one statement. */
export async function markExpensesPaidWithSlips(tx: Tx, pairs: { expenseId: number; slipId: number }[], at: Date) {
  if (!pairs.length) return;
  const values = sql.join(
    pairs.map((p) => sql`(${p.expenseId}::int, ${p.slipId}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update employee_expenses e set state = 'paid', paid_with = 'salary', slip_id = v.slip_id,
    paid_at = ${at} from (values ${values}) as v(id, slip_id) where e.id = v.id`);
}

export async function setSlipTransfer(tx: Tx, slipId: number, transferId: number) {
  await tx.update(salarySlips).set({ transferId }).where(eq(salarySlips.id, slipId));
}

export async function slipOf(exec: Executor, userId: number, period: string) {
  const [row] = await exec
    .select()
    .from(salarySlips)
    .where(and(eq(salarySlips.userId, userId), eq(salarySlips.period, period)));
  return row ?? null;
}

export async function slipsFor(exec: Executor, userIds: number[], period: string) {
  if (!userIds.length) return [];
  return exec
    .select()
    .from(salarySlips)
    .where(and(inArray(salarySlips.userId, userIds), eq(salarySlips.period, period)));
}

export async function pageSlips(
  exec: Executor,
  q: { userId?: number; period?: string; search?: string; limit: number; offset: number },
) {
  const where = and(
    q.userId ? eq(salarySlips.userId, q.userId) : undefined,
    q.period ? eq(salarySlips.period, q.period) : undefined,
    employeeSearch(q.search),
  );
  const rows = await exec
    .select({
      id: salarySlips.id,
      userId: salarySlips.userId,
      empName: users.fullName,
      period: salarySlips.period,
      grossPaise: salarySlips.grossPaise,
      deductionsPaise: salarySlips.deductionsPaise,
      netPaise: salarySlips.netPaise,
      bankReference: salarySlips.bankReference,
      paidAt: salarySlips.paidAt,
    })
    .from(salarySlips)
    .innerJoin(users, eq(users.id, salarySlips.userId))
    .where(where)
    .orderBy(desc(salarySlips.period), asc(users.fullName), asc(salarySlips.id))
    .limit(q.limit)
    .offset(q.offset);
  const [{ n }] = await exec
    .select({ n: count() })
    .from(salarySlips)
    .innerJoin(users, eq(users.id, salarySlips.userId))
    .where(where);
  return { rows, total: n };
}

export async function slipTotals(exec: Executor, period: string) {
  const [row] = await exec
    .select({ n: count(), net: sql<number>`coalesce(sum(${salarySlips.netPaise}), 0)`.mapWith(Number) })
    .from(salarySlips)
    .where(eq(salarySlips.period, period));
  return row;
}

export async function countEmployees(exec: Executor) {
  const [{ n }] = await exec.select({ n: count() }).from(professionals);
  return n;
}
