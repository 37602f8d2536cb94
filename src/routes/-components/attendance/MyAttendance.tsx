import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  attendanceCalendarQuery,
  checkIn,
  checkOut,
  DAY_STATUS_LABELS,
  myAttendanceTodayQuery,
} from '../../../api/attendance';
import { meQuery } from '../../../api/auth';
import { invalidateAfter } from '../../../api/invalidate';
import { technicianDashboardQuery } from '../../../api/professionalJobs';
import { Alert, Badge, Button, LoadingPlaceholder, PageHeader, toast } from '../../../ui';
import { LoadFailure } from '../Loaded';
import * as s from './attendance.css';
import { days, indiaTime, monthLabel, worked } from './format';
import { AttendanceCountCards, MonthCalendar } from './MonthCalendar';

/**
 * /Attendance/Attendance (decision 033): the professional checks in and out for today with the server's time, and
 * sees this month's calendar and counts. Turning the Available switch on for the first time in a day checks in too.
 */
export function MyAttendance() {
  const queryClient = useQueryClient();
  const me = useQuery(meQuery());
  const today = useQuery(myAttendanceTodayQuery());
  const empId = me.data?.Id ?? 0;
  const year = Number(today.data?.date.slice(0, 4) ?? 0);
  const month = Number(today.data?.date.slice(5, 7) ?? 0);
  const cal = useQuery({ ...attendanceCalendarQuery({ empId, year, month }), enabled: empId > 0 && month > 0 });
  const [busy, setBusy] = useState(false);
  // The top bar's Available switch checks in too (its first switch-on of the day): when the switch's value changes
  // while this page is open, today and the month are read again.
  const available = useQuery(technicianDashboardQuery()).data?.available;
  const seen = useRef(available);
  useEffect(() => {
    if (seen.current !== undefined && available !== seen.current) {
      void queryClient.invalidateQueries({ queryKey: ['Attendance'] });
    }
    seen.current = available;
  }, [available, queryClient]);

  const act = async (which: 'in' | 'out') => {
    setBusy(true);
    try {
      const reply = which === 'in' ? await checkIn() : await checkOut();
      toast.success(reply.message);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      await invalidateAfter(queryClient, which === 'in' ? 'attendanceCheckIn' : 'attendanceCheckOut');
      setBusy(false);
    }
  };

  const t = today.data;
  return (
    <div className={s.page}>
      <PageHeader title="Attendance" description="Check in when you start work and check out when you finish." />
      <LoadFailure query={today} />
      {!t ? (
        <LoadingPlaceholder label="Loading today’s attendance" />
      ) : (
        <section className={s.card} aria-labelledby="today-title">
          <h2 id="today-title" className={s.cardTitle}>
            Today, {t.date}
          </h2>
          <dl className={s.facts}>
            <dt>Status</dt>
            <dd>
              <Badge tone={t.status === 'present' ? 'success' : t.status === 'halfDay' ? 'warning' : 'neutral'}>
                {t.status ? DAY_STATUS_LABELS[t.status] : 'Not checked in'}
              </Badge>
              {t.holidayName ? ` (${t.holidayName})` : null}
            </dd>
            <dt>Checked in</dt>
            <dd data-testid="check-in-time">{indiaTime(t.checkInAt) || '—'}</dd>
            <dt>Checked out</dt>
            <dd data-testid="check-out-time">{indiaTime(t.checkOutAt) || '—'}</dd>
            {t.workedMinutes !== null ? (
              <>
                <dt>Worked</dt>
                <dd>{worked(t.workedMinutes)}</dd>
              </>
            ) : null}
          </dl>
          {t.locked ? <Alert tone="info">This month is locked: ask HR if a day is wrong.</Alert> : null}
          <div className={s.row}>
            <Button onClick={() => act('in')} loading={busy} disabled={!t.canCheckIn}>
              Check in
            </Button>
            <Button variant="secondary" onClick={() => act('out')} loading={busy} disabled={!t.canCheckOut}>
              Check out
            </Button>
          </div>
          <p className={s.muted}>
            Times are the server’s (India time). A day checked out after less than {t.halfDayUnderMinutes / 60} hours
            counts as a half-day.
          </p>
        </section>
      )}
      {cal.data ? (
        <section className={s.card} aria-labelledby="month-title">
          <h2 id="month-title" className={s.cardTitle}>
            {monthLabel(cal.data.year, cal.data.month)}: {days(cal.data.counts.paidDays)} paid days so far
          </h2>
          <AttendanceCountCards counts={cal.data.counts} label={`Counts of ${monthLabel(year, month)}`} />
          <MonthCalendar days={cal.data.days} label={`Attendance of ${monthLabel(year, month)}`} />
        </section>
      ) : (
        <LoadFailure query={cal} />
      )}
    </div>
  );
}
