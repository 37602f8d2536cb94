import { createFileRoute } from '@tanstack/react-router';
import { CandidatesPage } from '../../-components/recruitment/CandidatesPage';
import { validateCandidatesInPageSearch } from '../../-components/recruitment/search';

// The candidates the admin rejected at approval, with the admin's remark.
export const Route = createFileRoute('/_admin/Employee/RejectedCandidates')({
  head: () => ({ meta: [{ title: 'Rejected candidates · Doorstep' }] }),
  validateSearch: validateCandidatesInPageSearch,
  component: () => (
    <CandidatesPage
      title="Rejected candidates"
      description="Candidates you rejected at approval, with your remark."
      viewer="A"
      tabs={[
        {
          action: 'AdminRejected',
          label: 'Rejected at approval',
          emptyMessage: 'You have rejected no candidate.',
          showRemark: true,
        },
      ]}
    />
  ),
});
