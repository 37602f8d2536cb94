// Referrals (decision 024; SetReferralCost, GetReferralHistory, GetReferralHistoryForCustomer): the operation
// kit's reads and writes for the admin's Referral screens, marketing's share page and the customer's My account tab.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components, operations } from './schema.gen';

export type ReferralCost = components['schemas']['ReferralCost'];
export type ReferralHistoryRow = components['schemas']['ReferralHistoryRow'];
export type CustomerReferralRow = components['schemas']['CustomerReferralRow'];
export type CustomerReferrals = components['schemas']['CustomerReferrals'];
export type ReferralProgramme = components['schemas']['ReferralProgramme'];
export type ReferralStatus = components['schemas']['ReferralStatus'];
type HistorySort = NonNullable<NonNullable<operations['getReferralHistory']['parameters']['query']>['sort']>;

export const REFERRAL_STATUSES: readonly ReferralStatus[] = ['pending', 'paid', 'refused'];
export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  pending: 'Waiting for a first visit',
  paid: 'Paid',
  refused: 'Not paid',
};
const HISTORY_SORTS: readonly string[] = ['signedUpAt', 'settledAt', 'cost'] satisfies HistorySort[];

/** The link a referral code is shared by: the sign-up page with the code filled in. */
export const referralLink = (origin: string, code: string) => `${origin}/SignUp?ref=${encodeURIComponent(code)}`;

/** The referral update history (newest first) with the cost in force. */
export const referralCostHistoryQuery = (p: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: keyOf('Referrals', 'getReferralCostHistory', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Referral/GetReferralCostHistory', {
            params: { query: { page: p.page, pageSize: p.pageSize } },
          }),
        )
      ).data,
  });

export interface ReferralHistoryParams {
  page: number;
  pageSize: number;
  search: string;
  sort?: string;
  order?: 'asc' | 'desc';
  status?: ReferralStatus;
}

/** GetReferralHistory (admin): who referred whom, newest sign-up first unless sorted. */
export const referralHistoryQuery = (p: ReferralHistoryParams) =>
  queryOptions({
    queryKey: keyOf('Referrals', 'getReferralHistory', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/GetReferralHistory', {
            params: {
              query: {
                page: p.page,
                pageSize: p.pageSize,
                ...(p.search.trim() ? { search: p.search.trim() } : {}),
                ...(p.status ? { status: p.status } : {}),
                ...(p.sort && HISTORY_SORTS.includes(p.sort) ? { sort: p.sort as HistorySort, order: p.order } : {}),
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** The signed-in customer's code, reward, earnings and the people who joined with their code. */
export const myReferralsQuery = (p: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: keyOf('Referrals', 'getReferralHistoryForCustomer', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/GetReferralHistoryForCustomer', {
            params: { query: { page: p.page, pageSize: p.pageSize } },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export interface ProgrammeParams {
  from?: string;
  to?: string;
  bucket?: 'day' | 'week';
}

/** The reward now and referral sign-ups over time (the last 12 weeks unless a range is asked for). */
export const referralProgrammeQuery = (p: ProgrammeParams = {}) =>
  queryOptions({
    queryKey: keyOf('Referrals', 'getReferralProgramme', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Referral/GetReferralProgramme', {
            params: {
              query: {
                ...(p.from ? { from: p.from } : {}),
                ...(p.to ? { to: p.to } : {}),
                ...(p.bucket ? { bucket: p.bucket } : {}),
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** SetReferralCost: rupees, 0 to 10,000, at most 2 decimals. */
export const setReferralCost = async (ReferralCost: number) =>
  call(client.POST('/api/SetReferralCost', { params: { query: { ReferralCost } } }));
