import { sql } from 'drizzle-orm';
import { ROLES } from '../../roles';
import type { Db } from '../client';
import { cities, roles, states } from '../schema';
import { STATES } from './geography-data';

/** Reference data that ships with the project (roles, states, cities); safe to run on every start. */
export async function seedReference(db: Db) {
  await db.insert(roles).values(ROLES).onConflictDoNothing();
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(cities);
  const expected = STATES.reduce((sum, s) => sum + s.cities.length, 0);
  if (n >= expected) return;
  await db
    .insert(states)
    .values(STATES.map((s) => ({ name: s.name, code: s.code, kind: s.kind })))
    .onConflictDoNothing();
  const ids = new Map((await db.select({ id: states.id, name: states.name }).from(states)).map((s) => [s.name, s.id]));
  await db
    .insert(cities)
    .values(STATES.flatMap((s) => s.cities.map((name) => ({ stateId: ids.get(s.name)!, name }))))
    .onConflictDoNothing();
}
