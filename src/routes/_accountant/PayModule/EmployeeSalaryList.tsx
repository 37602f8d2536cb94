import { createFileRoute } from '@tanstack/react-router';
import { EmployeeSalaryListPage } from '../../-components/payroll/EmployeeSalaryList';
import { validateSalaryListSearch } from '../../-components/payroll/search';

// The accountant's month: each employee's calculated net, the breakdown, Pay once; the expenses to decide
// (decision 034).
export const Route = createFileRoute('/_accountant/PayModule/EmployeeSalaryList')({
  head: () => ({ meta: [{ title: 'Employee salary · Doorstep' }] }),
  validateSearch: validateSalaryListSearch,
  component: EmployeeSalaryListPage,
});
