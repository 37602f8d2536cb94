import type { Db, Executor } from '../../../db/client';
import { badRequest, notFound } from '../../../http';
import { geo } from '../../platform';
import * as repo from './repo';

export type { AddressRow } from './repo';

/** The customer's addresses, the default first. */
export const listAddresses = (exec: Executor, customerUserId: number) => repo.listOf(exec, customerUserId);

/** The pincode of the customer's first address (the default) as a subquery, for a read that needs it (cart slots). */
export const defaultPinCodeOf = (customerUserId: number) => repo.firstPinCodeOf(customerUserId);

/**
 * The address an order is placed at: the given one when it is the customer's (404 otherwise), the default when none
 * is given, and a 400 on AddressId when the customer has no address yet.
 */
export async function addressForOrder(
  exec: Executor,
  customerUserId: number,
  addressId: number | null,
): Promise<repo.AddressRow> {
  if (addressId !== null) {
    const own = await repo.findOwn(exec, customerUserId, addressId);
    if (!own) throw notFound(`Address ${addressId}`);
    return own;
  }
  const fallback = (await repo.findDefault(exec, customerUserId)) ?? (await repo.listOf(exec, customerUserId))[0];
  if (!fallback) throw badRequest('AddressId', 'add an address first');
  return fallback;
}

/**
 * What a first address form starts from (decision 046): the name, mobile number, city and pincode given at sign-up,
 * with the state and city of the zone that serves the pincode. `pinCode` is the one remembered on the customer's
 * device; when we serve it, it wins over the sign-up one (it is where the customer said the visit is), and its zone
 * gives the state and city. Nothing is written.
 */
export async function addressDraft(exec: Executor, customerUserId: number, pinCode?: string) {
  const profile = await repo.profileOf(exec, customerUserId);
  if (!profile) throw notFound(`Customer ${customerUserId}`);
  const device = pinCode && pinCode !== profile.pinCode ? await repo.placeOfZone(exec, { pinCode }) : undefined;
  const place =
    device ??
    (await repo.placeOfZone(exec, { pinCode: profile.pinCode })) ??
    (profile.zoneId !== null ? await repo.placeOfZone(exec, { zoneId: profile.zoneId }) : undefined);
  return {
    receiverName: profile.fullName,
    receiverMobileNo: profile.mobileNo,
    pinCode: device ? (pinCode as string) : profile.pinCode,
    StateId: place?.stateId ?? null,
    state: place?.stateName ?? null,
    CityId: place?.cityId ?? null,
    // The zone's city when one is known (the form's choices are those), else what the customer typed.
    city: place?.cityName ?? profile.city,
  };
}

export interface AddressInput {
  adress: string;
  pinCode: string;
  city: string;
  state: string;
  country?: string;
  receiverName: string;
  receiverMobileNo: string;
  StateId?: number;
  CityId?: number;
}

const PINCODE = /^[1-9][0-9]{5}$/;
const MOBILE = /^[6-9][0-9]{9}$/;

/**
 * Adds an address (decision 014): the pincode must be one we serve (an active zone lists it), the state must be the
 * pincode's state (GST's place of supply reads stateId), the country India. The first address becomes the default.
 */
export async function addAddress(db: Db, customerUserId: number, input: AddressInput) {
  const address = input.adress.trim();
  const city = input.city.trim();
  const state = input.state.trim();
  const receiverName = input.receiverName.trim();
  if (!address) throw badRequest('adress', 'must not be empty');
  if (!city) throw badRequest('city', 'must not be empty');
  if (!state) throw badRequest('state', 'must not be empty');
  if (!receiverName) throw badRequest('receiverName', 'must not be empty');
  if (!PINCODE.test(input.pinCode)) throw badRequest('pinCode', 'must be a 6-digit pincode');
  if (!MOBILE.test(input.receiverMobileNo)) {
    throw badRequest('receiverMobileNo', 'must be a 10-digit mobile number starting with 6, 7, 8 or 9');
  }
  if (input.country !== undefined && input.country.trim().toLowerCase() !== 'india') {
    throw badRequest('country', 'must be India: we serve India only');
  }
  let stateRow = await repo.stateByName(db, state);
  if (input.StateId !== undefined) {
    const byId = await repo.stateById(db, input.StateId);
    if (!byId) throw badRequest('StateId', 'is not a known state');
    if (stateRow && stateRow.id !== byId.id) throw badRequest('state', `is not the chosen state (${byId.name})`);
    stateRow = byId;
  }
  if (!stateRow) throw badRequest('state', 'is not a state or union territory of India');
  if (input.CityId !== undefined) {
    const c = await repo.cityById(db, input.CityId);
    if (!c) throw badRequest('CityId', 'is not a known city');
    if (c.stateId !== stateRow.id) throw badRequest('CityId', `is not a city of ${stateRow.name}`);
  }
  const served = await repo.servedPincode(db, input.pinCode);
  if (!served) throw badRequest('pinCode', `is not one we serve yet (${input.pinCode})`);
  if (served.stateId !== stateRow.id) throw badRequest('pinCode', `is in ${served.stateName}, not ${stateRow.name}`);
  return db.transaction(async (tx) => {
    const existing = await repo.lockAll(tx, customerUserId);
    return repo.insert(tx, {
      customerUserId,
      address,
      pinCode: input.pinCode,
      city,
      state: stateRow.name,
      stateId: stateRow.id,
      country: 'India',
      receiverName,
      receiverMobileNo: input.receiverMobileNo,
      isDefault: !existing.some((a) => a.isDefault),
    });
  });
}

