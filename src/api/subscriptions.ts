// Subscriptions (decision 023): the operation kit's reads and writes for the admin's
// Subscription Master screens (plans, discounts per service) and the public /SubscriptionPlan page (plans on sale,
// buying one, the customer's plans).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, call, client } from './client';
import { keyOf } from './kit';
import type { components, operations } from './schema.gen';

export type SubscriptionPlan = components['schemas']['SubscriptionPlan'];
export type SubscriptionDiscount = components['schemas']['SubscriptionDiscount'];
export type CustomerSubscription = components['schemas']['CustomerSubscription'];
export type CustomerSubscriptionStatus = components['schemas']['CustomerSubscriptionStatus'];
export type SubscriptionPayMode = components['schemas']['OrderPayMode'];
export type AddPlanBody = operations['addSubscriptionDetails']['requestBody']['content']['application/json'];
export type UpdatePlanBody = operations['updateSubscriptionDetails']['requestBody']['content']['application/json'];
export type AddDiscountBody = operations['addDiscountDetailsForService']['requestBody']['content']['application/json'];
export type UpdateDiscountBody =
  operations['updateDiscountDetailsForService']['requestBody']['content']['application/json'];
type PlansQuery = NonNullable<operations['getSubscriptionDetails']['parameters']['query']>;
type DiscountsQuery = NonNullable<operations['getDiscountDetailsForService']['parameters']['query']>;
export type PlanStatusFilter = NonNullable<PlansQuery['status']>;
export type PlanDeletedFilter = NonNullable<PlansQuery['deleted']>;

const PLAN_SORTS: readonly string[] = [
  'id',
  'subscriptionName',
  'price',
  'durationInMonths',
  'createdAt',
] satisfies NonNullable<PlansQuery['sort']>[];
const DISCOUNT_SORTS: readonly string[] = ['id', 'subscriptionName', 'serviceName', 'discount'] satisfies NonNullable<
  DiscountsQuery['sort']
>[];

