// The accountant's GST returns (decision 058): GSTR-1 and GSTR-3B of a month, and GSTR-1's portal files.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components } from './schema.gen';

export type Gstr1Report = components['schemas']['Gstr1Report'];
export type Gstr3bReport = components['schemas']['Gstr3bReport'];
export type GstAmounts = components['schemas']['GstAmounts'];
export type GstReturnDocument = components['schemas']['GstReturnDocument'];
export type GstB2csRow = components['schemas']['GstB2csRow'];
export type GstHsnRow = components['schemas']['GstHsnRow'];
export type GstDocumentRun = components['schemas']['GstDocumentRun'];
export type GstCheck = components['schemas']['GstCheck'];

/** Month 1–12 and Year; 0 and 0 are this month (decision 055). */
export interface GstMonth {
  Month: number;
  Year: number;
}

export const gstr1Query = (p: GstMonth) =>
  queryOptions({
    queryKey: keyOf('GstReturns', 'getGstr1', { ...p }),
    queryFn: async () => (await call(client.GET('/api/Reports/Gstr1', { params: { query: p } }))).data,
    placeholderData: keepPreviousData,
  });

export const gstr3bQuery = (p: GstMonth) =>
  queryOptions({
    queryKey: keyOf('GstReturns', 'getGstr3b', { ...p }),
    queryFn: async () => (await call(client.GET('/api/Reports/Gstr3b', { params: { query: p } }))).data,
    placeholderData: keepPreviousData,
  });

/** GSTR-1 as the portal's offline tool JSON or as the Excel workbook, with the server's file name. */
export async function gstr1File(p: GstMonth, format: 'json' | 'xlsx'): Promise<{ blob: Blob; fileName: string }> {
  const res =
    format === 'json'
      ? await client.GET('/api/Reports/Gstr1Json', { params: { query: p }, parseAs: 'blob' })
      : await client.GET('/api/Reports/Gstr1Xlsx', { params: { query: p }, parseAs: 'blob' });
  if (res.error || !res.data) throw new Error('The file could not be fetched.');
  const disposition = res.response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `GSTR1.${format}`;
  return { blob: res.data as unknown as Blob, fileName };
}
