// HR's monthly employee details: for a month, every employee's paid days, attendance, gross, deductions,
// the employer's contributions, tips and expenses, the net and whether it is paid (GetEmployeeDetailsSalary, the
// accountant's figures as the server calculates them); a chart of the page shown; every row as CSV or XLSX.
import { useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { employeeSalariesQuery } from '../../../api/payroll';
import { Badge, Button, Card, formatRupees, PageHeader, toast } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { SelectField } from '../../../ui/form';
import { useListFilter, useServerTable } from '../../_admin/-components/useServerTable';
import { EmployeeChart } from './EmployeeChart';
import { downloadCsv, downloadXlsx, type ExportColumn } from './exportRows';
import { MonthPicker } from './MonthPicker';
import { PayrollFigures } from './PayrollFigures';
import * as s from './payroll.css';
import { apiMonth, monthLabel, monthOf, type SalaryStatusFilter, type validateSalaryListSearch } from './search';
import { SALARY_STATUS_LABEL, SALARY_STATUS_TONE } from './status';
import type { SalaryCalculation } from './types';

type Search = ReturnType<typeof validateSalaryListSearch>;

const days = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const money = (n: number) => <span className={s.nowrap}>{formatRupees(n)}</span>;

const EXPORT_COLUMNS: ExportColumn<SalaryCalculation>[] = [
  { header: 'Employee id', value: (r) => r.empId, kind: 'number' },
  { header: 'Employee', value: (r) => r.empName },
  { header: 'Month', value: (r) => monthLabel(r) },
  { header: 'Status', value: (r) => SALARY_STATUS_LABEL[r.status] },
  { header: 'Days in month', value: (r) => r.daysInMonth, kind: 'number' },
  { header: 'Paid days', value: (r) => r.paidDays, kind: 'number' },
  { header: 'Present', value: (r) => r.attendance.present, kind: 'number' },
  { header: 'Half days', value: (r) => r.attendance.halfDays, kind: 'number' },
  { header: 'Leave', value: (r) => r.attendance.leave, kind: 'number' },
  { header: 'Holidays', value: (r) => r.attendance.holidays, kind: 'number' },
  { header: 'Weekly offs', value: (r) => r.attendance.weeklyOffs, kind: 'number' },
  { header: 'Absent', value: (r) => r.attendance.absent, kind: 'number' },
  { header: 'Not joined', value: (r) => r.attendance.notJoined, kind: 'number' },
  { header: 'Gross (₹)', value: (r) => r.gross, kind: 'rupees' },
  { header: 'Deductions (₹)', value: (r) => r.totalDeductions, kind: 'rupees' },
  { header: 'Employer contributions (₹)', value: (r) => r.employerTotal, kind: 'rupees' },
  { header: 'Tips (₹)', value: (r) => r.tips, kind: 'rupees' },
  { header: 'Expenses (₹)', value: (r) => r.expenses, kind: 'rupees' },
  { header: 'Net pay (₹)', value: (r) => r.net, kind: 'rupees' },
  { header: 'Bank reference', value: (r) => r.bankReference ?? '' },
];

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'due', label: SALARY_STATUS_LABEL.due },
  { value: 'paid', label: SALARY_STATUS_LABEL.paid },
  { value: 'noStructure', label: SALARY_STATUS_LABEL.noStructure },
];

/** Every row of the month (pages of 200, one after another): the export's rows. */
function useExport(date: string, status: 'all' | SalaryStatusFilter, search: string | undefined) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<string | null>(null);
  async function all(): Promise<SalaryCalculation[]> {
    const rows: SalaryCalculation[] = [];
    for (let page = 1; ; page += 1) {
      const data = await queryClient.fetchQuery(employeeSalariesQuery(date, { page, pageSize: 200, search }, status));
      rows.push(...data.items);
      setProgress(`Reading ${rows.length.toLocaleString('en-IN')} of ${data.total.toLocaleString('en-IN')}…`);
      if (rows.length >= data.total || data.items.length === 0) return rows;
    }
  }
  async function run(kind: 'csv' | 'xlsx') {
    setProgress('Reading…');
    try {
      const rows = await all();
      const name = `monthly-employee-details-${date}`;
      if (kind === 'csv') downloadCsv(`${name}.csv`, EXPORT_COLUMNS, rows);
      else await downloadXlsx(`${name}.xlsx`, 'Employees', EXPORT_COLUMNS, rows);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setProgress(null);
    }
  }
  return { progress, run };
}

