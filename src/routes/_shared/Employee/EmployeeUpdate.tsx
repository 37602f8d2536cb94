import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { professionalQuery } from '../../../api/professionals';
import { Alert } from '../../../ui';
import { urlInt } from '../../../ui/tableState';
import { FormPage } from '../../_admin/-components/FormPage';
import { NotLoaded } from '../../-components/Loaded';
import { ProfessionalForm } from '../../-components/professionals/ProfessionalForm';

export const Route = createFileRoute('/_shared/Employee/EmployeeUpdate')({
  head: () => ({ meta: [{ title: 'Change employee · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): { id: number } => ({ id: urlInt(raw.id) ?? 0 }),
  component: EmployeeUpdate,
});

function EmployeeUpdate() {
  const { id } = Route.useSearch();
  const navigate = useNavigate();
  const q = useQuery(professionalQuery(id));
  return (
    <FormPage
      title={q.data ? `Change ${q.data.fullName}` : 'Change employee'}
      description="The profile. Zones and skills are changed on the employee's page."
      list={{ to: '/Employee/EmployeeList', label: 'Employee list' }}
    >
      {id <= 0 ? (
        <Alert tone="danger">No employee was chosen.</Alert>
      ) : !q.data ? (
        <NotLoaded query={q} />
      ) : (
        <ProfessionalForm
          key={q.data.id}
          professional={q.data}
          cancelTo="/Employee/EmployeeList"
          onSaved={(p) => navigate({ to: '/Employee/EmployeeDetail', search: { id: p.id } })}
        />
      )}
    </FormPage>
  );
}
