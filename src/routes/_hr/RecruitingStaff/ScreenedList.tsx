import { createFileRoute } from '@tanstack/react-router';
import { CandidatesPage } from '../../-components/recruitment/CandidatesPage';
import { validateCandidateListSearch } from '../../-components/recruitment/search';

// The candidates in state screened, with their next steps.
export const Route = createFileRoute('/_hr/RecruitingStaff/ScreenedList')({
  head: () => ({ meta: [{ title: 'Screened candidates · Doorstep' }] }),
  validateSearch: validateCandidateListSearch,
  component: () => (
    <CandidatesPage
      title="Screened candidates"
      description="Candidates who passed screening: call them for interview, or reject them with a remark."
      viewer="HR"
      tabs={[{ action: 'Screened', label: 'Screened', emptyMessage: 'No candidate is waiting for an interview call.' }]}
    />
  ),
});
