import { desc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client';
import { rawRows } from '../../../db/rows';
import { type StatutoryScheme, statutoryRemittances, users } from '../../../db/schema';

export type { StatutoryScheme };

// Statutory dues (decision 056): the slips' shares per scheme and month, and the payments to the authorities.

const DUES_SHAPE = {
  scheme: 'text',
  period: 'date',
  employees: 'int',
  employeePaise: 'bigint',
  employerPaise: 'bigint',
  paidPaise: 'bigint',
} as const;

/**
 * Per scheme and salary month: the slips with its dues, the employees' and employer's shares, and what was paid.
 * A month paid with no slip left is still listed (its payment stands).
 */
export function duesByMonth(exec: Executor, where: { scheme?: StatutoryScheme; period?: string } = {}) {
  const scheme = where.scheme ?? null;
  const period = where.period ?? null;
  return rawRows(
    exec,
    sql`with slips as (
        select x.scheme, s.period, count(*)::int as employees, sum(x.ee) as employee_paise, sum(x.er) as employer_paise
        from salary_slips s
        cross join lateral (values ('EPF', s.epf_employee_paise, s.epf_employer_paise),
          ('ESI', s.esi_employee_paise, s.esi_employer_paise), ('PT', s.pt_paise, 0::bigint)) x(scheme, ee, er)
        where x.ee + x.er > 0
          and (${scheme}::text is null or x.scheme = ${scheme}::text)
          and (${period}::date is null or s.period = ${period}::date)
        group by x.scheme, s.period
      ), paid as (
        select scheme, period, sum(amount_paise) as paid_paise from statutory_remittances
        where (${scheme}::text is null or scheme = ${scheme}::text)
          and (${period}::date is null or period = ${period}::date)
        group by scheme, period
      )
      select coalesce(s.scheme, p.scheme) as scheme, coalesce(s.period, p.period) as period,
        coalesce(s.employees, 0) as employees, coalesce(s.employee_paise, 0) as employee_paise,
        coalesce(s.employer_paise, 0) as employer_paise, coalesce(p.paid_paise, 0) as paid_paise
      from slips s full join paid p on p.scheme = s.scheme and p.period = s.period
      order by 2 desc, 1`,
    DUES_SHAPE,
  );
}

export type RemittanceRow = typeof statutoryRemittances.$inferSelect;

export async function remittanceByKey(exec: Executor, key: string) {
  const [row] = await exec.select().from(statutoryRemittances).where(eq(statutoryRemittances.idempotencyKey, key));
  return row ?? null;
}

export async function insertRemittance(tx: Tx, row: typeof statutoryRemittances.$inferInsert) {
  const [made] = await tx.insert(statutoryRemittances).values(row).returning();
  return made;
}

/** The payments, newest first, with the name of who paid. */
export function remittances(exec: Executor, scheme?: StatutoryScheme) {
  return exec
    .select({ row: statutoryRemittances, paidByName: users.fullName })
    .from(statutoryRemittances)
    .leftJoin(users, eq(users.id, statutoryRemittances.paidBy))
    .where(scheme ? eq(statutoryRemittances.scheme, scheme) : undefined)
    .orderBy(desc(statutoryRemittances.paidAt), desc(statutoryRemittances.id));
}

export async function payerName(exec: Executor, userId: number | null) {
  if (userId === null) return null;
  const [row] = await exec.select({ name: users.fullName }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}
