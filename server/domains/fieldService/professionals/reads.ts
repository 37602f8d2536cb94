import type { Db, Executor } from '../../../db/client';
import { type PageQuery, pageOf } from '../../../db/paging';
import { type CurrentUser, notFound } from '../../../http';
import { aadhaarLast4 } from '../../../shared/identity';
import { aadhaarShown, averageOf } from '../../../shared/person';
import type { ProfessionalType } from './repo';
import * as repo from './repo';
import { SEES_AADHAAR } from './rules';

// ---------------------------------------------------------------- reads

export async function detail(exec: Executor, id: number, viewer: Pick<CurrentUser, 'role'>) {
  const row = await repo.detail(exec, id);
  if (!row) throw notFound(`Professional ${id}`);
  const [zones, services] = await Promise.all([repo.zonesOf(exec, id), repo.servicesOf(exec, id)]);
  const full = SEES_AADHAAR.has(viewer.role);
  const { aadhaarNumber, ratingTotal, ...rest } = row;
  return {
    ...rest,
    phone: row.mobileNo,
    ...aadhaarShown(aadhaarNumber, full),
    serviceId: 0,
    averageRating: averageOf(row.ratingCount, ratingTotal),
    createdDate: row.createdDate.toISOString(),
    professionalServicesDetailsList: services,
    professionalZoneDetailsList: zones,
  };
}

export interface ListQuery extends PageQuery {
  action1: 'Professional' | 'Vendor';
  status?: 'active' | 'inactive' | 'all';
  professionalType?: ProfessionalType;
  zoneId?: number;
  serviceId?: number;
}

/** GetProfnVendList: professionals (Aadhaar's last 4 digits only) or vendors, one page, by name. */
export async function list(db: Db, q: ListQuery) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const filter = { ...q, status: q.status ?? 'active', limit, offset };
  if (q.action1 === 'Vendor') {
    const { rows, total } = await repo.vendorPage(db, filter);
    const items = rows.map((r) => ({
      ...r,
      createdDate: r.createdDate.toISOString(),
      professionalType: null,
      cityName: null,
      stateName: null,
      pinCode: null,
      homeZoneName: null,
      aadharLast4: null,
      vendorName: null,
      available: null,
      averageRating: null,
      ratingCount: null,
      zoneCount: null,
      serviceCount: null,
    }));
    return { items, total, page, pageSize };
  }
  const { rows, total } = await repo.page(db, filter);
  const items = rows.map(({ aadhaarNumber, ratingTotal, ...r }) => ({
    ...r,
    createdDate: r.createdDate.toISOString(),
    aadharLast4: aadhaarLast4(aadhaarNumber),
    averageRating: averageOf(r.ratingCount, ratingTotal),
  }));
  return { items, total, page, pageSize };
}

async function mustExist(exec: Executor, id: number) {
  const row = await repo.find(exec, id);
  if (!row) throw notFound(`Professional ${id}`);
  return row;
}

export async function zonesOf(db: Db, id: number) {
  await mustExist(db, id);
  return repo.zonesOf(db, id);
}

export async function servicesOf(db: Db, id: number) {
  await mustExist(db, id);
  return repo.servicesOf(db, id);
}
