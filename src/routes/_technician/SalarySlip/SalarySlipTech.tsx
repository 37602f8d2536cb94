import { createFileRoute } from '@tanstack/react-router';
import { validateListSearch } from '../../_admin/-components/listSearch';
import { MySlipsPage } from '../../-components/payroll/SlipPages';

// The professional's own salary slips, each with its PDF (decision 034).
export const Route = createFileRoute('/_technician/SalarySlip/SalarySlipTech')({
  head: () => ({ meta: [{ title: 'Salary slips · Doorstep' }] }),
  validateSearch: validateListSearch,
  component: MySlipsPage,
});
