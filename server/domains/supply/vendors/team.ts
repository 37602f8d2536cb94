import type { Db } from '../../../db/client';
import { type PageQuery, pageOf } from '../../../db/paging';
import { type CurrentUser, forbidden, notFound } from '../../../http';
import { paise, toRupees } from '../../../money';
import { averageOf, firstName } from '../../../shared/person';
import { transitionsOf } from '../../../workflow/apply';
import { stateLabel } from '../../commerce';
import * as repo from './repo';

/** The vendor a caller may look at: a vendor only themself (x-owner already checked the parameter). */
async function vendorFor(db: Db, by: { mobileNo?: string; id?: number }) {
  if (by.mobileNo !== undefined) {
    const v = await repo.byMobile(db, by.mobileNo);
    if (!v || v.deletedAt) throw notFound(`The vendor with mobile number ${by.mobileNo}`);
    return v.id;
  }
  const s = await repo.statusOf(db, by.id ?? 0);
  if (!s) throw notFound(`Vendor ${by.id}`);
  return s.userId;
}

export async function professionals(db: Db, vendorMobileNo: string, q: PageQuery) {
  const vendorId = await vendorFor(db, { mobileNo: vendorMobileNo });
  const { page, pageSize, limit, offset } = pageOf(q);
  const { rows, total } = await repo.professionalsOf(db, vendorId, { search: q.search, limit, offset });
  const items = rows.map(({ ratingCount, ratingTotal, ...r }) => ({
    ...r,
    averageRating: averageOf(ratingCount, ratingTotal),
  }));
  return { items, total, page, pageSize };
}

function taskDto(r: repo.TaskRow) {
  return {
    lineId: r.lineId,
    orderId: r.orderId,
    serviceName: r.serviceName,
    categoryName: r.categoryName,
    quantity: r.quantity,
    slotStart: r.slotStart.toISOString(),
    state: r.state,
    stateLabel: stateLabel(r.state),
    zoneName: r.zoneName,
    area: `${r.city} ${r.pinCode}`,
    // The vendor supervises their professionals' work, not the customer: no surname, phone or street address.
    customerFirstName: firstName(r.customerName),
    technicianId: r.technicianId ?? 0,
    technicianName: r.technicianName,
    total: toRupees(paise(Number(r.totalPaise))),
    placedAt: r.placedAt.toISOString(),
    assignedAt: r.assignedAt?.toISOString() ?? null,
    completedAt: r.completedAt?.toISOString() ?? null,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    rating: r.rating,
  };
}

/** A professional the caller may look at: any professional of the vendor (403 for someone else's). */
async function mustBeTheirs(db: Db, vendorId: number, technicianId: number) {
  const pro = await repo.vendorOfProfessional(db, technicianId);
  if (!pro) throw notFound(`Professional ${technicianId}`);
  if (pro.vendorUserId !== vendorId) {
    throw forbidden(`Professional ${technicianId} does not work for vendor ${vendorId}.`);
  }
  return pro;
}

export async function tasks(
  db: Db,
  q: PageQuery & { VendorId: number; TechnicianId?: number; state?: keyof typeof repo.TASK_STATES },
) {
  const vendorId = await vendorFor(db, { id: q.VendorId });
  if (q.TechnicianId) await mustBeTheirs(db, vendorId, q.TechnicianId);
  const { page, pageSize, limit, offset } = pageOf(q);
  const { rows, total } = await repo.tasks(db, vendorId, {
    technicianId: q.TechnicianId,
    state: q.state,
    search: q.search,
    limit,
    offset,
  });
  return { items: rows.map(taskDto), total, page, pageSize };
}

/** One order's lines held by one professional; a vendor only for their own professionals. */
export async function taskView(db: Db, user: CurrentUser, orderId: number, technicianId: number) {
  const pro = await repo.vendorOfProfessional(db, technicianId);
  if (!pro) throw notFound(`Professional ${technicianId}`);
  if (user.role === 'VE') await mustBeTheirs(db, user.id, technicianId);
  const rows = await repo.orderTasks(db, orderId, technicianId);
  if (rows.length === 0) throw notFound(`Order ${orderId} of professional ${technicianId}`);
  const lines = await Promise.all(
    rows.map(async (r) => ({
      ...taskDto(r),
      history: (await transitionsOf(db, 'OrderLine', r.lineId)).map((h) => ({
        at: h.at instanceof Date ? h.at.toISOString() : String(h.at),
        fromState: h.fromState,
        toState: h.toState,
        event: h.event,
        remark: h.remark,
      })),
    })),
  );
  return { orderId, technicianId, technicianName: pro.fullName, lines };
}
