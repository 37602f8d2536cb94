// The manual salary process (decision 034): start a month's run for everyone, follow it with a progress bar (the run is
// polled while it works), resume it after a failure or a short company wallet, and see the earlier runs. The run is a
// job in the database that the server's workers advance in batches; nobody is paid twice, whatever stops it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { invalidateAfter } from '../../../api/invalidate';
import { payRunQuery, payRunsQuery, resumePayRun, startPayRun } from '../../../api/payroll';
import { Alert, Badge, Button, Card, formatDateTime, formatRupees, PageHeader, toast } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { TextField } from '../../../ui/form';
import { useServerTable } from '../../_admin/-components/useServerTable';
import { Fact } from '../Fact';
import { OperationForm, useOperationForm } from '../form';
import { InPageLink } from '../InPageLink';
import { LoadFailure, NotLoaded } from '../Loaded';
import { MonthPicker } from './MonthPicker';
import * as s from './payroll.css';
import { apiMonth, monthLabel, monthOf, type validateRunSearch } from './search';
import { runStateLabel } from './status';
import type { PayRun } from './types';

type Search = ReturnType<typeof validateRunSearch>;

/** How often a working run is read again. */
export const RUN_POLL_MS = 1000;

export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 100;
  return (
    <div
      className={s.progressTrack}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={`${value.toLocaleString('en-IN')} of ${max.toLocaleString('en-IN')} (${percent}%)`}
    >
      <div className={s.progressBar} style={{ inlineSize: `${percent}%` }} />
    </div>
  );
}

/** True while the workers are paying it: the page reads it again every second. */
const working = (r: PayRun | undefined) => r !== undefined && r.state === 'running' && r.active;

