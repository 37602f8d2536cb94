import type { Db } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import type { PageQuery } from '../../../db/paging';
import { badRequest, conflict, HttpError, notFound } from '../../../http';
import { chunks, nameKey, RowErrors } from '../../../imports';
import { activeToggle, recordTransition } from '../../../plugins/audit';
import * as repo from './repo';

export const listStates = (db: Db) => repo.listStates(db);
export const listStatesWithZones = (db: Db) => repo.listStatesWithZones(db);
export const listCitiesWithZones = (db: Db, stateId: number) => repo.listCitiesWithZones(db, stateId);
export const listZonesOfCity = (db: Db, stateId: number, cityId: number) => repo.listZonesOfCity(db, stateId, cityId);

export async function listCities(db: Db, stateId: number) {
  if (!(await repo.findState(db, stateId))) throw notFound(`State ${stateId}`);
  return repo.listCities(db, stateId);
}

/** Visitors and customers see only active zones; staff see every zone with its state. */
export const listRoles = (db: Db) => repo.listRoles(db);
export const activeZoneId = (db: Db, id: number) => repo.activeZoneId(db, id);
export const activeZoneOfPincode = (db: Db, pinCode: string) => repo.activeZoneOfPincode(db, pinCode);

export const pageZones = (db: Db, q: PageQuery, isStaff: boolean) => repo.pageZones(db, q, isStaff);

/** A zone that visitors may see: inactive zones are visible to staff only. */
export async function getZone(db: Db, id: number, isStaff: boolean) {
  const zone = await repo.findZone(db, id);
  if (!zone || (!zone.active && !isStaff)) throw notFound(`Zone ${id}`);
  return { ...zone, pincodes: await repo.listPincodes(db, id) };
}

export async function listPincodes(db: Db, zoneId: number, isStaff: boolean) {
  await getZone(db, zoneId, isStaff);
  return repo.listPincodes(db, zoneId);
}

// ---- zone writes (role A) ----

export interface ZoneInput {
  zoneName: string;
  stateId: number;
  cityId: number;
}

async function checkZoneInput(db: Db, input: ZoneInput, exceptId?: number) {
  const zoneName = input.zoneName.trim();
  if (!zoneName) throw badRequest('zoneName', 'must not be empty');
  const city = await repo.findCity(db, input.cityId);
  if (!city) throw badRequest('cityId', 'is not a known city');
  if (city.stateId !== input.stateId) throw badRequest('cityId', 'is not a city of the chosen state');
  const clash = await repo.findZoneByName(db, input.cityId, zoneName, exceptId);
  if (clash) throw conflict('zoneName', `${city.name} already has a zone named "${clash.zoneName}".`);
  return { zoneName, stateId: input.stateId, cityId: input.cityId, cityName: city.name };
}

const pincodeTaken = (p: { pinCode: string; zoneName: string; cityName: string }) =>
  `Pincode ${p.pinCode} already belongs to zone ${p.zoneName} (${p.cityName}).`;

async function checkPincodesFree(db: Db, pins: string[], field: string) {
  const owners = await repo.pincodeOwners(db, pins);
  if (owners.length) {
    const errors = owners.map((o) => ({ field, message: pincodeTaken(o) }));
    throw new HttpError(409, 'Conflict', errors.map((e) => e.message).join(' '), errors);
  }
}

/** Maps a unique violation that slipped past the checks (a concurrent write) to the 409 the check would give. */
function zoneRace(err: unknown, pinField = 'pinCode'): never {
  const constraint = uniqueViolation(err);
  if (constraint === null) throw err;
  if (constraint.includes('pin')) throw conflict(pinField, 'One of these pincodes was just added to another zone.');
  throw conflict('zoneName', 'A zone with this name was just added to the city.');
}

