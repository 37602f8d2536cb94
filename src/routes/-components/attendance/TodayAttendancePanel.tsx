import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { todayAttendanceQuery } from '../../../api/attendance';
import { LoadingPlaceholder, StatCard, StatGrid } from '../../../ui';
import { LoadFailure } from '../Loaded';
import * as s from './attendance.css';

/** Today's attendance of every active professional, for the HR dashboard (refreshed every minute). */
export function TodayAttendancePanel() {
  const q = useQuery(todayAttendanceQuery());
  return (
    <section className={s.card} aria-labelledby="today-attendance">
      <h2 id="today-attendance" className={s.cardTitle}>
        Today’s attendance{q.data ? `, ${q.data.date}` : ''}
      </h2>
      <LoadFailure query={q} />
      {!q.data ? (
        q.error ? null : (
          <LoadingPlaceholder label="Loading today’s attendance" />
        )
      ) : (
        <>
          {q.data.holidayName || q.data.weeklyOff ? (
            <p className={s.muted}>{q.data.holidayName ? `Holiday: ${q.data.holidayName}` : 'Weekly off (Sunday)'}</p>
          ) : null}
          <StatGrid label="Today's attendance">
            <StatCard label="Professionals" value={q.data.professionals} />
            <StatCard label="Checked in" value={q.data.checkedIn} />
            <StatCard label="Checked out" value={q.data.checkedOut} />
            <StatCard label="Half-day" value={q.data.halfDay} />
            <StatCard label="On leave" value={q.data.onLeave} />
            <StatCard label="Not marked" value={q.data.notMarked} />
          </StatGrid>
          <Link to="/Reports/AttendanceList">Attendance list</Link>
        </>
      )}
    </section>
  );
}
