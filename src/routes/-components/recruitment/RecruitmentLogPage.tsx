// The recruitment log (Hr/GetRecruitmentLog): per HR user, the screenings, interviews, finalisations, candidates sent
// for approval and appointments (technicians and engineers apart), derived by the server from the candidates' steps,
// never typed. RecruitingCount shows it per day over a range of days; RecrutingHistory per month over a year.
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type RecruitmentLogRow, recruitmentLogQuery } from '../../../api/recruitment';
import { Card, formatDate, StatCard, StatGrid } from '../../../ui';
import { type Column, DataTable, staticTableProps } from '../../../ui/DataTable';
import { SelectField } from '../../../ui/form';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { DateRangeForm } from '../dateRange/DateRangeForm';
import { indiaToday } from '../dateRange/days';
import { LoadFailure } from '../Loaded';
import { countColumns, monthName } from './MonthChart';
import * as s from './recruitment.css';
import type { PeriodSearch } from './search';

const COUNTS: { key: keyof RecruitmentLogRow & keyof Totals; name: string }[] = [
  { key: 'screeningProcess', name: 'Screened' },
  { key: 'interviewed', name: 'Interviews' },
  { key: 'finalized', name: 'Finalised' },
  { key: 'sentForApproval', name: 'Sent for approval' },
  { key: 'appointedTech', name: 'Technicians appointed' },
  { key: 'apointedEngg', name: 'Engineers appointed' },
];
type Totals = {
  screeningProcess: number;
  interviewed: number;
  finalized: number;
  sentForApproval: number;
  appointedTech: number;
  apointedEngg: number;
};

export function RecruitmentLogPage({ groupBy }: { groupBy: 'day' | 'month' }) {
  const search = useSearch({ strict: false }) as PeriodSearch;
  const navigate = useNavigate();
  const thisYear = Number(indiaToday().slice(0, 4));
  const year = search.year ?? thisYear;
  const params =
    groupBy === 'day'
      ? { groupBy, from: search.from, to: search.to }
      : { groupBy, from: `${year}-01-01`, to: `${year}-12-31` };
  const log = useQuery(recruitmentLogQuery(params));
  const data = log.data;
  const columns: Column<RecruitmentLogRow>[] = [
    {
      key: 'period',
      header: groupBy === 'day' ? 'Day' : 'Month',
      render: (r) => <span className={s.nowrap}>{groupBy === 'day' ? formatDate(r.period) : monthName(r.period)}</span>,
    },
    { key: 'hrName', header: 'HR', render: (r) => <bdi>{r.hrName}</bdi> },
    ...countColumns<RecruitmentLogRow>(COUNTS),
  ];
  return (
    <StaffPage
      title={groupBy === 'day' ? 'Recruiting count' : 'Recruiting history'}
      description={
        groupBy === 'day'
          ? 'What each HR user did each day: counted from the steps they took, so nobody types it.'
          : 'What each HR user did each month of the year, counted from the steps they took.'
      }
      className={s.page}
    >
      <Card title="Period">
        {groupBy === 'day' ? (
          <DateRangeForm
            key={`${data?.from}-${data?.to}`}
            title="Days to show"
            initial={{ from: search.from ?? data?.from, to: search.to ?? data?.to }}
            maxDays={null}
            onApply={({ from, to }) =>
              void navigate({ to: '.', search: ((prev: Record<string, unknown>) => ({ ...prev, from, to })) as never })
            }
          />
        ) : (
          <YearPicker
            year={year}
            thisYear={thisYear}
            onChange={(y) =>
              void navigate({
                to: '.',
                search: ((prev: Record<string, unknown>) => ({
                  ...prev,
                  year: y === thisYear ? undefined : y,
                })) as never,
              })
            }
          />
        )}
      </Card>
      <LoadFailure query={log} />
      <StatGrid>
        {COUNTS.map((c) => (
          <StatCard key={c.key} label={c.name} value={data ? data.totals[c.key] : '…'} />
        ))}
      </StatGrid>
      <DataTable
        caption={
          data
            ? `Recruitment log, ${formatDate(data.from)} to ${formatDate(data.to)}, by ${groupBy}`
            : 'Recruitment log'
        }
        columns={columns}
        rowKey={(r) => `${r.period} ${r.hrId}`}
        loading={log.isFetching}
        emptyMessage="Nobody took a recruitment step in this period."
        {...staticTableProps(data?.rows ?? [])}
      />
    </StaffPage>
  );
}

export function YearPicker({
  year,
  thisYear,
  onChange,
}: {
  year: number;
  thisYear: number;
  onChange(y: number): void;
}) {
  const years = Array.from({ length: 6 }, (_, i) => thisYear - i);
  return (
    <SelectField
      label="Year"
      name="year"
      value={String(year)}
      options={(years.includes(year) ? years : [year, ...years]).map((y) => ({ value: String(y), label: String(y) }))}
      onChange={(e) => onChange(Number(e.target.value))}
    />
  );
}
