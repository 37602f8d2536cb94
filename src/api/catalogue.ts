// Categories, sub-categories, services, their media and the active switch.
// One query-options factory per read, keyed by the operation kit (`keyOf`: [tag, operationId, params]); writes are
// plain async functions returning the server's reply, and callers refetch with `invalidateAfter(operationId)`.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import { pageQuery } from './listQuery';
import type { components, operations } from './schema.gen';

type Schemas = components['schemas'];
export type Category = Schemas['Category'];
export type CategoryZone = Schemas['CategoryZone'];
export type SubCategory = Schemas['SubCategory'];
export type Service = Schemas['Service'];
export type ServiceDetail = Schemas['ServiceDetail'];
export type ServiceMedia = Schemas['ServiceMedia'];
export type Zone = Schemas['Zone'];
export type GstRate = Schemas['GstRate'];
export type ProfessionalType = Schemas['ProfessionalType'];
export type CategoryBody = Schemas['CategoryBody'];
export type CategoryPatch = NonNullable<operations['updateCategory']['requestBody']>['content']['application/json'];
export type SubCategoryBody = Schemas['SubCategoryBody'];
export type ServiceBody = Schemas['ServiceBody'];
export type CategoryImportRow = operations['importCategories']['requestBody']['content']['application/json'][number];
export type SubCategoryImportRow =
  operations['importSubCategories']['requestBody']['content']['application/json'][number];
export type ServiceImportRow = operations['importServices']['requestBody']['content']['application/json'][number];
export type MediaKind = ServiceMedia['type'];
export type ToggleKind = operations['toggleActive']['parameters']['query']['action1'];
export type Status = 'all' | 'active' | 'inactive';

export const PROFESSIONAL_TYPES: readonly ProfessionalType[] = ['Technician', 'Engineer'];

/** Paging, search and sort of the admin lists (the DataTable's TableState). */
export interface ListParams {
  page: number;
  pageSize: number;
  search?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

// ---- Categories ----

type CategorySort = NonNullable<operations['getAllCategories']['parameters']['query']>['sort'];

export const categoriesQuery = (p: ListParams, status: Status = 'all') =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'getAllCategories', { ...p, status }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Common/GetAllCategory', {
            params: {
              query: {
                ...pageQuery(p),
                sort: p.sort as CategorySort,
                order: p.sort ? p.order : undefined,
                status,
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** How many matches a picker shows; typing narrows them (the server searches every row). */
export const PICK_SIZE = 20;

/** The first PICK_SIZE categories whose name contains `search`, by name (staff see inactive ones too), and the total. */
export const categoryChoicesQuery = (search: string) =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'getAllCategories', { pick: search.trim() }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Common/GetAllCategory', {
            params: {
              query: {
                page: 1,
                pageSize: PICK_SIZE,
                sort: 'categoryName',
                order: 'asc',
                status: 'all',
                search: search.trim() || undefined,
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** One category, with its counts (admins see an inactive one too). */
export const categoryQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'getCategoryById', { id }),
    queryFn: async () =>
      (await call(client.GET('/api/Common/GetCategoryByID/{id}', { params: { path: { id } } }))).data,
    enabled: id > 0,
  });

export const addCategory = async (body: CategoryBody) => call(client.POST('/api/Common/AddCategory', { body }));

export const updateCategory = async (id: number, body: CategoryPatch) =>
  call(client.PATCH('/api/Common/UpdateCategory/{id}', { params: { path: { id } }, body }));

export const deleteCategory = async (id: number) =>
  call(client.DELETE('/api/Common/DeleteCategory', { params: { query: { id } } }));

export const importCategories = async (rows: CategoryImportRow[]) =>
  (await call(client.POST('/api/Excel/AddCategoryExcel', { body: rows }))).data;

export const categoryZonesQuery = (CategoryId: number) =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'getZonesByCategory', { CategoryId }),
    queryFn: async () =>
      (await call(client.GET('/api/Common/GetZoneByCategoryId', { params: { query: { CategoryId } } }))).data,
    enabled: CategoryId > 0,
  });

export const addZoneToCategory = async (CategoryId: number, Zoneid: number) =>
  call(client.PUT('/api/Common/AddZoneCategorywise', { params: { query: { CategoryId, Zoneid } } }));

/** `linkId` is the CategoryZone.id, not the zone's id. */
export const deleteZoneFromCategory = async (linkId: number) =>
  call(client.DELETE('/api/Common/DeleteZoneCategory', { params: { query: { id: linkId } } }));

// ---- Zones (for the pickers) ----

