// A month's payroll in figures (GetPayrollSummary): the total, what is paid and what is still due, with how many
// employees each covers, and whether the company account wallet can pay what is due.
import { useQuery } from '@tanstack/react-query';
import { payrollSummaryQuery } from '../../../api/payroll';
import { Alert, formatRupees, StatCard, StatGrid } from '../../../ui';
import { apiMonth, monthLabel } from './search';

export interface PayrollFiguresProps {
  /** The month; without it, the server's default (the last full month). */
  month?: { month: number; year: number };
  /** Also show the company wallet's balance and the expenses awaiting a decision. */
  details?: boolean;
}

const people = (n: number) => (n === 1 ? '1 employee' : `${n.toLocaleString('en-IN')} employees`);

export function PayrollFigures({ month, details = true }: PayrollFiguresProps) {
  const summary = useQuery(payrollSummaryQuery(month ? apiMonth(month) : undefined));
  if (summary.error && !summary.data) return <Alert tone="danger">{summary.error.message}</Alert>;
  const d = summary.data;
  const shown = d ? monthLabel(d) : month ? monthLabel(month) : 'the last full month';
  const short = d ? Math.max(0, d.due - d.companyBalance) : 0;
  return (
    <>
      <StatGrid label={`Payroll for ${shown}`}>
        <StatCard label={`Payroll total, ${shown}`} value={d ? formatRupees(d.total) : '…'} hint="paid and due" />
        <StatCard
          label="Salaries paid"
          value={d ? formatRupees(d.paid) : '…'}
          hint={d ? people(d.paidCount) : undefined}
        />
        <StatCard
          label="Salaries due"
          value={d ? formatRupees(d.due) : '…'}
          hint={d ? people(d.dueCount) : undefined}
        />
        {details ? (
          <>
            <StatCard
              label="Without a salary structure"
              value={d ? d.noStructureCount : '…'}
              hint={d ? `of ${people(d.employees)}` : undefined}
            />
            <StatCard label="Company account wallet" value={d ? formatRupees(d.companyBalance) : '…'} />
            <StatCard label="Expenses awaiting a decision" value={d ? d.expensesAwaiting : '…'} />
          </>
        ) : null}
      </StatGrid>
      {details && d && short > 0 ? (
        <Alert tone="warning">
          The company account wallet is {formatRupees(short)} short of what is due for {shown}: add balance before
          paying everyone.
        </Alert>
      ) : null}
    </>
  );
}
