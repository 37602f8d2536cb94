import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { customerQueriesQuery } from '../../../api/queries';
import { Button, EmptyState, Pager } from '../../../ui';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { Loaded } from '../../-components/Loaded';
import { validatePage } from '../../-components/professional/jobsSearch';
import * as s from '../../-components/professional/professional.css';
import { QueryCard } from '../../-components/professional/QueryCard';

const PAGE_SIZE = 10;
type Show = 'raised' | 'all';

export const Route = createFileRoute('/_technician/Query/Queries')({
  head: () => ({ meta: [{ title: 'Queries · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): { page?: number; show?: 'all' } => ({
    ...validatePage(raw),
    ...(raw.show === 'all' ? { show: 'all' as const } : {}),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(
      customerQueriesQuery({
        page: deps.page ?? 1,
        pageSize: PAGE_SIZE,
        state: deps.show === 'all' ? undefined : 'raised',
      }),
    ),
  component: Queries,
});

const LABELS: Record<Show, string> = { raised: 'To answer', all: 'All' };

/** Customers' queries about the technician's own jobs: the unanswered first, and all of them on the second tab. */
function Queries() {
  const { page = 1, show = 'raised' } = Route.useSearch();
  const navigate = useNavigate();
  const q = useQuery(customerQueriesQuery({ page, pageSize: PAGE_SIZE, state: show === 'all' ? undefined : 'raised' }));
  const go = (next: Show, p = 1) =>
    navigate({ to: '.', search: { show: next === 'all' ? 'all' : undefined, page: p > 1 ? p : undefined } });
  return (
    <StaffPage
      title="Queries"
      description="Customers' questions about your jobs. Your answer reaches them at once."
      className={s.page}
    >
      <nav aria-label="Query lists" className={s.tabs}>
        {(['raised', 'all'] as const).map((v) => (
          <Button
            key={v}
            size="sm"
            variant={v === show ? 'primary' : 'secondary'}
            aria-current={v === show ? 'page' : undefined}
            onClick={() => go(v)}
          >
            {LABELS[v]}
          </Button>
        ))}
      </nav>
      <Loaded query={q} loadingLabel="Loading queries…">
        {(data) =>
          data.total === 0 ? (
            <EmptyState
              title={show === 'raised' ? 'No query waits for an answer' : 'No queries yet'}
              description="Questions customers raise about your jobs appear here."
            />
          ) : (
            <>
              <ul aria-label="Queries about your jobs" className={s.cards}>
                {data.items.map((item) => (
                  <QueryCard key={item.id} q={item} />
                ))}
              </ul>
              <Pager
                page={page}
                pages={Math.max(1, Math.ceil(data.total / PAGE_SIZE))}
                label="Queries: pages"
                onPage={(p) => go(show, p)}
              />
            </>
          )
        }
      </Loaded>
    </StaffPage>
  );
}
