import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components, operations } from './schema.gen';

export type CustomerQuery = components['schemas']['CustomerQuery'];
export type CustomerQueryState = components['schemas']['CustomerQueryState'];

type Body<K extends keyof operations> = operations[K] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export interface QueryListParams {
  page: number;
  pageSize: number;
  search?: string;
  state?: CustomerQueryState;
  orderLineId?: number;
}

/** Customer queries, newest first: a customer's own, or everyone's for staff (with a state filter). */
export const customerQueriesQuery = (p: QueryListParams) =>
  queryOptions({
    queryKey: keyOf('Queries', 'getCustomerQueries', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Customer/GetCustomerQueryies', {
            params: {
              query: {
                page: p.page,
                pageSize: p.pageSize,
                ...(p.search?.trim() ? { search: p.search.trim() } : {}),
                ...(p.state ? { state: p.state } : {}),
                ...(p.orderLineId ? { orderLineId: p.orderLineId } : {}),
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** The customer raises a query about one of their order lines. */
export const addCustomerQuery = (body: Body<'addCustomerQuery'>) =>
  call(client.POST('/api/Customer/AddCustomerQuery', { body }));

/** Staff answer a raised query (once); the customer is notified. */
export const responseCustomerQuery = (id: number, body: Body<'responseCustomerQuery'>) =>
  call(client.PUT('/api/Customer/ResponseCustomerQuery', { params: { query: { Id: id } }, body }));

/** The customer deletes their own query while it is unanswered. */
export const deleteCustomerQuery = (id: number) =>
  call(client.DELETE('/api/Customer/DeleteCustomerQuery', { params: { query: { Id: id } } }));
