import { createFileRoute } from '@tanstack/react-router';
import { MonthWiseReport } from '../../-components/recruitment/MonthWiseReport';
import { validatePeriodSearch } from '../../-components/recruitment/search';

// The month-wise recruitment report, with a chart and CSV and XLSX exports.
export const Route = createFileRoute('/_hr/Reports/MonthWiseRecruitment')({
  head: () => ({ meta: [{ title: 'Month-wise recruitment · Doorstep' }] }),
  validateSearch: validatePeriodSearch,
  component: MonthWiseReport,
});
