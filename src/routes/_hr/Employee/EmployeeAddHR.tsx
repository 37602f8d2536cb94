import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { urlInt } from '../../../ui/tableState';
import { FormPage } from '../../_admin/-components/FormPage';
import { ProfessionalForm } from '../../-components/professionals/ProfessionalForm';

export const Route = createFileRoute('/_hr/Employee/EmployeeAddHR')({
  head: () => ({ meta: [{ title: 'Add employee · Doorstep' }] }),
  // The candidate HR appoints (SPEC §7: CandidateId, 0 for adds outside recruitment).
  validateSearch: (raw: Record<string, unknown>): { CandidateId?: number } => {
    const id = urlInt(raw.CandidateId);
    return id && id > 0 ? { CandidateId: id } : {};
  },
  component: EmployeeAddHR,
});

function EmployeeAddHR() {
  const navigate = useNavigate();
  const { CandidateId } = Route.useSearch();
  return (
    <FormPage
      title="Add employee"
      description="A technician or engineer: they get an account and a one-time password by SMS, and must choose their own password at first sign-in."
      list={{ to: '/Employee/EmployeeList', label: 'Employee list' }}
    >
      <ProfessionalForm
        candidateId={CandidateId ?? 0}
        cancelTo="/Employee/EmployeeList"
        onSaved={(p) => navigate({ to: '/Employee/EmployeeDetail', search: { id: p.id } })}
      />
    </FormPage>
  );
}
