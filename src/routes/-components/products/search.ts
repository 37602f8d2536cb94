// The product pages' URL search checks, apart from the pages: a route's validateSearch is loaded with the route
// tree on every page, so it must not pull a page's components in (the public home's first chunk).
import type { StockMovementKind } from '../../../api/products';
import { urlInt } from '../../../ui/tableState';
import { type ListSearch, validateListSearch } from '../../_admin/-components/listSearch';
import { positiveId } from '../../_admin/-components/search';

export type ProductListSearch = ListSearch & { lowStock?: boolean; status?: 'active' | 'inactive' };

/** The list's URL: the table's keys, `lowStock=true` and `status`. */
export const validateProductListSearch = (raw: Record<string, unknown>): ProductListSearch => ({
  ...validateListSearch(raw),
  lowStock: raw.lowStock === true || raw.lowStock === 'true' ? true : undefined,
  status: raw.status === 'active' || raw.status === 'inactive' ? raw.status : undefined,
});

export interface ProductHistorySearch {
  productId?: number;
  kind?: StockMovementKind;
  page?: number;
}

export const STOCK_MOVEMENT_KINDS: readonly StockMovementKind[] = [
  'received',
  'adjusted',
  'reserved',
  'released',
  'issued',
];

export const validateProductHistorySearch = (raw: Record<string, unknown>): ProductHistorySearch => {
  const page = urlInt(raw.page);
  return {
    productId: positiveId(raw.productId),
    kind: STOCK_MOVEMENT_KINDS.includes(raw.kind as StockMovementKind) ? (raw.kind as StockMovementKind) : undefined,
    page: page && page > 1 ? page : undefined,
  };
};
