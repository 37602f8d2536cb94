import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { FormPage } from '../../_admin/-components/FormPage';
import { ProfessionalForm } from '../../-components/professionals/ProfessionalForm';

export const Route = createFileRoute('/_shared/Technician/TechnicianAdd')({
  head: () => ({ meta: [{ title: 'Add technician · Doorstep' }] }),
  component: TechnicianAdd,
});

function TechnicianAdd() {
  const navigate = useNavigate();
  return (
    <FormPage
      title="Add technician"
      description="They get an account and a one-time password by SMS, and must choose their own password at first sign-in."
      list={{ to: '/Technician/TechnicianList', label: 'Technician list' }}
    >
      <ProfessionalForm
        defaultType="Technician"
        cancelTo="/Technician/TechnicianList"
        onSaved={(p) => navigate({ to: '/Employee/EmployeeDetail', search: { id: p.id } })}
      />
    </FormPage>
  );
}
