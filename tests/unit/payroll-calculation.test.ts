// Worked examples of the salary calculation (server/domains/people/payroll/calc.ts): EPF at the ceiling, ESI
// just under and just over ₹21,000, February's professional tax, a mid-month structure change, unpaid days; and
// properties that hold for any input (integer paise, net = gross + tips + expenses - deductions, never below 0).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CalcInput,
  calculateSalary,
  divHalfUp,
  type StructureInput,
} from '../../server/domains/people/payroll/calc';

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

describe('the slip, line by line (worked by hand)', () => {
  it('₹15,000 basic and ₹1,000 HRA in June, EPF and ESI: every line, label and total', () => {
    // Gross ₹16,000 (≤ ₹21,000: ESI applies). EPF 12% of ₹15,000 = ₹1,800 each side, not capped (basic is at the
    // ceiling, not above it). ESI 0.75% of ₹16,000 = ₹120, employer 3.25% = ₹520. Maharashtra PT above ₹10,000: ₹200.
    // Every amount is whole rupees, so it holds whatever the rounding of a fraction of a rupee.
    const c = calculateSalary(input({ structures: [structure({ basicPaise: R(15000), hraPaise: R(1000) })] }))!;
    expect(c.deductions).toEqual([
      { code: 'epf', label: 'Provident fund 12%', amountPaise: R(1800) },
      { code: 'esi', label: 'ESI 0.75%', amountPaise: R(120) },
      { code: 'pt', label: 'Professional tax (Maharashtra)', amountPaise: R(200) },
    ]);
    expect(c.employer).toEqual([
      { code: 'epf_employer', label: "Employer's provident fund 12%", amountPaise: R(1800) },
      { code: 'esi_employer', label: "Employer's ESI 3.25%", amountPaise: R(520) },
    ]);
    expect(c.deductionsPaise).toBe(R(2120));
    expect(c.employerPaise).toBe(R(2320));
    expect(c.netPaise).toBe(R(13880));
    expect(c.additions).toEqual([]);
  });

  it('says when the EPF wage is capped at ₹15,000', () => {
    const c = calculateSalary(input({ structures: [structure({ basicPaise: R(15000.01), esi: false })] }))!;
    expect(c.deductions[0]).toEqual({
      code: 'epf',
      label: 'Provident fund 12% (basic capped at ₹15,000)',
      amountPaise: R(1800),
    });
    expect(c.employer[0].label).toBe("Employer's provident fund 12% (basic capped at ₹15,000)");
  });

  it('names the paid days on each earning', () => {
    const c = calculateSalary(
      input({
        structures: [structure({ basicPaise: R(20000), hraPaise: R(8000), allowancesPaise: R(2000) })],
        attendance: { ...full(30), paidDays: 26.5, present: 26, halfDays: 1, absent: 3 },
      }),
    )!;
    expect(c.earnings.map((l) => l.label)).toEqual([
      'Basic (26.5 of 30 days)',
      'House rent allowance (26.5 of 30 days)',
      'Other allowances (26.5 of 30 days)',
    ]);
  });

  it('labels tips and expenses', () => {
    const c = calculateSalary(
      input({ tipsPaise: R(250), expenses: [{ id: 7, reason: 'Bus fare', amountPaise: R(120) }] }),
    )!;
    expect(c.additions).toEqual([
      { code: 'tips', label: 'Tips from customers', amountPaise: R(250) },
      { code: 'expense:7', label: 'Expense: Bus fare', amountPaise: R(120) },
    ]);
  });
});

describe('professional tax by state and month', () => {
  it('Maharashtra takes ₹175 in February too in the ₹7,501–₹10,000 slab (only the top slab takes ₹300)', () => {
    const c = calculateSalary(
      input({ month: 2, attendance: full(28), structures: [structure({ basicPaise: R(9000), esi: false })] }),
    )!;
    expect(line(c.deductions, 'pt')).toBe(R(175));
  });

  it('a state without professional tax (Delhi) takes none', () => {
    const c = calculateSalary(input({ structures: [structure({ basicPaise: R(25000), esi: false, ptState: 'DL' })] }))!;
    expect(c.deductions.map((l) => l.code)).toEqual(['epf']);
  });
});

