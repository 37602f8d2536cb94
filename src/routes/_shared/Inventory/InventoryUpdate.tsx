import { createFileRoute } from '@tanstack/react-router';
import { validateIdSearch } from '../../_admin/-components/search';
import { UpdateProductPage } from '../../-components/products/UpdateProductPage';

// The shared group's product update, reached from its inventory list.
export const Route = createFileRoute('/_shared/Inventory/InventoryUpdate')({
  head: () => ({ meta: [{ title: 'Change inventory · Doorstep' }] }),
  validateSearch: validateIdSearch,
  component: () => (
    <UpdateProductPage
      id={Route.useSearch().id}
      listTo="/Inventory/InventoryList"
      historyTo="/Inventory/InventoryHistory"
    />
  ),
});
