import type { AttendanceCounts, AttendanceDay } from '../../../api/attendance';
import { DAY_STATUS_LABELS } from '../../../api/attendance';
import { formatDate, StatCard, StatGrid } from '../../../ui';
import { visuallyHidden } from '../../../ui/form/form.css';
import * as s from './attendance.css';
import { COUNT_LABELS, days, indiaTime } from './format';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The period's counts as figures. */
export function AttendanceCountCards({ counts, label }: { counts: AttendanceCounts; label: string }) {
  return (
    <StatGrid label={label}>
      {COUNT_LABELS.filter(([key]) => key !== 'notJoined' || counts.notJoined > 0).map(([key, text]) => (
        <StatCard key={key} label={text} value={days(counts[key])} />
      ))}
    </StatGrid>
  );
}

/**
 * One month as a Monday-first calendar: each day's status in words (colour only repeats it), the check-in and
 * check-out times in India time, the holiday's name. With `onPick` every day up to today from the joining date is a
 * button (HR's correction); days before it read "Not joined".
 */
export function MonthCalendar({
  days: list,
  label,
  onPick,
  pickUpTo = '',
}: {
  days: AttendanceDay[];
  label: string;
  onPick?: (day: AttendanceDay) => void;
  /** The last day that can be picked (today): later days are not buttons. */
  pickUpTo?: string;
}) {
  if (list.length === 0) return null;
  const first = new Date(`${list[0].date}T00:00:00Z`).getUTCDay(); // 0 Sunday
  const lead = (first + 6) % 7;
  return (
    <div>
      <div className={s.weekdays} aria-hidden="true">
        {WEEKDAYS.map((w) => (
          <span key={w}>{w}</span>
        ))}
      </div>
      <ul className={s.grid} aria-label={label}>
        {Array.from({ length: lead }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed leading blanks of the first week
          <li key={`blank-${i}`} className={s.blank} aria-hidden="true" />
        ))}
        {list.map((d) => {
          const status = d.status ? DAY_STATUS_LABELS[d.status] : 'Not marked';
          const times = [indiaTime(d.checkInAt), indiaTime(d.checkOutAt)].filter(Boolean).join('–');
          const body = (
            <>
              <span className={s.dayNumber}>{Number(d.date.slice(8))}</span>
              <span>{status}</span>
              {times ? <span className={s.cellNote}>{times}</span> : null}
              {d.holidayName ? <span className={s.cellNote}>{d.holidayName}</span> : null}
            </>
          );
          const cls = s.cell[d.status ?? 'none'];
          return (
            <li key={d.date} data-date={d.date} data-status={d.status ?? ''}>
              {onPick && d.date <= pickUpTo && d.status !== 'notJoined' ? (
                <button
                  type="button"
                  className={`${cls} ${s.cellButton}`}
                  style={{ width: '100%' }}
                  onClick={() => onPick(d)}
                >
                  {body}
                  {/* The name starts with what the cell shows ("5 Absent"), as voice control users say it. */}
                  <span className={visuallyHidden}>, {formatDate(d.date)}: correct this day</span>
                </button>
              ) : (
                <div className={cls} title={`${d.date}: ${status}`}>
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
