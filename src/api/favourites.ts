// Favourites (Customer/UserFavoritesAddDel, Customer/GetUserFavorites): the heart on service cards and the
// Favourites tab of My account. Kept small: the public home page's hearts import this file.
import { queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components } from './schema.gen';

export type Favourite = components['schemas']['Favourite'];

/** One page of the signed-in customer's favourites, newest first. */
export const favouritesQuery = (page: number, pageSize = 20) =>
  queryOptions({
    queryKey: keyOf('Favourites', 'getUserFavourites', { page, pageSize }),
    queryFn: async () =>
      (await call(client.GET('/api/Customer/GetUserFavorites', { params: { query: { page, pageSize } } }))).data,
  });

/**
 * The ids of every service the signed-in customer has favourited, for the hearts: one page of the largest size,
 * which holds them all (the server keeps at most 200 per customer).
 */
export const favouriteIdsQuery = () =>
  queryOptions({
    queryKey: keyOf('Favourites', 'getUserFavourites', { ids: true }),
    queryFn: async () =>
      new Set(
        (
          await call(client.GET('/api/Customer/GetUserFavorites', { params: { query: { page: 1, pageSize: 200 } } }))
        ).data.items.map((f) => f.servicesId),
      ),
    staleTime: 60_000,
  });

/** Adds the service to the caller's favourites, or removes it; the reply says which. */
export const toggleFavourite = async (ServiceId: number) =>
  call(client.POST('/api/Customer/UserFavoritesAddDel', { body: { ServiceId } }));
