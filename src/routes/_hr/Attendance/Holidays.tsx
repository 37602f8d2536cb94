import { createFileRoute } from '@tanstack/react-router';
import { Holidays } from '../../-components/attendance/Holidays';
import { validatePeriod } from '../../-components/attendance/search';

// The holiday list HR maintains.
export const Route = createFileRoute('/_hr/Attendance/Holidays')({
  head: () => ({ meta: [{ title: 'Holidays · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): { year?: number } => ({ year: validatePeriod(raw).year }),
  component: Holidays,
});
