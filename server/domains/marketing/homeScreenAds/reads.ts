import { couponAllowedEvents } from '../../../../src/machines/coupon/coupon.machine';
import type { Db, Executor } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { notFound } from '../../../http';
import { transitionsOf } from '../../../workflow/apply';
import { type AdView, isManager, mayManageCoupons, type Viewer } from './common';
import { expireDue } from './couponMachine';
import * as repo from './repo';

// Reading advertisements and coupons, with the events each viewer may send.

async function view(exec: Executor, row: repo.AdRow): Promise<AdView> {
  return { row, offers: row.advType === 'CO' ? await repo.offersOf(exec, [row.id]) : [] };
}

async function views(exec: Executor, rows: repo.AdRow[]): Promise<AdView[]> {
  const offers = await repo.offersOf(
    exec,
    rows.filter((r) => r.advType === 'CO').map((r) => r.id),
  );
  return rows.map((row) => ({ row, offers: offers.filter((o) => o.couponId === row.id) }));
}

export async function viewOf(exec: Executor, id: number): Promise<AdView> {
  const row = await repo.findAd(exec, id);
  if (!row) throw notFound(`Advertisement ${id}`);
  return view(exec, row);
}

export interface ListQuery {
  advType: repo.AdvType;
  page?: number;
  pageSize?: number;
  search?: string;
  status?: 'all' | 'active' | 'inactive';
  state?: repo.CouponState;
}

/** GetHomeScreenAdvsByAdvType: live ones for visitors, customers and other roles; every one for admins and marketing. */
export async function list(db: Db, viewer: Viewer, q: ListQuery, now = new Date()) {
  if (q.advType === 'CO') await expireDue(db, now);
  const { page, pageSize, limit, offset } = pageOf(q);
  const manager = isManager(viewer);
  const { rows, total } = await repo.pageAds(db, {
    advType: q.advType,
    liveAt: manager ? undefined : now,
    status: manager ? q.status : undefined,
    states: manager && q.state && q.advType === 'CO' ? [q.state] : undefined,
    search: q.search,
    limit,
    offset,
    orderBy: 'id',
  });
  return { items: await views(db, rows), total, page, pageSize };
}

/** GetHomeScreenAdvsById: a live one for visitors and customers; any not deleted for admins and marketing. */
export async function byId(db: Db, viewer: Viewer, id: number, now = new Date()) {
  await expireDue(db, now);
  const row = await repo.findAd(db, id, isManager(viewer) ? undefined : now);
  if (!row) throw notFound(`Advertisement ${id}`);
  return view(db, row);
}

export type CouponAction = 'All' | 'Draft' | 'Pending' | 'Approved' | 'Live' | 'Rejected' | 'Expired' | 'Disabled';

const ACTION_STATES: Record<Exclude<CouponAction, 'All' | 'Live'>, repo.CouponState> = {
  Draft: 'draft',
  Pending: 'pending',
  Approved: 'approved',
  Rejected: 'rejected',
  Expired: 'expired',
  Disabled: 'disabled',
};

/** Marketing/GetCouponsOffersMR: coupons by state, the most recently changed first. */
export async function listCoupons(
  db: Db,
  action: CouponAction,
  q: { page?: number; pageSize?: number; search?: string },
  now = new Date(),
) {
  await expireDue(db, now);
  const { page, pageSize, limit, offset } = pageOf(q);
  const { rows, total } = await repo.pageAds(db, {
    advType: 'CO',
    states: action === 'All' ? undefined : action === 'Live' ? ['approved'] : [ACTION_STATES[action]],
    validAt: action === 'Live' ? now : undefined,
    search: q.search,
    limit,
    offset,
    orderBy: 'updatedAt',
  });
  return { items: await views(db, rows), total, page, pageSize };
}

/**
 * The people a decision may not come from: the coupon's maker, and whoever changed or submitted its terms since its
 * last decision (an admin who edits a coupon cannot then approve their own terms).
 */
export async function makersOf(exec: Executor, id: number, createdBy: number): Promise<Set<number>> {
  const log = await transitionsOf(exec, repo.COUPON_ENTITY, id);
  const makers = new Set([createdBy]);
  for (const t of log) {
    if (t.event === 'APPROVE' || t.event === 'REJECT') {
      makers.clear();
      makers.add(createdBy);
    } else if ((t.event === 'EDIT' || t.event === 'SUBMIT') && t.actorId !== null) makers.add(t.actorId);
  }
  return makers;
}

const MR_EVENTS = new Set(['EDIT', 'SUBMIT', 'DELETE']);

/** The events `user` may send now: marketing edits, submits and deletes; an admin also decides (never their own) and toggles. */
export function eventsFor(state: repo.CouponState, user: Viewer, byMaker: boolean): string[] {
  if (!user || !mayManageCoupons(user.role)) return [];
  return couponAllowedEvents(state).filter((e) => {
    if (e === 'EXPIRE') return false;
    if (user.role === 'MR') return MR_EVENTS.has(e);
    return !(byMaker && (e === 'APPROVE' || e === 'REJECT'));
  });
}

/** GetCouponsDetails: the coupon, the events the caller may send, whether they count as its maker, and its log. */
export async function details(db: Db, user: Viewer, id: number, now = new Date()) {
  await expireDue(db, now);
  const v = await viewOf(db, id);
  if (v.row.advType !== 'CO' || !v.row.state || v.row.createdBy === null) throw notFound(`Coupon ${id}`);
  const byMaker = !!user && (await makersOf(db, id, v.row.createdBy)).has(user.id);
  const history = await transitionsOf(db, repo.COUPON_ENTITY, id);
  return { ...v, byMaker, allowedEvents: eventsFor(v.row.state, user, byMaker), history };
}

/** Marketing/GetCouponsHistory: decisions only, or every transition, newest first. */
export async function history(
  db: Db,
  q: { action?: 'Decisions' | 'All'; couponId?: number; page?: number; pageSize?: number; search?: string },
) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const { rows, total } = await repo.pageHistory(db, {
    decisionsOnly: (q.action ?? 'Decisions') === 'Decisions',
    couponId: q.couponId,
    search: q.search,
    limit,
    offset,
  });
  return { items: rows, total, page, pageSize };
}