/** Deletes one of the customer's addresses; when it was the default, the newest remaining one becomes the default. */
export async function deleteAddress(db: Db, customerUserId: number, id: number) {
  return db.transaction(async (tx) => {
    const all = await repo.lockAll(tx, customerUserId);
    const row = all.find((a) => a.id === id);
    if (!row) throw notFound(`Address ${id}`);
    await repo.remove(tx, id);
    const rest = all.filter((a) => a.id !== id);
    if (row.isDefault && rest.length) await repo.setDefault(tx, customerUserId, rest[rest.length - 1].id);
  });
}

/** Makes one of the customer's addresses the default (the others lose it), under the customer's address locks. */
export async function makeDefault(db: Db, customerUserId: number, id: number) {
  return db.transaction(async (tx) => {
    const all = await repo.lockAll(tx, customerUserId);
    if (!all.some((a) => a.id === id)) throw notFound(`Address ${id}`);
    await repo.setDefault(tx, customerUserId, id);
    return (await repo.findOwn(tx, customerUserId, id)) as repo.AddressRow;
  });
}

export type DropDownAction = 'State' | 'City' | 'Zone' | 'Pincode';

/**
 * The address form's dropdowns (GetZoneWiseDropDownForAddAdress): states with zones, cities of a state, zones of a
 * city, pincodes of a zone. With SubCategoryIds, only the zones that offer every one of those sub-categories'
 * categories count, so the pincodes listed are the ones that serve them.
 */
export async function dropDown(
  db: Db,
  q: { Action: DropDownAction; SubCategoryIds?: string; StateId?: number; CityId?: number; ZoneId?: number },
) {
  let served: { id: number; stateId: number; cityId: number }[] | null = null;
  if (q.SubCategoryIds) {
    const ids = [...new Set(q.SubCategoryIds.split(',').map(Number))];
    // The pattern allows ten digits; an id column holds at most 2^31 - 1.
    if (ids.some((id) => id > 2_147_483_647)) throw badRequest('SubCategoryIds', 'holds an id that is too large');
    const categoryIds = await repo.categoriesOf(db, ids);
    if (categoryIds.length < 1) throw badRequest('SubCategoryIds', 'names no known sub-category');
    served = await repo.zonesServingAll(db, categoryIds);
  }
  const need = (field: 'StateId' | 'CityId' | 'ZoneId') => {
    const v = q[field];
    if (v === undefined) throw badRequest(field, `is required for Action ${q.Action}`);
    return v;
  };
  switch (q.Action) {
    case 'State': {
      const rows = await geo.listStatesWithZones(db);
      return rows
        .filter((s) => !served || served.some((z) => z.stateId === s.id))
        .map((s) => ({ id: s.id, name: s.name }));
    }
    case 'City': {
      const stateId = need('StateId');
      const rows = await geo.listCities(db, stateId).then(() => geo.listCitiesWithZones(db, stateId));
      return rows
        .filter((c) => !served || served.some((z) => z.cityId === c.id))
        .map((c) => ({ id: c.id, name: c.name }));
    }
    case 'Zone': {
      const rows = await geo.listZonesOfCity(db, need('StateId'), need('CityId'));
      return rows
        .filter((z) => !served || served.some((s) => s.id === z.id))
        .map((z) => ({ id: z.id, name: z.zoneName }));
    }
    case 'Pincode': {
      const zoneId = need('ZoneId');
      if (served && !served.some((z) => z.id === zoneId)) return [];
      const rows = await geo.listPincodes(db, zoneId, false);
      return rows.map((p) => ({ id: p.id, name: p.pinCode }));
    }
  }
}
