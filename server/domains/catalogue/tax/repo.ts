import { and, asc, desc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { gstRates } from '../../../db/schema';

/** Every GST rate period, newest first within a rate. */
export const listRatePeriods = (exec: Executor) =>
  exec
    .select({
      rate: gstRates.rate,
      effectiveFrom: gstRates.effectiveFrom,
      effectiveTo: gstRates.effectiveTo,
      note: gstRates.note,
    })
    .from(gstRates)
    .orderBy(asc(gstRates.rate), desc(gstRates.effectiveFrom));

/** The rates whose period covers `day` (YYYY-MM-DD), ascending. */
export async function ratesOn(exec: Executor, day: string): Promise<number[]> {
  const rows = await exec
    .selectDistinct({ rate: gstRates.rate })
    .from(gstRates)
    .where(and(lte(gstRates.effectiveFrom, day), or(isNull(gstRates.effectiveTo), gte(gstRates.effectiveTo, day))))
    .orderBy(asc(gstRates.rate));
  return rows.map((r) => r.rate);
}

/** Whether `rate` is in force on `day`. */
export async function rateInForce(exec: Executor, rate: number, day: string): Promise<boolean> {
  const rows = await exec
    .select({ id: gstRates.id })
    .from(gstRates)
    .where(
      and(
        eq(gstRates.rate, rate),
        lte(gstRates.effectiveFrom, day),
        or(isNull(gstRates.effectiveTo), gte(gstRates.effectiveTo, day)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
