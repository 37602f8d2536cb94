import { createFileRoute } from '@tanstack/react-router';
import { RequestsPage } from '../../-components/productRequests/RequestsPage';
import { validateRequestsSearch } from '../../-components/productRequests/search';

// Every vendor request, in every state, with its history (decision 029).
export const Route = createFileRoute('/_admin/RequestsForProducts/HistoryOfRequests')({
  head: () => ({ meta: [{ title: 'History of requests · Doorstep' }] }),
  validateSearch: validateRequestsSearch,
  component: () => (
    <RequestsPage
      title="History of requests"
      description="Every product request of every vendor, newest first."
      viewer="A"
      tabs={[
        { action: 'AllRequest', label: 'All requests', emptyMessage: 'No product request yet.' },
        {
          action: 'GetPendingRequestAckFromIM',
          label: 'Waiting for the inventory manager',
          emptyMessage: 'None.',
        },
      ]}
    />
  ),
});
