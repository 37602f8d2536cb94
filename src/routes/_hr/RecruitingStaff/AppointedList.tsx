import { createFileRoute } from '@tanstack/react-router';
import { CandidatesPage } from '../../-components/recruitment/CandidatesPage';
import { validateCandidateListSearch } from '../../-components/recruitment/search';

// 'OnBoarding' (decision 032): approved candidates to appoint, and the appointed.
export const Route = createFileRoute('/_hr/RecruitingStaff/AppointedList')({
  head: () => ({ meta: [{ title: 'OnBoarding · Doorstep' }] }),
  validateSearch: validateCandidateListSearch,
  component: () => (
    <CandidatesPage
      title="OnBoarding"
      description="Candidates the admin approved: appoint them as professionals (choose zones, services and vendor). Appointed ones are listed too."
      viewer="HR"
      tabs={[
        { action: 'Approved', label: 'To appoint', emptyMessage: 'No approved candidate is waiting to be appointed.' },
        { action: 'Appointed', label: 'Appointed', emptyMessage: 'Nobody has been appointed yet.' },
      ]}
    />
  ),
});