describe('which structures a month uses', () => {
  it('the latest one started by the 1st, whatever order they are listed in', () => {
    const c = calculateSalary(
      input({
        structures: [
          structure({ id: 2, effectiveFrom: '2025-01-01', basicPaise: R(20000), esi: false }),
          structure({ id: 1, effectiveFrom: '2024-01-01', basicPaise: R(15000), esi: false }),
        ],
      }),
    )!;
    expect(c.structures).toEqual([{ id: 2, effectiveFrom: '2025-01-01', days: 30 }]);
    expect(line(c.earnings, 'basic')).toBe(R(20000));
    // A mid-month change listed before the older structure: 15 days at ₹20,000 and 15 at ₹26,000 = ₹23,000.
    const mixed = calculateSalary(
      input({
        structures: [
          structure({ id: 3, effectiveFrom: '2025-06-16', basicPaise: R(26000), esi: false }),
          structure({ id: 1, basicPaise: R(20000), esi: false }),
        ],
      }),
    )!;
    expect(mixed.structures.map((s) => [s.id, s.days])).toEqual([
      [1, 15],
      [3, 15],
    ]);
    expect(line(mixed.earnings, 'basic')).toBe(R(23000));
  });

  it('a raise from the 1st replaces the old structure for the whole month', () => {
    const c = calculateSalary(
      input({
        structures: [
          structure({ id: 1, basicPaise: R(20000), esi: false }),
          structure({ id: 2, effectiveFrom: '2025-06-01', basicPaise: R(26000), esi: false }),
        ],
      }),
    )!;
    expect(c.structures).toEqual([{ id: 2, effectiveFrom: '2025-06-01', days: 30 }]);
    expect(line(c.earnings, 'basic')).toBe(R(26000));
  });

  it('a raise on the last day counts for that one day', () => {
    // 29 days at ₹30,000 and 1 day at ₹60,000: (30,000 × 29 + 60,000) / 30 = ₹31,000.
    const c = calculateSalary(
      input({
        structures: [
          structure({ id: 1, basicPaise: R(30000), esi: false }),
          structure({ id: 2, effectiveFrom: '2025-06-30', basicPaise: R(60000), esi: false }),
        ],
      }),
    )!;
    expect(c.structures.map((s) => [s.id, s.days])).toEqual([
      [1, 29],
      [2, 1],
    ]);
    expect(line(c.earnings, 'basic')).toBe(R(31000));
  });

  it('a structure from the middle of an earlier month covers this month from its 1st', () => {
    const c = calculateSalary(
      input({ structures: [structure({ effectiveFrom: '2024-03-15', basicPaise: R(30000) })] }),
    )!;
    expect(c.coveredDays).toBe(30);
    expect(line(c.earnings, 'basic')).toBe(R(30000));
  });
});

describe('advances, loans and other deductions', () => {
  const small = (over: Partial<CalcInput>) =>
    calculateSalary(input({ structures: [structure({ basicPaise: R(1000), epf: false, esi: false })], ...over }))!;

  it('take in turn from what is left; what the pay cannot cover is said, and a nil deduction is left out', () => {
    // Gross ₹1,000 (no PT below ₹7,500): the advance takes ₹700, the loan the ₹300 left, the other nothing.
    const c = small({
      deductions: [
        { id: 1, kind: 'advance', reason: 'Festival', amountPaise: R(700) },
        { id: 2, kind: 'loan', reason: 'Bike', amountPaise: R(700) },
        { id: 3, kind: 'other', reason: 'Uniform', amountPaise: R(500) },
        { id: 4, kind: 'other', reason: 'Nothing this month', amountPaise: 0 },
      ],
    });
    expect(c.deductions).toEqual([
      { code: 'advance:1', label: 'Advance: Festival', amountPaise: R(700) },
      { code: 'loan:2', label: 'Loan: Bike (₹300 of ₹700: the pay did not cover more)', amountPaise: R(300) },
      { code: 'other:3', label: 'Deduction: Uniform (₹0 of ₹500: the pay did not cover more)', amountPaise: 0 },
    ]);
    expect(c.netPaise).toBe(0);
  });

  it('can take the expenses being repaid too', () => {
    // ₹1,000 gross + ₹200 expense = ₹1,200 to take a ₹5,000 loan from.
    const c = small({
      expenses: [{ id: 9, reason: 'Bus fare', amountPaise: R(200) }],
      deductions: [{ id: 5, kind: 'loan', reason: 'Bike', amountPaise: R(5000) }],
    });
    expect(c.deductions).toEqual([
      { code: 'loan:5', label: 'Loan: Bike (₹1,200 of ₹5,000: the pay did not cover more)', amountPaise: R(1200) },
    ]);
    expect(c.netPaise).toBe(0);
  });

  it('a kind without a name of its own is a deduction', () => {
    const c = small({ deductions: [{ id: 6, kind: 'canteen', reason: 'Meals', amountPaise: R(100) }] });
    expect(c.deductions).toEqual([{ code: 'canteen:6', label: 'Deduction: Meals', amountPaise: R(100) }]);
  });
});

describe('divHalfUp refuses', () => {
  it('a negative amount, a divisor of zero or below, and an amount past 2^53 / 2', () => {
    expect(() => divHalfUp(-1, 2)).toThrow(new RangeError('cannot divide -1 by 2'));
    expect(() => divHalfUp(1, 0)).toThrow(RangeError);
    expect(() => divHalfUp(1, -2)).toThrow(RangeError);
    expect(() => divHalfUp(2 ** 52, 1)).toThrow(RangeError);
    expect(divHalfUp(2 ** 52 - 1, 1)).toBe(2 ** 52 - 1);
  });
});
