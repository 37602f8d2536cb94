// Small display helpers of the attendance screens (pure: unit-free and shared by every page).
import type { AttendanceCounts } from '../../../api/attendance';
import { MONTH_NAMES } from '../../../ui/format';

export const monthLabel = (year: number, month: number) =>
  month ? `${MONTH_NAMES[month - 1]} ${year}` : `Year ${year}`;
export const monthOptions = [
  { value: '0', label: 'Whole year' },
  ...MONTH_NAMES.map((m, i) => ({ value: String(i + 1), label: m })),
];

/** The India wall-clock time of an instant, 24-hour 'HH:MM'. */
export function indiaTime(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Date(new Date(iso).getTime() + 330 * 60_000).toISOString().slice(11, 16);
}

/** Today in India (YYYY-MM-DD, year, month 1-12). */
export function indiaToday(now = new Date()) {
  const shifted = new Date(now.getTime() + 330 * 60_000);
  return { date: shifted.toISOString().slice(0, 10), year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1 };
}

export const worked = (minutes: number | null | undefined) =>
  minutes == null ? '' : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;

/** '21.5' or '22': paid days may be halves. */
export const days = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export const COUNT_LABELS: [keyof AttendanceCounts, string][] = [
  ['present', 'Present'],
  ['halfDay', 'Half-day'],
  ['absent', 'Absent'],
  ['leave', 'Leave'],
  ['holidays', 'Holidays'],
  ['weeklyOffs', 'Weekly offs'],
  ['notJoined', 'Not joined'],
  ['paidDays', 'Paid days'],
];
