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
