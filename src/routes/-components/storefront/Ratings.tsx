import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ratingReviewQuery } from '../../../api/orderLines';
import { formatDate, Pager, srOnly } from '../../../ui';
import { Section } from './parts';
import * as r from './ratings.css';
import * as s from './storefront.css';
import { STOREFRONT } from './words';

const W = STOREFRONT.ratings;

const PAGE_SIZE = 5;

/** A service's ratings on its page: the average, the count, how many gave each star, and the reviews, newest first. */
export function ServiceRatings({ serviceId }: { serviceId: number }) {
  const [page, setPage] = useState(1);
  const q = useQuery(ratingReviewQuery(serviceId, page, PAGE_SIZE));
  if (!q.data || q.data.count === 0) return null;
  const d = q.data;
  const pages = Math.max(1, Math.ceil(d.reviews.total / PAGE_SIZE));
  return (
    <Section title={W.title} id="service-ratings">
      <div className={r.summary}>
        <div>
          <p className={r.average}>
            <span aria-hidden="true">★ </span>
            {d.average.toFixed(1)}
            <span className={srOnly}>{W.outOf5}</span>
          </p>
          <p className={s.muted}>{W.count(d.count)}</p>
        </div>
        <ul className={r.bars} aria-label={W.bars}>
          {([5, 4, 3, 2, 1] as const).map((star) => {
            const n = d.distribution[String(star) as '1'];
            const share = d.count ? Math.round((n * 100) / d.count) : 0;
            return (
              <li key={star} className={r.bar}>
                <span>{W.star(star)}</span>
                <span className={r.track} aria-hidden="true">
                  <span className={r.fill} style={{ width: `${share}%` }} />
                </span>
                <span>
                  {n}
                  <span className={srOnly}> ({share}%)</span>
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <ul className={r.reviews} aria-label={W.reviews}>
        {d.reviews.items.map((v) => (
          <li key={v.id} className={r.review}>
            <span>
              <span className={r.stars} aria-hidden="true">
                {'★'.repeat(v.rating)}
                {'☆'.repeat(5 - v.rating)}
              </span>
              <span className={srOnly}>{W.stars(v.rating)}</span> <strong>{v.customerName}</strong>
              {v.ratedAt && <span className={s.muted}> · {formatDate(v.ratedAt)}</span>}
            </span>
            {v.review && (
              <p className={s.description} dir="auto">
                {v.review}
              </p>
            )}
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        pages={pages}
        label={W.pages}
        onPage={setPage}
        previousLabel={W.newer}
        nextLabel={W.older}
        className={r.pager}
      />
    </Section>
  );
}
