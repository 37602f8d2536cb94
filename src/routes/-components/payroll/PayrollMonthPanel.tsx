// The month's payroll status for the HR dashboard: the last full month's total, paid and due, the
// latest salary run with its progress, and the ways to the pay module. The lead places it on /Dashboard/HrDashboard.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { payRunsQuery } from '../../../api/payroll';
import { Badge, buttonClassName, Card } from '../../../ui';
import { ProgressBar } from './PayRunPanel';
import { PayrollFigures } from './PayrollFigures';
import * as s from './payroll.css';
import { monthLabel } from './search';
import { runStateLabel } from './status';

export function PayrollMonthPanel() {
  const runs = useQuery(payRunsQuery({ page: 1, pageSize: 1 }));
  const last = runs.data?.items[0];
  const state = last ? runStateLabel(last) : null;
  return (
    <Card
      title="Payroll"
      actions={
        <>
          <Link to="/PayModule/ManualSalaryProcess" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            Salary process
          </Link>
          <Link to="/PayModule/SalaryDisbursed" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
            Salary disbursed
          </Link>
        </>
      }
    >
      <div className={s.stack}>
        <PayrollFigures details={false} />
        {last && state ? (
          <div className={s.stack}>
            <p className={s.muted}>
              Latest salary run: #{last.id} for {monthLabel(last)} <Badge tone={state.tone}>{state.label}</Badge>{' '}
              {last.processed} of {last.total} employees done, {last.failed} failed.
            </p>
            <ProgressBar value={last.processed} max={last.total} label={`Salary run ${last.id} progress`} />
          </div>
        ) : runs.data ? (
          <p className={s.muted}>No salary run yet.</p>
        ) : null}
      </div>
    </Card>
  );
}