/** The first PICK_SIZE zones whose name contains `search`, by name (admins see inactive ones too), and the total. */
export const zoneChoicesQuery = (search: string) =>
  queryOptions({
    queryKey: keyOf('Geography', 'getAllZones', { pick: search.trim() }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Common/GetAllZone', {
            params: {
              query: {
                page: 1,
                pageSize: PICK_SIZE,
                sort: 'zoneName',
                order: 'asc',
                search: search.trim() || undefined,
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

// ---- Sub-categories ----

type SubCategorySort = NonNullable<operations['getAllSubCategories']['parameters']['query']>['sort'];

export const subCategoriesQuery = (p: ListParams & { categoryId?: number }, status: Status = 'all') =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'getAllSubCategories', { ...p, status }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Common/GetAllSubCategory', {
            params: {
              query: {
                ...pageQuery(p),
                sort: p.sort as SubCategorySort,
                order: p.sort ? p.order : undefined,
                status,
                categoryId: p.categoryId || undefined,
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** Every sub-category of a category (inactive ones too), for selects. */
export const subCategoriesOfCategoryQuery = (categoryId: number) =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'getSubCategoriesByCategory', { id: categoryId, staff: true }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Common/GetAllSubCategoryByCategoryId/{id}', {
            params: { path: { id: categoryId }, query: { status: 'all' } },
          }),
        )
      ).data,
    enabled: categoryId > 0,
  });

export const subCategoryQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'getSubCategoryById', { id }),
    queryFn: async () =>
      (await call(client.GET('/api/Common/GetSubCategoryByID/{id}', { params: { path: { id } } }))).data,
    enabled: id > 0,
  });

export const addSubCategory = async (body: SubCategoryBody) =>
  call(client.POST('/api/Common/AddSubCategory', { body }));

export const updateSubCategory = async (id: number, body: SubCategoryBody) =>
  call(client.PUT('/api/Common/UpdateSubCategory/{id}', { params: { path: { id } }, body }));

export const deleteSubCategory = async (id: number) =>
  call(client.DELETE('/api/Common/DeleteSubCategory', { params: { query: { id } } }));

export const importSubCategories = async (rows: SubCategoryImportRow[]) =>
  (await call(client.POST('/api/Excel/AddSubCategoryExcel', { body: rows }))).data;

// ---- Services ----

type ServiceSort = NonNullable<operations['getAllServices']['parameters']['query']>['sort'];

export const servicesQuery = (
  p: ListParams & { categoryId?: number; subCategoryId?: number },
  status: Status = 'all',
) =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'getAllServices', { ...p, status }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Common/GetAllServices', {
            params: {
              query: {
                ...pageQuery(p),
                sort: p.sort as ServiceSort,
                order: p.sort ? p.order : undefined,
                status,
                categoryId: p.categoryId || undefined,
                subCategoryId: p.subCategoryId || undefined,
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const serviceQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'getServiceById', { id }),
    queryFn: async () =>
      (await call(client.GET('/api/Common/GetServicesByID/{id}', { params: { path: { id } } }))).data,
    enabled: id > 0,
  });

export const addService = async (body: ServiceBody) => call(client.POST('/api/Common/AddService', { body }));

export const updateService = async (id: number, body: ServiceBody) =>
  call(client.PUT('/api/Common/UpdateService/{id}', { params: { path: { id } }, body }));

export const deleteService = async (id: number) =>
  call(client.DELETE('/api/Common/DeleteService', { params: { query: { id } } }));

export const importServices = async (rows: ServiceImportRow[]) =>
  (await call(client.POST('/api/Excel/AddServiceExcel', { body: rows }))).data;

// ---- Service media ----

export const serviceMediaQuery = (ServiceId: number) =>
  queryOptions({
    queryKey: keyOf('Catalogue', 'getServiceMedia', { ServiceId }),
    queryFn: async () =>
      (await call(client.GET('/api/GetServiceImagesVideos', { params: { query: { ServiceId } } }))).data,
    enabled: ServiceId > 0,
  });

export type MediaInput =
  | { kind: 'image' | 'video'; media: string; fileName?: string }
  | { kind: 'youtube'; youtubeLink: string };

export const addServiceMedia = async (ServiceId: number, input: MediaInput) =>
  call(
    client.POST('/api/AddServiceImagesVideos', {
      params: { query: { ServiceId, Vidtype: input.kind } },
      body:
        input.kind === 'youtube'
          ? { youtubeLink: input.youtubeLink }
          : { media: input.media, ...(input.fileName ? { fileName: input.fileName } : {}) },
    }),
  );

export const deleteServiceMedia = async (Id: number) =>
  call(client.PUT('/api/DelServiceImagesVideos', { params: { query: { Id } } }));

// ---- Active switch ----

/** Flips an item between active and inactive; the reply carries the new state and a sentence to show. */
export const toggleActive = async (kind: ToggleKind, id: number) =>
  call(client.POST('/api/DeReActivateAll', { params: { query: { action1: kind, id } } }));
