import { validateListSearch } from '../../_admin/-components/listSearch';

// Read by the attendance routes' validateSearch, which stay in the entry chunk: nothing heavy is imported here.

const int = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)) ? Number(v) : NaN);

/** Month 0-12 and year 2000-2100 from the URL; anything else is left out (the page's default: this month). */
export function validatePeriod(raw: Record<string, unknown>): { year?: number; month?: number } {
  const year = int(raw.year);
  const month = int(raw.month);
  return {
    year: year >= 2000 && year <= 2100 ? year : undefined,
    month: month >= 0 && month <= 12 ? month : undefined,
  };
}

export interface AttendanceListSearch extends ReturnType<typeof validateListSearch> {
  year?: number;
  month?: number;
  type?: 'Technician' | 'Engineer';
}

export const validateAttendanceListSearch = (raw: Record<string, unknown>): AttendanceListSearch => ({
  ...validateListSearch(raw),
  ...validatePeriod(raw),
  type: raw.type === 'Technician' || raw.type === 'Engineer' ? raw.type : undefined,
});

export interface AttendanceDetailSearch {
  empId: number;
  year?: number;
  month?: number;
}

export const validateAttendanceDetailSearch = (raw: Record<string, unknown>): AttendanceDetailSearch => {
  const empId = int(raw.empId);
  const period = validatePeriod(raw);
  return {
    empId: empId > 0 && empId <= 2147483647 ? empId : 0,
    year: period.year,
    // The detail is one month: 0 (a whole year) falls back to this month.
    month: period.month ? period.month : undefined,
  };
};
