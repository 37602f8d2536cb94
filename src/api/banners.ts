import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components, operations } from './schema.gen';

export type Banner = components['schemas']['Banner'];
export type BannerType = components['schemas']['BannerType'];
export type BannerSort = NonNullable<NonNullable<operations['getAllBanners']['parameters']['query']>['sort']>;
export type AddBannerBody = operations['addBanner']['requestBody']['content']['application/json'];

/** The home carousel. */
export const HOME_BANNER: BannerType = 'Home';
/** A banner of one service (path /ServicesDetails?id=<serviceId>). */
export const SERVICE_BANNER: BannerType = 'Service';
/** The other screens a banner can show on ("screen banners"): every type except Home and Service. */
export const SCREEN_BANNER_TYPES = [
  'Services',
  'SubCategory',
  'ServicesDetails',
  'NewLaunch',
  'HomeImprovement',
  'CustomerServices',
] as const satisfies readonly BannerType[];
export type ScreenBannerType = (typeof SCREEN_BANNER_TYPES)[number];

export const isScreenBannerType = (t: unknown): t is ScreenBannerType =>
  typeof t === 'string' && (SCREEN_BANNER_TYPES as readonly string[]).includes(t);

/** What each screen is called in the admin screens. */
export const BANNER_SCREEN_LABELS: Record<BannerType, string> = {
  Home: 'Home',
  Services: 'Services',
  SubCategory: 'Sub-category',
  ServicesDetails: 'Service details',
  NewLaunch: 'New launch',
  HomeImprovement: 'Home improvement',
  CustomerServices: 'Customer services',
  Service: 'Service',
};

/** The path of a service's banner, as the contract requires for type Service. */
export const serviceBannerPath = (serviceId: number) => `/ServicesDetails?id=${serviceId}`;

export interface BannerPageParams {
  page: number;
  pageSize: number;
  sort?: string;
  order?: 'asc' | 'desc';
  type?: BannerType;
  serviceId?: number;
}

const BANNER_SORTS: readonly string[] = ['id', 'type', 'createdAt'] satisfies BannerSort[];

/** One page of banners of a screen, active and inactive alike (admins ask for status=all). */
export const bannersPageQuery = (p: BannerPageParams) =>
  queryOptions({
    queryKey: keyOf('Banners', 'getAllBanners', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Common/GetAllBanner', {
            params: {
              query: {
                page: p.page,
                pageSize: p.pageSize,
                status: 'all',
                ...(p.type ? { type: p.type } : {}),
                ...(p.serviceId ? { serviceId: p.serviceId } : {}),
                ...(p.sort && BANNER_SORTS.includes(p.sort) ? { sort: p.sort as BannerSort, order: p.order } : {}),
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const addBanner = (body: AddBannerBody) => call(client.POST('/api/Common/AddBanner', { body }));

export const deleteBanner = (id: number) =>
  call(client.DELETE('/api/Common/DeleteBanner', { params: { query: { id } } }));

/** Banners are shown or hidden with their own call (not DeReActivateAll). */
export const setBannerStatus = (id: number, status: boolean) =>
  call(client.PUT('/api/Common/ChangeBannerStatus', { params: { query: { id, status } } }));
