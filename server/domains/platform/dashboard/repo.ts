import { count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { categories, cities, services, states, subCategories, users, zonePincodes, zones } from '../../../db/schema';

/** Row counts for the dashboards, in one round of parallel queries. */
export async function dashboardCounts(db: Executor) {
  const [
    byRole,
    [zoneCounts],
    [pins],
    [stateCount],
    [cityCount],
    [categoryCount],
    [subCategoryCount],
    [serviceCounts],
  ] = await Promise.all([
    db.select({ role: users.role, n: count() }).from(users).where(eq(users.active, true)).groupBy(users.role),
    db.select({ zones: count(), activeZones: sql<number>`count(*) filter (where ${zones.active})::int` }).from(zones),
    db.select({ n: count() }).from(zonePincodes),
    db.select({ n: count() }).from(states),
    db.select({ n: count() }).from(cities),
    db.select({ n: count() }).from(categories),
    db.select({ n: count() }).from(subCategories),
    db
      .select({ services: count(), activeServices: sql<number>`count(*) filter (where ${services.active})::int` })
      .from(services),
  ]);
  const staffByRole: Record<string, number> = {};
  let customers = 0;
  for (const r of byRole) {
    if (r.role === 'Cust') customers = r.n;
    else staffByRole[r.role] = r.n;
  }
  return {
    customers,
    staffByRole,
    zones: zoneCounts.zones,
    activeZones: zoneCounts.activeZones,
    pincodes: pins.n,
    states: stateCount.n,
    cities: cityCount.n,
    categories: categoryCount.n,
    subCategories: subCategoryCount.n,
    services: serviceCounts.services,
    activeServices: serviceCounts.activeServices,
  };
}
