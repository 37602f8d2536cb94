import { createFileRoute } from '@tanstack/react-router';
import { MyMonthSlipPage } from '../../-components/payroll/SlipPages';
import { validatePayrollSearch } from '../../-components/payroll/search';

// The professional picks a month and sees or downloads that month's slip (decision 034).
export const Route = createFileRoute('/_technician/SalarySlip/GenerateSalarySliptech')({
  head: () => ({ meta: [{ title: 'Generate salary slip · Doorstep' }] }),
  validateSearch: validatePayrollSearch,
  component: MyMonthSlipPage,
});
