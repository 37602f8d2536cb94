// HR's dashboard panel for recruitment: the candidates at each step now, the funnel of the candidates
// added in the period (conversion from each step to the next, median days in each step, rejection reasons, month by
// month and by designation; Hr/GetRecruitmentFunnel) and the candidates whose documents wait for verification.
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useState } from 'react';
import {
  type Candidate,
  type CandidateAction,
  candidatesByActionQuery,
  candidatesQuery,
  recruitmentFunnelQuery,
} from '../../../api/recruitment';
import { RECRUITMENT_STEPS, type RecruitmentState } from '../../../machines/recruitment/recruitment.machine';
import { Badge, Card, formatDate, StatCard, StatGrid } from '../../../ui';
import { type Column, DataTable, staticTableProps } from '../../../ui/DataTable';
import { SelectField } from '../../../ui/form';
import type { TableState } from '../../../ui/tableState';
import { LoadFailure } from '../Loaded';
import { MonthChart, monthName } from './MonthChart';
import * as s from './recruitment.css';
import { STATE_LABEL } from './states';

/** The open steps and the list page each one is worked on. */
const OPEN: { action: CandidateAction; state: RecruitmentState; to: LinkProps['to'] }[] = [
  { action: 'New', state: 'new', to: '/RecruitingStaff/Candidates' },
  { action: 'Screened', state: 'screened', to: '/RecruitingStaff/ScreenedList' },
  { action: 'Interview', state: 'interview', to: '/RecruitingStaff/Interviewed' },
  { action: 'Finalised', state: 'finalised', to: '/RecruitingStaff/FinalisedList' },
  { action: 'SentForApproval', state: 'sentForApproval', to: '/RecruitingStaff/FinalisedList' },
  { action: 'Approved', state: 'approved', to: '/RecruitingStaff/AppointedList' },
];

