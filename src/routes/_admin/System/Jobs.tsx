import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { invalidateAfter } from '../../../api/invalidate';
import { type Job, type JobState, jobsQuery, retryJob } from '../../../api/jobs';
import { Alert, Badge, type BadgeTone, Button, formatDateTime, PageHeader, toast } from '../../../ui';
import { type Column, DataTable, staticTableProps } from '../../../ui/DataTable';
import { LoadFailure } from '../../-components/Loaded';
import { FilterSelect } from '../-components/FilterSelect';

// Spelled out: a route's search check is in every page's first chunk.
const STATE = /^(created|retry|active|completed|cancelled|failed)$/;
const stateOf = (v: unknown): JobState | undefined =>
  typeof v === 'string' && STATE.test(v) ? (v as JobState) : undefined;

const STATES: JobState[] = ['created', 'active', 'retry', 'failed', 'completed', 'cancelled'];
const LABEL: Record<JobState, string> = {
  created: 'Queued',
  active: 'Running',
  retry: 'Retrying',
  failed: 'Failed',
  completed: 'Done',
  cancelled: 'Cancelled',
};
const TONE: Record<JobState, BadgeTone> = {
  created: 'info',
  active: 'warning',
  retry: 'warning',
  failed: 'danger',
  completed: 'success',
  cancelled: 'neutral',
};

export const Route = createFileRoute('/_admin/System/Jobs')({
  head: () => ({ meta: [{ title: 'Jobs · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): { state?: JobState } => ({ state: stateOf(raw.state) }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(jobsQuery({ state: deps.state })),
  component: Jobs,
});

function Jobs() {
  const { state } = Route.useSearch();
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const jobs = useQuery(jobsQuery({ state }));
  const [retrying, setRetrying] = useState<string | null>(null);

  const retry = async (job: Job) => {
    setRetrying(job.id);
    try {
      const reply = await retryJob(job.id);
      toast.success(reply.message);
      await invalidateAfter(queryClient, 'retryJob');
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setRetrying(null);
    }
  };

  const columns: Column<Job>[] = [
    { key: 'queue', header: 'Queue' },
    { key: 'state', header: 'State', render: (j) => <Badge tone={TONE[j.state]}>{LABEL[j.state]}</Badge> },
    { key: 'createdOn', header: 'Made', render: (j) => formatDateTime(j.createdOn) },
    {
      key: 'retryCount',
      header: 'Retries',
      align: 'end',
      render: (j) => `${j.retryCount} of ${j.retryLimit}`,
    },
    {
      key: 'when',
      header: 'Finished or next try',
      render: (j) =>
        j.completedOn
          ? formatDateTime(j.completedOn)
          : j.state === 'created' || j.state === 'retry'
            ? formatDateTime(j.startAfter)
            : '',
    },
    { key: 'error', header: 'Last error', render: (j) => (j.error ? <bdi>{j.error}</bdi> : '') },
    {
      key: 'actions',
      header: 'Actions',
      render: (j) =>
        j.state === 'failed' ? (
          <Button
            size="sm"
            variant="secondary"
            loading={retrying === j.id}
            onClick={() => void retry(j)}
            aria-label={`Retry ${j.queue} job made ${formatDateTime(j.createdOn)}`}
          >
            Retry
          </Button>
        ) : null,
    },
  ];

  const counts = jobs.data?.counts ?? [];
  return (
    <div>
      <PageHeader
        title="Jobs"
        description="The scheduled and background work of every server process: payment reconciliation, coupon expiry and salary runs. A failed job is retried on its own a few times, later each time; Retry puts it back at once."
      />
      <LoadFailure query={jobs} />
      {jobs.data && !jobs.data.running ? (
        <Alert tone="warning">This server process runs no job runner (JOBS=off), so it cannot show the jobs.</Alert>
      ) : null}
      <DataTable
        {...staticTableProps(counts)}
        caption="Jobs by queue"
        columns={[
          { key: 'queue', header: 'Queue' },
          ...STATES.map((st) => ({
            key: st,
            header: LABEL[st],
            align: 'end' as const,
            render: (c: (typeof counts)[number]) => c[st],
          })),
        ]}
        rowKey={(c) => c.queue}
        emptyMessage="No queues."
      />
      <DataTable
        {...staticTableProps(jobs.data?.items ?? [])}
        caption="Newest jobs"
        columns={columns}
        rowKey={(j) => j.id}
        loading={jobs.isLoading}
        emptyMessage={state ? `No ${LABEL[state].toLowerCase()} jobs.` : 'No jobs yet.'}
        toolbar={
          <FilterSelect
            label="State"
            allLabel="All states"
            value={state ?? ''}
            options={STATES.map((v) => ({ value: v, label: LABEL[v] }))}
            onChange={(v) => void navigate({ search: { state: stateOf(v) } })}
          />
        }
      />
    </div>
  );
}
