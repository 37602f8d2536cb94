import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import {
  type AttendanceListItem,
  attendanceListExcel,
  attendanceListQuery,
  type ProfessionalTypeFilter,
} from '../../../api/attendance';
import { Badge, DownloadButton, PageHeader } from '../../../ui';
import { type Column, DataTable, type TableState } from '../../../ui/DataTable';
import { SelectField } from '../../../ui/form';
import { useListFilter, useServerTable } from '../../_admin/-components/useServerTable';
import * as s from './attendance.css';
import { days, indiaToday, monthLabel, monthOptions } from './format';
import type { AttendanceListSearch } from './search';

/**
 * /Reports/AttendanceList (decision 033): every active professional's counts for a month (or a year), searched and
 * paged on the server, with the month's lock and an .xlsx export of the same filters. A name opens the month.
 */
export function AttendanceList() {
  const search = useSearch({ strict: false }) as AttendanceListSearch;
  const now = indiaToday();
  const year = search.year ?? now.year;
  const month = search.month ?? now.month;
  const type = search.type;
  const options = (state: TableState) =>
    attendanceListQuery({ ...state, year, month, professionalType: type as ProfessionalTypeFilter | undefined });
  // The page carries more than ServerPage (year, month, lock): the options are the same query.
  const table = useServerTable<AttendanceListItem>(options as never);
  // The same cached page (same key): its year, month and lock.
  const page = useQuery({ ...options(table.state), placeholderData: keepPreviousData });

  const setFilter = useListFilter<AttendanceListSearch>();

  const columns: Column<AttendanceListItem>[] = [
    {
      key: 'name',
      header: 'Professional',
      render: (r) => (
        <>
          <Link to="/Reports/AttendanceDetail" search={{ empId: r.empId, year, month: month || undefined }}>
            {r.name}
          </Link>
          <span className={s.cellNote}>
            {' '}
            {r.mobileNo} · {r.professionalType}
          </span>
        </>
      ),
    },
    { key: 'present', header: 'Present', align: 'end', render: (r) => r.counts.present },
    { key: 'halfDay', header: 'Half-day', align: 'end', render: (r) => r.counts.halfDay },
    { key: 'absent', header: 'Absent', align: 'end', render: (r) => r.counts.absent },
    { key: 'leave', header: 'Leave', align: 'end', render: (r) => r.counts.leave },
    { key: 'holidays', header: 'Holidays', align: 'end', render: (r) => r.counts.holidays },
    { key: 'weeklyOffs', header: 'Weekly offs', align: 'end', render: (r) => r.counts.weeklyOffs },
    { key: 'notJoined', header: 'Not joined', align: 'end', render: (r) => r.counts.notJoined },
    { key: 'paidDays', header: 'Paid days', align: 'end', render: (r) => days(r.counts.paidDays) },
  ];
  const years = Array.from({ length: 6 }, (_, i) => String(now.year - i));

  return (
    <div className={s.page}>
      <PageHeader
        title="Attendance list"
        description={`Every active professional’s attendance for ${monthLabel(year, month)}. Open a name to correct a day.`}
        actions={
          <DownloadButton
            file={() => attendanceListExcel({ year, month, search: table.state.search, professionalType: type })}
          >
            Download Excel
          </DownloadButton>
        }
      />
      <DataTable
        {...table}
        caption={`Attendance, ${monthLabel(year, month)}`}
        columns={columns}
        rowKey={(r) => r.empId}
        searchPlaceholder="Search by name or mobile…"
        toolbar={
          <div className={s.row}>
            <SelectField
              name="month"
              label="Month"
              value={String(month)}
              options={monthOptions}
              onChange={(e) => setFilter({ month: Number(e.target.value) })}
            />
            <SelectField
              name="year"
              label="Year"
              value={String(year)}
              options={years.map((y) => ({ value: y, label: y }))}
              onChange={(e) => setFilter({ year: Number(e.target.value) })}
            />
            <SelectField
              name="type"
              label="Type"
              value={type ?? ''}
              options={[
                { value: '', label: 'All' },
                { value: 'Technician', label: 'Technicians' },
                { value: 'Engineer', label: 'Engineers' },
              ]}
              onChange={(e) => setFilter({ type: (e.target.value || undefined) as AttendanceListSearch['type'] })}
            />
            {month && page.data ? (
              <Badge tone={page.data.locked ? 'warning' : 'neutral'}>
                {page.data.locked ? 'Month locked' : 'Month open'}
              </Badge>
            ) : null}
          </div>
        }
      />
    </div>
  );
}
