import type { Db, Executor } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { amountInWords } from '../../../shared/words';
import { wallets } from '../../money';
import { paidDaysForMonth } from '../attendance/service';
import { type CalcInput, calculateSalary, daysInMonth, type Line, type SalaryCalculation } from './calc';
import { employeeOr404, lastFullMonth, type Month, monthOf, r2 } from './common';
import * as repo from './repo';

// The month's calculation, in batches: what is due to each employee, and the accountant's totals.

export type Inputs = Map<number, Omit<CalcInput, 'year' | 'month'> & { tipLines: number[]; expenseIds: number[] }>;

/** Everything the calculation needs for these employees and month, in a handful of queries whatever their number. */
export async function inputsFor(
  exec: Executor,
  userIds: number[],
  m: Month,
  lock: boolean,
  now: Date,
): Promise<Inputs> {
  const [structures, days, deductions, tips, expenses] = [
    await repo.structuresOf(exec, userIds, m.last),
    await paidDaysForMonth(exec, m.year, m.month, userIds, now),
    await repo.deductionsFor(exec, userIds, m.period),
    await repo.unpaidTips(exec, userIds, lock),
    await repo.approvedExpenses(exec, userIds, lock),
  ];
  const out: Inputs = new Map();
  const D = daysInMonth(m.year, m.month);
  for (const id of userIds) {
    const d = days.get(id);
    out.set(id, {
      structures: [],
      attendance: d
        ? {
            daysInMonth: d.daysInMonth,
            paidDays: d.paidDays,
            present: d.present,
            halfDays: d.halfDays,
            leave: d.leave,
            holidays: d.holidays,
            weeklyOffs: d.weeklyOffs,
            absent: d.absent,
            notJoined: d.notJoined,
          }
        : { daysInMonth: D, paidDays: 0, present: 0, halfDays: 0, leave: 0, holidays: 0, weeklyOffs: 0, absent: D },
      deductions: [],
      tipsPaise: 0,
      expenses: [],
      tipLines: [],
      expenseIds: [],
    });
  }
  for (const s of structures) out.get(s.userId)?.structures.push(s);
  for (const d of deductions) {
    out.get(d.userId)?.deductions.push({ id: d.id, kind: d.kind, reason: d.reason, amountPaise: d.amountPaise });
  }
  for (const t of tips) {
    const i = out.get(t.userId);
    if (!i) continue;
    i.tipsPaise += t.amountPaise;
    i.tipLines.push(t.orderLineId);
  }
  for (const e of expenses) {
    const i = out.get(e.userId);
    if (!i) continue;
    i.expenses.push({ id: e.id, reason: e.reason, amountPaise: e.amountPaise });
    i.expenseIds.push(e.id);
  }
  return out;
}

const lineOut = (l: Line) => ({ code: l.code, label: l.label, amount: r2(l.amountPaise) });

export type Status = 'due' | 'paid' | 'noStructure';

export function calcOut(
  emp: { id: number; fullName: string },
  m: Month,
  c: SalaryCalculation | null,
  slip: repo.SlipRow | null,
) {
  const calc = slip ? (slip.breakdown as SalaryCalculation) : c;
  const status: Status = slip ? 'paid' : calc ? 'due' : 'noStructure';
  const a = calc?.attendance;
  return {
    empId: emp.id,
    empName: emp.fullName,
    year: m.year,
    month: m.month,
    status,
    daysInMonth: calc?.daysInMonth ?? daysInMonth(m.year, m.month),
    paidDays: calc?.paidDays ?? 0,
    attendance: {
      present: a?.present ?? 0,
      halfDays: a?.halfDays ?? 0,
      leave: a?.leave ?? 0,
      holidays: a?.holidays ?? 0,
      weeklyOffs: a?.weeklyOffs ?? 0,
      absent: a?.absent ?? 0,
      notJoined: a?.notJoined ?? 0,
    },
    earnings: (calc?.earnings ?? []).map(lineOut),
    deductions: (calc?.deductions ?? []).map(lineOut),
    employer: (calc?.employer ?? []).map(lineOut),
    additions: (calc?.additions ?? []).map(lineOut),
    gross: r2(calc?.grossPaise ?? 0),
    totalDeductions: r2(calc?.deductionsPaise ?? 0),
    employerTotal: r2(calc?.employerPaise ?? 0),
    tips: r2(calc?.tipsPaise ?? 0),
    expenses: r2(calc?.expensesPaise ?? 0),
    net: r2(calc?.netPaise ?? 0),
    netInWords: amountInWords(calc?.netPaise ?? 0),
    slipId: slip?.id ?? null,
    bankReference: slip?.bankReference ?? null,
    paidAt: slip?.paidAt.toISOString() ?? null,
  };
}

