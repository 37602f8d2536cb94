import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRupees, formatSlot } from './format';

describe('format', () => {
  it('formats rupees with Indian grouping', () => {
    expect(formatRupees(1234567.5)).toBe('₹12,34,567.50');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(Number.NaN)).toBe('—');
  });

  it('writes rupees exactly as Intl does, rounding and grouping included', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    // Amounts in paise (what the API sends), amounts with more decimals (rounding), and any double at all.
    const amounts = fc.oneof(
      fc.integer({ min: -(10 ** 13), max: 10 ** 13 }).map((p) => p / 100),
      fc.integer({ min: -(10 ** 9), max: 10 ** 9 }).map((n) => n / 1000),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    fc.assert(
      fc.property(amounts, (v) => formatRupees(v) === intl.format(v)),
      { numRuns: 5000 },
    );
    // Halves of a paisa round away from zero on their shortest decimal form, as Intl's do.
    for (const v of [1.005, 2.675, 0.125, -0.001, -0, 99999999.995, 1e-7, 1e21, 123456789012.34]) {
      expect(formatRupees(v), String(v)).toBe(intl.format(v));
    }
    expect(formatRupees(2.675)).toBe('₹2.68');
    expect(formatRupees(-1234.5)).toBe('-₹1,234.50');
  });

  it('shows a bare calendar date as written, whatever the time zone', () => {
    expect(formatDate('2024-03-05')).toBe('05 Mar 2024');
    expect(formatDateTime('2024-03-05')).toBe('05 Mar 2024');
  });

  it("formats timestamps in India time whatever the viewer's zone, and leaves nonsense alone", () => {
    // 10:30 UTC is 16:00 in India; 20:00 UTC is already the next day there.
    expect(formatDateTime('2024-03-05T10:30:00Z')).toBe('05 Mar 2024, 4:00 pm');
    expect(formatDateTime('2024-03-05T20:00:00Z')).toBe('06 Mar 2024, 1:30 am');
    expect(formatDate('2024-03-05T20:00:00Z')).toBe('06 Mar 2024');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDate('')).toBe('');
  });

  it("shows a booking slot in India time whatever the viewer's zone", () => {
    // 04:00 UTC is 09:30 in India.
    expect(formatSlot('2026-11-29T04:00:00.000Z')).toBe('29 Nov 2026, 9:30 am IST');
    expect(formatSlot('not a slot')).toBe('not a slot');
  });
});
