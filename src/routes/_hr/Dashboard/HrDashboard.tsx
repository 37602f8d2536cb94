import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../ui';
import { TodayAttendancePanel } from '../../-components/attendance/TodayAttendancePanel';
import { Counts, ProfileCard } from '../../-components/Dashboard';
import { PayrollMonthPanel } from '../../-components/payroll/PayrollMonthPanel';
import { RecruitmentDashboardPanel } from '../../-components/recruitment/RecruitmentDashboardPanel';

export const Route = createFileRoute('/_hr/Dashboard/HrDashboard')({
  head: () => ({ meta: [{ title: 'HR dashboard · Doorstep' }] }),
  component: HrDashboard,
});

/** Candidates per step and the funnel, today's attendance, the month's payroll, then the counts. */
function HrDashboard() {
  return (
    <>
      <PageHeader title="HR dashboard" />
      <div style={{ display: 'grid', gap: 16 }}>
        <RecruitmentDashboardPanel />
        <TodayAttendancePanel />
        <PayrollMonthPanel />
        <Counts />
        <ProfileCard />
      </div>
    </>
  );
}
