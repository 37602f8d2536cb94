// Professionals (decision 017): the admin's and HR's add, update, list, detail, zones and skills, import and
// delete. Reads are query-options factories keyed by the operation kit; writes return the server's reply and callers
// refetch with `invalidateAfter(operationId)`.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListParams } from './catalogue';
import { call, client } from './client';
import { keyOf } from './kit';
import { pageQuery, searchTerm } from './listQuery';
import type { components, operations } from './schema.gen';

type Schemas = components['schemas'];
export type ProfessionalBody = Schemas['ProfessionalBody'];
export type ProfessionalDetail = Schemas['ProfessionalDetail'];
export type ProfessionalListItem = Schemas['ProfessionalListItem'];
export type ProfessionalZone = Schemas['ProfessionalZone'];
export type ProfessionalService = Schemas['ProfessionalService'];
export type ProfessionalImportRow =
  operations['importProfessionals']['requestBody']['content']['application/json'][number];
type ListQuery = NonNullable<operations['getProfnVendList']['parameters']['query']>;
export type ProfessionalFilter = Pick<ListQuery, 'status' | 'professionalType' | 'zoneId' | 'serviceId'>;

/** One page of professionals (Aadhaar: last 4 digits only), by name. */
export const professionalsQuery = (p: ListParams, filter: ProfessionalFilter = {}) =>
  queryOptions({
    queryKey: keyOf('Professionals', 'getProfnVendList', { action1: 'Professional', ...p, ...filter }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/GetProfnVendList', {
            params: {
              query: {
                action1: 'Professional',
                ...pageQuery(p),
                status: filter.status,
                professionalType: filter.professionalType,
                zoneId: filter.zoneId || undefined,
                serviceId: filter.serviceId || undefined,
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** The first 20 vendors whose name or mobile number contains `search` (the professional form's vendor picker). */
export const vendorChoicesQuery = (search: string) =>
  queryOptions({
    queryKey: keyOf('Professionals', 'getProfnVendList', { action1: 'Vendor', pick: search.trim() }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/GetProfnVendList', {
            params: { query: { action1: 'Vendor', page: 1, pageSize: 20, search: searchTerm(search), status: 'all' } },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const professionalQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Professionals', 'getProfessionalById', { id }),
    queryFn: async () =>
      (await call(client.GET('/api/Professional/GetProfessionalByID/{id}', { params: { path: { id } } }))).data,
    enabled: id > 0,
  });

export const professionalZonesQuery = (EmpId: number) =>
  queryOptions({
    queryKey: keyOf('Professionals', 'getZonesByProfessional', { EmpId }),
    queryFn: async () =>
      (await call(client.GET('/api/Professional/GetZoneByProfessional', { params: { query: { EmpId } } }))).data,
    enabled: EmpId > 0,
  });

export const professionalServicesQuery = (EmpId: number) =>
  queryOptions({
    queryKey: keyOf('Professionals', 'getServicesByProfessional', { EmpId }),
    queryFn: async () =>
      (await call(client.GET('/api/Professional/GetServiceByProfessional', { params: { query: { EmpId } } }))).data,
    enabled: EmpId > 0,
  });

/** `CandidateId` 0 for adds outside HR's recruitment. */
export const addProfessional = async (body: ProfessionalBody, CandidateId = 0) =>
  call(client.POST('/api/Professional/AddProfessional', { params: { query: { CandidateId } }, body }));

export const updateProfessional = async (id: number, body: ProfessionalBody) =>
  call(client.PUT('/api/Professional/UpdateProfessional', { params: { query: { id } }, body }));

export const importProfessionals = async (rows: ProfessionalImportRow[]) =>
  (await call(client.POST('/api/Excel/AddProfessionalExcel', { body: rows }))).data;

export const deleteProfessional = async (MobileNo: string) =>
  call(client.DELETE('/api/Professional/DeleteProfessional', { params: { query: { MobileNo } } }));

export const addZoneToProfessional = async (EmpId: number, Zoneid: number) =>
  call(client.PUT('/api/Professional/AddZoneProfessionalwise', { params: { query: { EmpId, Zoneid } } }));

export const addServiceToProfessional = async (EmpId: number, ServiceId: number) =>
  call(client.PUT('/api/Professional/AddServiceProfessionalwise', { params: { query: { EmpId, ServiceId } } }));

/** `linkId` is the ProfessionalZone.id, not the zone's. */
export const deleteZoneFromProfessional = async (linkId: number) =>
  call(client.DELETE('/api/Professional/DeleteZoneProfessional', { params: { query: { id: linkId } } }));

/** `linkId` is the ProfessionalService.id, not the service's. */
export const deleteServiceFromProfessional = async (linkId: number) =>
  call(client.DELETE('/api/Professional/DeleteServiceProfessional', { params: { query: { id: linkId } } }));
