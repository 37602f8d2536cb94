import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { assignedJobsQuery } from '../../../api/professionalJobs';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { JobList } from '../../-components/professional/JobList';
import { JOBS_PAGE_SIZE, validatePage } from '../../-components/professional/jobsSearch';
import * as s from '../../-components/professional/professional.css';

// Not in the technician's own menu: the jobs the office assigned to the technician, waiting for their answer
// (decision 019).
export const Route = createFileRoute('/_technician/History/AssignedOrderList')({
  head: () => ({ meta: [{ title: 'Assigned jobs · Doorstep' }] }),
  validateSearch: validatePage,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(
      assignedJobsQuery({ state: 'assigned', page: deps.page ?? 1, pageSize: JOBS_PAGE_SIZE }),
    ),
  component: AssignedOrderList,
});

function AssignedOrderList() {
  const { page = 1 } = Route.useSearch();
  const navigate = useNavigate();
  const query = useQuery(assignedJobsQuery({ state: 'assigned', page, pageSize: JOBS_PAGE_SIZE }));
  return (
    <StaffPage
      title="Assigned jobs"
      description="Jobs the office gave you, soonest first. Accept one to see the full address, or reject it with a reason."
      className={s.page}
    >
      <JobList
        query={query}
        label="Jobs assigned to you"
        page={page}
        onPage={(p) => navigate({ to: '.', search: { page: p > 1 ? p : undefined } })}
        empty={{ title: 'Nothing waiting for you', description: 'Jobs the office assigns to you appear here.' }}
      />
    </StaffPage>
  );
}
