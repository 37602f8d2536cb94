// GST rates are law, so they are data (decision 014): the gst_rates table holds each rate with its effective dates,
// and the catalogue validates a service's rate against the ones in force. Order lines keep a snapshot of the rate
// they were charged, so a change of law never changes an old invoice.
import type { Executor } from '../../../db/client';
import { badRequest } from '../../../http';
import * as repo from './repo';

/** The calendar day of `at` in India (GST dates are Indian dates), as YYYY-MM-DD. */
export function indiaDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The GST rates in force on `on` (India day), ascending. */
export const ratesInForce = (exec: Executor, on: Date): Promise<number[]> => repo.ratesOn(exec, indiaDay(on));

/** The sentence that names the allowed rates: "must be one of the GST rates in force today: 0, 5, 18, 40". */
export const notInForce = (rates: readonly number[], on = 'today') =>
  `must be one of the GST rates in force ${on}: ${rates.join(', ')}`;

/**
 * Refuses a rate that is not in force on `on` with 400 naming `field` and the allowed rates. For one check; a
 * caller checking many rates (an import) reads `ratesInForce` once.
 */
export async function assertRateInForce(exec: Executor, rate: number, on: Date, field: string): Promise<void> {
  const day = indiaDay(on);
  if (await repo.rateInForce(exec, rate, day)) return;
  throw badRequest(
    field,
    notInForce(await ratesInForce(exec, on), day === indiaDay(new Date()) ? 'today' : `on ${day}`),
  );
}

/** Every rate period, each marked whether it applies on `on`, with the rates in force that day. */
export async function gstRates(exec: Executor, on: Date) {
  const day = indiaDay(on);
  const periods = await repo.listRatePeriods(exec);
  const rates = periods.map((p) => ({
    ...p,
    inForce: p.effectiveFrom <= day && (p.effectiveTo === null || p.effectiveTo >= day),
  }));
  const inForce = [...new Set(rates.filter((r) => r.inForce).map((r) => r.rate))].sort((a, b) => a - b);
  return { on: day, inForce, rates };
}
