// Special packages (decision 022; Marketing/AddSpecialPackages ... DeletePackageServices), booking one into the
// cart (Cart/AddPackageToCart, decision 022) and the advertisements workbook (GetAdvertisementExcel): the operation
// kit's reads and writes for the admin's Packages screens, the home page's packages and the advertisement list.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, call, client } from './client';
import { keyOf } from './kit';
import type { components, operations } from './schema.gen';

export type SpecialPackage = components['schemas']['SpecialPackage'];
export type SpecialPackageService = components['schemas']['SpecialPackageService'];
export type AddPackageBody = operations['addSpecialPackage']['requestBody']['content']['application/json'];
export type UpdatePackageBody = operations['updateSpecialPackage']['requestBody']['content']['application/json'];
type PackagesQuery = NonNullable<operations['getSpecialPackages']['parameters']['query']>;
export type PackageSort = NonNullable<PackagesQuery['sort']>;
export type ExpiredFilter = NonNullable<PackagesQuery['expired']>;

const MINUTE = 60_000;
const SORTS: readonly string[] = ['id', 'pkgName', 'price', 'createdAt'] satisfies PackageSort[];

export interface PackagePageParams {
  page: number;
  pageSize: number;
  search?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  expired?: ExpiredFilter;
}

/** One page of packages: marketing and the admin get every one (optionally by expiry), others the bookable ones. */
export const packagesPageQuery = (p: PackagePageParams) =>
  queryOptions({
    queryKey: keyOf('Packages', 'getSpecialPackages', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Marketing/GetSpecialPackages', {
            params: {
              query: {
                page: p.page,
                pageSize: p.pageSize,
                ...(p.search ? { search: p.search } : {}),
                ...(p.expired ? { expired: p.expired } : {}),
                ...(p.sort && SORTS.includes(p.sort) ? { sort: p.sort as PackageSort, order: p.order } : {}),
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** One package with its services (404 to visitors once it is expired or not bookable). */
export const packageQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Packages', 'getSpecialPackages', { PkgId: id }),
    queryFn: async () => {
      const page = (await call(client.GET('/api/Marketing/GetSpecialPackages', { params: { query: { PkgId: id } } })))
        .data;
      return page.items[0];
    },
    enabled: id > 0,
  });

/** The bookable packages for the home page (newest first, a strip of a few). */
export const homePackagesQuery = () =>
  queryOptions({
    queryKey: keyOf('Packages', 'getSpecialPackages', { home: true }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Marketing/GetSpecialPackages', {
            params: { query: { page: 1, pageSize: 8, sort: 'createdAt', order: 'desc' } },
          }),
        )
      ).data.items,
    staleTime: 5 * MINUTE,
  });

export const addPackage = (body: AddPackageBody) => call(client.POST('/api/Marketing/AddSpecialPackages', { body }));

export const updatePackage = (body: UpdatePackageBody) =>
  call(client.PUT('/api/Marketing/UpdateSpecialPackages', { body }));

/** 'Y' expires the package (gone from the public pages); 'N' offers it again. */
export const expirePackage = (Id: number, ExpFlag: 'Y' | 'N') =>
  call(client.PUT('/api/Marketing/ExpirePackage', { params: { query: { Id, ExpFlag } } }));

export const addPackageService = (PkgId: number, ServiceId: number) =>
  call(client.POST('/api/Marketing/AddSPackagesService', { params: { query: { PkgId, ServiceId } } }));

/** `Id` is the package-service row (services[].id). */
export const deletePackageService = (Id: number) =>
  call(client.PUT('/api/Marketing/DeletePackageServices', { params: { query: { Id } } }));

/** Books a package into the signed-in customer's cart: each service as a line of the package. */
export const addPackageToCart = (PkgId: number) =>
  call(client.POST('/api/Cart/AddPackageToCart', { params: { query: { PkgId } } }));

/**
 * Every advertisement (or one type) as an .xlsx workbook made on the server. It is fetched and the screen saves the
 * blob as a file, so a refusal shows as a message instead of a page of JSON.
 */
export async function advertisementExcel(advType?: 'AD' | 'CO'): Promise<{ blob: Blob; fileName: string }> {
  const res = await fetch(`/api/GetAdvertisementExcel${advType ? `?AdvType=${advType}` : ''}`);
  if (!res.ok) {
    const problem = await res.json().catch(() => ({}));
    throw new ApiError(res.status, problem.title ?? 'Error', problem.detail ?? 'The workbook could not be made.');
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await res.blob(), fileName: name ?? 'advertisements.xlsx' };
}
