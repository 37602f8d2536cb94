// Query options for the public catalogue reads (the storefront). The server decides what a visitor may see
// (active items whose parents are active) and computes every amount; screens only format them.
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call, client, isSignedIn } from './client';
import { keyOf } from './kit';
import type { components } from './schema.gen';

type Schemas = components['schemas'];
export type Category = Schemas['Category'];
export type SubCategory = Schemas['SubCategory'];
export type Service = Schemas['Service'];
export type ServiceDetail = Schemas['ServiceDetail'];
export type ServiceMedia = Schemas['ServiceMedia'];
export type Banner = Schemas['Banner'];
export type BannerType = Schemas['BannerType'];
export type Availability = Schemas['Availability'];
export type SearchResults = Schemas['SearchResults'];

const MINUTE = 60_000;

/** Every active category, by name (one page of the largest size: a marketplace has tens, not hundreds). */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'getAllCategories', { storefront: true }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Common/GetAllCategory', {
            params: { query: { page: 1, pageSize: 200, sort: 'categoryName', order: 'asc' } },
          }),
        )
      ).data.items,
    staleTime: 5 * MINUTE,
  });

export const subCategoriesOfCategoryQuery = (categoryId: number) =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'getSubCategoriesByCategory', { id: categoryId }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Common/GetAllSubCategoryByCategoryId/{id}', { params: { path: { id: categoryId } } }),
        )
      ).data,
    enabled: categoryId > 0,
    staleTime: MINUTE,
  });

export const subCategoryQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'getSubCategoryById', { id, storefront: true }),
    queryFn: async () =>
      (await call(client.GET('/api/Common/GetSubCategoryByID/{id}', { params: { path: { id } } }))).data,
    enabled: id > 0,
    staleTime: MINUTE,
  });

export interface ServicesFilter {
  page: number;
  pageSize: number;
  search?: string;
  categoryId?: number;
  subCategoryId?: number;
}

export const servicesPageQuery = (f: ServicesFilter) =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'getAllServices', { ...f, storefront: true }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Common/GetAllServices', {
            params: {
              query: {
                page: f.page,
                pageSize: f.pageSize,
                sort: 'heading',
                order: 'asc',
                ...(f.search ? { search: f.search } : {}),
                ...(f.categoryId ? { categoryId: f.categoryId } : {}),
                ...(f.subCategoryId ? { subCategoryId: f.subCategoryId } : {}),
              },
            },
          }),
        )
      ).data,
    staleTime: MINUTE,
  });

export const servicesOfSubCategoryQuery = (subCategoryId: number) =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'getServicesBySubCategory', { id: subCategoryId }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Common/GetAllServicesBySubCategory/{id}', { params: { path: { id: subCategoryId } } }),
        )
      ).data,
    enabled: subCategoryId > 0,
    staleTime: MINUTE,
  });

/** One service with its price breakdown, media and rating summary (404 when it or a parent is inactive). */
export const serviceQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'getServiceById', { id, storefront: true }),
    queryFn: async () =>
      (await call(client.GET('/api/Common/GetServicesByID/{id}', { params: { path: { id } } }))).data,
    enabled: id > 0,
    staleTime: MINUTE,
  });

export const serviceMediaQuery = (serviceId: number) =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'getServiceMedia', { ServiceId: serviceId, storefront: true }),
    queryFn: async () =>
      (await call(client.GET('/api/GetServiceImagesVideos', { params: { query: { ServiceId: serviceId } } }))).data,
    enabled: serviceId > 0,
    staleTime: MINUTE,
  });

/** New launches: at most 12 services, newest first. */
export const newServicesQuery = () =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'getNewServices'),
    queryFn: async () => (await call(client.GET('/api/Common/GetNewServiceForNoti'))).data,
    staleTime: 5 * MINUTE,
  });

/** The active banners of one screen, oldest first (the order the admin added them). */
export const bannersQuery = (type: BannerType) =>
  queryOptions({
    queryKey: keyOf('Banners', 'getAllBanners', { type, storefront: true }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Common/GetAllBanner', {
            params: { query: { type, page: 1, pageSize: 20, sort: 'id', order: 'asc' } },
          }),
        )
      ).data.items,
    staleTime: 5 * MINUTE,
  });

/** Whether a category is offered at a pincode, with the server's sentence to show. */
export const availabilityQuery = (pincode: string, categoryId: number) =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'checkCategoryAvailability', { pincode, categoryId }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Common/CheckAvailabilityOfCatByPincode', {
            params: { query: { Pincode: pincode, CategoryId: categoryId } },
          }),
        )
      ).data,
    staleTime: MINUTE,
  });

export const SEARCH_MIN_LENGTH = 2;

/** Categories, sub-categories and services whose names match (at least two characters). */
export const globalSearchQuery = (term: string) =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'globalSearch', { search: term.toLowerCase() }),
    queryFn: async ({ signal }) =>
      (await call(client.GET('/api/GetGlobalSearchData', { params: { query: { search: term } }, signal }))).data,
    enabled: term.length >= SEARCH_MIN_LENGTH,
    staleTime: MINUTE,
  });

/** Files one inlined API reply (its body as the API sent it) in the query cache, as the page's query would. */
type Filing = (queryClient: QueryClient, body: unknown) => void;
const filing =
  <T>(file: (queryClient: QueryClient, body: T) => void): Filing =>
  (queryClient, body) =>
    file(queryClient, body as T);

/**
 * The first reads of each page painted from the HTML (server/plugins/painted-pages.ts `PAINTED_PAGES`), by the page's
 * name and the read's: where each goes in the query cache. A change to what such a page reads first changes both.
 */
const PAINTED_READS: Record<string, Record<string, Filing>> = {
  home: {
    banners: filing((q, b: { data: { items: Banner[] } }) =>
      q.setQueryData(bannersQuery('Home').queryKey, b.data.items),
    ),
    categories: filing((q, b: { data: { items: Category[] } }) =>
      q.setQueryData(categoriesQuery().queryKey, b.data.items),
    ),
    launches: filing((q, b: { data: Service[] }) => q.setQueryData(newServicesQuery().queryKey, b.data)),
  },
  service: {
    service: filing((q, b: { data: ServiceDetail }) => q.setQueryData(serviceQuery(b.data.id).queryKey, b.data)),
  },
};

/**
 * A painted page's first reads, inlined by the server (a `<script type="application/json" id="doorstep-<page>-data">`),
 * put in the query cache before the first render so the page renders without waiting for the API. Only for a
 * visitor: a signed-in staff member's reads may differ, so they ask for their own. Each body is the API's reply as it
 * is; one left out is fetched as usual.
 */
export function primePaintedPage(queryClient: QueryClient) {
  for (const [page, reads] of Object.entries(PAINTED_READS)) {
    const el = document.getElementById(`doorstep-${page}-data`);
    if (!el) continue;
    el.remove();
    if (isSignedIn()) return;
    let bodies: Record<string, unknown>;
    try {
      bodies = JSON.parse(el.textContent ?? '{}');
    } catch {
      return;
    }
    for (const [name, file] of Object.entries(reads)) if (bodies[name]) file(queryClient, bodies[name]);
  }
}
