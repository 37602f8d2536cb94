import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { technicianDashboardQuery } from '../../../api/professionalJobs';
import { Alert, buttonClassName, Card, EmptyState, StatCard, StatGrid } from '../../../ui';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { ProfileCard } from '../../-components/Dashboard';
import { Loaded } from '../../-components/Loaded';
import { JobCard } from '../../-components/professional/JobCard';
import * as s from '../../-components/professional/professional.css';

export const Route = createFileRoute('/_technician/Dashboard/TechnicianDashboard')({
  head: () => ({ meta: [{ title: 'Technician dashboard · Doorstep' }] }),
  loader: ({ context }) => context.queryClient.prefetchQuery(technicianDashboardQuery()),
  component: TechnicianDashboard,
});

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

/** Today's jobs in slot order, the counts that matter to a professional, and their average rating. */
function TechnicianDashboard() {
  const q = useQuery(technicianDashboardQuery());
  const d = q.data;
  return (
    <StaffPage
      title="Technician dashboard"
      description={d ? `Today, ${dayFormat.format(new Date(`${d.date}T12:00:00+05:30`))}` : undefined}
      className={s.page}
    >
      <Loaded query={q} loadingLabel="Loading your day…">
        {(d) => (
          <>
            {!d.available && (
              <Alert tone="warning" title="You are not available">
                No new job is offered to you or can be taken while the 'Available' switch at the top is off.
              </Alert>
            )}
            <StatGrid label="Your figures">
              <StatCard label="Upcoming jobs" value={d.counts.upcoming} hint="assigned and accepted" />
              <StatCard label="Completed this month" value={d.counts.completedThisMonth} />
              <StatCard label="Rejected this month" value={d.counts.rejectedThisMonth} />
              <StatCard
                label="Average rating"
                value={d.rating.count ? `${d.rating.average.toFixed(1)} ★` : '—'}
                hint={
                  d.rating.count ? `${d.rating.count} ${d.rating.count === 1 ? 'rating' : 'ratings'}` : 'no ratings yet'
                }
              />
            </StatGrid>
            <Card
              title="Today's jobs"
              actions={
                <Link to="/History/IdealOrderList" className={buttonClassName({ size: 'sm', variant: 'secondary' })}>
                  Find jobs
                </Link>
              }
            >
              {d.today.length === 0 ? (
                <EmptyState
                  title="No jobs today"
                  description="Jobs assigned to you or taken by you for today appear here, in slot order."
                />
              ) : (
                <ul aria-label="Today's jobs" className={s.cards}>
                  {d.today.map((job) => (
                    <JobCard key={job.lineId} job={job} />
                  ))}
                </ul>
              )}
            </Card>
          </>
        )}
      </Loaded>
      {/* Like every role's dashboard: who is signed in (shown even when the day cannot be read). */}
      <ProfileCard />
    </StaffPage>
  );
}
