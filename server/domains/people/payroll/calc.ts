import type { DayCounts } from '../attendance/dayCounts';
import { EPF_RULES, ESI_RULES, inForce, ptTable } from './statutory';

/**
 * The salary calculation (decision 034): a pure function of the month, the employee's structures, their
 * attendance, deductions, tips and expenses. Integer paise throughout; every rounding is half-up to the paisa, once
 * per line. It reads the statutory rates from statutory.ts and has no branch of its own on a rate.
 */

export interface StructureInput {
  id: number;
  effectiveFrom: string;
  basicPaise: number;
  hraPaise: number;
  allowancesPaise: number;
  ptState: string;
  epf: boolean;
  esi: boolean;
}

/** Slips made before decision 033 lack notJoined. */
export interface AttendanceInput extends Omit<DayCounts, 'notJoined'>, Partial<Pick<DayCounts, 'notJoined'>> {
  daysInMonth: number;
  paidDays: number;
}

export interface DeductionInput {
  id: number;
  kind: string;
  reason: string;
  amountPaise: number;
}

export interface ExpenseInput {
  id: number;
  reason: string;
  amountPaise: number;
}

export interface CalcInput {
  year: number;
  month: number;
  /** Every structure of the employee (any order); those in force during the month are used. */
  structures: StructureInput[];
  attendance: AttendanceInput;
  deductions: DeductionInput[];
  tipsPaise: number;
  expenses: ExpenseInput[];
}

export interface Line {
  code: string;
  label: string;
  amountPaise: number;
}

