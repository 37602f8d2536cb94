import type { Db } from '../../../db/client';
import { badRequest, notFound } from '../../../http';
import { toCsv } from '../../../shared/csv';
import * as repo from './repo';
import { CSV_MAX_ROWS, productView, storeView } from './terms';

/** GetProductsByVendorId (decision 028): the store's products the vendor may request. */
export async function storeFor(db: Db, vendorId: number, q: Parameters<typeof repo.pageStore>[1]) {
  if (!(await repo.isVendorAccount(db, vendorId))) throw notFound(`Vendor ${vendorId}`);
  const page = await repo.pageStore(db, q);
  return { ...page, items: page.items.map(storeView) };
}

/** The product-details fetch: vendors see active products only, without the store's cost. */
export async function productDetails(db: Db, id: number, viewer: { staff: boolean }) {
  const row = await repo.findProduct(db, id);
  if (!row || (!viewer.staff && !row.active)) throw notFound(`Product ${id}`);
  return productView(row, viewer);
}

export interface ListQuery extends repo.ProductListQuery {
  format?: 'json' | 'csv';
}

export async function listProducts(db: Db, q: ListQuery) {
  const page = await repo.pageProducts(db, q, q.format === 'csv' ? CSV_MAX_ROWS : undefined);
  return { ...page, items: page.items.map((r) => productView(r)) };
}

const PRODUCT_CSV = [
  'id',
  'productName',
  'hsnCode',
  'mrp',
  'discount',
  'discountType',
  'actualPrice',
  'gst',
  'cost',
  'onHand',
  'reserved',
  'available',
  'lowStockAt',
  'lowStock',
  'stockValue',
  'status',
  'updatedAt',
];
export const productsCsv = (items: ReturnType<typeof productView>[]) => toCsv(items, PRODUCT_CSV);

export interface HistoryQuery extends repo.MovementQuery {
  format?: 'json' | 'csv';
}

/** GetProductHistory: the ledger newest first; one product's when `productId` names it. */
export async function history(db: Db, q: HistoryQuery) {
  if (q.productId && !(await repo.findProduct(db, q.productId, true))) throw notFound(`Product ${q.productId}`);
  if (q.from && q.to && q.from > q.to) throw badRequest('to', 'must be on or after from');
  return repo.pageMovements(db, q, q.format === 'csv' ? CSV_MAX_ROWS : undefined);
}

const HISTORY_CSV = [
  'createdAt',
  'productId',
  'productName',
  'kind',
  'onHandDelta',
  'reservedDelta',
  'onHandAfter',
  'reservedAfter',
  'requestId',
  'reason',
  'actorName',
  'actorRole',
];
export const historyCsv = (items: Record<string, unknown>[]) => toCsv(items, HISTORY_CSV);
