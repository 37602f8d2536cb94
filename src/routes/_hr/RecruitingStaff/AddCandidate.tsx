import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { FormPage } from '../../_admin/-components/FormPage';
import { CandidateForm } from '../../-components/recruitment/CandidateForm';

// HR adds a candidate with a CV; their page opens next (documents, first step).
export const Route = createFileRoute('/_hr/RecruitingStaff/AddCandidate')({
  head: () => ({ meta: [{ title: 'Add candidate · Doorstep' }] }),
  component: AddCandidate,
});

function AddCandidate() {
  const navigate = useNavigate();
  return (
    <FormPage
      title="Add candidate"
      description="A new candidate starts at the first step; screen them from their page or the candidate list."
      list={{ to: '/RecruitingStaff/Candidates', label: 'All candidates' }}
    >
      <CandidateForm onSaved={(c) => navigate({ to: '/RecruitingStaff/CandidateDetail', search: { id: c.id } })} />
    </FormPage>
  );
}
