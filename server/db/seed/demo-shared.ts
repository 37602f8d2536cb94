import { and, eq } from 'drizzle-orm';
import type { PaymentProviders } from '../../plugins/payments';
import type { Db } from '../client';
import { cities, states } from '../schema';

// What several demo seeds use: time spans, a provider-less checkout and the ids of a demo place.

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** India's offset from UTC (+5:30). */
export const IST = 330 * 60_000;

/** Wallet-paid placements never ask a provider: placeOrder reads the providers only for the other modes. */
export const WALLET_ONLY = { isAvailable: () => false, modes: [] } as unknown as PaymentProviders;

/** The ids of a demo city and its state; `seed` names the seed in the error when the city is missing. */
export async function demoPlace(db: Db, seed: string, state: string, city: string) {
  const [row] = await db
    .select({ cityId: cities.id, stateId: cities.stateId })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(and(eq(states.name, state), eq(cities.name, city)));
  if (!row) throw new Error(`${seed}: no city ${city}, ${state}`);
  return row;
}
