import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { rejectedJobsQuery } from '../../../api/professionalJobs';
import { EmptyState, formatDateTime, PageHeader, Pager } from '../../../ui';
import { Loaded } from '../../-components/Loaded';
import { areaText, slotText } from '../../-components/professional/format';
import { JOBS_PAGE_SIZE, validatePage } from '../../-components/professional/jobsSearch';
import * as s from '../../-components/professional/professional.css';

export const Route = createFileRoute('/_technician/History/RejectedOrderList')({
  head: () => ({ meta: [{ title: 'Rejected orders · Doorstep' }] }),
  validateSearch: validatePage,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(rejectedJobsQuery({ page: deps.page ?? 1, pageSize: JOBS_PAGE_SIZE })),
  component: RejectedOrderList,
});

/** The jobs the technician turned down, latest first, with the reason they gave. */
function RejectedOrderList() {
  const { page = 1 } = Route.useSearch();
  const navigate = useNavigate();
  const q = useQuery(rejectedJobsQuery({ page, pageSize: JOBS_PAGE_SIZE }));
  return (
    <div className={s.page}>
      <PageHeader title="Rejected orders" description="Jobs you turned down, latest first." />
      <Loaded query={q} loadingLabel="Loading jobs…">
        {(data) =>
          data.total === 0 ? (
            <EmptyState title="You have not rejected a job" description="Jobs you turn down are listed here." />
          ) : (
            <>
              <ul aria-label="Jobs you rejected" className={s.cards}>
                {data.items.map((r) => (
                  <li key={r.rejectionId} className={s.card} aria-label={`${r.serviceName}, order ${r.orderId}`}>
                    <h3 className={s.title}>{r.serviceName}</h3>
                    <dl className={s.facts}>
                      <dt>Slot</dt>
                      <dd>{slotText(r.slotStart)}</dd>
                      <dt>Area</dt>
                      <dd>{areaText(r.area)}</dd>
                      <dt>Order</dt>
                      <dd>#{r.orderId}</dd>
                      <dt>Rejected</dt>
                      <dd>{formatDateTime(r.rejectedAt)}</dd>
                      <dt>Reason</dt>
                      <dd dir="auto">{r.reason ?? '—'}</dd>
                    </dl>
                  </li>
                ))}
              </ul>
              <Pager
                page={page}
                pages={Math.max(1, Math.ceil(data.total / JOBS_PAGE_SIZE))}
                label="Rejected jobs: pages"
                onPage={(p) => navigate({ to: '.', search: { page: p > 1 ? p : undefined } })}
              />
            </>
          )
        }
      </Loaded>
    </div>
  );
}
