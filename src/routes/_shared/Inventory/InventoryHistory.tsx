import { createFileRoute } from '@tanstack/react-router';
import { ProductHistoryPage } from '../../-components/products/ProductHistoryPage';
import { validateProductHistorySearch } from '../../-components/products/search';

// The shared group's stock history, reached from its inventory list.
export const Route = createFileRoute('/_shared/Inventory/InventoryHistory')({
  head: () => ({ meta: [{ title: 'Stock history · Doorstep' }] }),
  validateSearch: validateProductHistorySearch,
  component: () => <ProductHistoryPage search={Route.useSearch()} />,
});
