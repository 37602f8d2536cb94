// The service sales and vendor purchase reports (decision 057): one read each over a period of India days (decision
// 055). A report is read-mostly, so a minute's staleness is fine; opening the page again refetches it.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components, operations } from './schema.gen';

export type SalesReport = components['schemas']['SalesReport'];
export type SalesReportRow = components['schemas']['SalesReportRow'];
export type PurchaseReport = components['schemas']['PurchaseReport'];
export type PurchaseReportRow = components['schemas']['PurchaseReportRow'];
export type SalesReportParams = NonNullable<operations['salesReportService']['parameters']['query']>;
export type PurchaseReportParams = NonNullable<operations['purchaseReportVendor']['parameters']['query']>;

export const salesReportQuery = (p: SalesReportParams) =>
  queryOptions({
    queryKey: keyOf('SalesReports', 'salesReportService', p),
    queryFn: async () => (await call(client.GET('/api/Common/SalesReportService', { params: { query: p } }))).data,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const purchaseReportQuery = (p: PurchaseReportParams) =>
  queryOptions({
    queryKey: keyOf('SalesReports', 'purchaseReportVendor', p),
    queryFn: async () => (await call(client.GET('/api/Common/PurchaseReportVendor', { params: { query: p } }))).data,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
