import { createFileRoute } from '@tanstack/react-router';
import { RequestsPage } from '../../-components/productRequests/RequestsPage';
import { validateRequestsSearch } from '../../-components/productRequests/search';

// The inventory manager's queue: requests waiting for their decision (decision 029).
export const Route = createFileRoute('/_inventory/Requests/ProductRequests')({
  head: () => ({ meta: [{ title: 'Product requests · Doorstep' }] }),
  validateSearch: validateRequestsSearch,
  component: () => (
    <RequestsPage
      title="Product requests"
      description="Vendors' requests waiting for you. Accepting holds the stock for the request; rejecting needs a remark."
      viewer="IM"
      tabs={[
        {
          action: 'GetPendingRequestAckFromIM',
          label: 'Waiting for me',
          emptyMessage: 'No request is waiting for the inventory manager.',
        },
      ]}
    />
  ),
});
