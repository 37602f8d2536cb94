import { createFileRoute, Link } from '@tanstack/react-router';
import { buttonClassName, PageHeader } from '../../../ui';
import { CandidateDetail } from '../../-components/recruitment/CandidateDetail';
import { validateCandidateSearch } from '../../-components/recruitment/search';

// One candidate's page for HR: the pipeline drawn with the current step, the steps allowed now, the
// history of every step and the documents (add, update, view).
export const Route = createFileRoute('/_hr/RecruitingStaff/CandidateDetail')({
  head: () => ({ meta: [{ title: 'Candidate · Doorstep' }] }),
  validateSearch: validateCandidateSearch,
  component: CandidatePage,
});

function CandidatePage() {
  const { id } = Route.useSearch();
  return (
    <>
      <PageHeader
        title="Candidate"
        actions={
          <Link to="/RecruitingStaff/Candidates" className={buttonClassName({ variant: 'secondary' })}>
            All candidates
          </Link>
        }
      />
      <CandidateDetail id={id} viewer="HR" />
    </>
  );
}
