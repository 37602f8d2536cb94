import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import {
  type AttendanceAuditEntry,
  type AttendanceDay,
  attendanceAuditQuery,
  attendanceCalendarQuery,
  lockAttendanceMonth,
  unlockAttendanceMonth,
} from '../../../api/attendance';
import { invalidateAfter } from '../../../api/invalidate';
import { Alert, Badge, Button, ConfirmDialog, Dialog, formatDateTime, PageHeader, toast } from '../../../ui';
import { type Column, DataTable, staticTableProps } from '../../../ui/DataTable';
import { TextArea } from '../../../ui/form';
import { LoadFailure, NotLoaded } from '../Loaded';
import * as s from './attendance.css';
import { CorrectDayDialog } from './CorrectDayDialog';
import { days, indiaToday, monthLabel } from './format';
import { AttendanceCountCards, MonthCalendar } from './MonthCalendar';
import type { AttendanceDetailSearch } from './search';

const describe = (x: Record<string, unknown> | null) => {
  if (!x) return '';
  if ('locked' in x) return x.locked ? 'locked' : 'open';
  const times = [x.checkIn, x.checkOut].filter(Boolean).join('–');
  return `${x.status ?? 'not marked'}${times ? ` ${times}` : ''}`;
};

/**
 * One professional's month for HR (decision 033): the calendar and counts; a day up to today opens the correction
 * (a reason is required, and the history below keeps who, when, before, after and why); the month's lock and unlock
 * (with a reason). A locked month refuses corrections until it is unlocked.
 */
export function AttendanceDetail() {
  const search = useSearch({ strict: false }) as AttendanceDetailSearch;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const now = indiaToday();
  const empId = search.empId;
  const year = search.year ?? now.year;
  const month = search.month ?? now.month;
  const cal = useQuery(attendanceCalendarQuery({ empId, year, month }));
  const audit = useQuery(attendanceAuditQuery({ empId, year, month }));
  const [picked, setPicked] = useState<AttendanceDay | null>(null);
  const [locking, setLocking] = useState(false);
  const [unlocking, setUnlocking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const go = (delta: number) => {
    const m = year * 12 + (month - 1) + delta;
    void navigate({ to: '.', search: { empId, year: Math.floor(m / 12), month: (m % 12) + 1 } });
  };
  const ended = year * 12 + month < now.year * 12 + now.month;
  const locked = cal.data?.lockedMonths.includes(month) ?? false;

  if (!empId) return <Alert tone="danger">Choose a professional on the attendance list.</Alert>;
  if (!cal.data) return <NotLoaded query={cal} loadingLabel="Loading the month" />;
  const data = cal.data;

  async function unlock() {
    if (reason.trim().length < 3) {
      setReasonError('Reason must say why, in at least 3 characters');
      return;
    }
    try {
      const reply = await unlockAttendanceMonth(year, month, reason.trim());
      toast.success(reply.message);
      setUnlocking(false);
      setReason('');
      setReasonError(undefined);
    } catch (e) {
      setReasonError((e as Error).message);
    } finally {
      await invalidateAfter(queryClient, 'unlockAttendanceMonth');
    }
  }

  const auditColumns: Column<AttendanceAuditEntry>[] = [
    { key: 'at', header: 'When', render: (e) => formatDateTime(e.at) },
    { key: 'actorName', header: 'Who', render: (e) => e.actorName ?? 'Payroll' },
    {
      key: 'kind',
      header: 'What',
      render: (e) =>
        e.kind === 'correction' ? `Corrected ${e.date}` : e.kind === 'lock' ? 'Locked the month' : 'Unlocked the month',
    },
    { key: 'before', header: 'Before', render: (e) => describe(e.before) },
    { key: 'after', header: 'After', render: (e) => describe(e.after) },
    { key: 'reason', header: 'Reason', render: (e) => e.reason ?? '' },
  ];

  return (
    <div className={s.page}>
      <LoadFailure query={cal} />
      <PageHeader
        title={`${data.name}: ${monthLabel(year, month)}`}
        description={`${days(data.counts.paidDays)} paid days. Choose a day to correct it.`}
        actions={
          <div className={s.row}>
            <Link to="/Reports/AttendanceList" search={{ year, month }}>
              Attendance list
            </Link>
            <Button variant="secondary" onClick={() => go(-1)}>
              Previous month
            </Button>
            <Button variant="secondary" onClick={() => go(1)} disabled={!ended}>
              Next month
            </Button>
          </div>
        }
      />
      <div className={s.row}>
        <Badge tone={locked ? 'warning' : 'neutral'}>{locked ? 'Month locked' : 'Month open'}</Badge>
        {locked ? (
          <Button variant="secondary" onClick={() => setUnlocking(true)}>
            Unlock month
          </Button>
        ) : ended ? (
          <Button variant="secondary" onClick={() => setLocking(true)}>
            Lock month
          </Button>
        ) : null}
      </div>
      {locked ? (
        <Alert tone="info">The month is locked (payroll has run or HR locked it): unlock it to correct a day.</Alert>
      ) : null}
      <AttendanceCountCards counts={data.counts} label={`Counts of ${monthLabel(year, month)}`} />
      <MonthCalendar
        days={data.days}
        label={`Attendance of ${data.name}, ${monthLabel(year, month)}`}
        onPick={setPicked}
        pickUpTo={now.date}
      />
      <section className={s.card} aria-labelledby="history-title">
        <h2 id="history-title" className={s.cardTitle}>
          History
        </h2>
        <DataTable
          {...staticTableProps(audit.data ?? [])}
          caption="Corrections, locks and unlocks"
          columns={auditColumns}
          rowKey={(e) => e.id}
          loading={audit.isFetching}
          emptyMessage="No corrections this month."
        />
      </section>
      {picked ? <CorrectDayDialog empId={empId} name={data.name} day={picked} onClose={() => setPicked(null)} /> : null}
      <ConfirmDialog
        open={locking}
        onOpenChange={setLocking}
        title={`Lock ${monthLabel(year, month)}?`}
        message="No day of the month can be corrected while it is locked. Payroll locks the month it pays by itself."
        confirmLabel="Lock month"
        onConfirm={async () => {
          const reply = await lockAttendanceMonth(year, month);
          toast.success(reply.message);
          await invalidateAfter(queryClient, 'lockAttendanceMonth');
        }}
      />
      <Dialog
        open={unlocking}
        onOpenChange={setUnlocking}
        title={`Unlock ${monthLabel(year, month)}`}
        description="Say why: the unlock is kept in the history. Payroll already paid for a locked month is not recomputed."
        footer={
          <>
            <Button variant="secondary" onClick={() => setUnlocking(false)}>
              Cancel
            </Button>
            <Button onClick={unlock}>Unlock month</Button>
          </>
        }
      >
        <TextArea
          name="unlockReason"
          label="Reason"
          required
          fullWidth
          rows={3}
          value={reason}
          error={reasonError}
          onChange={(e) => setReason(e.target.value)}
        />
      </Dialog>
    </div>
  );
}
