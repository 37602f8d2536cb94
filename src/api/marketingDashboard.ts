// The marketing dashboard (decision 025): one read of every figure over a range of India days. Marketing's and the
// admin's writes (coupons, advertisements, packages, plans, referrals) list MarketingDashboard in x-invalidates, so
// the page refreshes after them; a minute's staleness is fine otherwise.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components } from './schema.gen';

export type MarketingDashboard = components['schemas']['MarketingDashboard'];
export type MarketingDashboardBucket = components['schemas']['MarketingDashboardBucket'];
export type MarketingDashboardCouponSeries = components['schemas']['MarketingDashboardCouponSeries'];

export interface MarketingDashboardParams {
  from?: string;
  to?: string;
  bucket?: 'day' | 'week';
  top?: number;
}

export const marketingDashboardQuery = (p: MarketingDashboardParams = {}) =>
  queryOptions({
    queryKey: keyOf('MarketingDashboard', 'getMarketingDashboard', p),
    queryFn: async () =>
      (await call(client.GET('/api/Marketing/GetMarketingDashboard', { params: { query: p } }))).data,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
