import { queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components } from './schema.gen';

export type CartLine = components['schemas']['CartLine'];
export type CartDetails = components['schemas']['CartDetails']['data'];
export type QuantityFlag = 'Increment' | 'Decrement';

/** The signed-in customer's cart, with the server's amounts. */
export const cartQuery = () =>
  queryOptions({
    queryKey: keyOf('Cart', 'getCartDetails'),
    queryFn: async () => (await call(client.POST('/api/Cart/GetCartDetailsByCustomerId', { body: {} }))).data,
  });

export const addToCart = (serviceId: number, slot?: string) =>
  call(
    client.POST('/api/Cart/AddCart', {
      body: { ServiceId: serviceId, ...(slot ? { SchedulingDateTime: slot } : {}) },
    }),
  );

export const changeCartQuantity = (serviceId: number, flag: QuantityFlag) =>
  call(client.POST('/api/Cart/ChangeQuantityforCart', { body: { ServiceId: serviceId, flag } }));

export const removeFromCart = (serviceId: number) =>
  call(client.POST('/api/Cart/ClearCartByService', { body: { ServiceId: serviceId } }));

export const clearCart = () => call(client.POST('/api/Cart/ClearCart', { body: {} }));

/** Sets a line's slot (an ISO date-time with offset), or clears it with null. */
export const setCartSlot = (serviceId: number, slot: string | null) =>
  call(client.POST('/api/Cart/SetCartSlot', { body: { ServiceId: serviceId, SchedulingDateTime: slot } }));

/**
 * The slots a service can be booked in at a pincode: where dispatch covers the zone and service (`limited`), only
 * those with a free matching professional (decision 016); the server checks the same rule when a slot is set.
 */
export const freeSlotsQuery = (serviceId: number, pinCode: string) =>
  queryOptions({
    queryKey: keyOf('Dispatch', 'getFreeSlots', { serviceId, pinCode }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Cart/GetFreeSlots', {
            params: { query: { ServiceId: serviceId, PinCode: pinCode, days: 31 } },
          }),
        )
      ).data,
    staleTime: 30_000,
  });
