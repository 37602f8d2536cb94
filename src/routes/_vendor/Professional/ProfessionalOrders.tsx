import { createFileRoute } from '@tanstack/react-router';
import type { TaskStateFilter } from '../../../api/vendors';
import { Alert } from '../../../ui';
import * as s from '../../_admin/-components/admin.css';
import { type ListSearch, validateListSearch } from '../../_admin/-components/listSearch';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { positiveId } from '../../_admin/-components/search';
import { taskStateOf } from '../../-components/vendors/search';
import { TaskTable } from '../../-components/vendors/TaskTable';

export const Route = createFileRoute('/_vendor/Professional/ProfessionalOrders')({
  head: () => ({ meta: [{ title: 'Professional orders · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): ListSearch & { id?: number; state?: TaskStateFilter } => ({
    ...validateListSearch(raw),
    id: positiveId(raw.id),
    state: taskStateOf(raw.state),
  }),
  component: ProfessionalOrders,
});

/** One professional's jobs (one of the vendor's own: the server refuses anyone else's). */
function ProfessionalOrders() {
  const { id, state } = Route.useSearch();
  return (
    <StaffPage
      title="Professional orders"
      description="One of your professionals' jobs, newest first."
      related={{ to: '/Vender/ProfessionalList', label: 'Professional list' }}
      className={s.page}
    >
      {id ? (
        <TaskTable caption="The professional's orders" technicianId={id} state={state} />
      ) : (
        <Alert tone="info">Choose a professional from your professional list to see their orders.</Alert>
      )}
    </StaffPage>
  );
}
