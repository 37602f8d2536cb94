import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components, operations } from './schema.gen';

export type WalletRow = components['schemas']['WalletRow'];
export type WalletOwner = components['schemas']['WalletOwner'];
export type AccountWalletRow = components['schemas']['AccountWalletRow'];
export type CustomerRow = components['schemas']['CustomerRow'];
export type VendorWalletRow = components['schemas']['VendorWalletRow'];
export type WalletAction = components['schemas']['WalletAction'];

type CustomerSort = NonNullable<
  NonNullable<operations['getAllCustomers']['requestBody']>['content']['application/json']['sort']
>;
type VendorWalletSort = NonNullable<NonNullable<operations['getVendorWallets']['parameters']['query']>['sort']>;

export interface PageParams {
  page: number;
  pageSize: number;
  search: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

/** One page of a wallet's history between two dates (YYYY-MM-DD, both included, India time). */
export interface HistoryParams {
  page: number;
  pageSize: number;
  from?: string;
  to?: string;
}

const CUSTOMER_SORTS: readonly string[] = ['fullName', 'mobileNo', 'createdAt', 'balance'] satisfies CustomerSort[];
const VENDOR_WALLET_SORTS: readonly string[] = [
  'fullName',
  'mobileNo',
  'balance',
  'lastMovedAt',
] satisfies VendorWalletSort[];

/** The history reads answer JSON unless format=csv is asked for; the contract lists both, so the type says either. */
const json = <T>(reply: T) => reply as Exclude<T, string>;

const dates = (p: { from?: string; to?: string }) => ({
  ...(p.from ? { from: p.from } : {}),
  ...(p.to ? { to: p.to } : {}),
});

/** The caller's own balance (the top bar's My Balance): a vendor's wallet, or the accountant's company wallet. */
export const myBalanceQuery = () =>
  queryOptions({
    queryKey: keyOf('Wallets', 'getMyBalance'),
    queryFn: async () => (await call(client.GET('/api/Wallet/MyBalance'))).data,
  });

/** A customer's balance; a customer may ask only for their own mobile number. */
export const customerBalanceQuery = (mobileNo: string) =>
  queryOptions({
    queryKey: keyOf('Wallets', 'getCustomerWalletBalance', { mobileNo }),
    queryFn: async () =>
      (await call(client.POST('/api/GetCustomerWalletBalance', { body: { CustomerMobileNo: mobileNo } }))).data,
    enabled: mobileNo !== '',
  });

export const customerWalletHistoryQuery = (mobileNo: string, p: HistoryParams) =>
  queryOptions({
    queryKey: keyOf('Wallets', 'getWalletHistoryForCustomer', { mobileNo, ...p }),
    queryFn: async () =>
      json(
        await call(
          client.GET('/api/GetWalletHistoryForCustomer', {
            params: { query: { CustomerMobileNo: mobileNo, page: p.page, pageSize: p.pageSize, ...dates(p) } },
          }),
        ),
      ).data,
    placeholderData: keepPreviousData,
    enabled: mobileNo !== '',
  });

/** `id` is the vendor's account id; a vendor may ask only for their own. */
export const vendorWalletHistoryQuery = (id: number, p: HistoryParams) =>
  queryOptions({
    queryKey: keyOf('Wallets', 'getVendorWalletHistById', { id, ...p }),
    queryFn: async () =>
      json(
        await call(
          client.GET('/api/Vendor/GetVendorWalletHistById', {
            params: { query: { id, page: p.page, pageSize: p.pageSize, ...dates(p) } },
          }),
        ),
      ).data,
    placeholderData: keepPreviousData,
    enabled: id > 0,
  });

/** The company account wallet: one page of its history, its balance and this month's credits and debits. */
export const accountWalletHistoryQuery = (p: HistoryParams) =>
  queryOptions({
    queryKey: keyOf('Wallets', 'getAccountWalletHist', p),
    queryFn: async () =>
      json(
        await call(
          client.GET('/api/Account/GetAccountWalletHist', {
            params: { query: { page: p.page, pageSize: p.pageSize, ...dates(p) } },
          }),
        ),
      ).data,
    placeholderData: keepPreviousData,
  });

/** 'User Management': customers with their balances. The list is a POST with the table state in the body. */
export const customersPageQuery = (p: PageParams) =>
  queryOptions({
    queryKey: keyOf('Customers', 'getAllCustomers', p),
    queryFn: async () =>
      (
        await call(
          client.POST('/api/Customer/GetAllCustomers', {
            body: {
              page: p.page,
              pageSize: p.pageSize,
              ...(p.search.trim() ? { search: p.search.trim() } : {}),
              ...(p.sort && CUSTOMER_SORTS.includes(p.sort)
                ? { sort: p.sort as CustomerSort, order: p.order ?? 'asc' }
                : {}),
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const vendorWalletsQuery = (p: PageParams) =>
  queryOptions({
    queryKey: keyOf('Wallets', 'getVendorWallets', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Wallet/VendorWallets', {
            params: {
              query: {
                page: p.page,
                pageSize: p.pageSize,
                ...(p.search.trim() ? { search: p.search.trim() } : {}),
                ...(p.sort && VENDOR_WALLET_SORTS.includes(p.sort)
                  ? { sort: p.sort as VendorWalletSort, order: p.order ?? 'asc' }
                  : {}),
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/**
 * A key for one money-moving form (the Idempotency-Key header): sending it again with the same body answers the first
 * result and moves nothing. randomUUID needs a secure context; plain http on a LAN address falls back to random bytes.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

type Body<K extends keyof operations> = operations[K] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;

const keyed = (key: string) => ({ header: { 'Idempotency-Key': key } });

/** The admin credits or debits a customer's wallet (409 when a debit would go below zero). */
export const updateCustomerWalletBalance = (body: Body<'updateCustomerWalletBalance'>, key: string) =>
  call(client.POST('/api/UpdateCustomerWalletBalance', { params: keyed(key), body }));

/** The admin tops up or reduces a vendor's wallet, by id or by phone. */
export const adminPayForVendorWallet = (body: Body<'adminPayForVendorWallet'>, key: string) =>
  call(client.POST('/api/Vendor/AdminPayForVendorWallet', { params: keyed(key), body }));

/** Money paid into the company's bank, recorded in the account wallet with its bank reference. */
export const addMoneyToAccWallet = (body: Body<'addMoneyToAccWallet'>, key: string) =>
  call(client.POST('/api/Account/AddMoneyToAccWallet', { params: keyed(key), body }));

/** Which history a CSV export is of. */
export type HistoryOf = { kind: 'customer'; mobileNo: string } | { kind: 'vendor'; id: number } | { kind: 'account' };

/**
 * Every matching row (up to 50,000) as CSV text. It needs the Bearer token, so it is fetched through the client
 * (a plain link would go without it) and saved by the screen as a file.
 */
export async function historyCsv(of: HistoryOf, range: { from?: string; to?: string }): Promise<string> {
  const csv = { format: 'csv' as const, ...dates(range) };
  const reply =
    of.kind === 'customer'
      ? client.GET('/api/GetWalletHistoryForCustomer', {
          params: { query: { CustomerMobileNo: of.mobileNo, ...csv } },
          parseAs: 'text',
        })
      : of.kind === 'vendor'
        ? client.GET('/api/Vendor/GetVendorWalletHistById', {
            params: { query: { id: of.id, ...csv } },
            parseAs: 'text',
          })
        : client.GET('/api/Account/GetAccountWalletHist', { params: { query: csv }, parseAs: 'text' });
  const text = await call(reply as Promise<{ data?: string; error?: unknown; response: Response }>);
  return text;
}
