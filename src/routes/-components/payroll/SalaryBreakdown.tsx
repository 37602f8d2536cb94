// One employee's month line by line: earnings, deductions, the employer's contributions and what is added (tips,
// expenses), with the paid days behind them and the net pay in figures and words. The accountant's calculation, HR's
// slip and the professional's own slip all draw it.
import { useId } from 'react';
import { Badge, formatDateTime, formatRupees } from '../../../ui';
import { Fact } from '../Fact';
import * as s from './payroll.css';
import { monthLabel } from './search';
import { SALARY_STATUS_LABEL, SALARY_STATUS_TONE } from './status';
import type { PayrollLine, SalaryCalculation } from './types';

/** Pay lines as a small table (label, amount), with an optional total: the slip's and the structure's. */
export function PayLines({
  title,
  lines,
  total,
  totalLabel,
}: {
  title: string;
  lines: PayrollLine[];
  total?: number;
  totalLabel?: string;
}) {
  const id = useId();
  return (
    <table className={s.lines} aria-labelledby={id}>
      <caption id={id} style={{ textAlign: 'start', fontWeight: 600, paddingBlockEnd: 4 }}>
        {title}
      </caption>
      <tbody>
        {lines.length === 0 ? (
          <tr>
            <td className={s.lineCell} colSpan={2}>
              None
            </td>
          </tr>
        ) : (
          lines.map((l) => (
            <tr key={l.code}>
              <th scope="row" className={s.lineCell} style={{ fontWeight: 400 }}>
                {l.label}
              </th>
              <td className={`${s.lineCell} ${s.num}`}>{formatRupees(l.amount)}</td>
            </tr>
          ))
        )}
      </tbody>
      {total === undefined ? null : (
        <tfoot>
          <tr className={s.totalRow}>
            <th scope="row" className={s.lineCell}>
              {totalLabel}
            </th>
            <td className={`${s.lineCell} ${s.num}`}>{formatRupees(total)}</td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}

const days = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export interface SalaryBreakdownProps {
  calc: SalaryCalculation;
  /** Show the employee's name and the month above the figures (a slip); a list's expanded row leaves it out. */
  heading?: boolean;
}

export function SalaryBreakdown({ calc, heading = false }: SalaryBreakdownProps) {
  const a = calc.attendance;
  return (
    <div className={s.stack}>
      {heading ? (
        <p className={s.muted}>
          <bdi>{calc.empName}</bdi> · {monthLabel(calc)} ·{' '}
          <Badge tone={SALARY_STATUS_TONE[calc.status]}>{SALARY_STATUS_LABEL[calc.status]}</Badge>
        </p>
      ) : null}
      {calc.status === 'noStructure' ? (
        <p className={s.muted}>
          No salary structure is in force in {monthLabel(calc)}: HR sets one under Salary Structure before it can be
          paid.
        </p>
      ) : (
        <>
          <dl className={s.facts}>
            <Fact term="Paid days">
              {days(calc.paidDays)} of {calc.daysInMonth}
            </Fact>
            <Fact term="Attendance">
              {days(a.present)} present, {days(a.halfDays)} half days, {days(a.leave)} leave, {days(a.holidays)}{' '}
              holidays, {days(a.weeklyOffs)} weekly offs, {days(a.absent)} absent
              {a.notJoined ? `, ${days(a.notJoined)} before joining` : null}
            </Fact>
            {calc.bankReference ? <Fact term="Bank reference">{calc.bankReference}</Fact> : null}
            {calc.paidAt ? <Fact term="Paid on">{formatDateTime(calc.paidAt)}</Fact> : null}
          </dl>
          <div className={s.columns}>
            <PayLines title="Earnings" lines={calc.earnings} total={calc.gross} totalLabel="Gross pay" />
            <PayLines
              title="Deductions"
              lines={calc.deductions}
              total={calc.totalDeductions}
              totalLabel="Total deductions"
            />
            <PayLines
              title="Added to the pay"
              lines={calc.additions}
              total={calc.tips + calc.expenses}
              totalLabel="Total added"
            />
            <PayLines
              title="Employer's contributions (not deducted)"
              lines={calc.employer}
              total={calc.employerTotal}
              totalLabel="Employer's total"
            />
          </div>
          <div>
            <p className={s.net}>Net pay {formatRupees(calc.net)}</p>
            <p className={s.muted}>{calc.netInWords}</p>
          </div>
        </>
      )}
    </div>
  );
}
