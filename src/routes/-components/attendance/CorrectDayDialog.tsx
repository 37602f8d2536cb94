import { type AttendanceDay, type AttendanceStatus, correctAttendance, STATUS_LABELS } from '../../../api/attendance';
import { Dialog } from '../../../ui';
import { SelectField, TextArea, TextField } from '../../../ui/form';
import { OperationForm, useOperationForm } from '../form';
import { indiaTime } from './format';

const STATUSES = Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }));
const timed = (s: string) => s === 'present' || s === 'halfDay';

/** HR corrects one day: status, times for a present or half-day, and the reason, which the audit keeps. */
export function CorrectDayDialog({
  empId,
  name,
  day,
  onClose,
}: {
  empId: number;
  name: string;
  day: AttendanceDay;
  onClose(): void;
}) {
  const form = useOperationForm({
    operation: 'correctAttendance',
    initial: {
      status: (day.status ?? 'present') as string,
      checkIn: indiaTime(day.checkInAt),
      checkOut: indiaTime(day.checkOutAt),
      reason: '',
    },
    labels: { status: 'Status', checkIn: 'Check-in', checkOut: 'Check-out', reason: 'Reason' },
    toBody: (v) => ({
      EmpId: empId,
      date: day.date,
      status: v.status as AttendanceStatus,
      checkIn: timed(v.status) && v.checkIn ? v.checkIn : null,
      checkOut: timed(v.status) && v.checkOut ? v.checkOut : null,
      reason: v.reason.trim(),
    }),
    send: correctAttendance,
    onSaved: onClose,
  });
  const v = form.values;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Correct ${day.date}`}
      description={name}
    >
      <OperationForm form={form} label={`Correct ${day.date} of ${name}`} submitLabel="Save correction">
        <SelectField
          {...form.field('status')}
          value={v.status}
          options={STATUSES}
          onChange={(e) => form.set('status', e.target.value)}
        />
        {timed(v.status) ? (
          <>
            <TextField {...form.text('checkIn')} type="time" hint="India time" />
            <TextField {...form.text('checkOut')} type="time" hint="India time, not before the check-in" />
          </>
        ) : null}
        <TextArea {...form.text('reason')} fullWidth rows={3} required hint="Kept in the day’s history." />
      </OperationForm>
    </Dialog>
  );
}
