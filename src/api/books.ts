// The books (trial balance, account statement, day book) and profit per professional (decisions 059 and 060).
// Reads are query-options factories keyed by the operation kit; the exports are the server's files, fetched and saved
// by the screen, so a file's totals are the screen's.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, call, client } from './client';
import { keyOf } from './kit';
import type { components } from './schema.gen';

type Schemas = components['schemas'];
export type TrialBalance = Schemas['TrialBalanceReply']['data'];
export type TrialBalanceLine = Schemas['TrialBalanceLine'];
export type WalletBalances = Schemas['WalletBalancesReply']['data'];
export type AccountStatement = Schemas['AccountStatementReply']['data'];
export type StatementEntry = Schemas['StatementEntry'];
export type DayBook = Schemas['DayBookReply']['data'];
export type DayBookTransfer = Schemas['DayBookTransfer'];
export type ProfitByProfessional = Schemas['ProfitByProfessionalReply']['data'];
export type ProfitLines = Schemas['ProfitLinesReply']['data'];
export type BooksBalance = Schemas['BooksBalance'];

// The calls answer JSON, or a file with Format (never asked here): the reply is the JSON one.
const dataOf = <T>(reply: unknown) => (reply as { data: T }).data;

export const trialBalanceQuery = (p: { AsOf: string }) =>
  queryOptions({
    queryKey: keyOf('Books', 'getTrialBalance', p),
    queryFn: async () =>
      dataOf<TrialBalance>(await call(client.GET('/api/Reports/TrialBalance', { params: { query: p } }))),
  });

export const walletBalancesQuery = (p: { Account: string; AsOf: string; page: number; pageSize: number }) =>
  queryOptions({
    queryKey: keyOf('Books', 'getWalletBalances', p),
    queryFn: async () => (await call(client.GET('/api/Reports/TrialBalanceWallets', { params: { query: p } }))).data,
    placeholderData: keepPreviousData,
  });

export interface StatementParams {
  Account: string;
  FromDate: string;
  ToDate: string;
  page: number;
  pageSize: number;
}
export const accountStatementQuery = (p: StatementParams) =>
  queryOptions({
    queryKey: keyOf('Books', 'getAccountStatement', p),
    queryFn: async () =>
      dataOf<AccountStatement>(await call(client.GET('/api/Reports/AccountStatement', { params: { query: p } }))),
    placeholderData: keepPreviousData,
    enabled: p.Account !== '',
  });

export const dayBookQuery = (p: { Date: string; page: number; pageSize: number }) =>
  queryOptions({
    queryKey: keyOf('Books', 'getDayBook', p),
    queryFn: async () => dataOf<DayBook>(await call(client.GET('/api/Reports/DayBook', { params: { query: p } }))),
    placeholderData: keepPreviousData,
  });

export const profitByProfessionalQuery = (p: { Month: number; Year: number }) =>
  queryOptions({
    queryKey: keyOf('Books', 'getProfitByProfessional', p),
    queryFn: async () =>
      dataOf<ProfitByProfessional>(
        await call(client.GET('/api/Reports/ProfitByProfessional', { params: { query: p } })),
      ),
  });

export const profitLinesQuery = (p: { ProfessionalId: number; Month: number; Year: number }) =>
  queryOptions({
    queryKey: keyOf('Books', 'getProfitLines', p),
    queryFn: async () =>
      dataOf<ProfitLines>(await call(client.GET('/api/Reports/ProfitLines', { params: { query: p } }))),
  });

export type BooksReport = 'TrialBalance' | 'AccountStatement' | 'DayBook' | 'ProfitByProfessional' | 'ProfitLines';

/** A report as the server's CSV or XLSX file (the same rows and totals as the screen), with its file name. */
export async function booksFile(
  report: BooksReport,
  query: Record<string, string | number>,
  format: 'csv' | 'xlsx',
): Promise<{ blob: Blob; fileName: string }> {
  const search = new URLSearchParams(
    Object.entries({ ...query, Format: format }).map(([k, v]) => [k, String(v)] as [string, string]),
  );
  const res = await fetch(`/api/Reports/${report}?${search}`);
  if (!res.ok) {
    const problem = await res.json().catch(() => ({}));
    throw new ApiError(res.status, problem.title ?? 'Error', problem.detail ?? 'The file could not be made.');
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await res.blob(), fileName: name ?? `${report}.${format}` };
}
