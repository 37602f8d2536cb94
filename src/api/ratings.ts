// Ratings and feedback (decision 018): every rating with its review, the per-professional and per-service figures,
// and the admin's hiding of an abusive review (its text leaves the service page; its stars stay, decision 018).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components, operations } from './schema.gen';

export type RatingEntry = components['schemas']['RatingEntry'];
export type FeedbackRating = components['schemas']['FeedbackRating'];

type Body<K extends keyof operations> = operations[K] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export interface RatingListParams {
  page: number;
  pageSize: number;
  search?: string;
  serviceId?: number;
  professionalId?: number;
  stars?: number;
  hidden?: boolean;
}

/** Every rating, newest first (a professional gets their own only). */
export const ratingDetailsQuery = (p: RatingListParams) =>
  queryOptions({
    queryKey: keyOf('Ratings', 'getRatingDetails', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Rating/GetRatingDetails', {
            params: {
              query: {
                page: p.page,
                pageSize: p.pageSize,
                ...(p.search?.trim() ? { search: p.search.trim() } : {}),
                ...(p.serviceId ? { ServiceId: p.serviceId } : {}),
                ...(p.professionalId ? { ProfessionalId: p.professionalId } : {}),
                ...(p.stars ? { Stars: p.stars } : {}),
                ...(p.hidden === undefined ? {} : { hidden: p.hidden }),
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export interface FeedbackParams {
  by: 'professional' | 'service';
  page: number;
  pageSize: number;
  search?: string;
  sort?: 'average' | 'count' | 'name';
  order?: 'asc' | 'desc';
}

/** Count and average stars per professional or per service. */
export const feedbackRatingsQuery = (p: FeedbackParams) =>
  queryOptions({
    queryKey: keyOf('Ratings', 'getFeedbackRatings', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Rating/GetFeedbackRatings', {
            params: {
              query: {
                by: p.by,
                page: p.page,
                pageSize: p.pageSize,
                ...(p.search?.trim() ? { search: p.search.trim() } : {}),
                ...(p.sort ? { sort: p.sort } : {}),
                ...(p.order ? { order: p.order } : {}),
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** The admin hides an abusive review, with a reason. */
export const hideReview = (lineId: number, body: Body<'hideReview'>) =>
  call(client.PUT('/api/Rating/HideReview', { params: { query: { Id: lineId } }, body }));

/** The admin shows a hidden review again. */
export const unhideReview = (lineId: number, body: Body<'unhideReview'> = {}) =>
  call(client.PUT('/api/Rating/UnhideReview', { params: { query: { Id: lineId } }, body }));
