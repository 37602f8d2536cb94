import { createFileRoute } from '@tanstack/react-router';
import { productQuery } from '../../../api/products';
import { validateIdSearch } from '../../_admin/-components/search';
import { UpdateProductPage } from '../../-components/products/UpdateProductPage';

export const Route = createFileRoute('/_inventory/Managestore/UpdateProduct')({
  head: () => ({ meta: [{ title: 'Change product · Doorstep' }] }),
  validateSearch: validateIdSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id > 0 ? context.queryClient.ensureQueryData(productQuery(deps.id)).catch(() => null) : null,
  component: () => (
    <UpdateProductPage
      id={Route.useSearch().id}
      listTo="/Managestore/InventoryProductList"
      historyTo="/ManageStore/ProductHistory"
    />
  ),
});
