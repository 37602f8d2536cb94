import { createFileRoute } from '@tanstack/react-router';
import { SalaryDisbursedPage } from '../../-components/payroll/SlipPages';
import { validatePayrollSearch } from '../../-components/payroll/search';

// HR's salary disbursed: the month's payments with their bank references (decision 034).
export const Route = createFileRoute('/_hr/PayModule/SalaryDisbursed')({
  head: () => ({ meta: [{ title: 'Salary disbursed · Doorstep' }] }),
  validateSearch: validatePayrollSearch,
  component: SalaryDisbursedPage,
});