const percent = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)}%`);
const days = (x: number | null) => (x === null ? '—' : `${x.toLocaleString('en-IN', { maximumFractionDigits: 1 })} d`);

export function RecruitmentDashboardPanel() {
  return (
    <div className={s.page}>
      <StepCounts />
      <Funnel />
      <AwaitingVerification />
    </div>
  );
}

function StepCounts() {
  const counts = useQueries({
    queries: OPEN.map((o) => candidatesByActionQuery(o.action, { page: 1, pageSize: 1 })),
  });
  return (
    <Card title="Candidates at each step">
      <StatGrid>
        {OPEN.map((o, i) => (
          <StatCard
            key={o.action}
            label={STATE_LABEL[o.state]}
            value={counts[i].data ? counts[i].data.total : counts[i].error ? '!' : '…'}
            hint={<Link to={o.to}>{STATE_LABEL[o.state]} list</Link>}
          />
        ))}
      </StatGrid>
    </Card>
  );
}

type Designation = 'Technician' | 'Engineer';

function Funnel() {
  const [designation, setDesignation] = useState<Designation | ''>('');
  const funnel = useQuery(recruitmentFunnelQuery({ designationType: designation || undefined }));
  const f = funnel.data;
  const top = Math.max(1, ...(f?.steps ?? []).map((x) => x.reached));
  type Cohort = NonNullable<typeof f>['cohorts'][number];
  // Month by month: the cohorts of both designations summed (the filter picks one).
  const months = [...new Set((f?.cohorts ?? []).map((c) => c.month))].sort();
  const sum = (month: string, key: 'added' | RecruitmentState) =>
    (f?.cohorts ?? [])
      .filter((c: Cohort) => c.month === month)
      .reduce((n, c) => n + (key === 'added' ? c.added : (c.reached[key] ?? 0)), 0);
  const cohortColumns: Column<Cohort>[] = [
    { key: 'month', header: 'Added in', render: (c) => monthName(c.month) },
    { key: 'designationType', header: 'Designation' },
    { key: 'added', header: 'Added', align: 'end' },
    ...RECRUITMENT_STEPS.slice(1).map((step) => ({
      key: step,
      header: STATE_LABEL[step],
      align: 'end' as const,
      render: (c: Cohort) => c.reached[step] ?? 0,
    })),
  ];
  type Rejection = NonNullable<typeof f>['rejections'][number];
  const rejectionColumns: Column<Rejection>[] = [
    { key: 'reason', header: 'Reason', render: (r) => <bdi dir="auto">{r.reason}</bdi> },
    {
      key: 'step',
      header: 'At',
      render: (r) => (
        <>
          {STATE_LABEL[r.step as RecruitmentState] ?? r.step} {r.byAdmin ? <Badge tone="warning">admin</Badge> : null}
        </>
      ),
    },
    { key: 'count', header: 'Candidates', align: 'end' },
  ];
  return (
    <Card
      title="Recruitment funnel"
      actions={
        <SelectField
          label="Designation"
          name="funnelDesignation"
          value={designation}
          options={[
            { value: '', label: 'Both' },
            { value: 'Technician', label: 'Technicians' },
            { value: 'Engineer', label: 'Engineers' },
          ]}
          onChange={(e) => setDesignation(e.target.value as Designation | '')}
        />
      }
    >
      <LoadFailure query={funnel} />
      {f ? (
        <div className={s.page}>
          <p className={s.muted}>
            Candidates added from {formatDate(f.from)} to {formatDate(f.to)}: how many reached each step, how many of
            them went on to the next, and the median days they spent in it.
          </p>
          <ol className={s.funnel} aria-label="Funnel steps">
            {f.steps.map((x) => (
              <li key={x.step} className={s.funnelRow}>
                <span>{x.label}</span>
                <span className={s.funnelTrack} aria-hidden="true">
                  <span className={s.funnelBar} style={{ inlineSize: `${(x.reached / top) * 100}%` }} />
                </span>
                <span className={s.funnelFigures}>
                  {x.reached} reached
                  {x.nextStep ? ` · ${percent(x.conversion)} on` : ''} · median {days(x.medianDays)}
                </span>
              </li>
            ))}
          </ol>
          {months.length ? (
            <MonthChart
              label="Candidates added each month and how many were appointed"
              months={months}
              series={[
                { key: 'added', name: 'Added', values: months.map((m) => sum(m, 'added')) },
                { key: 'screened', name: 'Screened', values: months.map((m) => sum(m, 'screened')) },
                { key: 'finalised', name: 'Finalised', values: months.map((m) => sum(m, 'finalised')) },
                { key: 'appointed', name: 'Appointed', values: months.map((m) => sum(m, 'appointed')) },
              ]}
            />
          ) : null}
          <DataTable
            caption="By month and designation"
            columns={cohortColumns}
            rowKey={(c) => `${c.month} ${c.designationType}`}
            emptyMessage="No candidate was added in this period."
            {...staticTableProps(f.cohorts)}
          />
          <DataTable
            caption="Rejection reasons"
            columns={rejectionColumns}
            rowKey={(r) => `${r.step} ${r.byAdmin} ${r.reason}`}
            emptyMessage="No rejection in this period."
            {...staticTableProps(f.rejections)}
          />
        </div>
      ) : funnel.isPending ? (
        <p className={s.muted}>Loading the funnel…</p>
      ) : null}
    </Card>
  );
}

function AwaitingVerification() {
  const [table, setTable] = useState<TableState>({ page: 1, pageSize: 10, search: '' });
  const list = useQuery(
    candidatesQuery({
      awaitingVerification: true,
      page: table.page,
      pageSize: table.pageSize,
      search: table.search,
      sort: 'updatedAt',
    }),
  );
  const columns: Column<Candidate>[] = [
    {
      key: 'fullName',
      header: 'Candidate',
      render: (c) => (
        <Link to="/RecruitingStaff/CandidateDetail" search={{ id: c.id }}>
          <bdi>{c.fullName}</bdi>
        </Link>
      ),
    },
    { key: 'state', header: 'Step', render: (c) => STATE_LABEL[c.state as RecruitmentState] },
    {
      key: 'verificationSts',
      header: 'Documents',
      render: (c) =>
        c.verificationSts === null ? (
          <Badge tone="neutral">None yet</Badge>
        ) : (
          <Badge tone={c.verificationSts === 'Rejected' ? 'danger' : 'warning'}>{c.verificationSts}</Badge>
        ),
    },
  ];
  return (
    <Card title="Documents awaiting verification">
      <LoadFailure query={list} />
      <DataTable
        caption="Finalised candidates whose documents are not verified"
        columns={columns}
        rowKey={(c) => c.id}
        rows={list.data?.items ?? []}
        loading={list.isFetching}
        emptyMessage="Every finalised candidate's documents are verified."
        total={list.data?.total ?? 0}
        state={table}
        onStateChange={setTable}
        pageSizes={[10, 20, 50]}
      />
    </Card>
  );
}
