import { createFileRoute } from '@tanstack/react-router';
import { RequestsPage } from '../../-components/productRequests/RequestsPage';
import { validateRequestsSearch } from '../../-components/productRequests/search';

// Every vendor request, in every state, with its history (decision 029).
export const Route = createFileRoute('/_inventory/Requests/RequestHistory')({
  head: () => ({ meta: [{ title: 'Request history · Doorstep' }] }),
  validateSearch: validateRequestsSearch,
  component: () => (
    <RequestsPage
      title="Request history"
      description="Every product request of every vendor, newest first."
      viewer="IM"
      tabs={[
        { action: 'AllRequest', label: 'All requests', emptyMessage: 'No product request yet.' },
        { action: 'GetPendingRequestAckFromAdmin', label: 'Waiting for the admin', emptyMessage: 'None.' },
      ]}
    />
  ),
});
