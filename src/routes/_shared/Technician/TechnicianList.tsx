import { createFileRoute } from '@tanstack/react-router';
import { professionalsQuery } from '../../../api/professionals';
import { tableStateOf } from '../../_admin/-components/listSearch';
import { ProfessionalListPage } from '../../-components/professionals/ProfessionalList';
import { filterOf, validateProfessionalSearch } from '../../-components/professionals/professionalSearch';

// The shared group's technician list: the employee list limited to technicians.
export const Route = createFileRoute('/_shared/Technician/TechnicianList')({
  head: () => ({ meta: [{ title: 'Technicians · Doorstep' }] }),
  validateSearch: validateProfessionalSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(professionalsQuery(tableStateOf(deps), filterOf(deps, 'Technician'))),
  component: () => (
    <ProfessionalListPage
      title="Technicians"
      description="Every technician, active or not."
      addTo="/Technician/TechnicianAdd"
      addLabel="Add technician"
      fixedType="Technician"
    />
  ),
});
