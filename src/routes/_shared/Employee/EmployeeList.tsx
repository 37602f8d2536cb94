import { createFileRoute } from '@tanstack/react-router';
import { professionalsQuery } from '../../../api/professionals';
import { tableStateOf } from '../../_admin/-components/listSearch';
import { ProfessionalListPage } from '../../-components/professionals/ProfessionalList';
import { filterOf, validateProfessionalSearch } from '../../-components/professionals/professionalSearch';

// In the shared group: the admin's /Employee/EmployeeList and HR's /Employee/Employeelist are one page (paths match
// case-insensitively, so two areas cannot each have one); the server decides who may read and change what.
export const Route = createFileRoute('/_shared/Employee/EmployeeList')({
  head: () => ({ meta: [{ title: 'Employees · Doorstep' }] }),
  validateSearch: validateProfessionalSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(professionalsQuery(tableStateOf(deps), filterOf(deps))),
  component: () => (
    <ProfessionalListPage
      title="Employees"
      description="Technicians and engineers. Switching one off sends their open jobs back to the unassigned list."
      addTo="/Employee/EmployeeAdd"
      addLabel="Add employee"
    />
  ),
});