/** Splits the typed pincodes of AddZoneNew (commas, semicolons, spaces, new lines). */
export function parsePincodeList(text: string, field = 'pincodes'): string[] {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const bad = parts.filter((p) => !PINCODE.test(p));
  if (bad.length)
    throw badRequest(
      field,
      `${bad.slice(0, 5).join(', ')} ${bad.length === 1 ? 'is not a' : 'are not'} 6-digit pincode${bad.length === 1 ? '' : 's'}`,
    );
  const pins = [...new Set(parts)];
  if (pins.length === 0) throw badRequest(field, 'must list at least one pincode');
  if (pins.length > 200) throw badRequest(field, 'must list at most 200 pincodes');
  return pins;
}

const PINCODE = /^[1-9][0-9]{5}$/;

export async function addZone(db: Db, input: ZoneInput & { pincodes: string[] }, pinField = 'pinCode') {
  const zone = await checkZoneInput(db, input);
  const pins = [...new Set(input.pincodes)];
  await checkPincodesFree(db, pins, pinField);
  try {
    const id = await db.transaction(async (tx) => {
      const zoneId = await repo.insertZone(tx, { zoneName: zone.zoneName, stateId: zone.stateId, cityId: zone.cityId });
      await repo.insertPincodes(
        tx,
        pins.map((pinCode) => ({ zoneId, pinCode })),
      );
      return zoneId;
    });
    return getZone(db, id, true);
  } catch (err) {
    zoneRace(err, pinField);
  }
}

export async function updateZone(db: Db, id: number, input: ZoneInput) {
  if (!(await repo.findZone(db, id))) throw notFound(`Zone ${id}`);
  const zone = await checkZoneInput(db, input, id);
  try {
    await repo.updateZone(db, id, { zoneName: zone.zoneName, stateId: zone.stateId, cityId: zone.cityId });
  } catch (err) {
    zoneRace(err);
  }
  return getZone(db, id, true);
}

/** Refused while customers live in the zone (deactivate it instead); otherwise pincodes and links go too. */
export async function deleteZone(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const zone = await repo.lockZone(tx, id);
    if (!zone) throw notFound(`Zone ${id}`);
    const n = await repo.countCustomersInZone(tx, id);
    if (n > 0) {
      throw conflict(
        'id',
        `Zone ${zone.zoneName} has ${n} customer${n === 1 ? '' : 's'}; deactivate it instead of deleting it.`,
      );
    }
    await repo.deleteZone(tx, id);
    return zone;
  });
}

export async function deletePincode(db: Db, id: number) {
  const row = await repo.findPincodeRow(db, id);
  if (!row) throw notFound(`Pincode row ${id}`);
  await repo.deletePincodeRow(db, id);
  return row;
}

export async function addPincode(db: Db, zoneId: number, pinCode: string) {
  if (!(await repo.findZone(db, zoneId))) throw notFound(`Zone ${zoneId}`);
  await checkPincodesFree(db, [pinCode], 'Pincode');
  try {
    const [row] = await repo.insertPincodes(db, [{ zoneId, pinCode }]);
    return row;
  } catch (err) {
    zoneRace(err, 'Pincode');
  }
}

export async function toggleZone(db: Db, id: number, actorId: number) {
  return db.transaction(async (tx) => {
    const row = await repo.toggleZone(tx, id);
    if (!row) throw notFound(`Zone ${id}`);
    await recordTransition(tx, activeToggle('Zone', id, row.active, actorId));
    return row;
  });
}

export interface ZoneImportRow {
  zoneName: string;
  cityName: string;
  stateName: string;
  pinCode: string;
}

/**
 * One row per pincode; rows with the same zone, city and state make one zone. A zone that already exists in the
 * city gets the pincodes added. Every row is checked (names resolved case-insensitively in a few batch queries,
 * pincodes unique in the file and in the database) before one transaction inserts everything.
 */
