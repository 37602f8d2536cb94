import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { favourites, services, users } from '../schema';

/** The demo customer's favourites (services of the demo catalogue, by heading), newest last. */
export const DEMO_FAVOURITES = ['AC Foam-Jet Service', 'Bathroom Deep Cleaning (1 bathroom)', 'Tap Repair'];

/** Runs after the demo catalogue (server/main.ts): the demo customer keeps a few favourite services. */
export async function seedDemoFavourites(db: Db, customerMobileNo: string) {
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.mobileNo, customerMobileNo));
  if (!customer) return;
  const rows = await db
    .select({ id: services.id, heading: services.heading })
    .from(services)
    .where(inArray(services.heading, DEMO_FAVOURITES));
  const idOf = new Map(rows.map((r) => [r.heading, r.id]));
  const now = Date.now();
  const values = DEMO_FAVOURITES.filter((h) => idOf.has(h)).map((h, i) => ({
    customerUserId: customer.id,
    serviceId: idOf.get(h)!,
    createdAt: new Date(now - (DEMO_FAVOURITES.length - i) * 86_400_000),
  }));
  if (values.length) await db.insert(favourites).values(values).onConflictDoNothing();
}
