import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { cities, sessions, states, users, zones } from '../../../db/schema';

// ---------------------------------------------------------------- lookups for the rules

/** The state's name when the city belongs to it; null for a state or city that does not exist or do not match. */
export async function placeOf(exec: Executor, stateId: number, cityId: number) {
  const [state] = await exec.select({ name: states.name }).from(states).where(eq(states.id, stateId));
  if (!state) return { state: null, cityOfState: false };
  const [city] = await exec
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.id, cityId), eq(cities.stateId, stateId)));
  return { state: state.name, cityOfState: !!city };
}

export async function zonesByIds(exec: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return exec.select({ id: zones.id }).from(zones).where(inArray(zones.id, ids));
}

/** Cities by lower-cased name, with their state's name (the import's cityName / stateName). */
export async function citiesByNames(exec: Executor, lowerNames: string[]) {
  if (lowerNames.length === 0) return [];
  return exec
    .select({
      id: cities.id,
      stateId: cities.stateId,
      city: sql<string>`lower(${cities.name})`,
      state: sql<string>`lower(${states.name})`,
      stateName: states.name,
    })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(inArray(sql`lower(${cities.name})`, lowerNames));
}

// ---------------------------------------------------------------- the account beside the profile

export async function updateUser(
  exec: Executor,
  userId: number,
  patch: Partial<
    Pick<typeof users.$inferInsert, 'fullName' | 'email' | 'mobileNo' | 'phone' | 'mustChangePassword' | 'active'>
  >,
) {
  await exec.update(users).set(patch).where(eq(users.id, userId));
}

export async function revokeSessions(exec: Executor, userId: number) {
  await exec
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
