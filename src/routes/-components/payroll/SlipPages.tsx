// The slip pages: HR's salary slip (an employee and a month), the professional's own slips and their month's slip,
// and HR's salary disbursed (the month's payments with their bank references).
import { useSearch } from '@tanstack/react-router';
import { useSession } from '../../../api/session';
import { Card, EmptyState, PageHeader } from '../../../ui';
import { EmployeePicker } from './EmployeePicker';
import { MonthPicker } from './MonthPicker';
import * as s from './payroll.css';
import { SlipList } from './SlipList';
import { SlipView } from './SlipView';
import { monthLabel, monthOf, type PayrollSearch } from './search';

const usePayrollSearch = () => useSearch({ strict: false }) as PayrollSearch;

/** HR: /PayModule/SalarySlip. */
export function HrSalarySlipPage() {
  const search = usePayrollSearch();
  const month = monthOf(search);
  return (
    <div className={s.page}>
      <PageHeader
        title="Salary slip"
        description="Choose an employee and a paid month to see the slip and download its PDF."
      />
      <Card title="Employee and month">
        <div className={s.stack}>
          <EmployeePicker value={search.emp} />
          <MonthPicker value={month} label="Slip month" />
        </div>
      </Card>
      {search.emp ? (
        <SlipView empId={search.emp} month={month} />
      ) : (
        <EmptyState title="No employee chosen" description="Find the employee by name or mobile number." />
      )}
    </div>
  );
}

/** HR: /PayModule/SalaryDisbursed. */
export function SalaryDisbursedPage() {
  const month = monthOf(usePayrollSearch());
  return (
    <div className={s.page}>
      <PageHeader
        title="Salary disbursed"
        description="The salaries paid for a month, each with its bank reference and slip."
      />
      <MonthPicker value={month} label="Month paid" />
      <SlipList
        caption={`Salaries paid for ${monthLabel(month)}`}
        month={month}
        viewTo="/PayModule/SalarySlip"
        emptyMessage={`No salary has been paid for ${monthLabel(month)} yet.`}
      />
    </div>
  );
}

/** The professional: /SalarySlip/SalarySlipTech, every slip of theirs. */
export function MySlipsPage() {
  return (
    <div className={s.page}>
      <PageHeader
        title="Salary slips"
        description="Your salary slips, newest month first. Each one downloads as a PDF."
      />
      <SlipList
        caption="My salary slips"
        viewTo="/SalarySlip/GenerateSalarySliptech"
        emptyMessage="No salary has been paid to you yet: a slip appears here once a month is paid."
      />
    </div>
  );
}

/** The professional: /SalarySlip/GenerateSalarySliptech, one month's slip. */
export function MyMonthSlipPage() {
  const month = monthOf(usePayrollSearch());
  const me = useSession().context.user;
  return (
    <div className={s.page}>
      <PageHeader title="Generate salary slip" description="Choose a month to see its slip and download the PDF." />
      <MonthPicker value={month} label="Slip month" />
      {me ? <SlipView empId={me.Id} month={month} /> : null}
    </div>
  );
}
