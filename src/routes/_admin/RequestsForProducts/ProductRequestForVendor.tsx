import { createFileRoute } from '@tanstack/react-router';
import { RequestsPage } from '../../-components/productRequests/RequestsPage';
import { validateRequestsSearch } from '../../-components/productRequests/search';

// The admin's queue: requests the inventory manager accepted, waiting for the admin (decision 029).
export const Route = createFileRoute('/_admin/RequestsForProducts/ProductRequestForVendor')({
  head: () => ({ meta: [{ title: 'Product requests · Doorstep' }] }),
  validateSearch: validateRequestsSearch,
  component: () => (
    <RequestsPage
      title="Product requests"
      description="Requests the inventory manager accepted, waiting for your decision. Rejecting needs a remark."
      viewer="A"
      tabs={[
        {
          action: 'GetPendingRequestAckFromAdmin',
          label: 'Waiting for me',
          emptyMessage: 'No request is waiting for the admin.',
        },
      ]}
    />
  ),
});
