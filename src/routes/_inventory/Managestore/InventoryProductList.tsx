import { createFileRoute } from '@tanstack/react-router';
import { inventoryProductsQuery } from '../../../api/products';
import { tableStateOf } from '../../_admin/-components/listSearch';
import { ProductListPage } from '../../-components/products/ProductListPage';
import { validateProductListSearch } from '../../-components/products/search';

export const Route = createFileRoute('/_inventory/Managestore/InventoryProductList')({
  head: () => ({ meta: [{ title: 'Products · Doorstep' }] }),
  validateSearch: validateProductListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(
      inventoryProductsQuery({
        ...tableStateOf(deps, { sort: 'productName', order: 'asc' }),
        lowStock: deps.lowStock,
        status: deps.status ?? 'all',
      }),
    ),
  component: InventoryProductList,
});

/** Manage Store: the store's products (decision 028). */
function InventoryProductList() {
  return (
    <ProductListPage
      title="Products"
      addTo="/Managestore/AddProduct"
      updateTo="/Managestore/UpdateProduct"
      historyTo="/ManageStore/ProductHistory"
      search={Route.useSearch()}
    />
  );
}
