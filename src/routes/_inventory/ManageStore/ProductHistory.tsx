import { createFileRoute } from '@tanstack/react-router';
import { ProductHistoryPage, validateProductHistorySearch } from '../../-components/products/ProductHistoryPage';

export const Route = createFileRoute('/_inventory/ManageStore/ProductHistory')({
  head: () => ({ meta: [{ title: 'Stock history · Doorstep' }] }),
  validateSearch: validateProductHistorySearch,
  component: () => <ProductHistoryPage search={Route.useSearch()} />,
});
