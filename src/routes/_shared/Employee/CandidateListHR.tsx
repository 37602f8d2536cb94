import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '../../../api/session';
import { Alert } from '../../../ui';
import { CandidatesPage } from '../../-components/recruitment/CandidatesPage';
import { validateCandidatesInPageSearch } from '../../-components/recruitment/search';

// The candidates HR sent for approval. The admin opens one, approves it or rejects it with a remark (the
// rejection lands on /Employee/RejectedCandidates); HR sees what waits for the admin. In the shared group (its menu
// lists it for the admin and the shared group); the server refuses every other role.
export const Route = createFileRoute('/_shared/Employee/CandidateListHR')({
  head: () => ({ meta: [{ title: 'Candidates for approval · Doorstep' }] }),
  validateSearch: validateCandidatesInPageSearch,
  component: CandidateListHR,
});

function CandidateListHR() {
  const session = useSession();
  const role = session.matches('signedIn') ? (session.context.user?.Role ?? null) : null;
  if (role !== 'A' && role !== 'HR') {
    return <Alert tone="warning">Only the admin and HR see the candidates sent for approval.</Alert>;
  }
  return (
    <CandidatesPage
      title="Candidates for approval"
      description={
        role === 'A'
          ? 'Candidates HR finalised and sent to you: approve them, or reject them with a remark. Open one to see their documents and history.'
          : 'Candidates you sent for the admin’s approval.'
      }
      viewer={role}
      tabs={[
        {
          action: 'SentForApproval',
          label: 'Waiting for approval',
          emptyMessage: 'No candidate is waiting for approval.',
        },
      ]}
    />
  );
}
