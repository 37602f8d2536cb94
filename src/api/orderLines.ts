// The customer's order lines (decision 014): the upcoming, past and cancelled lists, the cancellation quote and
// cancellation, the reschedule, the rating, and a service's ratings. The server decides every amount and every
// allowed action; screens only show them.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components, operations } from './schema.gen';

type Schemas = components['schemas'];
export type CustomerOrderLine = Schemas['CustomerOrderLine'];
export type CancelledOrderLine = Schemas['CancelledOrderLine'];
export type CancellationTerms = Schemas['CancellationTerms'];
export type RatingReview = Schemas['RatingReview'];
export type OrderLineAction = Schemas['OrderLineAction'];

type Body<K extends keyof operations> = operations[K] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : operations[K] extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B
    : never;

export interface LinesPage {
  page: number;
  pageSize: number;
}

/** Upcoming (soonest first) or past (latest first) lines of the signed-in customer. */
export const customerOrdersQuery = (when: 'upcoming' | 'past', p: LinesPage) =>
  queryOptions({
    queryKey: keyOf('OrderLines', 'getOrdersForCustomer', { when, ...p }),
    queryFn: async () =>
      (
        await call(
          client.POST('/api/Customer/GetOrdersForCustomer', { body: { when, page: p.page, pageSize: p.pageSize } }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const cancelledOrdersQuery = (p: LinesPage) =>
  queryOptions({
    queryKey: keyOf('OrderLines', 'getCancelledOrdersForCustomer', p),
    queryFn: async () =>
      (
        await call(
          client.POST('/api/Customer/GetCancelledOrdersForCustomer', { body: { page: p.page, pageSize: p.pageSize } }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** A service's average, count, distribution and one page of reviews (newest first). */
export const ratingReviewQuery = (serviceId: number, page: number, pageSize = 5) =>
  queryOptions({
    queryKey: keyOf('OrderLines', 'getRatingReview', { serviceId, page, pageSize }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Order/GetRatingReview', {
            params: { query: { Action: 'ByService', id: serviceId, page, pageSize } },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** What cancelling costs now: asked when the cancel dialog opens, before the customer confirms. */
export const cancellationQuote = (body: Body<'orderCancellationQuote'>) =>
  call(client.POST('/api/Order/OrderCancellationQuote', { body }));

/** Cancels with the fee the customer saw (409 when it changed meanwhile). */
export const cancelOrderLine = (body: Body<'orderCancellation'>) =>
  call(client.POST('/api/Order/OrderCancellation', { body }));

/** Sends a cancelled line's wallet refund back to the card or UPI that paid (decision 030). */
export const refundToSource = (body: Body<'refundToSource'>) =>
  call(client.POST('/api/Order/RefundToSource', { body }));

export const rescheduleOrderLine = (body: Body<'orderReschedule'>) =>
  call(client.POST('/api/Order/OrderReschedule', { body }));

export const rateOrderLine = (body: Body<'completeByProfessionalOrCustRating'>) =>
  call(client.POST('/api/Professional/CompleteByProfessionalOrCustRating', { body }));

export type OrderLineList = 'upcoming' | 'past' | 'cancelled';
export interface OrderLinesPage {
  items: (CustomerOrderLine | CancelledOrderLine)[];
  total: number;
  page: number;
  pageSize: number;
}

/** One of the three lists of /MyAccounts?tab=orders, under the same keys as the reads above. */
export const orderLinesListQuery = (list: OrderLineList, p: LinesPage) =>
  queryOptions({
    queryKey:
      list === 'cancelled'
        ? keyOf('OrderLines', 'getCancelledOrdersForCustomer', p)
        : keyOf('OrderLines', 'getOrdersForCustomer', { when: list, ...p }),
    queryFn: async (): Promise<OrderLinesPage> =>
      list === 'cancelled'
        ? (
            await call(
              client.POST('/api/Customer/GetCancelledOrdersForCustomer', {
                body: { page: p.page, pageSize: p.pageSize },
              }),
            )
          ).data
        : (
            await call(
              client.POST('/api/Customer/GetOrdersForCustomer', {
                body: { when: list, page: p.page, pageSize: p.pageSize },
              }),
            )
          ).data,
    placeholderData: keepPreviousData,
  });