export interface SalaryCalculation {
  year: number;
  month: number;
  /** YYYY-MM-01 */
  period: string;
  daysInMonth: number;
  /** Days a structure was in force (all of them unless the employee joined during the month). */
  coveredDays: number;
  paidDays: number;
  attendance: AttendanceInput;
  /** The structures used, with the days each was in force. */
  structures: { id: number; effectiveFrom: string; days: number }[];
  /** The full month's wage rate (structures weighted by their days): what ESI's limit is read against. */
  rate: { basicPaise: number; hraPaise: number; allowancesPaise: number; grossPaise: number };
  earnings: Line[];
  deductions: Line[];
  employer: Line[];
  additions: Line[];
  grossPaise: number;
  deductionsPaise: number;
  employerPaise: number;
  tipsPaise: number;
  expensesPaise: number;
  netPaise: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
export const periodOf = (year: number, month: number) => `${year}-${pad(month)}-01`;

/** round(num / den) half-up, for non-negative integers (exact while num * 2 stays below 2^53). */
export function divHalfUp(num: number, den: number): number {
  if (!Number.isSafeInteger(num * 2) || num < 0 || den <= 0) throw new RangeError(`cannot divide ${num} by ${den}`);
  return Math.floor((num * 2 + den) / (2 * den));
}

const bp = (amount: number, basisPoints: number) => divHalfUp(amount * basisPoints, 10_000);
const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN')}`;

/** The employee's month, or null when no structure is in force on any day of it. */
export function calculateSalary(input: CalcInput): SalaryCalculation | null {
  const { year, month } = input;
  const D = daysInMonth(year, month);
  const first = periodOf(year, month);
  const last = `${year}-${pad(month)}-${pad(D)}`;
  const dayOf = (iso: string) => Number(iso.slice(8, 10));
  // The structures in force during the month: the last one starting on or before the 1st, and those starting later.
  const sorted = [...input.structures].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
  const before = sorted.filter((s) => s.effectiveFrom <= first).at(-1);
  const during = sorted.filter((s) => s.effectiveFrom > first && s.effectiveFrom <= last);
  const used = [...(before ? [before] : []), ...during];
  if (used.length === 0) return null;
  const segments = used.map((s, i) => {
    const start = s.effectiveFrom <= first ? 1 : dayOf(s.effectiveFrom);
    const end = i + 1 < used.length ? dayOf(used[i + 1].effectiveFrom) - 1 : D;
    return { s, days: end - start + 1 };
  });
  const covered = segments.reduce((n, g) => n + g.days, 0);
  // Paid days in half days, never more than the days a structure was in force.
  const paidHalves = Math.min(Math.round(input.attendance.paidDays * 2), covered * 2);
  const weighted = (pick: (s: StructureInput) => number) => segments.reduce((n, g) => n + pick(g.s) * g.days, 0);
  const rateOf = (pick: (s: StructureInput) => number) => divHalfUp(weighted(pick), covered);
  // Earned = the day-weighted monthly amount × paid days / days in the month.
  const earnedOf = (pick: (s: StructureInput) => number) => divHalfUp(weighted(pick) * paidHalves, covered * D * 2);

  const basic = earnedOf((s) => s.basicPaise);
  const hra = earnedOf((s) => s.hraPaise);
  const allowances = earnedOf((s) => s.allowancesPaise);
  const gross = basic + hra + allowances;
  const rate = {
    basicPaise: rateOf((s) => s.basicPaise),
    hraPaise: rateOf((s) => s.hraPaise),
    allowancesPaise: rateOf((s) => s.allowancesPaise),
    grossPaise: 0,
  };
  rate.grossPaise = rate.basicPaise + rate.hraPaise + rate.allowancesPaise;
  const days = `${input.attendance.paidDays} of ${D} days`;
  const earnings: Line[] = [
    { code: 'basic', label: `Basic (${days})`, amountPaise: basic },
    { code: 'hra', label: `House rent allowance (${days})`, amountPaise: hra },
    { code: 'allowances', label: `Other allowances (${days})`, amountPaise: allowances },
  ];

  // Statutory: the rules in force on the month's first day; the flags of the structure in force at its end.
  const current = used.at(-1)!;
  const deductions: Line[] = [];
  const employer: Line[] = [];
  const epf = inForce(EPF_RULES, first);
  if (epf && current.epf) {
    const wage = Math.min(basic, epf.wageCeilingPaise);
    const capped = basic > epf.wageCeilingPaise ? ` (basic capped at ${rupees(epf.wageCeilingPaise)})` : '';
    deductions.push({
      code: 'epf',
      label: `Provident fund ${epf.employeeBp / 100}%${capped}`,
      amountPaise: bp(wage, epf.employeeBp),
    });
    employer.push({
      code: 'epf_employer',
      label: `Employer's provident fund ${epf.employerBp / 100}%${capped}`,
      amountPaise: bp(wage, epf.employerBp),
    });
  }
  const esi = inForce(ESI_RULES, first);
  if (esi && current.esi && rate.grossPaise <= esi.grossLimitPaise) {
    deductions.push({ code: 'esi', label: `ESI ${esi.employeeBp / 100}%`, amountPaise: bp(gross, esi.employeeBp) });
    employer.push({
      code: 'esi_employer',
      label: `Employer's ESI ${esi.employerBp / 100}%`,
      amountPaise: bp(gross, esi.employerBp),
    });
  }
  const pt = ptTable(current.ptState, first);
  if (pt) {
    const slab = pt.slabs.find((s) => s.upToPaise === null || gross <= s.upToPaise);
    const amount = slab ? (month === 2 && slab.februaryPaise !== null ? slab.februaryPaise : slab.monthlyPaise) : 0;
    if (amount > 0) deductions.push({ code: 'pt', label: `Professional tax (${pt.name})`, amountPaise: amount });
  }

  // Expenses are added; advances and loans come off what is left, never taking the pay below zero.
  const expensesPaise = input.expenses.reduce((n, e) => n + e.amountPaise, 0);
  const statutory = deductions.reduce((n, l) => n + l.amountPaise, 0);
  let room = Math.max(0, gross + expensesPaise - statutory);
  for (const d of input.deductions) {
    const take = Math.min(d.amountPaise, room);
    room -= take;
    const short =
      take < d.amountPaise ? ` (${rupees(take)} of ${rupees(d.amountPaise)}: the pay did not cover more)` : '';
    if (take > 0 || d.amountPaise > 0) {
      deductions.push({
        code: `${d.kind}:${d.id}`,
        label: `${KIND_LABEL[d.kind] ?? 'Deduction'}: ${d.reason}${short}`,
        amountPaise: take,
      });
    }
  }
  const additions: Line[] = [
    ...(input.tipsPaise > 0 ? [{ code: 'tips', label: 'Tips from customers', amountPaise: input.tipsPaise }] : []),
    ...input.expenses.map((e) => ({
      code: `expense:${e.id}`,
      label: `Expense: ${e.reason}`,
      amountPaise: e.amountPaise,
    })),
  ];
  const deductionsPaise = deductions.reduce((n, l) => n + l.amountPaise, 0);
  const employerPaise = employer.reduce((n, l) => n + l.amountPaise, 0);
  const netPaise = Math.max(0, gross + input.tipsPaise + expensesPaise - deductionsPaise);
  return {
    year,
    month,
    period: first,
    daysInMonth: D,
    coveredDays: covered,
    paidDays: paidHalves / 2,
    attendance: input.attendance,
    structures: segments.map((g) => ({ id: g.s.id, effectiveFrom: g.s.effectiveFrom, days: g.days })),
    rate,
    earnings,
    deductions,
    employer,
    additions,
    grossPaise: gross,
    deductionsPaise,
    employerPaise,
    tipsPaise: input.tipsPaise,
    expensesPaise,
    netPaise,
  };
}

/**
 * The statutory lines of a calculation per scheme: the employee's share withheld and the employer's (decision 056),
 * kept on the slip and credited to the payables.
 */
export function statutoryOf(calc: Pick<SalaryCalculation, 'deductions' | 'employer'>) {
  const line = (lines: Line[], code: string) =>
    lines.filter((l) => l.code === code).reduce((n, l) => n + l.amountPaise, 0);
  return {
    epfEmployeePaise: line(calc.deductions, 'epf'),
    epfEmployerPaise: line(calc.employer, 'epf_employer'),
    esiEmployeePaise: line(calc.deductions, 'esi'),
    esiEmployerPaise: line(calc.employer, 'esi_employer'),
    ptPaise: line(calc.deductions, 'pt'),
  };
}

/** A month's dues per payable: each scheme's employee and employer shares together. */
export function duesOf(calc: Pick<SalaryCalculation, 'deductions' | 'employer'>) {
  const s = statutoryOf(calc);
  return {
    epfPaise: s.epfEmployeePaise + s.epfEmployerPaise,
    esiPaise: s.esiEmployeePaise + s.esiEmployerPaise,
    ptPaise: s.ptPaise,
  };
}

const KIND_LABEL: Record<string, string> = { advance: 'Advance', loan: 'Loan', other: 'Deduction' };
