import { createFileRoute } from '@tanstack/react-router';
import { CandidatesPage } from '../../-components/recruitment/CandidatesPage';
import { validateCandidateListSearch } from '../../-components/recruitment/search';

// Finalised candidates and those sent for approval.
export const Route = createFileRoute('/_hr/RecruitingStaff/FinalisedList')({
  head: () => ({ meta: [{ title: 'Finalised candidates · Doorstep' }] }),
  validateSearch: validateCandidateListSearch,
  component: () => (
    <CandidatesPage
      title="Finalised candidates"
      description="Finalised candidates: add their documents (PAN and Aadhaar are needed), then send them for the admin's approval."
      viewer="HR"
      tabs={[
        { action: 'Finalised', label: 'Finalised', emptyMessage: 'No finalised candidate.' },
        {
          action: 'SentForApproval',
          label: 'Waiting for the admin',
          emptyMessage: 'No candidate is waiting for the admin.',
        },
      ]}
    />
  ),
});
