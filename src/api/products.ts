// The product store and its stock ledger (decision 028): the operation kit's reads and writes for the
// inventory manager's Manage Store screens, the shared group's inventory pages, the IM dashboard and the top bar's
// product-details fetch.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components, operations } from './schema.gen';

export type Product = components['schemas']['Product'];
export type StockMovement = components['schemas']['StockMovement'];
export type StockMovementKind = components['schemas']['StockMovementKind'];
export type InventoryDashboard = components['schemas']['InventoryDashboard'];
export type AddProductBody = operations['addProduct']['requestBody']['content']['application/json'];
export type UpdateProductBody = operations['updateProduct']['requestBody']['content']['application/json'];
export type ProductImportRow = operations['importProducts']['requestBody']['content']['application/json'][number];
export type StockMovementBody = operations['addStockMovement']['requestBody']['content']['application/json'];
type ListQuery = NonNullable<operations['getInventoryProducts']['parameters']['query']>;
export type ProductSort = NonNullable<ListQuery['sort']>;
export type ProductStatusFilter = NonNullable<ListQuery['status']>;

const SORTS: readonly string[] = [
  'productName',
  'mrp',
  'actualPrice',
  'onHand',
  'available',
  'updatedAt',
] satisfies ProductSort[];

export interface ProductPageParams {
  page: number;
  pageSize: number;
  search?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  lowStock?: boolean;
  status?: ProductStatusFilter;
}

/** The list reads answer JSON unless format=csv is asked for; the contract lists both, so the type says either. */
const json = <T>(reply: T) => reply as Exclude<T, string>;

const listQuery = (p: Omit<ProductPageParams, 'page' | 'pageSize'>) => ({
  ...(p.search ? { search: p.search } : {}),
  ...(p.lowStock ? { lowStock: true } : {}),
  ...(p.status && p.status !== 'all' ? { status: p.status } : {}),
  ...(p.sort && SORTS.includes(p.sort) ? { sort: p.sort as ProductSort, order: p.order } : {}),
});

/** One page of the store for the inventory manager (and the admin). */
export const inventoryProductsQuery = (p: ProductPageParams) =>
  queryOptions({
    queryKey: keyOf('Products', 'getInventoryProducts', p),
    queryFn: async () =>
      json(
        await call(
          client.GET('/api/Vendor/GetInventoryProducts', {
            params: { query: { page: p.page, pageSize: p.pageSize, ...listQuery(p) } },
          }),
        ),
      ).data,
    placeholderData: keepPreviousData,
  });

/** Every product matching the list's filters (up to 50,000) as CSV text, fetched with the session's token. */
export async function productsCsv(p: Omit<ProductPageParams, 'page' | 'pageSize'>): Promise<string> {
  const reply = client.GET('/api/Vendor/GetInventoryProducts', {
    params: { query: { format: 'csv', ...listQuery(p) } },
    parseAs: 'text',
  });
  return call(reply as Promise<{ data?: string; error?: unknown; response: Response }>);
}

/** One product with its current stock (the top bar's product-details fetch). */
export const productQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Products', 'getProductDetails', { id }),
    queryFn: async () => (await call(client.GET('/api/Vendor/GetProductDetails', { params: { query: { id } } }))).data,
    enabled: id > 0,
  });

export interface HistoryParams {
  page: number;
  pageSize: number;
  productId?: number;
  kind?: StockMovementKind;
}

/** One page of the stock ledger, newest first; one product's when `productId` is given. */
export const productHistoryQuery = (p: HistoryParams) =>
  queryOptions({
    queryKey: keyOf('Products', 'getProductHistory', p),
    queryFn: async () =>
      json(
        await call(
          client.GET('/api/Vendor/GetProductHistory', {
            params: {
              query: {
                page: p.page,
                pageSize: p.pageSize,
                ...(p.productId ? { productId: p.productId } : {}),
                ...(p.kind ? { kind: p.kind } : {}),
              },
            },
          }),
        ),
      ).data,
    placeholderData: keepPreviousData,
  });

/** The ledger's rows of the same filters as CSV text. */
export async function productHistoryCsv(p: { productId?: number; kind?: StockMovementKind }): Promise<string> {
  const reply = client.GET('/api/Vendor/GetProductHistory', {
    params: {
      query: { format: 'csv', ...(p.productId ? { productId: p.productId } : {}), ...(p.kind ? { kind: p.kind } : {}) },
    },
    parseAs: 'text',
  });
  return call(reply as Promise<{ data?: string; error?: unknown; response: Response }>);
}

/** The inventory manager's dashboard figures. */
export const inventoryDashboardQuery = () =>
  queryOptions({
    queryKey: keyOf('Products', 'getInventoryDashboard'),
    queryFn: async () => (await call(client.GET('/api/Dashboard/InventoryManagerDashboard'))).data,
  });

export const addProduct = (body: AddProductBody) => call(client.POST('/api/Vendor/AddProducts', { body }));
export const updateProduct = (body: UpdateProductBody) => call(client.PUT('/api/Vendor/UpdateProducts', { body }));
export const importProducts = async (rows: ProductImportRow[]) =>
  (await call(client.POST('/api/Excel/AddProductsExcel', { body: rows }))).data;
export const deleteProduct = (id: number) =>
  call(client.POST('/api/Vendor/DeleteProduct', { params: { query: { id } } }));
/** `key` is the form's Idempotency-Key (one per opened dialog): a double click or a retry records the movement once. */
export const addStockMovement = (body: StockMovementBody, key: string) =>
  call(client.POST('/api/Vendor/AddStockMovement', { params: { header: { 'Idempotency-Key': key } }, body }));
