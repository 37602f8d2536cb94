import { queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components, operations } from './schema.gen';

export type Address = components['schemas']['Address'];
export type AddressBody = components['schemas']['AddressBody'];
type DropDownQuery = operations['getAddressDropDown']['parameters']['query'];

/** The signed-in customer's addresses, the default first. */
export const addressesQuery = () =>
  queryOptions({
    queryKey: keyOf('Addresses', 'getCustomerAddresses'),
    queryFn: async () =>
      (await call(client.POST('/api/Order/GetAddressForCustomerWhilePlacingAddress', { body: {} }))).data,
  });

/** The address form's choices: states we serve, cities of a state, zones of a city, pincodes of a zone. */
export const addressDropDownQuery = (q: DropDownQuery, enabled = true) =>
  queryOptions({
    queryKey: keyOf('Addresses', 'getAddressDropDown', q),
    queryFn: async () =>
      (await call(client.GET('/api/Order/GetZoneWiseDropDownForAddAdress', { params: { query: q } }))).data,
    enabled,
    staleTime: 5 * 60_000,
  });

export const addAddress = (body: AddressBody) => call(client.POST('/api/Order/AddAddressForCustomer', { body }));

export const deleteAddress = (id: number) =>
  call(client.POST('/api/Order/DeleteAddressForCustomer', { params: { query: { id } } }));

export const makeAddressDefault = (id: number) =>
  call(client.PUT('/api/Order/MakeAddressDefault', { params: { query: { id } } }));
