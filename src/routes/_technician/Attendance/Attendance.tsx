import { createFileRoute } from '@tanstack/react-router';
import { MyAttendance } from '../../-components/attendance/MyAttendance';

// The professional's check-in and check-out for today, and their month.
export const Route = createFileRoute('/_technician/Attendance/Attendance')({
  head: () => ({ meta: [{ title: 'Attendance · Doorstep' }] }),
  component: MyAttendance,
});
