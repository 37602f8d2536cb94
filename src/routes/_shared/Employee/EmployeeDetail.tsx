import { createFileRoute } from '@tanstack/react-router';
import { professionalQuery } from '../../../api/professionals';
import { Alert } from '../../../ui';
import { urlInt } from '../../../ui/tableState';
import { ProfessionalDetailPage } from '../../-components/professionals/ProfessionalDetailPage';

export const Route = createFileRoute('/_shared/Employee/EmployeeDetail')({
  head: () => ({ meta: [{ title: 'Employee · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): { id: number } => ({ id: urlInt(raw.id) ?? 0 }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    deps.id > 0 ? context.queryClient.prefetchQuery(professionalQuery(deps.id)) : undefined,
  component: EmployeeDetail,
});

function EmployeeDetail() {
  const { id } = Route.useSearch();
  return id > 0 ? <ProfessionalDetailPage id={id} /> : <Alert tone="danger">No employee was chosen.</Alert>;
}
