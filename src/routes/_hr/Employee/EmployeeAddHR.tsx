import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { urlInt } from '../../../ui/tableState';
import { FormPage } from '../../_admin/-components/FormPage';
import { ProfessionalForm } from '../../-components/professionals/ProfessionalForm';
import { AppointCandidate } from '../../-components/recruitment/AppointCandidate';

export const Route = createFileRoute('/_hr/Employee/EmployeeAddHR')({
  head: () => ({ meta: [{ title: 'Add employee · Doorstep' }] }),
  // The candidate HR appoints (CandidateId, 0 for adds outside recruitment).
  validateSearch: (raw: Record<string, unknown>): { CandidateId?: number } => {
    const id = urlInt(raw.CandidateId);
    return id && id > 0 ? { CandidateId: id } : {};
  },
  component: EmployeeAddHR,
});

function EmployeeAddHR() {
  const navigate = useNavigate();
  const { CandidateId } = Route.useSearch();
  const onSaved = (p: { id: number }) => navigate({ to: '/Employee/EmployeeDetail', search: { id: p.id } });
  return (
    <FormPage
      title={CandidateId ? 'Appoint candidate' : 'Add employee'}
      description={
        CandidateId
          ? 'The candidate’s details are filled in: choose their state and city, zones, services and vendor. They get an account and a one-time password by SMS.'
          : 'A technician or engineer: they get an account and a one-time password by SMS, and must choose their own password at first sign-in.'
      }
      list={
        CandidateId
          ? { to: '/RecruitingStaff/AppointedList', label: 'OnBoarding' }
          : { to: '/Employee/EmployeeList', label: 'Employee list' }
      }
    >
      {CandidateId ? (
        <AppointCandidate candidateId={CandidateId} cancelTo="/RecruitingStaff/AppointedList" onSaved={onSaved} />
      ) : (
        <ProfessionalForm candidateId={0} cancelTo="/Employee/EmployeeList" onSaved={onSaved} />
      )}
    </FormPage>
  );
}
