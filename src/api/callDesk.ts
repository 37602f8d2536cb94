// The call desk (decision 018): today's lines by state, the unassigned lines by age, and the order search. Both reads
// are tagged Dispatch first in the contract: every live event about a line's dispatch (new, assigned, taken,
// rejected, completed) names that tag, so they refresh without a reload.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components } from './schema.gen';

type Schemas = components['schemas'];
export type CallDeskSummary = Schemas['CallDeskSummary'];
export type CallDeskSearch = Schemas['CallDeskSearch'];
export type CallDeskOrder = Schemas['CallDeskOrder'];
export type CallDeskLine = Schemas['CallDeskLine'];

/** The summary refreshes by itself too (every minute), so the ages stay true while no event arrives. */
export const callDeskSummaryQuery = () =>
  queryOptions({
    queryKey: keyOf('Dispatch', 'getCallDeskSummary'),
    queryFn: async () => (await call(client.GET('/api/CallDesk/GetSummary'))).data,
    refetchInterval: 60_000,
  });

/** Orders by the customer's mobile number or by order id, with lines, professionals and history. */
export const callDeskSearchQuery = (p: { q: string; page?: number }) =>
  queryOptions({
    queryKey: keyOf('Dispatch', 'searchCallDeskOrders', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/CallDesk/SearchOrders', {
            params: { query: { q: p.q, ...(p.page && p.page > 1 ? { page: p.page } : {}) } },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
    enabled: p.q.trim().length > 0,
  });
