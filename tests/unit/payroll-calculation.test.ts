// Worked examples of the salary calculation (server/modules/payroll/calc.ts, issue 13 §7): EPF at the ceiling, ESI
// just under and just over ₹21,000, February's professional tax, a mid-month structure change, unpaid days; and
// properties that hold for any input (integer paise, net = gross + tips + expenses - deductions, never below 0).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CalcInput, calculateSalary, divHalfUp, type StructureInput } from '../../server/modules/payroll/calc';

const R = (rupees: number) => Math.round(rupees * 100);
const structure = (over: Partial<StructureInput> = {}): StructureInput => ({
  id: 1,
  effectiveFrom: '2024-01-01',
  basicPaise: R(15000),
  hraPaise: 0,
  allowancesPaise: 0,
  ptState: 'MH',
  epf: true,
  esi: true,
  ...over,
});
/** A full month: every day paid. */
const full = (days: number) => ({
  daysInMonth: days,
  paidDays: days,
  present: days,
  halfDays: 0,
  leave: 0,
  holidays: 0,
  weeklyOffs: 0,
  absent: 0,
});
const input = (over: Partial<CalcInput> = {}): CalcInput => ({
  year: 2025,
  month: 6,
  structures: [structure()],
  attendance: full(30),
  deductions: [],
  tipsPaise: 0,
  expenses: [],
  ...over,
});
const line = (lines: { code: string; amountPaise: number }[], code: string) =>
  lines.find((l) => l.code === code)?.amountPaise;

describe('statutory deductions', () => {
  it('EPF: 12% + 12% of basic, capped at ₹15,000 (₹1,800 each at or above the ceiling)', () => {
    const at = calculateSalary(input({ structures: [structure({ basicPaise: R(15000) })] }))!;
    expect(line(at.deductions, 'epf')).toBe(R(1800));
    expect(line(at.employer, 'epf_employer')).toBe(R(1800));
    const above = calculateSalary(input({ structures: [structure({ basicPaise: R(40000), esi: false })] }))!;
    expect(line(above.deductions, 'epf')).toBe(R(1800));
    expect(above.deductions.find((l) => l.code === 'epf')!.label).toMatch(/capped/);
    const below = calculateSalary(input({ structures: [structure({ basicPaise: R(12345.67) })] }))!;
    // 12% of 12,345.67 = 1,481.4804 → 1,481.48
    expect(line(below.deductions, 'epf')).toBe(148148);
    const out = calculateSalary(input({ structures: [structure({ epf: false })] }))!;
    expect(line(out.deductions, 'epf')).toBeUndefined();
  });

  it('ESI: 0.75% + 3.25% of gross while the gross rate is at most ₹21,000; none just over', () => {
    const under = calculateSalary(
      input({ structures: [structure({ basicPaise: R(12000), hraPaise: R(6000), allowancesPaise: R(3000) })] }),
    )!;
    expect(under.grossPaise).toBe(R(21000));
    expect(line(under.deductions, 'esi')).toBe(R(157.5));
    expect(line(under.employer, 'esi_employer')).toBe(R(682.5));
    const over = calculateSalary(
      input({ structures: [structure({ basicPaise: R(12000), hraPaise: R(6000), allowancesPaise: R(3000.01) })] }),
    )!;
    expect(over.grossPaise).toBe(R(21000.01));
    expect(line(over.deductions, 'esi')).toBeUndefined();
    expect(line(over.employer, 'esi_employer')).toBeUndefined();
    // The limit is read on the month's rate, not on what unpaid days leave: 10 unpaid days keep a ₹30,000 rate out.
    const rateOver = calculateSalary(
      input({
        structures: [structure({ basicPaise: R(20000), hraPaise: R(10000) })],
        attendance: { ...full(30), paidDays: 20, present: 20, absent: 10 },
      }),
    )!;
    expect(rateOver.grossPaise).toBe(R(20000));
    expect(line(rateOver.deductions, 'esi')).toBeUndefined();
  });

  it('professional tax (Maharashtra): ₹200 a month, ₹300 in February; lower slabs by gross', () => {
    const june = calculateSalary(input({ structures: [structure({ basicPaise: R(25000), esi: false })] }))!;
    expect(line(june.deductions, 'pt')).toBe(R(200));
    const feb = calculateSalary(
      input({ month: 2, attendance: full(28), structures: [structure({ basicPaise: R(25000), esi: false })] }),
    )!;
    expect(line(feb.deductions, 'pt')).toBe(R(300));
    const small = calculateSalary(input({ structures: [structure({ basicPaise: R(9000) })] }))!;
    expect(line(small.deductions, 'pt')).toBe(R(175));
    const smallest = calculateSalary(input({ structures: [structure({ basicPaise: R(7500) })] }))!;
    expect(line(smallest.deductions, 'pt')).toBeUndefined();
  });
});

