// Attendance and holidays (decision 033): the professional's check-in and check-out, HR's calendar,
// corrections, month locks, holidays, the attendance list and its export, and today's counts for the HR dashboard.
// Reads are query-options factories keyed by the operation kit; writes return the server's reply and callers
// refetch with `invalidateAfter(operationId)`.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, call, client } from './client';
import { keyOf } from './kit';
import { pageQuery, searchTerm } from './listQuery';
import type { components } from './schema.gen';

type Schemas = components['schemas'];
export type AttendanceStatus = Schemas['AttendanceStatus'];
/** A day as read: a status, or notJoined before the professional's joining date (decision 033). */
export type AttendanceDayStatus = Schemas['AttendanceDayStatus'];
export type AttendanceCounts = Schemas['AttendanceCounts'];
export type AttendanceDay = Schemas['AttendanceDay'];
export type AttendanceCalendar = Schemas['AttendanceCalendar'];
export type AttendanceToday = Schemas['AttendanceToday'];
export type AttendanceCorrectionInput = Schemas['AttendanceCorrectionInput'];
export type AttendanceAuditEntry = Schemas['AttendanceAuditEntry'];
export type AttendanceListItem = Schemas['AttendanceListItem'];
export type Holiday = Schemas['Holiday'];
export type HolidayInput = Schemas['HolidayInput'];
export type TodayAttendanceSummary = Schemas['TodayAttendanceSummary'];
export type ProfessionalTypeFilter = 'Technician' | 'Engineer';

export const STATUS_LABELS: Record<AttendanceStatus, string> = {
  present: 'Present',
  absent: 'Absent',
  halfDay: 'Half-day',
  leave: 'Leave',
  holiday: 'Holiday',
  weeklyOff: 'Weekly off',
};

/** The labels of the days as the calendars show them (HR cannot set notJoined: it follows the joining date). */
export const DAY_STATUS_LABELS: Record<AttendanceDayStatus, string> = { ...STATUS_LABELS, notJoined: 'Not joined' };

// ---- the professional's day

export const myAttendanceTodayQuery = () =>
  queryOptions({
    queryKey: keyOf('Attendance', 'getMyAttendanceToday'),
    queryFn: async () => (await call(client.GET('/api/Attendance/MyToday'))).data,
    // The Available switch checks in too (another screen): read afresh whenever the page is shown.
    refetchOnMount: 'always',
  });

export const checkIn = async () => call(client.POST('/api/Attendance/CheckIn'));
export const checkOut = async () => call(client.POST('/api/Attendance/CheckOut'));

// ---- calendars and counts

/** One professional's month (month 1-12) or year (month 0). */
export const attendanceCalendarQuery = (p: { empId: number; year: number; month: number }) =>
  queryOptions({
    queryKey: keyOf('Attendance', 'getAttendance', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Hr/GetAttendance', {
            params: { query: { EmpId: p.empId, Year: p.year, month: p.month } },
          }),
        )
      ).data,
    enabled: p.empId > 0,
    placeholderData: keepPreviousData,
  });

export const attendanceAuditQuery = (p: { empId: number; year: number; month: number }) =>
  queryOptions({
    queryKey: keyOf('Attendance', 'getAttendanceAudit', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Hr/GetAttendanceAudit', {
            params: { query: { EmpId: p.empId, Year: p.year, month: p.month } },
          }),
        )
      ).data,
    enabled: p.empId > 0 && p.month > 0,
  });

export interface AttendanceListParams {
  page: number;
  pageSize: number;
  search?: string;
  year: number;
  month: number;
  professionalType?: ProfessionalTypeFilter;
}

export const attendanceListQuery = (p: AttendanceListParams) =>
  queryOptions({
    queryKey: keyOf('Attendance', 'getAttendanceList', p),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Hr/GetAttendanceList', {
            params: {
              query: {
                ...pageQuery(p),
                Year: p.year,
                month: p.month,
                professionalType: p.professionalType,
              },
            },
          }),
        )
      ).data,
  });

/** The list with the same filters as an .xlsx workbook (fetched, then saved: a refusal shows as a message). */
export async function attendanceListExcel(
  p: Omit<AttendanceListParams, 'page' | 'pageSize'>,
): Promise<{ blob: Blob; fileName: string }> {
  const q = new URLSearchParams({ Year: String(p.year), month: String(p.month) });
  if (searchTerm(p.search)) q.set('search', searchTerm(p.search)!);
  if (p.professionalType) q.set('professionalType', p.professionalType);
  const res = await fetch(`/api/Hr/GetAttendanceListExcel?${q}`);
  if (!res.ok) {
    const problem = await res.json().catch(() => ({}));
    throw new ApiError(res.status, problem.title ?? 'Error', problem.detail ?? 'The workbook could not be made.');
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await res.blob(), fileName: name ?? 'attendance.xlsx' };
}

export const todayAttendanceQuery = () =>
  queryOptions({
    queryKey: keyOf('Attendance', 'getTodayAttendance'),
    queryFn: async () => (await call(client.GET('/api/Hr/GetTodayAttendance'))).data,
    refetchInterval: 60_000,
  });

// ---- HR writes

export const correctAttendance = async (body: AttendanceCorrectionInput) =>
  call(client.PUT('/api/Hr/CorrectAttendance', { body }));

export const lockAttendanceMonth = async (year: number, month: number) =>
  call(client.POST('/api/Hr/LockAttendanceMonth', { body: { Year: year, month } }));

export const unlockAttendanceMonth = async (year: number, month: number, reason: string) =>
  call(client.POST('/api/Hr/UnlockAttendanceMonth', { body: { Year: year, month, reason } }));

// ---- holidays

export const holidaysQuery = (year: number) =>
  queryOptions({
    queryKey: keyOf('Attendance', 'getHolidays', { year }),
    queryFn: async () => (await call(client.GET('/api/Hr/GetHolidays', { params: { query: { Year: year } } }))).data,
  });

export const addHoliday = async (body: HolidayInput) => call(client.POST('/api/Hr/AddHoliday', { body }));

export const deleteHoliday = async (id: number) =>
  call(client.DELETE('/api/Hr/DeleteHoliday', { params: { query: { id } } }));
