import { queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components, operations } from './schema.gen';

export type Address = components['schemas']['Address'];
export type AddressBody = components['schemas']['AddressBody'];
export type AddressDraft = components['schemas']['AddressDraft'];
type DropDownQuery = operations['getAddressDropDown']['parameters']['query'];

/** The signed-in customer's addresses, the default first. */
export const addressesQuery = () =>
  queryOptions({
    queryKey: keyOf('Addresses', 'getCustomerAddresses'),
    queryFn: async () =>
      (await call(client.POST('/api/Order/GetAddressForCustomerWhilePlacingAddress', { body: {} }))).data,
  });

/**
 * What a first address form starts from (decision 046): the sign-up's name, mobile, city and pincode with its zone's
 * state and city; `pinCode` is the one remembered on the device, used instead when it is served.
 */
export const addressDraftQuery = (pinCode: string | null) =>
  queryOptions({
    queryKey: keyOf('Addresses', 'getAddressDraft', { PinCode: pinCode }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Order/GetAddressDraftForCustomer', {
            params: { query: pinCode ? { PinCode: pinCode } : {} },
          }),
        )
      ).data,
    staleTime: 5 * 60_000,
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
