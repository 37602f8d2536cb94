import type { Db } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { badRequest, type CurrentUser, conflict, notFound } from '../../../http';
import { recordTransition } from '../../../plugins/audit';
import { firstName } from '../../../shared/person';
import * as repo from './repo';

/** The transition log's entity for a review's visibility (its id is the order line's). */
export const REVIEW_ENTITY = 'orderLineReview';

/**
 * A rating as its reader may see it. Staff see everything; a professional reading their own feedback sees the
 * customer's first name only, no mobile number, and not the text of a review the admin hid (nor who hid it).
 */
export function present(row: repo.RatingRow, viewer: Pick<CurrentUser, 'role'>) {
  const hidden = row.reviewHiddenAt !== null;
  const base = { ...row, rating: row.rating ?? 0, reviewHidden: hidden };
  if (viewer.role !== 'TE') return base;
  return {
    ...base,
    customerId: null,
    customerName: firstName(row.customerName),
    customerMobileNo: null,
    review: hidden ? null : row.review,
    reviewHiddenByName: null,
    reviewHiddenReason: null,
  };
}

export interface RatingListQuery {
  page?: number;
  pageSize?: number;
  search?: string;
  ServiceId?: number;
  ProfessionalId?: number;
  Stars?: number;
  hidden?: boolean;
}

/** GET Rating/GetRatingDetails: staff see every rating; a professional only their own visits' ratings. */
export async function list(db: Db, user: Pick<CurrentUser, 'id' | 'role'>, q: RatingListQuery) {
  const { page, pageSize, limit, offset } = pageOf(q);
  // A professional names only themselves (x-owner refused anyone else) or nobody: their own visits either way.
  const professionalId = user.role === 'TE' ? user.id : q.ProfessionalId;
  const { rows, total } = await repo.page(db, {
    serviceId: q.ServiceId,
    professionalId,
    stars: q.Stars,
    hidden: q.hidden,
    search: q.search,
    limit,
    offset,
  });
  return { items: rows.map((r) => present(r, user)), total, page, pageSize };
}

export interface FeedbackQuery {
  by: 'professional' | 'service';
  page?: number;
  pageSize?: number;
  search?: string;
  sort?: 'average' | 'count' | 'name';
  order?: 'asc' | 'desc';
}

/** GET Rating/GetFeedbackRatings: count and average per professional or per service, from the running totals. */
export async function feedback(db: Db, q: FeedbackQuery) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const f = { search: q.search, sort: q.sort, order: q.order, limit, offset };
  const { rows, total } =
    q.by === 'professional' ? await repo.professionalsPage(db, f) : await repo.servicesPage(db, f);
  return { items: rows.map((r) => ({ ...r, average: r.average ?? 0 })), total, page, pageSize };
}

async function reply(db: Db, lineId: number, viewer: Pick<CurrentUser, 'role'>) {
  const row = await repo.byLine(db, lineId);
  if (!row) throw notFound(`Rating of order line ${lineId}`);
  return present(row, viewer);
}

/**
 * The admin hides an abusive review (decision 018). Only its text leaves the public reviews: its stars stay in the
 * service's stats and the professional's totals, which are therefore not touched, so nothing can drift. The line's row
 * lock orders a hide against a second hide or an unhide; the transition log records who, when and why.
 */
export async function hide(
  db: Db,
  user: Pick<CurrentUser, 'id' | 'role'>,
  lineId: number,
  reasonText: string,
  now = new Date(),
) {
  const reason = reasonText.trim();
  if (reason.length < 3) throw badRequest('Reason', 'say why the review is hidden (at least 3 characters)');
  await db.transaction(async (tx) => {
    const row = await repo.lockRated(tx, lineId);
    if (!row) throw notFound(`Rating of order line ${lineId}`);
    if (row.reviewHiddenAt) throw conflict('Id', 'This review is already hidden.');
    if (!row.review?.trim()) throw conflict('Id', 'This rating has no review text to hide: its stars stay.');
    await repo.setHidden(tx, lineId, { at: now, by: user.id, reason });
    await recordTransition(tx, {
      entity: REVIEW_ENTITY,
      entityId: lineId,
      from: 'visible',
      to: 'hidden',
      event: 'HIDE_REVIEW',
      actorId: user.id,
      remark: reason,
    });
  });
  return reply(db, lineId, user);
}

/** The admin shows a hidden review again (a mistaken hide); the log keeps both. */
export async function unhide(db: Db, user: Pick<CurrentUser, 'id' | 'role'>, lineId: number, remarkText?: string) {
  const remark = remarkText?.trim() || undefined;
  await db.transaction(async (tx) => {
    const row = await repo.lockRated(tx, lineId);
    if (!row) throw notFound(`Rating of order line ${lineId}`);
    if (!row.reviewHiddenAt) throw conflict('Id', 'This review is not hidden.');
    await repo.setHidden(tx, lineId, null);
    await recordTransition(tx, {
      entity: REVIEW_ENTITY,
      entityId: lineId,
      from: 'hidden',
      to: 'visible',
      event: 'UNHIDE_REVIEW',
      actorId: user.id,
      remark,
    });
  });
  return reply(db, lineId, user);
}
