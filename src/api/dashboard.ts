import { queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';

export const dashboardCountsQuery = () =>
  queryOptions({
    queryKey: keyOf('Dashboard', 'getDashboardCount'),
    queryFn: async () => (await call(client.GET('/api/GetDashboardCount'))).data,
    staleTime: 30_000,
  });