export function MonthlyReportPage() {
  const search = useSearch({ strict: false }) as Search;
  const setFilter = useListFilter();
  const month = monthOf(search);
  const date = apiMonth(month);
  const status = search.status ?? 'all';
  const table = useServerTable<SalaryCalculation>((state) =>
    employeeSalariesQuery(
      date,
      { page: state.page, pageSize: state.pageSize, search: state.search || undefined },
      status,
    ),
  );
  const exporter = useExport(date, status, table.state.search.trim() || undefined);
  const columns: Column<SalaryCalculation>[] = [
    { key: 'empName', header: 'Employee', render: (r) => <bdi>{r.empName}</bdi> },
    {
      key: 'status',
      header: 'Status',
      render: (r) => <Badge tone={SALARY_STATUS_TONE[r.status]}>{SALARY_STATUS_LABEL[r.status]}</Badge>,
    },
    { key: 'paidDays', header: 'Paid days', align: 'end', render: (r) => `${days(r.paidDays)} / ${r.daysInMonth}` },
    {
      key: 'attendance',
      header: 'Present / leave / absent',
      align: 'end',
      render: (r) =>
        `${days(r.attendance.present + r.attendance.halfDays / 2)} / ${days(r.attendance.leave)} / ${days(r.attendance.absent)}`,
    },
    { key: 'gross', header: 'Gross', align: 'end', render: (r) => money(r.gross) },
    { key: 'totalDeductions', header: 'Deductions', align: 'end', render: (r) => money(r.totalDeductions) },
    { key: 'employerTotal', header: 'Employer', align: 'end', render: (r) => money(r.employerTotal) },
    { key: 'additions', header: 'Tips and expenses', align: 'end', render: (r) => money(r.tips + r.expenses) },
    { key: 'net', header: 'Net pay', align: 'end', render: (r) => <strong>{money(r.net)}</strong> },
    { key: 'bankReference', header: 'Bank reference', render: (r) => r.bankReference ?? '—' },
  ];
  return (
    <div className={s.page}>
      <PageHeader
        title="Monthly employee details"
        description="Every employee's month: attendance, earnings, deductions and net pay, paid or due."
      />
      <div className={s.filters}>
        <MonthPicker value={month} label="Report month" />
        <div style={{ minInlineSize: '12rem' }}>
          <SelectField
            label="Status"
            name="status"
            value={status === 'all' ? '' : status}
            options={STATUS_OPTIONS}
            onChange={(e) => setFilter({ status: e.target.value || undefined })}
          />
        </div>
      </div>
      <PayrollFigures month={month} />
      <Card title={`Net pay and deductions, ${monthLabel(month)}`}>
        {table.rows.length ? (
          <EmployeeChart
            rows={table.rows}
            label={`Net pay and deductions of the ${table.rows.length} employees shown, ${monthLabel(month)}`}
          />
        ) : (
          <p className={s.muted}>No employee to draw for this month.</p>
        )}
      </Card>
      <DataTable
        {...table}
        caption={`Employees, ${monthLabel(month)}`}
        columns={columns}
        rowKey={(r) => r.empId}
        searchPlaceholder="Name or mobile number…"
        toolbar={
          <span className={s.actions}>
            <Button variant="secondary" loading={exporter.progress !== null} onClick={() => void exporter.run('csv')}>
              Export CSV
            </Button>
            <Button variant="secondary" loading={exporter.progress !== null} onClick={() => void exporter.run('xlsx')}>
              Export XLSX
            </Button>
            <span role="status" className={s.muted}>
              {exporter.progress ?? ''}
            </span>
          </span>
        }
        emptyMessage={table.state.search ? undefined : 'No employee in this list for the month.'}
      />
    </div>
  );
}
