import { createFileRoute } from '@tanstack/react-router';
import { CandidatesPage } from '../../-components/recruitment/CandidatesPage';
import { validateCandidateListSearch } from '../../-components/recruitment/search';

// 'Admin Rejected List' (decision 032): rejections at the admin's approval, apart from HR's rejections.
export const Route = createFileRoute('/_hr/RecruitingStaff/RejectedCandidates')({
  head: () => ({ meta: [{ title: 'Admin Rejected List · Doorstep' }] }),
  validateSearch: validateCandidateListSearch,
  component: () => (
    <CandidatesPage
      title="Admin Rejected List"
      description="Candidates the admin rejected at approval, with the admin's remark."
      viewer="HR"
      tabs={[
        {
          action: 'AdminRejected',
          label: 'Rejected by the admin',
          emptyMessage: 'The admin has rejected no candidate.',
          showRemark: true,
        },
      ]}
    />
  ),
});
