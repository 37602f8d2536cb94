import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components, operations } from './schema.gen';

export type Zone = components['schemas']['Zone'];
export type ZoneDetail = components['schemas']['ZoneDetail'];
export type ZonePincode = components['schemas']['Pincode'];
export type ZoneSort = NonNullable<NonNullable<operations['getAllZones']['parameters']['query']>['sort']>;
export type ZoneImportRow = operations['importZones']['requestBody']['content']['application/json'][number];

export interface ZonePageParams {
  page: number;
  pageSize: number;
  search: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

const ZONE_SORTS: readonly string[] = [
  'zoneName',
  'stateName',
  'cityName',
  'pincodeCount',
  'active',
  'id',
] satisfies ZoneSort[];

/** One page of zones. Staff get every zone, inactive ones included, each with its `active` flag. */
export const zonesPageQuery = (p: ZonePageParams) =>
  queryOptions({
    queryKey: keyOf('Geography', 'getAllZones', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Common/GetAllZone', {
            params: {
              query: {
                page: p.page,
                pageSize: p.pageSize,
                ...(p.search.trim() ? { search: p.search.trim() } : {}),
                ...(p.sort && ZONE_SORTS.includes(p.sort) ? { sort: p.sort as ZoneSort, order: p.order } : {}),
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const zoneQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Geography', 'getZoneById', { id }),
    queryFn: async () => (await call(client.GET('/api/Common/GetZoneByID/{id}', { params: { path: { id } } }))).data,
    enabled: id > 0,
  });

export const zonePincodesQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Geography', 'getPincodesByZone', { id }),
    queryFn: async () => (await call(client.GET('/api/Common/GetPincodeByZoneId', { params: { query: { id } } }))).data,
    enabled: id > 0,
  });

export interface ZoneInput {
  zoneName: string;
  stateId: number;
  cityId: number;
}

/** AddZone: the pincodes as a list. A pincode already in another zone answers 409 naming that zone (field pinCode). */
export const addZone = (body: ZoneInput & { pinCode: string[] }) => call(client.POST('/api/Common/AddZone', { body }));

/** AddZoneNew: the pincodes as one pasted string (commas, spaces, new lines); errors name the field pincodes. */
export const addZoneNew = (body: ZoneInput & { pincodes: string }) =>
  call(client.POST('/api/Common/AddZoneNew', { body }));

export const updateZone = (id: number, body: ZoneInput) =>
  call(client.PUT('/api/Common/UpdateZone/{id}', { params: { path: { id } }, body }));

/** Refused with 409 while customers live in the zone; the message says so. */
export const deleteZone = (id: number) => call(client.DELETE('/api/Common/DeleteZone', { params: { query: { id } } }));

/** `id` is the pincode row's id (ZonePincode.id), not the pincode. */
export const deletePincode = (id: number) =>
  call(client.DELETE('/api/Common/DeletePincodes', { params: { query: { id } } }));

export const addPincodeToZone = (Zoneid: number, Pincode: string) =>
  call(client.PUT('/api/Common/AddPincodesZonewise', { params: { query: { Zoneid, Pincode } } }));

/** All rows or none; a bad row answers 400 with errors[].row (the sheet row). */
export const importZones = async (rows: ZoneImportRow[]) =>
  (await call(client.POST('/api/Excel/AddZoneExcel', { body: rows }))).data;

/** What the pincode fields accept: six digits, not starting with 0 (the contract's PinCode). */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;

/** Splits pasted text into pincodes the way the server does for AddZoneNew. */
export function splitPincodes(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}
