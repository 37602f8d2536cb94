// The accountant's month (decision 034): every employee with the calculated net, the breakdown line by line,
// and Pay with a confirmation. A paid row shows "Paid" and the bank reference; the server pays each month once.
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { employeeSalariesQuery, salaryCalculationQuery } from '../../../api/payroll';
import { Alert, Badge, Button, Card, formatRupees, LoadingPlaceholder, PageHeader, Tabs } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { useListFilter, useServerTable } from '../../_admin/-components/useServerTable';
import { InPageLink } from '../InPageLink';
import { CloseEmployee } from './EmployeePicker';
import { ExpenseList } from './ExpenseList';
import { MonthPicker } from './MonthPicker';
import { PayDialog } from './PayDialog';
import { PayRunPanel } from './PayRunPanel';
import { PayrollFigures } from './PayrollFigures';
import * as s from './payroll.css';
import { SalaryBreakdown } from './SalaryBreakdown';
import { apiMonth, monthLabel, monthOf, type SalaryStatusFilter, type validateSalaryListSearch } from './search';
import { SALARY_STATUS_LABEL, SALARY_STATUS_TONE } from './status';
import type { SalaryCalculation } from './types';

type Search = ReturnType<typeof validateSalaryListSearch>;

const TABS: { value: 'all' | SalaryStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'due', label: 'Due' },
  { value: 'paid', label: 'Paid' },
  { value: 'noStructure', label: 'No structure' },
];

const days = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The month's salaries: its figures, the breakdown open (`?emp=`), the list by status and Pay. */
function SalariesView() {
  const search = useSearch({ strict: false }) as Search;
  const setFilter = useListFilter();
  const month = monthOf(search);
  const date = apiMonth(month);
  const status = search.status ?? 'all';
  const [paying, setPaying] = useState<SalaryCalculation | null>(null);

  const table = useServerTable<SalaryCalculation>((state) =>
    employeeSalariesQuery(
      date,
      { page: state.page, pageSize: state.pageSize, search: state.search || undefined },
      status,
    ),
  );

  const payButton = (c: SalaryCalculation) =>
    c.status === 'due' ? (
      <Button size="sm" onClick={() => setPaying(c)} aria-label={`Pay ${c.empName}`}>
        Pay
      </Button>
    ) : null;

  const columns: Column<SalaryCalculation>[] = [
    { key: 'empName', header: 'Employee', render: (c) => <bdi>{c.empName}</bdi> },
    { key: 'paidDays', header: 'Paid days', align: 'end', render: (c) => `${days(c.paidDays)} / ${c.daysInMonth}` },
    {
      key: 'gross',
      header: 'Gross',
      align: 'end',
      render: (c) => <span className={s.nowrap}>{formatRupees(c.gross)}</span>,
    },
    {
      key: 'totalDeductions',
      header: 'Deductions',
      align: 'end',
      render: (c) => <span className={s.nowrap}>{formatRupees(c.totalDeductions)}</span>,
    },
    {
      key: 'additions',
      header: 'Tips and expenses',
      align: 'end',
      render: (c) => <span className={s.nowrap}>{formatRupees(c.tips + c.expenses)}</span>,
    },
    {
      key: 'net',
      header: 'Net pay',
      align: 'end',
      render: (c) => <strong className={s.nowrap}>{formatRupees(c.net)}</strong>,
    },
    {
      key: 'status',
      header: 'Status',
      render: (c) => (
        <span className={s.rowActions}>
          <Badge tone={SALARY_STATUS_TONE[c.status]}>{SALARY_STATUS_LABEL[c.status]}</Badge>
          {c.bankReference ? <span className={s.nowrap}>{c.bankReference}</span> : null}
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (c) => (
        <span className={s.rowActions}>
          <InPageLink set={{ emp: c.empId }} size="sm" aria-label={`Breakdown of ${c.empName}`}>
            Breakdown
          </InPageLink>
          {payButton(c)}
        </span>
      ),
    },
  ];

  return (
    <>
      <MonthPicker value={month} label="Payroll month" />
      <PayrollFigures month={month} />
      {search.emp ? <BreakdownCard empId={search.emp} date={date} onPay={setPaying} /> : null}
      <Tabs
        label="Salary status"
        value={status}
        onValueChange={(v) => setFilter({ status: v === 'all' ? undefined : v })}
        tabs={TABS.map((t) => ({
          value: t.value,
          label: t.label,
          content:
            t.value === status ? (
              <DataTable
                {...table}
                caption={`Salaries for ${monthLabel(month)}`}
                columns={columns}
                rowKey={(c) => c.empId}
                searchPlaceholder="Name or mobile number…"
                emptyMessage={table.state.search ? undefined : 'No employee in this list for the month.'}
              />
            ) : null,
        }))}
      />
      {paying ? <PayDialog calc={paying} open onOpenChange={(o) => (o ? null : setPaying(null))} /> : null}
    </>
  );
}

export function EmployeeSalaryListPage() {
  const search = useSearch({ strict: false }) as Search;
  const setFilter = useListFilter();
  return (
    <div className={s.page}>
      <PageHeader
        title="Employee salary"
        description="Each employee's pay for a month, calculated from their salary structure, attendance, deductions, tips and approved expenses; their expenses; the month's salary run. A month is paid once it is over, from the company account wallet."
      />
      <Tabs
        label="Payroll"
        value={search.view ?? 'salaries'}
        onValueChange={(v) =>
          setFilter({
            view: v === 'expenses' || v === 'run' ? v : undefined,
            search: undefined,
            emp: undefined,
            run: undefined,
          })
        }
        tabs={[
          { value: 'salaries', label: 'Salaries', content: search.view ? null : <SalariesView /> },
          {
            value: 'expenses',
            label: 'Expenses',
            content: search.view === 'expenses' ? <ExpenseList viewer="AC" /> : null,
          },
          { value: 'run', label: 'Salary run', content: search.view === 'run' ? <PayRunPanel /> : null },
        ]}
      />
    </div>
  );
}

function BreakdownCard({ empId, date, onPay }: { empId: number; date: string; onPay(c: SalaryCalculation): void }) {
  const calc = useQuery(salaryCalculationQuery(empId, date));
  const close = <CloseEmployee />;
  if (calc.isPending) return <LoadingPlaceholder />;
  if (!calc.data) {
    return (
      <Card title="Salary breakdown" actions={close}>
        <Alert tone="danger">{calc.error?.message ?? 'The calculation could not be loaded.'}</Alert>
      </Card>
    );
  }
  const c = calc.data;
  return (
    <Card
      title={`${c.empName}, ${monthLabel(c)}`}
      actions={
        <>
          {c.status === 'due' ? (
            <Button size="sm" onClick={() => onPay(c)}>
              Pay {formatRupees(c.net)}
            </Button>
          ) : null}
          {close}
        </>
      }
    >
      <SalaryBreakdown calc={c} heading />
    </Card>
  );
}
