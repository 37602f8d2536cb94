// Tips (CrudTipsManage, GetTips) and the GST rates in force (GET /api/Tax/GstRates): the operation kit's
// reads and writes for the admin's Tips screens and the service form's GST select.
import { queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components } from './schema.gen';

export type Tip = components['schemas']['Tip'];
export type GstRates = components['schemas']['GstRates'];
export type TipStatus = 'all' | 'active' | 'inactive';

/** The tips, smallest first: visitors and customers get the active ones; the admin asks for `all`. */
export const tipsQuery = (status: TipStatus = 'active') =>
  queryOptions({
    queryKey: keyOf('Tips', 'getTips', { status }),
    queryFn: async () => (await call(client.GET('/api/GetTips', { params: { query: { status } } }))).data,
  });

/** Whole rupees, 1 to 1,00,000. */
export const addTip = async (TipAmnt: number) =>
  call(client.POST('/api/CrudTipsManage', { params: { query: { Action1: 'Add', TipAmnt } } }));

export const updateTip = async (id: number, TipAmnt: number) =>
  call(client.POST('/api/CrudTipsManage', { params: { query: { Action1: 'Update', id, TipAmnt } } }));

export const deleteTip = async (id: number) =>
  call(client.POST('/api/CrudTipsManage', { params: { query: { Action1: 'Delete', id } } }));

/** The GST rates with their effective dates and the ones in force today (the admin's service form). */
export const gstRatesQuery = () =>
  queryOptions({
    queryKey: keyOf('Tax', 'getGstRates'),
    queryFn: async () => (await call(client.GET('/api/Tax/GstRates'))).data,
    staleTime: 10 * 60_000,
  });
