import { createFileRoute } from '@tanstack/react-router';
import { ProductListPage } from '../../-components/products/ProductListPage';
import { validateProductListSearch } from '../../-components/products/search';

// The shared group's inventory list: the store's products, as on the inventory manager's product list.
export const Route = createFileRoute('/_shared/Inventory/InventoryList')({
  head: () => ({ meta: [{ title: 'Inventory · Doorstep' }] }),
  validateSearch: validateProductListSearch,
  component: () => (
    <ProductListPage
      title="Inventory"
      addTo="/Inventory/InventoryAdd"
      updateTo="/Inventory/InventoryUpdate"
      historyTo="/Inventory/InventoryHistory"
      search={Route.useSearch()}
    />
  ),
});
