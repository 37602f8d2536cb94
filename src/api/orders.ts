// Checkout, placing and the tax invoice (decision 014): the operation kit's reads and writes for /Checkout and
// /PayProcessInvoice. The quote is the server's; the screens never compute money.
import { queryOptions } from '@tanstack/react-query';
import { ApiError, call, client } from './client';
import { keyOf } from './kit';
import type { components } from './schema.gen';

export type OrderQuote = components['schemas']['OrderQuote'];
export type OrderQuoteLine = components['schemas']['OrderQuoteLine'];
export type OrderPlaced = components['schemas']['OrderPlaced'];
export type OrderPayMode = components['schemas']['OrderPayMode'];
export type OrderInvoice = components['schemas']['OrderInvoice'];
export type OrderStatus = components['schemas']['OrderStatus'];

export interface QuoteParams {
  addressId: number | null;
  /** Rupees: 0 or an active tip amount. */
  tip: number;
  useWallet: boolean;
  /** The coupon applied (decision 026); a coupon that cannot be used is a 400 naming CouponCode. */
  couponCode?: string | null;
}

const couponQuery = (p: QuoteParams) => (p.couponCode ? { CouponCode: p.couponCode } : {});

const quoteBody = (p: QuoteParams) => ({
  ...(p.addressId ? { AddressId: p.addressId } : {}),
  Tip: p.tip,
  UseWallet: p.useWallet,
});

/** The server's quote of the signed-in customer's cart at an address, with a tip and the wallet's part. */
export const checkoutQuery = (p: QuoteParams) =>
  queryOptions({
    queryKey: keyOf('Orders', 'orderCheckOut', p),
    queryFn: async () =>
      (await call(client.POST('/api/Order/OrderCheckOut', { params: { query: couponQuery(p) }, body: quoteBody(p) })))
        .data,
  });

/**
 * Places the cart as an order. `key` is the page's Idempotency-Key (one per opened page): a double click, a retry or
 * a second submit answers the first order.
 */
export const placeOrder = (p: QuoteParams & { mode: OrderPayMode }, key: string) =>
  call(
    client.POST('/api/Order/OrderPlacedNew', {
      params: { query: { ApiName: p.mode, Tip: p.tip, ...couponQuery(p) }, header: { 'Idempotency-Key': key } },
      body: { ...(p.addressId ? { AddressId: p.addressId } : {}), UseWallet: p.useWallet },
    }),
  );

/** The return from a provider: verifies the payment (`UID`) and answers the order's status. */
export const checkOrderPayment = (orderID: string) =>
  call(client.PUT('/api/Order/OrderPlacedCheckPAymentGate', { params: { query: { orderID } } }));

/** Pays a failed order again (the wallet at once when it covers the total, else a provider's checkout). */
export const retryOrderPayment = (body: { OrderId: number; ApiName: OrderPayMode; UseWallet?: boolean }) =>
  call(client.POST('/api/Order/RetryOrderPayment', { body }));

/** The order's GST tax invoice (409 until it is paid). */
export const orderInvoiceQuery = (orderId: number) =>
  queryOptions({
    queryKey: keyOf('Orders', 'orderInvoice', { orderId }),
    queryFn: async () =>
      (await call(client.POST('/api/Order/OrderInvoice', { params: { query: { OrderId: orderId } } }))).data,
    enabled: orderId > 0,
  });

/**
 * The invoice PDF made on the server. It is fetched (the session cookie goes with it) and the screen saves the blob as
 * a file, so a refusal shows as a message instead of a page of JSON.
 */
export async function orderInvoicePdf(orderId: number): Promise<Blob> {
  const res = await fetch(`/api/Order/OrderInvoicePdf?OrderId=${orderId}`);
  if (!res.ok) {
    const problem = await res.json().catch(() => ({}));
    throw new ApiError(res.status, problem.title ?? 'Error', problem.detail ?? 'The PDF could not be made.');
  }
  return res.blob();
}
