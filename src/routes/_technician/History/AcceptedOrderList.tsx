import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { acceptedJobsQuery } from '../../../api/professionalJobs';
import { Button } from '../../../ui';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { JobList } from '../../-components/professional/JobList';
import { JOBS_PAGE_SIZE, validatePage } from '../../-components/professional/jobsSearch';
import * as s from '../../-components/professional/professional.css';

type When = 'open' | 'done';

export const Route = createFileRoute('/_technician/History/AcceptedOrderList')({
  head: () => ({ meta: [{ title: 'Accepted orders · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): { page?: number; when?: 'done' } => ({
    ...validatePage(raw),
    ...(raw.when === 'done' ? { when: 'done' as const } : {}),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(
      acceptedJobsQuery({ when: deps.when ?? 'open', page: deps.page ?? 1, pageSize: JOBS_PAGE_SIZE }),
    ),
  component: AcceptedOrderList,
});

const LABELS: Record<When, string> = { open: 'To do', done: 'Done' };

/** Accepted jobs still to do (each with 'Complete'), and the done ones with their rating, review and tip. */
function AcceptedOrderList() {
  const { page = 1, when = 'open' } = Route.useSearch();
  const navigate = useNavigate();
  const query = useQuery(acceptedJobsQuery({ when, page, pageSize: JOBS_PAGE_SIZE }));
  const go = (w: When, p = 1) =>
    navigate({ to: '.', search: { when: w === 'done' ? 'done' : undefined, page: p > 1 ? p : undefined } });
  return (
    <StaffPage
      title="Accepted orders"
      description="Jobs you accepted. At the door, ask the customer for their 4-digit code to complete the job."
      className={s.page}
    >
      <nav aria-label="Accepted lists" className={s.tabs}>
        {(['open', 'done'] as const).map((w) => (
          <Button
            key={w}
            size="sm"
            variant={w === when ? 'primary' : 'secondary'}
            aria-current={w === when ? 'page' : undefined}
            onClick={() => go(w)}
          >
            {LABELS[w]}
          </Button>
        ))}
      </nav>
      <JobList
        query={query}
        label={when === 'open' ? 'Accepted jobs to do' : 'Jobs done'}
        page={page}
        onPage={(p) => go(when, p)}
        empty={
          when === 'open'
            ? { title: 'No accepted jobs to do', description: 'Jobs you accept or take appear here until completed.' }
            : { title: 'No jobs done yet', description: 'Completed jobs appear here with the customer’s rating.' }
        }
      />
    </StaffPage>
  );
}
