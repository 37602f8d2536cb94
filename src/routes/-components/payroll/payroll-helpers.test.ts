import { describe, expect, it } from 'vitest';
import { rowsToCsv } from './exportRows';
import {
  apiMonth,
  defaultMonth,
  monthLabel,
  monthOf,
  monthSearchOf,
  validateMonthSearch,
  validateSalaryListSearch,
} from './search';

describe('payroll month helpers', () => {
  it('opens on the last full month in India, whatever the UTC date says', () => {
    // 30 Nov 2026 19:00 UTC is 1 Dec 00:30 in India: November is over.
    expect(defaultMonth(new Date('2026-11-30T19:00:00Z'))).toEqual({ month: 11, year: 2026 });
    // 30 Nov 2026 18:00 UTC is still 30 Nov in India: October is the last full month.
    expect(defaultMonth(new Date('2026-11-30T18:00:00Z'))).toEqual({ month: 10, year: 2026 });
    expect(defaultMonth(new Date('2027-01-15T06:00:00Z'))).toEqual({ month: 12, year: 2026 });
  });

  it('keeps only a real month and year from the URL', () => {
    expect(validateMonthSearch({ month: '2', year: '2026' })).toEqual({ month: 2, year: 2026 });
    for (const month of ['0', '13', '1.5', 'x', '']) expect(validateMonthSearch({ month }).month).toBeUndefined();
    for (const year of ['1999', '2101', '20260']) expect(validateMonthSearch({ year }).year).toBeUndefined();
    expect(validateSalaryListSearch({ status: 'paid', view: 'run', run: '4', emp: '-1' })).toMatchObject({
      status: 'paid',
      view: 'run',
      run: 4,
      emp: undefined,
    });
    expect(validateSalaryListSearch({ status: 'bogus', view: 'other' })).toMatchObject({
      status: undefined,
      view: undefined,
    });
  });

  it('leaves the default month out of the URL and names months for people and for the API', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    expect(monthSearchOf({ month: 10, year: 2026 }, now)).toEqual({ month: undefined, year: undefined });
    expect(monthSearchOf({ month: 2, year: 2025 }, now)).toEqual({ month: 2, year: 2025 });
    expect(monthOf({ month: 2 }, now)).toEqual({ month: 2, year: 2026 });
    expect(apiMonth({ month: 2, year: 2026 })).toBe('2026-02');
    expect(monthLabel({ month: 2, year: 2026 })).toBe('February 2026');
  });
});

describe('report export', () => {
  it('writes rupees with two decimals, quotes what needs it and defuses formulas', () => {
    const csv = rowsToCsv(
      [
        { header: 'Employee', value: (r: { name: string; net: number }) => r.name },
        { header: 'Net pay (₹)', value: (r) => r.net, kind: 'rupees' as const },
      ],
      [
        { name: 'Asha, "A"', net: 1234.5 },
        { name: '=HYPERLINK("x")', net: 0 },
      ],
    );
    expect(csv).toBe('Employee,Net pay (₹)\r\n"Asha, ""A""",1234.50\r\n"\'=HYPERLINK(""x"")",0.00\r\n');
  });
});
