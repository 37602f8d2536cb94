// The admin's dashboard (decision 061): one read of every figure over India days. No write lists AdminDashboard in
// its x-invalidates (it counts what nearly every write changes), so the page asks again when it is opened and each
// minute while it stays open.
import { queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components } from './schema.gen';

export type AdminDashboard = components['schemas']['AdminDashboard'];

export const adminDashboardQuery = () =>
  queryOptions({
    queryKey: keyOf('AdminDashboard', 'getAdminDashboard', {}),
    queryFn: async () => (await call(client.GET('/api/Reports/AdminDashboard'))).data,
    staleTime: 0,
    refetchInterval: 60_000,
  });