export async function calculate(db: Db, empId: number, date: string, now = new Date()) {
  const m = monthOf(date);
  const e = await employeeOr404(db, empId, 'id');
  const slip = await repo.slipOf(db, empId, m.period);
  if (slip) return calcOut(e, m, null, slip);
  const input = (await inputsFor(db, [empId], m, false, now)).get(empId)!;
  return calcOut(e, m, calculateSalary({ year: m.year, month: m.month, ...input }), null);
}

export async function monthList(
  db: Db,
  q: { date: string; status?: 'all' | Status; page?: number; pageSize?: number; search?: string },
  now = new Date(),
) {
  const m = monthOf(q.date);
  const { page, pageSize, limit, offset } = pageOf(q);
  const status = q.status ?? 'all';
  // Each status is a filter in SQL: paid has the month's slip; due has a structure by the month's end and no slip;
  // noStructure has neither (a slip always had a structure).
  const { rows, total } = await repo.pageEmployees(db, {
    search: q.search,
    day: m.last,
    withStructure: status === 'due' ? 'with' : status === 'noStructure' ? 'without' : 'all',
    period: m.period,
    paid: status === 'paid' ? true : status === 'all' ? undefined : false,
    limit,
    offset,
  });
  return { items: await calcPage(db, rows, m, now), total, page, pageSize };
}

async function calcPage(db: Db, rows: { id: number; fullName: string }[], m: Month, now: Date) {
  const ids = rows.map((r) => r.id);
  const slips = new Map((await repo.slipsFor(db, ids, m.period)).map((s) => [s.userId, s]));
  const inputs = await inputsFor(
    db,
    ids.filter((id) => !slips.has(id)),
    m,
    false,
    now,
  );
  return rows.map((r) => {
    const slip = slips.get(r.id) ?? null;
    const input = inputs.get(r.id);
    return calcOut(r, m, !slip && input ? calculateSalary({ year: m.year, month: m.month, ...input }) : null, slip);
  });
}

// ---------------------------------------------------------------- the accountant's figures

export async function summary(db: Db, date: string | undefined, now = new Date()) {
  const m = date ? monthOf(date) : lastFullMonth(now);
  const employees = await repo.countEmployees(db);
  const paid = await repo.slipTotals(db, m.period);
  let duePaise = 0;
  let dueCount = 0;
  let noStructureCount = 0;
  // Streams the employees in batches: what is due is calculated, never loaded all at once.
  for (let after = 0; ; ) {
    const ids = await repo.employeeIds(db, after, 500);
    if (!ids.length) break;
    after = ids.at(-1)!;
    const slips = new Set((await repo.slipsFor(db, ids, m.period)).map((s) => s.userId));
    const open = ids.filter((id) => !slips.has(id));
    const inputs = await inputsFor(db, open, m, false, now);
    for (const id of open) {
      const c = calculateSalary({ year: m.year, month: m.month, ...inputs.get(id)! });
      if (!c) noStructureCount++;
      else {
        dueCount++;
        duePaise += c.netPaise;
      }
    }
  }
  return {
    year: m.year,
    month: m.month,
    employees,
    total: r2(paid.net + duePaise),
    paid: r2(paid.net),
    due: r2(duePaise),
    paidCount: paid.n,
    dueCount,
    noStructureCount,
    expensesAwaiting: await repo.countExpenses(db, 'pending'),
    companyBalance: r2(await wallets.companyBalance(db)),
  };
}
