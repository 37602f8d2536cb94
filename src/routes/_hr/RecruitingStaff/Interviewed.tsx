import { createFileRoute } from '@tanstack/react-router';
import { CandidatesPage } from '../../-components/recruitment/CandidatesPage';
import { validateCandidateListSearch } from '../../-components/recruitment/search';

// The candidates in state interview, with their next steps.
export const Route = createFileRoute('/_hr/RecruitingStaff/Interviewed')({
  head: () => ({ meta: [{ title: 'Interviewed · Doorstep' }] }),
  validateSearch: validateCandidateListSearch,
  component: () => (
    <CandidatesPage
      title="Interviewed"
      description="Candidates called for interview: finalise them, or reject them with a remark."
      viewer="HR"
      tabs={[{ action: 'Interview', label: 'Interview', emptyMessage: 'No candidate is at the interview step.' }]}
    />
  ),
});
