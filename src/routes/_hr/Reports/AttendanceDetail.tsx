import { createFileRoute } from '@tanstack/react-router';
import { AttendanceDetail } from '../../-components/attendance/AttendanceDetail';
import { validateAttendanceDetailSearch } from '../../-components/attendance/search';

// One professional's month, where HR corrects a day and locks or unlocks the month.
export const Route = createFileRoute('/_hr/Reports/AttendanceDetail')({
  head: () => ({ meta: [{ title: 'Attendance of a professional · Doorstep' }] }),
  validateSearch: validateAttendanceDetailSearch,
  component: AttendanceDetail,
});
