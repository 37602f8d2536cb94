import { createFileRoute } from '@tanstack/react-router';
import { CandidatesPage } from '../../-components/recruitment/CandidatesPage';
import { validateCandidateListSearch } from '../../-components/recruitment/search';

// Every candidate, the new ones, and HR's rejections; add and import.
export const Route = createFileRoute('/_hr/RecruitingStaff/Candidates')({
  head: () => ({ meta: [{ title: 'Candidates · Doorstep' }] }),
  validateSearch: validateCandidateListSearch,
  component: () => (
    <CandidatesPage
      title="Candidates"
      description="Every candidate: new ones to screen, everyone, and those HR rejected with the remark."
      viewer="HR"
      manage
      tabs={[
        { action: 'New', label: 'New', emptyMessage: 'No new candidate: add one or import a sheet.' },
        { action: 'All', label: 'All', emptyMessage: 'No candidate yet.' },
        {
          action: 'Rejected',
          label: 'Rejected by HR',
          emptyMessage: 'No candidate has been rejected.',
          showRemark: true,
        },
      ]}
    />
  ),
});
