import { createFileRoute } from '@tanstack/react-router';
import type { TaskStateFilter } from '../../../api/vendors';
import { PageHeader } from '../../../ui';
import * as s from '../../_admin/-components/admin.css';
import { type ListSearch, validateListSearch } from '../../_admin/-components/listSearch';
import { taskStateOf } from '../../-components/vendors/search';
import { TaskTable } from '../../-components/vendors/TaskTable';

export const Route = createFileRoute('/_vendor/History/TechnicianTaskList')({
  head: () => ({ meta: [{ title: 'Technician tasks · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): ListSearch & { state?: TaskStateFilter } => ({
    ...validateListSearch(raw),
    state: taskStateOf(raw.state),
  }),
  component: TechnicianTaskList,
});

function TechnicianTaskList() {
  const { state } = Route.useSearch();
  return (
    <div className={s.page}>
      <PageHeader title="Technician tasks" description="The jobs your professionals hold or have done, newest first." />
      <TaskTable caption="Technician tasks" state={state} />
    </div>
  );
}
