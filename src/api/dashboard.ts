import { queryOptions } from '@tanstack/react-query';
import { call, client } from './client';

export const dashboardCountsQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'counts'],
    queryFn: async () => (await call(client.GET('/api/GetDashboardCount'))).data,
    staleTime: 30_000,
  });
