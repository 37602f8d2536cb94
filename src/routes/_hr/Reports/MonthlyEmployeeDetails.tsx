import { createFileRoute } from '@tanstack/react-router';
import { MonthlyReportPage } from '../../-components/payroll/MonthlyReport';
import { validateSalaryListSearch } from '../../-components/payroll/search';

// Monthly employee details: filters, a chart, CSV and XLSX export.
export const Route = createFileRoute('/_hr/Reports/MonthlyEmployeeDetails')({
  head: () => ({ meta: [{ title: 'Monthly employee details · Doorstep' }] }),
  validateSearch: validateSalaryListSearch,
  component: MonthlyReportPage,
});