export interface PageParams {
  page: number;
  pageSize: number;
  search?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

/** The admin's plans (every one, filtered by status and deletion), with their discounts and purchase counts. */
export const plansPageQuery = (p: PageParams & { status?: PlanStatusFilter; deleted?: PlanDeletedFilter }) =>
  queryOptions({
    queryKey: keyOf('Subscriptions', 'getSubscriptionDetails', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/GetSubscriptionDetails', {
            params: {
              query: {
                page: p.page,
                pageSize: p.pageSize,
                ...(p.search ? { search: p.search } : {}),
                ...(p.status ? { status: p.status } : {}),
                ...(p.deleted ? { deleted: p.deleted } : {}),
                ...(p.sort && PLAN_SORTS.includes(p.sort)
                  ? { sort: p.sort as NonNullable<PlansQuery['sort']>, order: p.order }
                  : {}),
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** One plan by id (the admin's: deleted ones too). */
export const planQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Subscriptions', 'getSubscriptionDetails', { id }),
    queryFn: async () =>
      (await call(client.GET('/api/GetSubscriptionDetails', { params: { query: { id } } }))).data.items[0],
    enabled: id > 0,
  });

/** Discounts per service, paged; by plan or by service. */
export const discountsPageQuery = (p: PageParams & { subscriptionId?: number; serviceId?: number }) =>
  queryOptions({
    queryKey: keyOf('Subscriptions', 'getDiscountDetailsForService', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/GetDiscountDetailsForService', {
            params: {
              query: {
                page: p.page,
                pageSize: p.pageSize,
                ...(p.search ? { search: p.search } : {}),
                ...(p.subscriptionId ? { SubscriptionID: p.subscriptionId } : {}),
                ...(p.serviceId ? { ServiceID: p.serviceId } : {}),
                ...(p.sort && DISCOUNT_SORTS.includes(p.sort)
                  ? { sort: p.sort as NonNullable<DiscountsQuery['sort']>, order: p.order }
                  : {}),
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const discountQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Subscriptions', 'getDiscountDetailsForService', { id }),
    queryFn: async () =>
      (await call(client.GET('/api/GetDiscountDetailsForService', { params: { query: { id } } }))).data.items[0],
    enabled: id > 0,
  });

/** The plans on sale with the discounts that apply now (everyone; cached by the server). */
export const plansOnSaleQuery = () =>
  queryOptions({
    queryKey: keyOf('Subscriptions', 'getAllSubscription', { pageSize: 50 }),
    queryFn: async () =>
      (await call(client.GET('/api/Common/GetAllsubscription', { params: { query: { page: 1, pageSize: 50 } } }))).data
        .items,
    staleTime: 60_000,
  });

/** The signed-in customer's plans, newest first, with the one that holds them now. */
export const myPlansQuery = (page = 1) =>
  queryOptions({
    queryKey: keyOf('Subscriptions', 'getSubscriptionHistoryForCustomer', { mine: true, page }),
    queryFn: async () =>
      (await call(client.GET('/api/GetSubscriptionHistoryForCustomer', { params: { query: { page, pageSize: 10 } } })))
        .data,
  });

export const addPlan = (body: AddPlanBody) => call(client.POST('/api/AddSubscriptionDetails', { body }));

/** `imageFileName` names a new picture (the body's imagebase64Data). */
export const updatePlan = (body: UpdatePlanBody, imageFileName?: string) =>
  call(
    client.PUT('/api/UpdateSubscriptionDetails', {
      params: { query: imageFileName ? { ImageFileName: imageFileName } : {} },
      body,
    }),
  );

/** Removes a plan nobody ever bought (409 otherwise). */
export const deletePlan = (id: number) =>
  call(client.DELETE('/api/DeleteSubscriptionDetails', { params: { query: { id } } }));

/** Withdraws a plan for good; its holders keep it until it ends. */
export const withdrawPlan = (id: number) =>
  call(client.PUT('/api/DeleteSubscriptionDetails', { params: { query: { id } } }));

export const changePlanStatus = (id: number, status: boolean) =>
  call(client.PUT('/api/Common/ChangesubscriptionStatus', { params: { query: { id, status } } }));

export const addDiscount = (body: AddDiscountBody) => call(client.POST('/api/AddDiscountDetailsForService', { body }));

export const updateDiscount = (body: UpdateDiscountBody) =>
  call(client.PUT('/api/UpdateDiscountDetailsForService', { body }));

export const deleteDiscount = (id: number) =>
  call(client.DELETE('/api/DeleteDiscountDetailsForService', { params: { query: { id } } }));

/**
 * Buys a plan for the signed-in customer. `key` is the page's Idempotency-Key (one per opened choice): a double click
 * answers the first purchase.
 */
export const takeSubscription = (SubscriptionID: number, ApiName: SubscriptionPayMode, key: string) =>
  call(
    client.PUT('/api/Customer/TakeSubscription', {
      params: { query: { SubscriptionID, ApiName }, header: { 'Idempotency-Key': key } },
    }),
  );

/** The return from a provider: verifies the payment (`UID`) and answers the purchase. */
export const checkSubscriptionPayment = (orderID: string) =>
  call(client.PUT('/api/Customer/CheckSubscriptionPayment', { params: { query: { orderID } } }));

/**
 * A paid plan's GST tax invoice as a PDF (decision 054), fetched as a file so a refusal shows as a message instead of
 * a page of JSON.
 */
export async function planInvoicePdf(purchaseId: number): Promise<Blob> {
  const res = await fetch(`/api/Customer/GetSubscriptionInvoicePdf?CustomerSubscriptionID=${purchaseId}`);
  if (!res.ok) {
    const problem = await res.json().catch(() => ({}));
    throw new ApiError(res.status, problem.title ?? 'Error', problem.detail ?? 'The PDF could not be made.');
  }
  return res.blob();
}