export function RunProgress({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const run = useQuery({
    ...payRunQuery(id),
    refetchInterval: (q) => (working(q.state.data as PayRun | undefined) ? RUN_POLL_MS : false),
  });
  const [resuming, setResuming] = useState(false);
  const finished = run.data?.state === 'done';
  // When the run ends, the month's lists and figures have changed: read them again.
  useEffect(() => {
    if (finished) void invalidateAfter(queryClient, 'startPayRun');
  }, [finished, queryClient]);
  if (!run.data) return <NotLoaded query={run} />;
  const r = run.data;
  const state = runStateLabel(r);
  const canResume = r.state === 'running' && (!r.active || r.failed > 0);

  async function resume() {
    setResuming(true);
    try {
      await resumePayRun(id);
      await invalidateAfter(queryClient, 'resumePayRun');
      toast.success(`Salary run ${id} resumed.`);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setResuming(false);
    }
  }

  return (
    <Card
      title={`Salary run ${r.id}, ${monthLabel(r)}`}
      actions={
        <>
          <Badge tone={state.tone}>{state.label}</Badge>
          {canResume ? (
            <Button size="sm" loading={resuming} onClick={resume}>
              Resume
            </Button>
          ) : null}
        </>
      }
    >
      <div className={s.stack}>
        <LoadFailure query={run} />
        <ProgressBar value={r.processed} max={r.total} label={`Salary run ${r.id} progress`} />
        <p className={s.muted} role="status" aria-live="polite">
          {r.processed.toLocaleString('en-IN')} of {r.total.toLocaleString('en-IN')} employees done: {r.paid} paid,{' '}
          {r.skipped} skipped (already paid or without a structure), {r.failed} failed.
          {r.state === 'done' ? ' Finished.' : ''}
        </p>
        <dl className={s.facts}>
          <Fact term="Paid in this run">{formatRupees(r.paidAmount)}</Fact>
          <Fact term="Bank reference prefix">{r.bankReferencePrefix}</Fact>
          <Fact term="Started">{formatDateTime(r.createdAt)}</Fact>
          {r.finishedAt ? <Fact term="Finished">{formatDateTime(r.finishedAt)}</Fact> : null}
        </dl>
        {r.lastError ? (
          <Alert tone={r.active ? 'warning' : 'danger'}>
            {r.lastError}
            {canResume ? ' Fix the cause (add balance to the company account wallet, for one) and resume.' : ''}
          </Alert>
        ) : null}
      </div>
    </Card>
  );
}

function StartRunForm({ month }: { month: { month: number; year: number } }) {
  const navigate = useNavigate();
  const form = useOperationForm({
    operation: 'startPayRun',
    initial: { bankReferencePrefix: `SAL-${month.year}${String(month.month).padStart(2, '0')}` },
    labels: { bankReferencePrefix: 'Bank reference prefix' },
    toBody: (v) => ({ date: apiMonth(month), bankReferencePrefix: v.bankReferencePrefix.trim() }),
    send: (body) => startPayRun(body.date, body.bankReferencePrefix),
    savedMessage: false,
    onSaved: (reply) => {
      toast.success(`Salary run ${reply.data.id} started for ${monthLabel(reply.data)}.`);
      void navigate({
        to: '.',
        search: ((prev: Record<string, unknown>) => ({ ...prev, run: reply.data.id })) as never,
      });
    },
  });
  return (
    <OperationForm form={form} label={`Start the salary run for ${monthLabel(month)}`} submitLabel="Start salary run">
      <TextField
        {...form.text('bankReferencePrefix')}
        hint="Each payment's reference is the prefix and the employee's id."
        autoComplete="off"
      />
    </OperationForm>
  );
}

const RUN_COLUMNS: Column<PayRun>[] = [
  { key: 'id', header: 'Run', render: (r) => `#${r.id}` },
  { key: 'month', header: 'Month', render: (r) => <span className={s.nowrap}>{monthLabel(r)}</span> },
  {
    key: 'state',
    header: 'State',
    render: (r) => {
      const st = runStateLabel(r);
      return <Badge tone={st.tone}>{st.label}</Badge>;
    },
  },
  { key: 'progress', header: 'Done', align: 'end', render: (r) => `${r.processed} / ${r.total}` },
  { key: 'paid', header: 'Paid', align: 'end' },
  { key: 'failed', header: 'Failed', align: 'end' },
  {
    key: 'paidAmount',
    header: 'Amount paid',
    align: 'end',
    render: (r) => <span className={s.nowrap}>{formatRupees(r.paidAmount)}</span>,
  },
  {
    key: 'createdAt',
    header: 'Started',
    render: (r) => <span className={s.nowrap}>{formatDateTime(r.createdAt)}</span>,
  },
  {
    key: 'actions',
    header: 'Actions',
    align: 'end',
    render: (r) => (
      <InPageLink set={{ run: r.id }} size="sm" aria-label={`Follow salary run ${r.id}`}>
        Follow
      </InPageLink>
    ),
  },
];

export function PayRunPanel() {
  const search = useSearch({ strict: false }) as Search;
  const month = monthOf(search);
  const table = useServerTable<PayRun>((state) => payRunsQuery({ page: state.page, pageSize: state.pageSize }));
  return (
    <div className={s.page}>
      <Card title="Start a month's run">
        <div className={s.stack}>
          <p className={s.muted}>
            Pays every employee with a salary structure for the month chosen, from the company account wallet, in the
            background. Employees already paid are skipped, so a run can be started after single payments and resumed
            after a failure without paying anyone twice.
          </p>
          <MonthPicker value={month} label="Month to pay" />
          <StartRunForm key={apiMonth(month)} month={month} />
        </div>
      </Card>
      {search.run ? <RunProgress id={search.run} /> : null}
      <DataTable
        {...table}
        caption="Salary runs"
        columns={RUN_COLUMNS}
        rowKey={(r) => r.id}
        searchable={false}
        emptyMessage="No salary run yet."
      />
    </div>
  );
}

/** HR's /PayModule/ManualSalaryProcess. */
export function ManualSalaryProcessPage() {
  return (
    <div className={s.page}>
      <PageHeader
        title="Manual salary process"
        description="Pay a month for every employee in one run, with its progress; resume it after a failure."
      />
      <PayRunPanel />
    </div>
  );
}
