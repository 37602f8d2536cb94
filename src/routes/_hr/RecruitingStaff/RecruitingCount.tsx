import { createFileRoute } from '@tanstack/react-router';
import { RecruitmentLogPage } from '../../-components/recruitment/RecruitmentLogPage';
import { validatePeriodSearch } from '../../-components/recruitment/search';

// The recruitment log per HR user per day (Hr/GetRecruitmentLog), derived from the candidates' steps.
export const Route = createFileRoute('/_hr/RecruitingStaff/RecruitingCount')({
  head: () => ({ meta: [{ title: 'Recruiting count · Doorstep' }] }),
  validateSearch: validatePeriodSearch,
  component: () => <RecruitmentLogPage groupBy="day" />,
});
