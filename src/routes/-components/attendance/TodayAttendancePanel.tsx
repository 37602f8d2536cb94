import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { todayAttendanceQuery } from '../../../api/attendance';
import { StatCard, StatGrid } from '../../../ui';
import { Loaded } from '../Loaded';
import * as s from './attendance.css';

/** Today's attendance of every active professional, for the HR dashboard (refreshed every minute). */
export function TodayAttendancePanel() {
  const q = useQuery(todayAttendanceQuery());
  return (
    <section className={s.card} aria-labelledby="today-attendance">
      <h2 id="today-attendance" className={s.cardTitle}>
        Today’s attendance{q.data ? `, ${q.data.date}` : ''}
      </h2>
      <Loaded query={q} loadingLabel="Loading today’s attendance">
        {(data) => (
          <>
            {data.holidayName || data.weeklyOff ? (
              <p className={s.muted}>{data.holidayName ? `Holiday: ${data.holidayName}` : 'Weekly off (Sunday)'}</p>
            ) : null}
            <StatGrid label="Today's attendance">
              <StatCard label="Professionals" value={data.professionals} />
              <StatCard label="Checked in" value={data.checkedIn} />
              <StatCard label="Checked out" value={data.checkedOut} />
              <StatCard label="Half-day" value={data.halfDay} />
              <StatCard label="On leave" value={data.onLeave} />
              <StatCard label="Not marked" value={data.notMarked} />
            </StatGrid>
            <Link to="/Reports/AttendanceList">Attendance list</Link>
          </>
        )}
      </Loaded>
    </section>
  );
}
