import { createFileRoute } from '@tanstack/react-router';
import { RecruitmentLogPage } from '../../-components/recruitment/RecruitmentLogPage';
import { validatePeriodSearch } from '../../-components/recruitment/search';

// The recruitment log per HR user per month of a year (Hr/GetRecruitmentLog), derived from the steps.
export const Route = createFileRoute('/_hr/RecruitingStaff/RecrutingHistory')({
  head: () => ({ meta: [{ title: 'Recruiting history · Doorstep' }] }),
  validateSearch: validatePeriodSearch,
  component: () => <RecruitmentLogPage groupBy="month" />,
});
