import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ProfessionalForm } from '../../-components/professionals/ProfessionalForm';
import { FormPage } from '../-components/FormPage';

export const Route = createFileRoute('/_admin/Employee/EmployeeAdd')({
  head: () => ({ meta: [{ title: 'Add employee · Doorstep' }] }),
  component: EmployeeAdd,
});

function EmployeeAdd() {
  const navigate = useNavigate();
  return (
    <FormPage
      title="Add employee"
      description="A technician or engineer: they get an account and a one-time password by SMS, and must choose their own password at first sign-in."
      list={{ to: '/Employee/EmployeeList', label: 'Employee list' }}
    >
      <ProfessionalForm
        cancelTo="/Employee/EmployeeList"
        onSaved={(p) => navigate({ to: '/Employee/EmployeeDetail', search: { id: p.id } })}
      />
    </FormPage>
  );
}
