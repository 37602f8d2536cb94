import { and, asc, count, eq, exists, ilike, inArray, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { likeTerm, orderOf, type PageQuery, pageFor } from '../../../db/paging';
import { cities, customers, roles, states, zonePincodes, zones } from '../../../db/schema';

export const listStates = (exec: Executor) =>
  exec.select({ id: states.id, name: states.name, code: states.code }).from(states).orderBy(asc(states.name));

export const findState = async (exec: Executor, id: number) =>
  (await exec.select({ id: states.id }).from(states).where(eq(states.id, id)))[0];

export const listCities = (exec: Executor, stateId: number) =>
  exec
    .select({ id: cities.id, name: cities.name, stateId: cities.stateId })
    .from(cities)
    .where(eq(cities.stateId, stateId))
    .orderBy(asc(cities.name));

const activeZoneIn = (column: 'state' | 'city', ref: SQL | typeof states.id | typeof cities.id) =>
  exists(
    sql`(select 1 from ${zones} where ${column === 'state' ? zones.stateId : zones.cityId} = ${ref} and ${zones.active})`,
  );

export const listStatesWithZones = (exec: Executor) =>
  exec
    .select({ id: states.id, name: states.name, code: states.code })
    .from(states)
    .where(activeZoneIn('state', states.id))
    .orderBy(asc(states.name));

export const listCitiesWithZones = (exec: Executor, stateId: number) =>
  exec
    .select({ id: cities.id, name: cities.name, stateId: cities.stateId })
    .from(cities)
    .where(and(eq(cities.stateId, stateId), activeZoneIn('city', cities.id)))
    .orderBy(asc(cities.name));

const pincodeCount = sql<number>`(select count(*)::int from ${zonePincodes} where ${zonePincodes.zoneId} = ${zones.id})`;

const zoneColumns = {
  id: zones.id,
  zoneName: zones.zoneName,
  stateId: zones.stateId,
  stateName: states.name,
  cityId: zones.cityId,
  cityName: cities.name,
  active: zones.active,
  pincodeCount,
};

const zonesQuery = (exec: Executor) =>
  exec
    .select(zoneColumns)
    .from(zones)
    .innerJoin(states, eq(states.id, zones.stateId))
    .innerJoin(cities, eq(cities.id, zones.cityId));

export const listZonesOfCity = (exec: Executor, stateId: number, cityId: number) =>
  zonesQuery(exec)
    .where(and(eq(zones.stateId, stateId), eq(zones.cityId, cityId), eq(zones.active, true)))
    .orderBy(asc(zones.zoneName));

export async function pageZones(exec: Executor, q: PageQuery, includeInactive: boolean) {
  const where = and(
    includeInactive ? undefined : eq(zones.active, true),
    q.search
      ? or(
          ilike(zones.zoneName, likeTerm(q.search)),
          ilike(cities.name, likeTerm(q.search)),
          ilike(states.name, likeTerm(q.search)),
          exists(
            sql`(select 1 from ${zonePincodes} where ${zonePincodes.zoneId} = ${zones.id} and ${zonePincodes.pinCode} like ${`${q.search.trim()}%`})`,
          ),
        )
      : undefined,
  );
  const order = orderOf(
    q,
    {
      id: zones.id,
      zoneName: zones.zoneName,
      stateName: states.name,
      cityName: cities.name,
      active: zones.active,
      pincodeCount,
    },
    'zoneName',
    zones.id,
  );
  return pageFor(
    q,
    zonesQuery(exec).$dynamic(),
    exec
      .select({ total: count() })
      .from(zones)
      .innerJoin(states, eq(states.id, zones.stateId))
      .innerJoin(cities, eq(cities.id, zones.cityId))
      .$dynamic(),
    where,
    order,
  );
}

export const findZone = async (exec: Executor, id: number) => (await zonesQuery(exec).where(eq(zones.id, id)))[0];

export const listPincodes = (exec: Executor, zoneId: number) =>
  exec
    .select({ id: zonePincodes.id, zoneId: zonePincodes.zoneId, pinCode: zonePincodes.pinCode })
    .from(zonePincodes)
    .where(eq(zonePincodes.zoneId, zoneId))
    .orderBy(asc(zonePincodes.pinCode));

export const listRoles = (exec: Executor) => exec.select().from(roles).orderBy(roles.code);

/** The id of the zone when it exists and is active. */
export const activeZoneId = async (exec: Executor, id: number) =>
  (
    await exec
      .select({ id: zones.id })
      .from(zones)
      .where(and(eq(zones.id, id), eq(zones.active, true)))
  )[0]?.id ?? null;

/** The active zone that serves a pincode (a pincode belongs to one zone), or null. */
export const activeZoneOfPincode = async (exec: Executor, pinCode: string) =>
  (
    await exec
      .select({ zoneId: zonePincodes.zoneId })
      .from(zonePincodes)
      .innerJoin(zones, eq(zones.id, zonePincodes.zoneId))
      .where(and(eq(zonePincodes.pinCode, pinCode), eq(zones.active, true)))
  )[0]?.zoneId ?? null;

// ---- writes and the lookups they need ----

export const findCity = async (exec: Executor, id: number) =>
  (
    await exec
      .select({ id: cities.id, stateId: cities.stateId, name: cities.name })
      .from(cities)
      .where(eq(cities.id, id))
  )[0];

/** The zone of a city with this name (trimmed, case-insensitive), other than `exceptId`. */
export const findZoneByName = async (exec: Executor, cityId: number, name: string, exceptId?: number) =>
  (
    await exec
      .select({ id: zones.id, zoneName: zones.zoneName })
      .from(zones)
      .where(
        and(
          eq(zones.cityId, cityId),
          sql`lower(${zones.zoneName}) = ${name.trim().toLowerCase()}`,
          exceptId ? ne(zones.id, exceptId) : undefined,
        ),
      )
      .limit(1)
  )[0];

/** The zones that already hold some of these pincodes. */
export const pincodeOwners = (exec: Executor, pins: string[]) =>
  pins.length === 0
    ? Promise.resolve([])
    : exec
        .select({ pinCode: zonePincodes.pinCode, zoneId: zones.id, zoneName: zones.zoneName, cityName: cities.name })
        .from(zonePincodes)
        .innerJoin(zones, eq(zones.id, zonePincodes.zoneId))
        .innerJoin(cities, eq(cities.id, zones.cityId))
        .where(inArray(zonePincodes.pinCode, pins))
        .orderBy(asc(zonePincodes.pinCode));

export async function insertZone(exec: Executor, values: { zoneName: string; stateId: number; cityId: number }) {
  const [row] = await exec.insert(zones).values(values).returning({ id: zones.id });
  return row.id;
}

export const insertZones = (exec: Executor, values: { zoneName: string; stateId: number; cityId: number }[]) =>
  exec.insert(zones).values(values).returning({ id: zones.id, cityId: zones.cityId, zoneName: zones.zoneName });

export async function insertPincodes(exec: Executor, rows: { zoneId: number; pinCode: string }[]) {
  if (rows.length === 0) return [];
  return exec
    .insert(zonePincodes)
    .values(rows)
    .returning({ id: zonePincodes.id, zoneId: zonePincodes.zoneId, pinCode: zonePincodes.pinCode });
}

export const updateZone = (exec: Executor, id: number, values: { zoneName: string; stateId: number; cityId: number }) =>
  exec.update(zones).set(values).where(eq(zones.id, id));

/** Locks the zone row for the rest of the transaction. */
export const lockZone = async (exec: Executor, id: number) =>
  (await exec.select({ id: zones.id, zoneName: zones.zoneName }).from(zones).where(eq(zones.id, id)).for('update'))[0];

export const countCustomersInZone = async (exec: Executor, zoneId: number) =>
  (await exec.select({ n: count() }).from(customers).where(eq(customers.zoneId, zoneId)))[0].n;

/** Deletes the zone; its pincodes and category links go with it (ON DELETE CASCADE). */
export const deleteZone = (exec: Executor, id: number) => exec.delete(zones).where(eq(zones.id, id));

export const findPincodeRow = async (exec: Executor, id: number) =>
  (
    await exec
      .select({ id: zonePincodes.id, zoneId: zonePincodes.zoneId, pinCode: zonePincodes.pinCode })
      .from(zonePincodes)
      .where(eq(zonePincodes.id, id))
  )[0];

export const deletePincodeRow = (exec: Executor, id: number) =>
  exec.delete(zonePincodes).where(eq(zonePincodes.id, id));

/** Flips `active` in one statement (the row lock makes concurrent toggles serialize). */
export const toggleZone = async (exec: Executor, id: number) =>
  (
    await exec
      .update(zones)
      .set({ active: not(zones.active) })
      .where(eq(zones.id, id))
      .returning({ id: zones.id, active: zones.active })
  )[0];

// ---- batch lookups for imports (one query per kind, never one per row) ----

export const statesByNames = (exec: Executor, lowerNames: string[]) =>
  lowerNames.length === 0
    ? Promise.resolve([])
    : exec
        .select({ id: states.id, name: states.name })
        .from(states)
        .where(inArray(sql`lower(${states.name})`, lowerNames));

export const citiesByNames = (exec: Executor, stateIds: number[], lowerNames: string[]) =>
  stateIds.length === 0 || lowerNames.length === 0
    ? Promise.resolve([])
    : exec
        .select({ id: cities.id, stateId: cities.stateId, name: cities.name })
        .from(cities)
        .where(and(inArray(cities.stateId, stateIds), inArray(sql`lower(${cities.name})`, lowerNames)));

/** Zones whose name is one of `lowerNames`, in the given cities or (without cities) anywhere, with their city. */
export const zonesByNames = (exec: Executor, lowerNames: string[], cityIds?: number[]) =>
  lowerNames.length === 0 || cityIds?.length === 0
    ? Promise.resolve([])
    : exec
        .select({ id: zones.id, zoneName: zones.zoneName, cityId: zones.cityId, cityName: cities.name })
        .from(zones)
        .innerJoin(cities, eq(cities.id, zones.cityId))
        .where(
          and(inArray(sql`lower(${zones.zoneName})`, lowerNames), cityIds ? inArray(zones.cityId, cityIds) : undefined),
        );

export const existingZoneIds = async (exec: Executor, ids: number[]) =>
  ids.length === 0
    ? []
    : (await exec.select({ id: zones.id }).from(zones).where(inArray(zones.id, ids))).map((r) => r.id);
