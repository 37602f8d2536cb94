import { createFileRoute, Link } from '@tanstack/react-router';
import { buttonClassName } from '../../../ui';
import { RequestsPage } from '../../-components/productRequests/RequestsPage';
import { validateRequestsSearch } from '../../-components/productRequests/search';

// The vendor's requests (decision 029): by state, each with its machine, history and the vendor's actions (cancel,
// send for re-approval, pay from the wallet).
export const Route = createFileRoute('/_vendor/TrackRequest/TrackProductRequest')({
  head: () => ({ meta: [{ title: 'Track product requests · Doorstep' }] }),
  validateSearch: validateRequestsSearch,
  component: () => (
    <RequestsPage
      title="Track product requests"
      description="Your requests to the store. Pay an approved request from your wallet to have it issued."
      viewer="VE"
      actions={
        <Link to="/Managestore/ListProducts" className={buttonClassName({ variant: 'secondary' })}>
          Request products
        </Link>
      }
      tabs={[
        { action: 'AllRequest', label: 'All requests', emptyMessage: 'You have not requested any products yet.' },
        {
          action: 'GetPendingRequestAckFromIM',
          label: 'Waiting for the inventory manager',
          emptyMessage: 'None of your requests is waiting for the inventory manager.',
        },
        {
          action: 'GetPendingRequestAckFromAdmin',
          label: 'Waiting for the admin',
          emptyMessage: 'None of your requests is waiting for the admin.',
        },
      ]}
    />
  ),
});
