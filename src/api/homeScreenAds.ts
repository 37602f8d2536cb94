// Home-screen advertisements and coupons (decision 021): the operation kit's reads
// and writes for the admin's advertisement and coupon-approval screens, marketing's coupon screens, the home page's
// advertisement row and the public /Coupons page.
import { queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components, operations } from './schema.gen';

export type AdvType = components['schemas']['AdvType'];
export type HomeScreenAd = components['schemas']['HomeScreenAd'];
export type Coupon = components['schemas']['Coupon'];
export type CouponOffer = components['schemas']['CouponOffer'];
export type CouponState = components['schemas']['CouponState'];
export type CouponDetail = components['schemas']['CouponDetailReply']['data'];
export type CouponHistoryRow = components['schemas']['CouponHistoryRow'];
export type HomeScreenAdsInput = components['schemas']['HomeScreenAdsInput'];
export type CouponsOffersInput = components['schemas']['CouponsOffersInput'];
export type InsertBody = NonNullable<operations['homeScreenAdvsInsert']['requestBody']>['content']['application/json'];
export type UpdateBody = NonNullable<operations['homeScreenAdvsUpdate']['requestBody']>['content']['application/json'];
export type CouponAction = operations['getCouponsOffersMR']['parameters']['query']['Action'];
export type HistoryAction = NonNullable<NonNullable<operations['getCouponsHistory']['parameters']['query']>['Action']>;

export interface AdListParams {
  page?: number;
  pageSize?: number;
  search?: string;
  /** Admins and marketing: advertisements switched on or off (visitors always get live ones). */
  status?: 'all' | 'active' | 'inactive';
  /** Admins and marketing: coupons of one state. */
  state?: CouponState;
}

/**
 * GetHomeScreenAdvsByAdvType: advertisements (AD) or coupons (CO), newest first. Visitors and customers get the live
 * ones (the home page's row, the public /Coupons); admins and marketing every one (`staff: true` keeps their cache
 * apart from the storefront's).
 */
export const homeScreenAdsQuery = (AdvType: AdvType, params: AdListParams = {}, staff = false) =>
  queryOptions({
    queryKey: keyOf('Marketing', 'getHomeScreenAdvsByAdvType', { AdvType, ...params, staff }),
    queryFn: async () =>
      (await call(client.GET('/api/GetHomeScreenAdvsByAdvType', { params: { query: { AdvType, ...params } } }))).data,
  });

/** GetHomeScreenAdvsById: one advertisement or coupon (a live one for visitors). */
export const homeScreenAdQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Marketing', 'getHomeScreenAdvsById', { id }),
    queryFn: async () => (await call(client.GET('/api/GetHomeScreenAdvsById', { params: { query: { id } } }))).data,
  });

/** Marketing/GetCouponsOffersMR: coupons by state, the most recently changed first. */
export const couponsByStateQuery = (
  Action: CouponAction,
  params: { page?: number; pageSize?: number; search?: string } = {},
) =>
  queryOptions({
    queryKey: keyOf('Marketing', 'getCouponsOffersMR', { Action, ...params }),
    queryFn: async () =>
      (await call(client.GET('/api/Marketing/GetCouponsOffersMR', { params: { query: { Action, ...params } } }))).data,
  });

/** GetCouponsDetails: the coupon, the events the caller may send now, and its transition log. */
export const couponDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Marketing', 'getCouponsDetails', { id }),
    queryFn: async () => (await call(client.GET('/api/GetCouponsDetails', { params: { query: { id } } }))).data,
  });

/** Marketing/GetCouponsHistory: decisions (approvals and rejections) or every transition, newest first. */
export const couponsHistoryQuery = (
  Action: HistoryAction,
  params: { page?: number; pageSize?: number; search?: string; couponId?: number } = {},
) =>
  queryOptions({
    queryKey: keyOf('Marketing', 'getCouponsHistory', { Action, ...params }),
    queryFn: async () =>
      (await call(client.GET('/api/Marketing/GetCouponsHistory', { params: { query: { Action, ...params } } }))).data,
  });

// ---- writes (then invalidateAfter(queryClient, operationId))

/** HomeScreenAdvsInsert: an advertisement (advType AD, the admin) or a coupon (CO, with couponsOffers). */
export const insertHomeScreenAd = (body: InsertBody) => call(client.POST('/api/HomeScreenAdvsInsert', { body }));

/** HomeScreenAdvsUpdate: text and picture (a coupon's terms too); a coupon goes back for approval unless a draft. */
export const updateHomeScreenAd = (body: UpdateBody) => call(client.PUT('/api/HomeScreenAdvsUpdate', { body }));

/** HomeScreenAdvsDelete. */
export const deleteHomeScreenAd = (id: number) =>
  call(client.POST('/api/HomeScreenAdvsDelete', { params: { query: { id } } }));

/** Marketing/UpdateCouponsOffers: a coupon's terms and offers (an EDIT). */
export const updateCouponsOffers = (id: number, body: CouponsOffersInput) =>
  call(client.PUT('/api/Marketing/UpdateCouponsOffers', { params: { query: { id } }, body }));

/** Marketing/SubmitCoupon: a draft goes for approval. */
export const submitCoupon = (id: number) =>
  call(client.PUT('/api/Marketing/SubmitCoupon', { params: { query: { id } } }));

/** Marketing/CouponsAppRejAdmin: an admin (never the coupon's maker) approves or rejects; a rejection needs a remark. */
export const decideCoupon = (id: number, AppRej: 'Approve' | 'Reject', remark?: string) =>
  call(
    client.PUT('/api/Marketing/CouponsAppRejAdmin', {
      params: { query: { id, AppRej } },
      body: remark ? { remark } : {},
    }),
  );

/** The HomeScreenAdvs toggle (DeReActivateAll): an advertisement on/off; an approved coupon off, a disabled one on. */
export const toggleHomeScreenAd = (id: number) =>
  call(client.POST('/api/DeReActivateAll', { params: { query: { action1: 'HomeScreenAdvs', id } } }));