describe('pro-rating', () => {
  it('unpaid days: earnings × paid days / days in the month, half-up per line', () => {
    // June: 30 days, 26.5 paid (a half day and 3 absences). Basic 20,000 × 26.5 / 30 = 17,666.666… → 17,666.67.
    const c = calculateSalary(
      input({
        structures: [structure({ basicPaise: R(20000), hraPaise: R(8000), allowancesPaise: R(2000) })],
        attendance: { ...full(30), paidDays: 26.5, present: 26, halfDays: 1, absent: 3 },
      }),
    )!;
    expect(c.paidDays).toBe(26.5);
    expect(line(c.earnings, 'basic')).toBe(1_766_667);
    expect(line(c.earnings, 'hra')).toBe(R(7066.67));
    expect(line(c.earnings, 'allowances')).toBe(R(1766.67));
    expect(c.grossPaise).toBe(1_766_667 + 706_667 + 176_667);
    // EPF on the earned basic, capped: 12% of 15,000.
    expect(line(c.deductions, 'epf')).toBe(R(1800));
    expect(c.netPaise).toBe(c.grossPaise - c.deductionsPaise);
  });

  it('a mid-month structure change weighs each structure by its days', () => {
    // June (30 days): basic 20,000 until the 15th, 26,000 from the 16th: 20,000 × 15/30 + 26,000 × 15/30 = 23,000.
    const c = calculateSalary(
      input({
        structures: [
          structure({ id: 1, basicPaise: R(20000), esi: false }),
          structure({ id: 2, effectiveFrom: '2025-06-16', basicPaise: R(26000), esi: false }),
        ],
      }),
    )!;
    expect(c.structures).toEqual([
      { id: 1, effectiveFrom: '2024-01-01', days: 15 },
      { id: 2, effectiveFrom: '2025-06-16', days: 15 },
    ]);
    expect(line(c.earnings, 'basic')).toBe(R(23000));
    expect(c.rate.basicPaise).toBe(R(23000));
    // A structure starting after the month is not used.
    const later = calculateSalary(
      input({ structures: [structure({ id: 1 }), structure({ id: 3, effectiveFrom: '2025-07-01', basicPaise: 1 })] }),
    )!;
    expect(later.structures.map((s) => s.id)).toEqual([1]);
  });

  it('joining mid-month: only the days with a structure are paid; no structure at all is null', () => {
    // Joined 21 June: 10 days covered; attendance says 10 paid days → 10/30 of the rate.
    const c = calculateSalary(
      input({
        structures: [structure({ effectiveFrom: '2025-06-21', basicPaise: R(30000), esi: false })],
        attendance: { ...full(30), paidDays: 14, present: 10, weeklyOffs: 4, absent: 16 },
      }),
    )!;
    expect(c.coveredDays).toBe(10);
    expect(c.paidDays).toBe(10);
    expect(line(c.earnings, 'basic')).toBe(R(10000));
    expect(calculateSalary(input({ structures: [structure({ effectiveFrom: '2025-07-01' })] }))).toBeNull();
    expect(calculateSalary(input({ structures: [] }))).toBeNull();
  });
});

describe('tips, expenses and other deductions', () => {
  it('adds tips and expenses; an advance never takes the pay below zero', () => {
    const c = calculateSalary(
      input({
        structures: [structure({ basicPaise: R(10000), epf: false, esi: false })],
        tipsPaise: R(250),
        expenses: [{ id: 7, reason: 'Bus fare', amountPaise: R(120) }],
        deductions: [{ id: 3, kind: 'advance', reason: 'Festival', amountPaise: R(2000) }],
      }),
    )!;
    expect(line(c.additions, 'tips')).toBe(R(250));
    expect(line(c.additions, 'expense:7')).toBe(R(120));
    expect(line(c.deductions, 'advance:3')).toBe(R(2000));
    // Gross 10,000 is in the ₹175 professional tax slab.
    expect(c.netPaise).toBe(R(10000) - R(175) - R(2000) + R(250) + R(120));
    const tooMuch = calculateSalary(
      input({
        structures: [structure({ basicPaise: R(1000), epf: false, esi: false })],
        tipsPaise: R(50),
        deductions: [{ id: 4, kind: 'loan', reason: 'Bike', amountPaise: R(5000) }],
      }),
    )!;
    expect(line(tooMuch.deductions, 'loan:4')).toBe(R(1000));
    expect(tooMuch.deductions.find((l) => l.code === 'loan:4')!.label).toMatch(/did not cover/);
    // The tips are still paid: they are the professional's own money.
    expect(tooMuch.netPaise).toBe(R(50));
  });

  it('for any input: integer paise, net = gross + tips + expenses − deductions ≥ tips', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: R(500000) }),
        fc.integer({ min: 0, max: R(100000) }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: R(50000) }),
        fc.integer({ min: 0, max: R(80000) }),
        fc.boolean(),
        (basic, hra, halves, tips, loan, feb) => {
          const days = feb ? 28 : 30;
          const c = calculateSalary(
            input({
              month: feb ? 2 : 6,
              structures: [structure({ basicPaise: basic, hraPaise: hra })],
              attendance: { ...full(days), paidDays: Math.min(halves, days * 2) / 2 },
              tipsPaise: tips,
              deductions: loan ? [{ id: 1, kind: 'loan', reason: 'Loan', amountPaise: loan }] : [],
            }),
          )!;
          for (const l of [...c.earnings, ...c.deductions, ...c.employer, ...c.additions]) {
            expect(Number.isSafeInteger(l.amountPaise)).toBe(true);
            expect(l.amountPaise).toBeGreaterThanOrEqual(0);
          }
          expect(c.netPaise).toBe(c.grossPaise + c.tipsPaise + c.expensesPaise - c.deductionsPaise);
          expect(c.netPaise).toBeGreaterThanOrEqual(c.tipsPaise);
        },
      ),
    );
  });

  it('divides half-up', () => {
    expect(divHalfUp(5, 2)).toBe(3);
    expect(divHalfUp(4, 3)).toBe(1);
    expect(divHalfUp(0, 7)).toBe(0);
  });
});
