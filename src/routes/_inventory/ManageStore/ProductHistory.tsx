import { createFileRoute } from '@tanstack/react-router';
import { ProductHistoryPage } from '../../-components/products/ProductHistoryPage';
import { validateProductHistorySearch } from '../../-components/products/search';

export const Route = createFileRoute('/_inventory/ManageStore/ProductHistory')({
  head: () => ({ meta: [{ title: 'Stock history · Doorstep' }] }),
  validateSearch: validateProductHistorySearch,
  component: () => <ProductHistoryPage search={Route.useSearch()} />,
});
