import { describe, expect, it } from 'vitest';
import { resolvePeriod, splitPeriod } from '../../server/domains/reports/period';
import type { HttpError } from '../../server/http';

// 5 Dec 2026 at 20:00 UTC is already 6 Dec 2026, 01:30 in India.
const now = new Date('2026-12-05T20:00:00Z');

const field = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as HttpError).errors[0]?.field ?? (e as Error).message;
  }
  return null;
};

describe('a report period (decision 055)', () => {
  it('defaults (Month 0, Year 0, FromDate empty) to this India month', () => {
    const p = resolvePeriod({ Month: 0, Year: 0, FromDate: '' }, now);
    expect(p).toMatchObject({ type: 'Month', from: '2026-12-01', to: '2026-12-31', label: 'December 2026' });
    // 1 Dec 2026 00:00 IST is 30 Nov 2026 18:30 UTC.
    expect(p.start.toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(p.end.toISOString()).toBe('2026-12-31T18:30:00.000Z');
    expect(p.bucket).toBe('day');
    expect(p.starts).toHaveLength(31);
  });

  it('takes February of a leap year, and a day that is already tomorrow in India', () => {
    expect(resolvePeriod({ Month: 2, Year: 2028 }, now)).toMatchObject({ from: '2028-02-01', to: '2028-02-29' });
    expect(resolvePeriod({ Type: 'Day' }, now)).toMatchObject({ from: '2026-12-06', to: '2026-12-06' });
  });

  it('covers a year by month, and an open range from the first day', () => {
    const year = resolvePeriod({ Type: 'Year', Year: 2025 }, now);
    expect(year).toMatchObject({ from: '2025-01-01', to: '2025-12-31', bucket: 'month', label: '2025' });
    expect(year.starts).toEqual([
      '2025-01-01',
      '2025-02-01',
      '2025-03-01',
      '2025-04-01',
      '2025-05-01',
      '2025-06-01',
      '2025-07-01',
      '2025-08-01',
      '2025-09-01',
      '2025-10-01',
      '2025-11-01',
      '2025-12-01',
    ]);
    expect(resolvePeriod({ Type: 'Range', FromDate: '', ToDate: '2026-01-31' }, now)).toMatchObject({
      from: '2000-01-01',
      to: '2026-01-31',
    });
  });

  it('names the field that is wrong', () => {
    expect(field(() => resolvePeriod({ Month: 13 }, now))).toBe('Month');
    expect(field(() => resolvePeriod({ Type: 'Year', Year: 1999 }, now))).toBe('Year');
    expect(field(() => resolvePeriod({ Type: 'Day', FromDate: '2026-02-30' }, now))).toBe('FromDate');
    expect(field(() => resolvePeriod({ Type: 'Range', FromDate: '2026-03-02', ToDate: '2026-03-01' }, now))).toBe(
      'FromDate',
    );
  });
});

describe('splitPeriod: the days a rollup holds and the days read from the rows', () => {
  it('reads every day from the rows before the first run', () => {
    expect(splitPeriod('2026-11-01', '2026-12-01', null)).toEqual({
      rolled: null,
      live: { from: '2026-11-01', to: '2026-12-01' },
    });
  });
  it('splits a period at the first day the rollup does not cover', () => {
    expect(splitPeriod('2026-12-01', '2027-01-01', '2026-12-05')).toEqual({
      rolled: { from: '2026-12-01', to: '2026-12-05' },
      live: { from: '2026-12-05', to: '2027-01-01' },
    });
  });
  it('reads a period wholly before it from the rollup, wholly after it from the rows', () => {
    expect(splitPeriod('2026-11-01', '2026-12-01', '2026-12-05')).toEqual({
      rolled: { from: '2026-11-01', to: '2026-12-01' },
      live: null,
    });
    expect(splitPeriod('2026-12-06', '2026-12-07', '2026-12-05')).toEqual({
      rolled: null,
      live: { from: '2026-12-06', to: '2026-12-07' },
    });
  });
});
