import { createFileRoute } from '@tanstack/react-router';
import { AttendanceList } from '../../-components/attendance/AttendanceList';
import { validateAttendanceListSearch } from '../../-components/attendance/search';

// Every professional's attendance for a month, with filters and an XLSX export.
export const Route = createFileRoute('/_hr/Reports/AttendanceList')({
  head: () => ({ meta: [{ title: 'Attendance list · Doorstep' }] }),
  validateSearch: validateAttendanceListSearch,
  component: AttendanceList,
});
