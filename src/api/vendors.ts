// Vendors (Vendors and inventory, decision 027): the admin's add, list, update, import and delete, the
// vendor's own record and status flag, their professionals and those professionals' order lines. Reads are
// query-options factories keyed by the operation kit; writes return the server's reply and callers refetch with
// `invalidateAfter(operationId)`.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListParams } from './catalogue';
import { call, client } from './client';
import { keyOf } from './kit';
import { pageQuery } from './listQuery';
import type { components, operations } from './schema.gen';

type Schemas = components['schemas'];
export type VendorBody = Schemas['VendorBody'];
export type VendorPatch = Schemas['VendorPatch'];
export type VendorDetail = Schemas['VendorDetail'];
export type VendorListItem = Schemas['VendorListItem'];
export type VendorStatus = Schemas['VendorStatus'];
export type VendorProfessional = Schemas['VendorProfessional'];
export type VendorTaskLine = Schemas['VendorTaskLine'];
export type VendorTaskView = Schemas['VendorTaskView'];
export type VendorImportRow = operations['importVendors']['requestBody']['content']['application/json'][number];
export type VendorStatusFilter = NonNullable<NonNullable<operations['getAllVendor']['parameters']['query']>['status']>;
export type TaskStateFilter = NonNullable<
  operations['getOrderDetailsByVendorTechWise']['parameters']['query']['state']
>;

/** One page of vendors (Aadhaar: last 4 digits only), by name. */
export const vendorsQuery = (p: ListParams, status: VendorStatusFilter = 'all') =>
  queryOptions({
    queryKey: keyOf('Vendors', 'getAllVendor', { ...p, status }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Vendor/GetAllVendor', {
            params: { query: { ...pageQuery(p), status } },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const vendorQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Vendors', 'getVendorById', { id }),
    queryFn: async () => (await call(client.GET('/api/Vendor/GetVendorByID/{id}', { params: { path: { id } } }))).data,
    enabled: id > 0,
  });

export const addVendor = async (body: VendorBody) => call(client.POST('/api/Vendor/AddVendor', { body }));

/** PATCH: only the fields in `body` change. */
export const updateVendor = async (id: number, body: VendorPatch) =>
  call(client.PATCH('/api/Vendor/UpdateVendor/{id}', { params: { path: { id } }, body }));

export const importVendors = async (rows: VendorImportRow[]) =>
  (await call(client.POST('/api/Excel/AddVendorExcel', { body: rows }))).data;

export const deleteVendor = async (id: number) =>
  call(client.DELETE('/api/Vendor/DeleteVendor', { params: { query: { id } } }));

/** The stored Aadhaar proof as a file (never a public URL). */
export async function vendorAadhaarProof(id: number): Promise<Blob> {
  const res = await client.GET('/api/Vendor/GetVendorAadhaarProof/{id}', {
    params: { path: { id } },
    parseAs: 'blob',
  });
  if (res.error || !res.data) throw new Error('The Aadhaar proof could not be fetched.');
  return res.data as unknown as Blob;
}

/** The vendor status flag (availability) of the top bar. */
export const vendorStatusQuery = (userID: number) =>
  queryOptions({
    queryKey: keyOf('Vendors', 'getVendorStatus', { userID }),
    queryFn: async () =>
      (await call(client.GET('/api/Vendor/GetVendorStatus', { params: { query: { userID } } }))).data,
    enabled: userID > 0,
  });

export const setVendorStatus = async (userID: number, available: boolean) =>
  call(client.PUT('/api/Vendor/SetVendorStatus', { params: { query: { userID, available } } }));

/** One page of a vendor's professionals (a vendor: their own mobile number). */
export const vendorProfessionalsQuery = (VendorMobileNo: string, p: ListParams) =>
  queryOptions({
    queryKey: keyOf('Vendors', 'getProfessionalListForVendor', { VendorMobileNo, ...p }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Vendor/GetProfessionalListForVendor', {
            params: { query: { VendorMobileNo, ...pageQuery(p) } },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
    enabled: VendorMobileNo !== '',
  });

/** One page of the order lines of a vendor's professionals (or of one, `TechnicianId`). */
export const vendorTasksQuery = (
  VendorId: number,
  p: ListParams,
  filter: { TechnicianId?: number; state?: TaskStateFilter } = {},
) =>
  queryOptions({
    queryKey: keyOf('Vendors', 'getOrderDetailsByVendorTechWise', { VendorId, ...p, ...filter }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Vendor/GetOrderDetailsByVendorTechWise', {
            params: {
              query: {
                VendorId,
                TechnicianId: filter.TechnicianId || undefined,
                state: filter.state,
                ...pageQuery(p),
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
    enabled: VendorId > 0,
  });

export const vendorTaskViewQuery = (OrderId: number, TechnicianId: number) =>
  queryOptions({
    queryKey: keyOf('Vendors', 'getOrderDetailsByVendorTechWiseView', { OrderId, TechnicianId }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Vendor/GetOrderDetailsByVendorTechWiseView', {
            params: { query: { OrderId, TechnicianId } },
          }),
        )
      ).data,
    enabled: OrderId > 0 && TechnicianId > 0,
  });
