// Vendor product requests (decision 029): the operation kit's reads and writes for the vendor's request
// cart, checkout and tracking, the inventory manager's and the admin's request lists, one request's page, the tax
// invoice and the vendor dashboard.
import { queryOptions } from '@tanstack/react-query';
import { ApiError, call, client } from './client';
import { keyOf } from './kit';
import type { components, operations } from './schema.gen';

export type ProductCartLine = components['schemas']['ProductCartLine'];
export type ProductCheckout = components['schemas']['ProductCheckout'];
export type ProductRequest = components['schemas']['ProductRequest'];
export type ProductRequestDetail = components['schemas']['ProductRequestDetail'];
export type ProductRequestState = components['schemas']['ProductRequestState'];
export type ProductRequestInvoice = components['schemas']['ProductRequestInvoice'];
export type VendorDashboardData = components['schemas']['VendorDashboard'];
export type TrackAction = operations['trackRequest']['parameters']['query']['Action'];

/** GetProductReqCheckoutData: the vendor's cart priced now. */
export const checkoutQuery = () =>
  queryOptions({
    queryKey: keyOf('ProductRequests', 'getProductReqCheckoutData'),
    queryFn: async () => (await call(client.GET('/api/Vendor/GetProductReqCheckoutData'))).data,
  });

export interface TrackParams {
  page?: number;
  pageSize?: number;
  search?: string;
  sort?: 'id' | 'createdAt' | 'updatedAt' | 'total';
  order?: 'asc' | 'desc';
  state?: ProductRequestState;
  VendorId?: number;
}

/** TrackRequest: one page of requests for an action (a vendor gets only their own). */
export const trackQuery = (Action: TrackAction, params: TrackParams = {}) =>
  queryOptions({
    queryKey: keyOf('ProductRequests', 'trackRequest', { Action, ...params }),
    queryFn: async () =>
      (await call(client.GET('/api/Vendor/TrackRequest', { params: { query: { Action, ...params } } }))).data,
  });

/** GetViewRequestOrderData: the request, its lines, its history and the events the caller may send. */
export const requestQuery = (IOrderId: number) =>
  queryOptions({
    queryKey: keyOf('ProductRequests', 'getViewRequestOrderData', { IOrderId }),
    queryFn: async () =>
      (await call(client.GET('/api/Vendor/GetViewRequestOrderData', { params: { query: { IOrderId } } }))).data,
    enabled: IOrderId > 0,
  });

/** GetRequestOrderInvoiceData: the paid request's tax invoice (409 before payment). */
export const requestInvoiceQuery = (IOrderId: number) =>
  queryOptions({
    queryKey: keyOf('ProductRequests', 'getRequestOrderInvoiceData', { IOrderId }),
    queryFn: async () =>
      (await call(client.GET('/api/Vendor/GetRequestOrderInvoiceData', { params: { query: { IOrderId } } }))).data,
    enabled: IOrderId > 0,
    retry: false,
  });

/** GetVendorDashboard: the caller's (a vendor's) figures. */
export const vendorDashboardQuery = () =>
  queryOptions({
    queryKey: keyOf('ProductRequests', 'getVendorDashboard'),
    queryFn: async () => (await call(client.GET('/api/Vendor/GetVendorDashboard'))).data,
  });

export const addIntoRequestCart = (body: { productId: number; professionalId: number; requestQty: number }) =>
  call(client.POST('/api/Vendor/AddIntoRequestCart', { body }));

export const updateCartQty = (id: number, Qty: number) =>
  call(client.PUT('/api/Vendor/UpdateVendorCartRquestQty', { params: { query: { id, Qty } } }));

export const deleteCartLine = (id: number, ProductId: number, VendorId: number) =>
  call(client.POST('/api/Vendor/DeleteProductCart', { params: { query: { id, ProductId, VendorId } } }));

export const deleteAllCart = (VendorId: number) =>
  call(client.POST('/api/Vendor/DeleteAllProductsCart', { params: { query: { VendorId } } }));

export const submitRequest = (VendorId: number) =>
  call(client.PUT('/api/Vendor/RequestProductByVendor', { params: { query: { VendorId } } }));

export const decideRequest = (IOrderId: number, ResRole: 'IM' | 'A', reject: boolean, remark?: string) =>
  call(
    client.PUT('/api/Vendor/RequestRejectAccept', {
      params: { query: { IOrderId, ResRole, RejFlag: reject } },
      body: remark ? { remark } : {},
    }),
  );

export const reapproveRequest = (IOrderId: number, remark?: string) =>
  call(client.PUT('/api/Vendor/RequestReApprove', { params: { query: { IOrderId } }, body: remark ? { remark } : {} }));

export const cancelRequest = (IOrderId: number, VendorId: number) =>
  call(client.PUT('/api/Vendor/RequestCancelByVendor', { params: { query: { IOrderId, VendorId } } }));

export const payRequest = (IOrderId: number, VendorId: number) =>
  call(client.POST('/api/Vendor/VendorReqWalletPay', { params: { query: { IOrderId, VendorId } } }));

/** The invoice PDF (fetched and saved by the screen, so a refusal shows as a message). */
export async function requestInvoicePdf(IOrderId: number): Promise<Blob> {
  const res = await fetch(`/api/Vendor/GetRequestOrderInvoicePdf?IOrderId=${IOrderId}`);
  if (!res.ok) {
    const problem = await res.json().catch(() => ({}));
    throw new ApiError(res.status, problem.title ?? 'Error', problem.detail ?? 'The PDF could not be made.');
  }
  return res.blob();
}

export type StoreProduct = components['schemas']['StoreProduct'];

/** GetProductsByVendorId: the store's products the vendor may request, with today's price and the units free. */
export const storeProductsQuery = (
  vendorId: number,
  params: { page?: number; pageSize?: number; search?: string; inStock?: boolean } = {},
) =>
  queryOptions({
    queryKey: keyOf('Products', 'getProductsByVendorId', { vendorId, ...params }),
    queryFn: async () =>
      (await call(client.GET('/api/Vendor/GetProductsByVendorId', { params: { query: { vendorId, ...params } } })))
        .data,
    enabled: vendorId > 0,
  });
