import { createFileRoute } from '@tanstack/react-router';
import { HrSalarySlipPage } from '../../-components/payroll/SlipPages';
import { validatePayrollSearch } from '../../-components/payroll/search';

// HR's salary slip: an employee and a month, the slip and its PDF (decision 034).
export const Route = createFileRoute('/_hr/PayModule/SalarySlip')({
  head: () => ({ meta: [{ title: 'Salary slip · Doorstep' }] }),
  validateSearch: validatePayrollSearch,
  component: HrSalarySlipPage,
});
