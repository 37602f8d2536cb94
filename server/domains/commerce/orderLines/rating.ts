import type { Db, Tx } from '../../../db/client';
import { firstName } from '../../../shared/person';
import { type Actor, applyLineEvent, type LineRef, lineFor } from './events';
import * as repo from './repo';
import { ratingSummary } from './rules';

/** The customer's rating of a completed line (once), with the service's and the professional's figures. */
export async function rate(
  db: Db,
  user: Actor,
  ref: LineRef & { rating: Stars; review: string | null },
  now = new Date(),
) {
  const { id } = await lineFor(db, user, ref);
  await db.transaction((tx) => rateLine(tx, id, { rating: ref.rating, review: ref.review, actorId: user.id, now }));
  return { lineId: id, state: 'rated', rating: ref.rating, message: 'Thank you for rating this visit.' };
}

export type Stars = 1 | 2 | 3 | 4 | 5;

/** RATE inside the caller's transaction: the line's rating and review, and the service's running stats. */
export async function rateLine(
  tx: Tx,
  lineId: number,
  r: { rating: Stars; review: string | null; actorId: number | null; now?: Date },
) {
  const now = r.now ?? new Date();
  let serviceId = 0;
  let professionalUserId: number | null = null;
  await applyLineEvent(tx, lineId, 'RATE', r.actorId, {
    now,
    check: (row) => {
      serviceId = row.serviceId;
      professionalUserId = row.professionalUserId;
    },
    patch: { rating: r.rating, review: r.review, ratedAt: now },
  });
  await repo.addRating(tx, serviceId, r.rating);
  // The professional's average (their detail page, the dispatch ranking) reads one row: kept here, in the same write.
  if (professionalUserId !== null) await repo.addProfessionalRating(tx, professionalUserId, r.rating);
}

/** GET Order/GetRatingReview?Action=ByService: the service's summary and a page of its reviews, newest first. */
export async function ratingReview(db: Db, serviceId: number, q: { page?: number; pageSize?: number }) {
  const [stats, rows, hidden] = [
    await repo.ratingStats(db, serviceId),
    await repo.reviewsPage(db, serviceId, q),
    await repo.hiddenReviewCount(db, serviceId),
  ];
  const summary = ratingSummary(stats);
  return {
    serviceId,
    ...summary,
    reviews: {
      items: rows.map((r) => ({
        id: r.id,
        rating: r.rating ?? 0,
        review: r.review,
        ratedAt: r.ratedAt,
        customerName: firstName(r.fullName),
      })),
      total: summary.count - hidden,
      page: q.page ?? 1,
      pageSize: q.pageSize ?? 10,
    },
  };
}
