import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components, operations } from './schema.gen';

export type PaymentIntent = components['schemas']['PaymentIntent'];
export type PaymentIntentDetail = components['schemas']['PaymentIntentDetail'];
export type PaymentIntentState = components['schemas']['PaymentIntentState'];
export type IntentTransition = components['schemas']['Transition'];
export type PaymentMode = components['schemas']['PaymentMode'];
export type WalletPaymentBody = operations['createWalletPayment']['requestBody']['content']['application/json'];
export type WalletPaymentOrder = operations['createWalletPayment']['responses']['201']['content']['application/json'];
export type PaymentIntentEvent =
  operations['sendPaymentIntentEvent']['requestBody']['content']['application/json']['event'];

export interface IntentPageParams {
  page: number;
  pageSize: number;
  search: string;
  state?: PaymentIntentState;
}

/** The providers this server can take now and its default (CF, else RP, else the built-in sandbox). */
export const paymentModesQuery = () =>
  queryOptions({
    queryKey: keyOf('Payments', 'getPaymentModes'),
    queryFn: async () => (await call(client.GET('/api/Payments/Modes'))).data,
    staleTime: 5 * 60_000,
  });

/** Starts a wallet top-up: the reply's checkoutUrl is where the payer goes next. */
export const createWalletPayment = (body: WalletPaymentBody) => call(client.POST('/api/Excel/Gate1CF', { body }));

/**
 * Verifies the top-up the provider returned with (`UID`) and credits once: a replay answers the stored result.
 * 402: failed, cancelled or expired; 409: the provider has not finished yet.
 */
export const checkWalletTransactionStatus = (orderID: string) =>
  call(client.PUT('/api/Customer/CheckWalletTransactionStatus', { params: { query: { orderID } } }));

/** Payment intents, newest first (staff). */
export const paymentIntentsQuery = (p: IntentPageParams) =>
  queryOptions({
    queryKey: keyOf('Payments', 'getPaymentIntents', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Payments/Intents', {
            params: {
              query: {
                page: p.page,
                pageSize: p.pageSize,
                ...(p.search.trim() ? { search: p.search.trim() } : {}),
                ...(p.state ? { state: p.state } : {}),
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** One intent with its transitions and the events its state allows now. */
export const paymentIntentQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Payments', 'getPaymentIntent', { id }),
    queryFn: async () => (await call(client.GET('/api/Payments/Intents/{id}', { params: { path: { id } } }))).data,
    enabled: id > 0,
  });

/** 409 when the intent's state does not allow the event (the reply names the state and the allowed events). */
export const sendPaymentIntentEvent = (
  id: number,
  body: operations['sendPaymentIntentEvent']['requestBody']['content']['application/json'],
) => call(client.POST('/api/Payments/Intents/{id}/Events', { params: { path: { id } }, body }));
