import { createFileRoute, Link } from '@tanstack/react-router';
import type { TaskStateFilter } from '../../../api/vendors';
import { Alert, buttonClassName, PageHeader } from '../../../ui';
import * as s from '../../_admin/-components/admin.css';
import { type ListSearch, validateListSearch } from '../../_admin/-components/listSearch';
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
    <div className={s.page}>
      <PageHeader
        title="Professional orders"
        description="One of your professionals' jobs, newest first."
        actions={
          <Link to="/Vender/ProfessionalList" className={buttonClassName({ variant: 'secondary' })}>
            Professional list
          </Link>
        }
      />
      {id ? (
        <TaskTable caption="The professional's orders" technicianId={id} state={state} />
      ) : (
        <Alert tone="info">Choose a professional from your professional list to see their orders.</Alert>
      )}
    </div>
  );
}
