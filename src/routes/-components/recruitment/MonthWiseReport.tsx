// The month-wise recruitment report (Reports/MonthWiseRecruitment): for a year, and optionally one designation, the
// steps taken each month (added, screened, interviewed, finalised, sent, approved, appointed, rejected), as a chart
// and a table, with the server's CSV and XLSX exports of the same figures.

import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import {
  monthWiseRecruitmentFile,
  monthWiseRecruitmentQuery,
  type RecruitmentReportRow,
} from '../../../api/recruitment';
import { Card, DownloadButton } from '../../../ui';
import { type Column, DataTable, staticTableProps } from '../../../ui/DataTable';
import { SelectField } from '../../../ui/form';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { indiaToday } from '../dateRange/days';
import { LoadFailure } from '../Loaded';
import { countColumns, MonthChart, monthName } from './MonthChart';
import { YearPicker } from './RecruitmentLogPage';
import * as s from './recruitment.css';
import type { PeriodSearch } from './search';

type Count = Exclude<keyof RecruitmentReportRow, 'month'>;
const FIGURES: { key: Count; name: string }[] = [
  { key: 'added', name: 'Added' },
  { key: 'screened', name: 'Screened' },
  { key: 'interviewed', name: 'Interviewed' },
  { key: 'finalised', name: 'Finalised' },
  { key: 'sentForApproval', name: 'Sent for approval' },
  { key: 'approved', name: 'Approved' },
  { key: 'appointedTech', name: 'Technicians appointed' },
  { key: 'appointedEngg', name: 'Engineers appointed' },
  { key: 'rejected', name: 'Rejected by HR' },
  { key: 'adminRejected', name: 'Rejected by the admin' },
];
/** The chart keeps to the main line of the funnel; the table has every figure. */
const CHARTED: Count[] = ['added', 'screened', 'finalised', 'appointedTech', 'appointedEngg', 'rejected'];

const zero = (month: string): RecruitmentReportRow => ({
  month,
  added: 0,
  screened: 0,
  interviewed: 0,
  finalised: 0,
  sentForApproval: 0,
  approved: 0,
  appointedTech: 0,
  appointedEngg: 0,
  rejected: 0,
  adminRejected: 0,
});

export function MonthWiseReport() {
  const search = useSearch({ strict: false }) as PeriodSearch;
  const navigate = useNavigate();
  const today = indiaToday();
  const thisYear = Number(today.slice(0, 4));
  const year = search.year ?? thisYear;
  const params = { Year: year, designationType: search.designation };
  const report = useQuery(monthWiseRecruitmentQuery(params));
  // Every month of the year up to this one, with or without steps.
  const lastMonth = year === thisYear ? Number(today.slice(5, 7)) : year < thisYear ? 12 : 0;
  const byMonth = new Map((report.data?.rows ?? []).map((r) => [r.month, r]));
  const rows = Array.from({ length: lastMonth }, (_, i) => {
    const m = `${year}-${String(i + 1).padStart(2, '0')}`;
    return byMonth.get(m) ?? zero(m);
  });
  const set = (next: Partial<PeriodSearch>) =>
    void navigate({ to: '.', search: ((prev: Record<string, unknown>) => ({ ...prev, ...next })) as never });
  const columns: Column<RecruitmentReportRow>[] = [
    { key: 'month', header: 'Month', render: (r) => <span className={s.nowrap}>{monthName(r.month)}</span> },
    ...countColumns<RecruitmentReportRow>(FIGURES),
  ];
  return (
    <StaffPage
      title="Month-wise recruitment"
      description="The recruitment steps taken each month, counted from every candidate's history."
      actions={
        <span className={s.actions}>
          <Download params={params} format="csv" />
          <Download params={params} format="xlsx" />
        </span>
      }
      className={s.page}
    >
      <Card title="Filters">
        <div className={s.filters}>
          <YearPicker year={year} thisYear={thisYear} onChange={(y) => set({ year: y === thisYear ? undefined : y })} />
          <SelectField
            label="Designation"
            name="designation"
            value={search.designation ?? ''}
            options={[
              { value: '', label: 'Technicians and engineers' },
              { value: 'Technician', label: 'Technicians' },
              { value: 'Engineer', label: 'Engineers' },
            ]}
            onChange={(e) => set({ designation: (e.target.value || undefined) as PeriodSearch['designation'] })}
          />
        </div>
      </Card>
      <LoadFailure query={report} />
      <Card title={`Steps per month, ${year}`}>
        {rows.length ? (
          <MonthChart
            label={`Recruitment steps per month in ${year}${search.designation ? `, ${search.designation.toLowerCase()}s` : ''}`}
            months={rows.map((r) => r.month)}
            series={FIGURES.filter((f) => CHARTED.includes(f.key)).map((f) => ({
              key: f.key,
              name: f.name,
              values: rows.map((r) => r[f.key]),
            }))}
          />
        ) : (
          <p className={s.muted}>{year} has not started yet.</p>
        )}
      </Card>
      <DataTable
        caption={`Month-wise recruitment, ${year}`}
        columns={columns}
        rowKey={(r) => r.month}
        loading={report.isFetching}
        emptyMessage="No month to show."
        {...staticTableProps(rows)}
      />
    </StaffPage>
  );
}

function Download({
  params,
  format,
}: {
  params: { Year: number; designationType?: 'Technician' | 'Engineer' };
  format: 'csv' | 'xlsx';
}) {
  return (
    <DownloadButton size="sm" file={() => monthWiseRecruitmentFile(params, format)}>
      {format === 'csv' ? 'Download CSV' : 'Download Excel'}
    </DownloadButton>
  );
}