export async function importZones(db: Db, rows: ZoneImportRow[]) {
  const errors = new RowErrors();
  rows.forEach((r, i) => {
    if (!r.zoneName.trim()) errors.add(i, 'zoneName', 'must not be empty');
    if (!r.cityName.trim()) errors.add(i, 'cityName', 'must not be empty');
    if (!r.stateName.trim()) errors.add(i, 'stateName', 'must not be empty');
  });

  const stateRows = await repo.statesByNames(db, [...new Set(rows.map((r) => nameKey(r.stateName)))]);
  const stateIds = new Map(stateRows.map((s) => [nameKey(s.name), s.id]));
  const cityRows = await repo.citiesByNames(
    db,
    [...new Set(stateIds.values())],
    [...new Set(rows.map((r) => nameKey(r.cityName)))],
  );
  const cityIds = new Map(cityRows.map((c) => [`${c.stateId}|${nameKey(c.name)}`, c]));

  const resolved: { cityId: number; stateId: number }[] = [];
  rows.forEach((r, i) => {
    const stateId = stateIds.get(nameKey(r.stateName));
    if (stateId === undefined) {
      if (r.stateName.trim())
        errors.add(i, 'stateName', `"${r.stateName.trim()}" is not a known state or union territory`);
      return;
    }
    const city = cityIds.get(`${stateId}|${nameKey(r.cityName)}`);
    if (!city) {
      if (r.cityName.trim()) errors.add(i, 'cityName', `"${r.cityName.trim()}" is not a city of ${r.stateName.trim()}`);
      return;
    }
    resolved[i] = { cityId: city.id, stateId };
  });

  const seenPins = new Map<string, number>();
  rows.forEach((r, i) => {
    errors.firstOf(seenPins, r.pinCode, i, 'pinCode', `Pincode ${r.pinCode}`);
  });
  const owners = new Map((await repo.pincodeOwners(db, [...seenPins.keys()])).map((o) => [o.pinCode, o]));
  rows.forEach((r, i) => {
    const owner = owners.get(r.pinCode);
    if (owner && seenPins.get(r.pinCode) === i) errors.add(i, 'pinCode', pincodeTaken(owner));
  });

  const zoneKey = (i: number) => `${resolved[i].cityId}|${nameKey(rows[i].zoneName)}`;
  const cityIdList = [...new Set(resolved.filter(Boolean).map((r) => r.cityId))];
  const existing = await repo.zonesByNames(db, [...new Set(rows.map((r) => nameKey(r.zoneName)))], cityIdList);
  const zoneIds = new Map(existing.map((z) => [`${z.cityId}|${nameKey(z.zoneName)}`, z.id]));
  errors.throwIfAny();

  const newZones = new Map<string, { zoneName: string; stateId: number; cityId: number }>();
  rows.forEach((r, i) => {
    const key = zoneKey(i);
    if (!zoneIds.has(key) && !newZones.has(key)) newZones.set(key, { zoneName: r.zoneName.trim(), ...resolved[i] });
  });

  try {
    await db.transaction(async (tx) => {
      const keys = [...newZones.keys()];
      for (const part of chunks(keys)) {
        const inserted = await repo.insertZones(
          tx,
          part.map((k) => newZones.get(k)!),
        );
        for (const z of inserted) zoneIds.set(`${z.cityId}|${nameKey(z.zoneName)}`, z.id);
      }
      for (const part of chunks(rows.map((r, i) => ({ zoneId: zoneIds.get(zoneKey(i))!, pinCode: r.pinCode })))) {
        await repo.insertPincodes(tx, part);
      }
    });
  } catch (err) {
    if (uniqueViolation(err) !== null) {
      throw conflict(
        'pinCode',
        'Another change added some of these zones or pincodes meanwhile; nothing was imported. Please try again.',
      );
    }
    throw err;
  }
  return { imported: rows.length, zones: newZones.size, pincodes: rows.length };
}

/** For other modules: which of these zone ids exist. */
export const existingZoneIds = (db: Db, ids: number[]) => repo.existingZoneIds(db, ids);

/** For other modules: zones by name anywhere (lower-cased names), each with its city. */
export const zonesNamed = (db: Db, lowerNames: string[]) => repo.zonesByNames(db, lowerNames);
