import { createFileRoute } from '@tanstack/react-router';
import { DeductionsPage } from '../../-components/payroll/DeductionsPage';
import { validatePayrollSearch } from '../../-components/payroll/search';

// Salary deduction add and update: advances, loans and others, with a reason (decision 034).
export const Route = createFileRoute('/_hr/SalaryStructure/SalaryDeductions')({
  head: () => ({ meta: [{ title: 'Salary deductions · Doorstep' }] }),
  validateSearch: validatePayrollSearch,
  component: DeductionsPage,
});
