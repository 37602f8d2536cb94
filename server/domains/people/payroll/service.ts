import fs from 'node:fs/promises';
import type { Db, Executor, Tx } from '../../../db/client';
import { pgErrorCode } from '../../../db/errors';
import { pageOf } from '../../../db/paging';
import { badRequest, type CurrentUser, conflict, HttpError, notFound } from '../../../http';
import { type Paise, paise, rupeesText, toPaise, toRupees } from '../../../money';
import type { Storage } from '../../../plugins/storage';
import { checkProof, proofFileName, proofMime, proofStorage } from '../../../shared/proofs';
import { amountInWords } from '../../../shared/words';
import { wallets } from '../../money';
import { monthName as attendanceMonthName, indiaDay, lockMonth, paidDaysForMonth } from '../attendance/service';
import { type CalcInput, calculateSalary, daysInMonth, type Line, periodOf, type SalaryCalculation } from './calc';
import * as repo from './repo';

// Payroll (issue 13 §4, decision 034): structures, deductions, the month's calculation, payment exactly once through
// the ledger, salary runs as database jobs, expenses and slips. Paise inside; rupees only in the *Out shapes.

type Actor = Pick<CurrentUser, 'id' | 'role'>;
const r2 = (p: number) => toRupees(paise(p));
const RECEIPT_FOLDER = 'employee-expenses';

// ---------------------------------------------------------------- months

export interface Month {
  year: number;
  month: number;
  period: string;
  last: string;
}

/** YYYY-MM or YYYY-MM-DD (any day of the month meant). */
export function monthOf(date: string, field = 'date'): Month {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(date.trim());
  const year = m ? Number(m[1]) : 0;
  const month = m ? Number(m[2]) : 0;
  if (!m || year < 2000 || year > 2100 || month < 1 || month > 12) {
    throw badRequest(field, 'must be a month as YYYY-MM or a day as YYYY-MM-DD');
  }
  if (m[3] && (Number(m[3]) < 1 || Number(m[3]) > daysInMonth(year, month))) {
    throw badRequest(field, 'is not a day of that month');
  }
  const D = daysInMonth(year, month);
  return { year, month, period: periodOf(year, month), last: `${periodOf(year, month).slice(0, 8)}${D}` };
}

/** The month before today's (India): the last full month. */
export function lastFullMonth(now = new Date()): Month {
  const t = indiaDay(now);
  const y = t.month === 1 ? t.year - 1 : t.year;
  const m = t.month === 1 ? 12 : t.month - 1;
  return monthOf(`${y}-${String(m).padStart(2, '0')}`);
}

const monthName = (m: Month) => attendanceMonthName(m.year, m.month);

function mustHaveEnded(m: Month, now: Date, field: string) {
  if (m.last >= indiaDay(now).date) {
    throw conflict(field, `${monthName(m)} has not ended yet: a month is paid once it is over.`);
  }
}

const monthEnd = (period: string) => {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(5, 7));
  return `${period.slice(0, 8)}${daysInMonth(y, m)}`;
};

async function employeeOr404(exec: Executor, id: number, field = 'EmpId') {
  const e = await repo.employee(exec, id);
  if (!e)
    throw new HttpError(404, 'Not found', `Employee ${id} was not found.`, [
      { field, message: 'is not a professional' },
    ]);
  return e;
}

// ---------------------------------------------------------------- structures

export interface StructureBody {
  effectiveFrom: string;
  basic: number;
  hra?: number;
  allowances?: number;
  ptState?: 'MH';
  epf?: boolean;
  esi?: boolean;
  remark?: string;
}

function structureValues(body: StructureBody) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(body.effectiveFrom) || Number.isNaN(Date.parse(`${body.effectiveFrom}T00:00:00Z`))) {
    throw badRequest('effectiveFrom', 'must be a date as YYYY-MM-DD');
  }
  const basicPaise = toPaise(body.basic, 'basic');
  if (basicPaise <= 0) throw badRequest('basic', 'must be more than 0');
  return {
    effectiveFrom: body.effectiveFrom,
    basicPaise,
    hraPaise: toPaise(body.hra ?? 0, 'hra'),
    allowancesPaise: toPaise(body.allowances ?? 0, 'allowances'),
    ptState: body.ptState ?? 'MH',
    epf: body.epf ?? true,
    esi: body.esi ?? true,
    remark: body.remark?.trim() || null,
  };
}

function afterPaid(lastPaid: string | null, day: string, field: string) {
  if (lastPaid && day <= monthEnd(lastPaid)) {
    throw conflict(
      field,
      `Months up to ${monthName(monthOf(lastPaid))} are paid and are never recomputed: choose a date after ${monthEnd(lastPaid)}.`,
    );
  }
}

export function structureOut(s: repo.StructureRow, lastPaid: string | null) {
  return {
    id: s.id,
    empId: s.userId,
    effectiveFrom: s.effectiveFrom,
    basic: r2(s.basicPaise),
    hra: r2(s.hraPaise),
    allowances: r2(s.allowancesPaise),
    gross: r2(s.basicPaise + s.hraPaise + s.allowancesPaise),
    ptState: s.ptState,
    epf: s.epf,
    esi: s.esi,
    remark: s.remark,
    createdAt: s.createdAt.toISOString(),
    paidThrough: lastPaid && s.effectiveFrom <= monthEnd(lastPaid) ? lastPaid : null,
  };
}

const uniqueDate = (e: unknown) => {
  if (pgErrorCode(e) === '23505') {
    throw conflict('effectiveFrom', 'This employee already has a structure from that date: update it instead.');
  }
  throw e;
};

export async function addStructure(db: Db, user: Actor, empId: number, body: StructureBody) {
  await employeeOr404(db, empId);
  const v = structureValues(body);
  const made = await db
    .transaction(async (tx) => {
      afterPaid(await repo.lastPaidPeriod(tx, empId), v.effectiveFrom, 'effectiveFrom');
      return repo.insertStructure(tx, { ...v, userId: empId, createdBy: user.id });
    })
    .catch(uniqueDate);
  return structureOut(made, null);
}

export async function updateStructure(db: Db, _user: Actor, empId: number, id: number, body: StructureBody) {
  await employeeOr404(db, empId);
  const v = structureValues(body);
  const row = await db
    .transaction(async (tx) => {
      const current = await repo.structure(tx, id);
      if (!current || current.userId !== empId) throw notFound(`Salary structure ${id} of employee ${empId}`);
      const lastPaid = await repo.lastPaidPeriod(tx, empId);
      if (lastPaid && current.effectiveFrom <= monthEnd(lastPaid)) {
        throw conflict(
          'id',
          `A paid month (${monthName(monthOf(lastPaid))}) used this structure: it is kept as paid. Add a new structure from a later date instead.`,
        );
      }
      afterPaid(lastPaid, v.effectiveFrom, 'effectiveFrom');
      return repo.updateStructure(tx, id, v);
    })
    .catch(uniqueDate);
  return structureOut(row, null);
}

export async function structuresOfEmployee(db: Db, empId: number) {
  const e = await employeeOr404(db, empId);
  const rows = await repo.structuresOf(db, [empId]);
  const lastPaid = await repo.lastPaidPeriod(db, empId);
  const today = indiaDay(new Date()).date;
  const current = rows.filter((s) => s.effectiveFrom <= today).at(-1) ?? null;
  return {
    empId,
    empName: e.fullName,
    current: current ? structureOut(current, lastPaid) : null,
    history: rows.reverse().map((s) => structureOut(s, lastPaid)),
  };
}

export async function structureList(
  db: Db,
  q: { page?: number; pageSize?: number; search?: string; date?: string; withStructure?: 'all' | 'with' | 'without' },
) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const day = q.date ?? indiaDay(new Date()).date;
  const { rows, total } = await repo.pageEmployees(db, {
    search: q.search,
    day,
    withStructure: q.withStructure ?? 'all',
    limit,
    offset,
  });
  const structures = await repo.structuresOf(
    db,
    rows.map((r) => r.id),
    day,
  );
  const items = rows.map((r) => {
    const current = structures.filter((s) => s.userId === r.id).at(-1) ?? null;
    return {
      empId: r.id,
      empName: r.fullName,
      mobileNo: r.mobileNo,
      professionalType: r.professionalType,
      current: current ? structureOut(current, null) : null,
    };
  });
  return { items, total, page, pageSize };
}

// ---------------------------------------------------------------- deductions

export function deductionOut(d: repo.DeductionRow, empName: string) {
  return {
    id: d.id,
    empId: d.userId,
    empName,
    kind: d.kind,
    reason: d.reason,
    amount: r2(d.amountPaise),
    fromMonth: d.fromMonth,
    months: d.months,
    active: d.active,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

export async function addDeduction(
  db: Db,
  user: Actor,
  empId: number,
  body: { kind: repo.SalaryDeductionKind; reason: string; amount: number; fromMonth: string; months?: number },
) {
  const e = await employeeOr404(db, empId);
  const reason = body.reason.trim();
  if (reason.length < 3) throw badRequest('reason', 'must say why, in at least 3 characters');
  const amountPaise = toPaise(body.amount, 'amount');
  const from = monthOf(body.fromMonth, 'fromMonth');
  const made = await db.transaction(async (tx) => {
    afterPaid(await repo.lastPaidPeriod(tx, empId), from.period, 'fromMonth');
    return repo.insertDeduction(tx, {
      userId: empId,
      kind: body.kind,
      reason,
      amountPaise,
      fromMonth: from.period,
      months: body.months ?? 1,
      createdBy: user.id,
      updatedBy: user.id,
    });
  });
  return deductionOut(made, e.fullName);
}

export async function updateDeduction(
  db: Db,
  user: Actor,
  id: number,
  body: { reason: string; amount?: number; months?: number; active?: boolean },
) {
  const reason = body.reason.trim();
  if (reason.length < 3) throw badRequest('reason', 'must say why, in at least 3 characters');
  const amountPaise = body.amount === undefined ? undefined : toPaise(body.amount, 'amount');
  const row = await db.transaction(async (tx) => {
    const d = await repo.deduction(tx, id);
    if (!d) throw notFound(`Salary deduction ${id}`);
    return repo.updateDeduction(tx, id, {
      reason,
      ...(amountPaise === undefined ? {} : { amountPaise }),
      ...(body.months === undefined ? {} : { months: body.months }),
      ...(body.active === undefined ? {} : { active: body.active }),
      updatedBy: user.id,
    });
  });
  const e = await repo.employee(db, row.userId);
  return deductionOut(row, e?.fullName ?? '');
}

export async function deductionList(db: Db, q: { EmpId?: number; page?: number; pageSize?: number; search?: string }) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const { rows, total } = await repo.pageDeductions(db, { userId: q.EmpId, search: q.search, limit, offset });
  return { items: rows.map((r) => deductionOut(r.d, r.empName)), total, page, pageSize };
}

// ---------------------------------------------------------------- the month's calculation, in batches

type Inputs = Map<number, Omit<CalcInput, 'year' | 'month'> & { tipLines: number[]; expenseIds: number[] }>;

/** Everything the calculation needs for these employees and month, in a handful of queries whatever their number. */
async function inputsFor(exec: Executor, userIds: number[], m: Month, lock: boolean, now: Date): Promise<Inputs> {
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

// ---------------------------------------------------------------- payment, exactly once

const salaryKey = (userId: number, m: Month) => `salary-${userId}-${m.period.slice(0, 7)}`;

/** The words for a company wallet that cannot cover a payment. */
async function shortfall(exec: Executor, needPaise: number, what: string, field: string) {
  const held = await wallets.companyBalance(exec);
  return conflict(
    field,
    `The company account wallet holds ${rupeesText(held)}; ${what} needs ${rupeesText(needPaise)} from it: ${rupeesText(Math.max(0, needPaise - held))} short. Nothing was paid.`,
  );
}

export class NoStructure extends Error {}

/** The ledger's refusal of a debit the company wallet cannot cover (wallets.post answers it as a 409). */
const isShort = (err: unknown) =>
  err instanceof HttpError && err.statusCode === 409 && /does not hold enough/.test(err.detail ?? '');

/**
 * Pays one employee's month inside `tx`: the slip (its unique key is the once-only guard: a twin waits on it and
 * inserts nothing), one ledger transfer (company wallet and tips payable → salary payable, idempotency key per
 * employee and month), tips and expenses marked paid. Answers null when the month was already paid.
 * The caller locks the attendance month.
 */
async function payWithin(
  tx: Tx,
  emp: { id: number },
  m: Month,
  input: Inputs extends Map<number, infer I> ? I : never,
  o: { bankReference: string; actorId: number | null; runId: number | null; now: Date },
) {
  const calc = calculateSalary({ year: m.year, month: m.month, ...input });
  if (!calc) throw new NoStructure();
  const slipId = await repo.insertSlip(tx, {
    userId: emp.id,
    period: m.period,
    grossPaise: calc.grossPaise,
    deductionsPaise: calc.deductionsPaise,
    employerPaise: calc.employerPaise,
    tipsPaise: calc.tipsPaise,
    expensesPaise: calc.expensesPaise,
    netPaise: calc.netPaise,
    breakdown: calc,
    bankReference: o.bankReference,
    payRunId: o.runId,
    paidBy: o.actorId,
    paidAt: o.now,
  });
  if (slipId === null) return null;
  if (calc.netPaise > 0) {
    const fromCompany = calc.netPaise - calc.tipsPaise;
    const posted = await wallets.post(tx, {
      kind: 'salary_payment',
      legs: [
        { accountId: wallets.systemAccountId('company_wallet'), amount: -fromCompany },
        { accountId: wallets.systemAccountId('tips_payable'), amount: -calc.tipsPaise },
        { accountId: wallets.systemAccountId('salary_payable'), amount: calc.netPaise },
      ],
      reference: o.bankReference,
      remark: `Salary of employee ${emp.id} for ${m.period.slice(0, 7)}`,
      actorId: o.actorId,
      idempotency: {
        key: salaryKey(emp.id, m),
        hash: wallets.requestHash('payEmpSalary', emp.id, { period: m.period }),
      },
      amountField: 'id',
      amount: paise(fromCompany),
    });
    await repo.setSlipTransfer(tx, slipId, posted.transferId);
  }
  await repo.markTipsPaid(tx, input.tipLines, o.now);
  await repo.markExpensesPaidWithSlip(tx, input.expenseIds, slipId, o.now);
  return { slipId, calc };
}

export async function pay(
  db: Db,
  user: Actor,
  p: { empId: number; date: string; bankReference: string },
  now = new Date(),
) {
  const m = monthOf(p.date);
  const e = await employeeOr404(db, p.empId, 'id');
  mustHaveEnded(m, now, 'date');
  const bankReference = p.bankReference.trim();
  const existing = await repo.slipOf(db, e.id, m.period);
  if (existing) return { ...calcOut(e, m, null, existing), alreadyPaid: true };
  let need = 0;
  try {
    const paid = await db.transaction(async (tx) => {
      const input = (await inputsFor(tx, [e.id], m, true, now)).get(e.id)!;
      need = (calculateSalary({ year: m.year, month: m.month, ...input })?.netPaise ?? 0) - input.tipsPaise;
      const done = await payWithin(tx, e, m, input, { bankReference, actorId: user.id, runId: null, now });
      if (done) await lockMonth(tx, m.year, m.month, user.id);
      return done;
    });
    const slip = await repo.slipOf(db, e.id, m.period);
    return { ...calcOut(e, m, null, slip), alreadyPaid: paid === null };
  } catch (err) {
    if (err instanceof NoStructure) {
      throw conflict('id', `${e.fullName} has no salary structure in force in ${monthName(m)}: add one first.`);
    }
    if (isShort(err)) {
      throw await shortfall(db, need, `${e.fullName}'s salary for ${monthName(m)}`, 'id');
    }
    throw err;
  }
}

// ---------------------------------------------------------------- slips

export async function slip(db: Db, user: Actor, empId: number, date: string) {
  const m = monthOf(date);
  const e = await employeeOr404(db, empId, 'id');
  if (user.role === 'TE' && user.id !== empId) throw notFound(`The salary slip of employee ${empId}`);
  const s = await repo.slipOf(db, empId, m.period);
  if (!s) throw notFound(`The salary slip of ${e.fullName} for ${monthName(m)}`);
  return {
    ...calcOut(e, m, null, s),
    mobileNo: e.mobileNo,
    professionalType: e.professionalType,
    monthName: monthName(m),
  };
}

export async function slipList(
  db: Db,
  user: Actor,
  q: { EmpId?: number; date?: string; page?: number; pageSize?: number; search?: string },
) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const userId = user.role === 'TE' ? user.id : q.EmpId;
  const period = q.date ? monthOf(q.date).period : undefined;
  const { rows, total } = await repo.pageSlips(db, { userId, period, search: q.search, limit, offset });
  return {
    items: rows.map((r) => ({
      slipId: r.id,
      empId: r.userId,
      empName: r.empName,
      year: Number(r.period.slice(0, 4)),
      month: Number(r.period.slice(5, 7)),
      gross: r2(r.grossPaise),
      totalDeductions: r2(r.deductionsPaise),
      net: r2(r.netPaise),
      bankReference: r.bankReference,
      paidAt: r.paidAt.toISOString(),
    })),
    total,
    page,
    pageSize,
  };
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

// ---------------------------------------------------------------- salary runs (database jobs)

export function runOut(r: repo.RunRow) {
  return {
    id: r.id,
    year: Number(r.period.slice(0, 4)),
    month: Number(r.period.slice(5, 7)),
    state: r.state,
    active: r.active,
    total: r.total,
    processed: r.paid + r.skipped + r.failed,
    paid: r.paid,
    skipped: r.skipped,
    failed: r.failed,
    paidAmount: r2(r.paidPaise),
    bankReferencePrefix: r.bankReferencePrefix,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/** Makes the run and its items (one statement); the workers pay it. */
export async function startRun(
  db: Db,
  user: Actor,
  body: { date: string; bankReferencePrefix: string },
  now = new Date(),
) {
  const m = monthOf(body.date);
  mustHaveEnded(m, now, 'date');
  const made = await db.transaction(async (tx) => {
    const run = await repo.insertRun(tx, {
      period: m.period,
      bankReferencePrefix: body.bankReferencePrefix.trim(),
      startedBy: user.id,
    });
    if (!run) {
      throw conflict('date', `A salary run for ${monthName(m)} is already under way: follow it or resume it.`);
    }
    await repo.insertRunItems(tx, run.id);
    return run.id;
  });
  return runOut((await repo.run(db, made))!);
}

export async function runOf(db: Db, id: number) {
  const r = await repo.run(db, id);
  if (!r) throw notFound(`Salary run ${id}`);
  return runOut(r);
}

export async function runList(db: Db, q: { page?: number; pageSize?: number }) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const { rows, total } = await repo.pageRuns(db, { limit, offset });
  return { items: rows.map(runOut), total, page, pageSize };
}

export async function resumeRun(db: Db, id: number) {
  const r = await repo.run(db, id);
  if (!r) throw notFound(`Salary run ${id}`);
  if (r.state === 'done') throw conflict('id', `Salary run ${id} has finished: nothing to resume.`);
  await db.transaction(async (tx) => {
    await repo.retryFailedItems(tx, id);
    await repo.updateRun(tx, id, { active: true, lastError: null });
    await repo.refreshRunCounts(tx, id);
  });
  return runOut((await repo.run(db, id))!);
}

export interface BatchOutcome {
  claimed: number;
  paid: number;
  pending: number;
  paused: boolean;
}

/**
 * Advances a run by one batch in one transaction: claims pending items (SKIP LOCKED), calculates them together,
 * locks the company wallet once and pays each employee who fits in it (one ledger transfer each, under the employee
 * and month's idempotency key), writes the batch's slips in one statement (their unique key keeps a month paid once),
 * marks tips and expenses paid, settles the items and the run's counters and locks the attendance month. A crash
 * anywhere rolls the batch back (its items stay pending); an employee already paid is skipped, so a resumed run pays
 * nobody twice. A company wallet that cannot cover the next employee pauses the run with the shortfall; the ones
 * before stay paid.
 */
export async function advanceRunOnce(db: Db, runId: number, batchSize = 200, now = new Date()): Promise<BatchOutcome> {
  return db.transaction(async (tx) => {
    const run = await repo.run(tx, runId);
    if (run?.state !== 'running' || !run.active) {
      return { claimed: 0, paid: 0, pending: 0, paused: !run?.active };
    }
    const m = monthOf(run.period);
    const ids = await repo.claimItems(tx, runId, batchSize);
    if (!ids.length) {
      const pending = await repo.refreshRunCounts(tx, runId);
      if (pending === 0) await repo.updateRun(tx, runId, { state: 'done', finishedAt: now });
      return { claimed: 0, paid: 0, pending, paused: false };
    }
    const already = new Set((await repo.slipsFor(tx, ids, m.period)).map((s) => s.userId));
    const open = ids.filter((id) => !already.has(id));
    const inputs = await inputsFor(tx, open, m, true, now);
    const settled: Parameters<typeof repo.settleItems>[2] = [...already].map((id) => ({
      userId: id,
      state: 'skipped' as const,
      message: 'Already paid',
      slipId: null,
    }));
    let held = await wallets.lockCompanyBalance(tx);
    let paused: string | null = null;
    const slips: repo.SlipInsert[] = [];
    for (const id of open) {
      const input = inputs.get(id)!;
      const calc = calculateSalary({ year: m.year, month: m.month, ...input });
      if (!calc) {
        settled.push({ userId: id, state: 'skipped', message: 'No salary structure in force', slipId: null });
        continue;
      }
      const need = calc.netPaise - calc.tipsPaise;
      if (need > held) {
        paused = `Paused: the company account wallet holds ${rupeesText(held)} and employee ${id}'s salary needs ${rupeesText(need)} from it (${rupeesText(need - held)} short). Top it up and resume.`;
        break;
      }
      const bankReference = `${run.bankReferencePrefix}-${id}`.slice(0, 60);
      let transferId: number | null = null;
      if (calc.netPaise > 0) {
        const posted = await wallets.post(tx, {
          kind: 'salary_payment',
          legs: [
            { accountId: wallets.systemAccountId('company_wallet'), amount: -need },
            { accountId: wallets.systemAccountId('tips_payable'), amount: -calc.tipsPaise },
            { accountId: wallets.systemAccountId('salary_payable'), amount: calc.netPaise },
          ],
          reference: bankReference,
          remark: `Salary of employee ${id} for ${m.period.slice(0, 7)}`,
          actorId: run.startedBy,
          idempotency: { key: salaryKey(id, m), hash: wallets.requestHash('payEmpSalary', id, { period: m.period }) },
          amountField: 'id',
          amount: paise(need),
        });
        if (posted.replayed) {
          // Paid by the accountant meanwhile: their transfer and slip stand.
          settled.push({ userId: id, state: 'skipped', message: 'Already paid', slipId: null });
          continue;
        }
        transferId = posted.transferId;
      }
      held -= need;
      slips.push({
        userId: id,
        period: m.period,
        grossPaise: calc.grossPaise,
        deductionsPaise: calc.deductionsPaise,
        employerPaise: calc.employerPaise,
        tipsPaise: calc.tipsPaise,
        expensesPaise: calc.expensesPaise,
        netPaise: calc.netPaise,
        breakdown: calc,
        bankReference,
        transferId,
        payRunId: runId,
        paidBy: run.startedBy,
        paidAt: now,
      });
    }
    const made = new Map((await repo.insertSlips(tx, slips)).map((r) => [r.userId, r.id]));
    for (const row of slips) {
      const slipId = made.get(row.userId);
      settled.push(
        slipId
          ? { userId: row.userId, state: 'paid', message: null, slipId }
          : { userId: row.userId, state: 'skipped', message: 'Already paid', slipId: null },
      );
    }
    const paidIds = [...made.keys()];
    await repo.markTipsPaid(
      tx,
      paidIds.flatMap((id) => inputs.get(id)!.tipLines),
      now,
    );
    await repo.markExpensesPaidWithSlips(
      tx,
      paidIds.flatMap((id) => inputs.get(id)!.expenseIds.map((expenseId) => ({ expenseId, slipId: made.get(id)! }))),
      now,
    );
    await repo.settleItems(tx, runId, settled);
    if (paidIds.length > 0) await lockMonth(tx, m.year, m.month, run.startedBy);
    const pending = await repo.refreshRunCounts(tx, runId);
    if (paused) await repo.updateRun(tx, runId, { active: false, lastError: paused });
    else if (pending === 0) await repo.updateRun(tx, runId, { state: 'done', finishedAt: now });
    return { claimed: ids.length, paid: paidIds.length, pending, paused: paused !== null };
  });
}

/** Advances every active run until none has pending items (or `maxBatches`); the timer and StartPayRun call it. */
export async function advanceRuns(db: Db, o: { batchSize?: number; maxBatches?: number } = {}) {
  let batches = 0;
  for (const id of await repo.activeRunIds(db)) {
    for (;;) {
      if (o.maxBatches !== undefined && batches >= o.maxBatches) return batches;
      let out: BatchOutcome;
      try {
        out = await advanceRunOnce(db, id, o.batchSize);
      } catch (err) {
        // The batch rolled back; the run waits for a person rather than failing the same batch again and again.
        await repo.updateRun(db, id, {
          active: false,
          lastError: `Paused: ${String((err as Error).message).slice(0, 300)}`,
        });
        throw err;
      }
      batches++;
      if (out.claimed === 0 || out.paused) break;
    }
  }
  return batches;
}

// ---------------------------------------------------------------- expenses

export function expenseOut(e: repo.ExpenseRow, empName: string) {
  return {
    id: e.id,
    empId: e.userId,
    empName,
    amount: r2(e.amountPaise),
    reason: e.reason,
    receiptFileName: e.receiptFileName,
    state: e.state,
    decisionRemark: e.decisionRemark,
    decidedAt: e.decidedAt?.toISOString() ?? null,
    paidWith: (e.paidWith as 'salary' | 'direct' | null) ?? null,
    bankReference: e.bankReference,
    paidAt: e.paidAt?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
  };
}

export async function addExpense(
  db: Db,
  uploads: Storage,
  user: Actor,
  body: { EmpId: number; amount: number; reason: string; receipt: string; receiptFileName?: string },
) {
  const e = await employeeOr404(db, body.EmpId);
  const amountPaise = toPaise(body.amount, 'amount');
  const reason = body.reason.trim();
  if (reason.length < 3) throw badRequest('reason', 'must say what it was for, in at least 3 characters');
  const file = await checkProof(body.receipt, 'receipt');
  const name = proofFileName(body.receiptFileName, file.ext).replace(/^aadhaar-proof/, 'receipt');
  const row = await proofStorage(uploads).withFiles([{ folder: RECEIPT_FOLDER, file }], async ([url]) => ({
    result: await repo.insertExpense(db, {
      userId: e.id,
      amountPaise,
      reason,
      receiptUrl: url!,
      receiptFileName: name,
      receiptType: file.mime,
      createdBy: user.id,
    }),
  }));
  return expenseOut(row, e.fullName);
}

export async function expenseList(
  db: Db,
  q: { EmpId?: number; state?: repo.EmployeeExpenseState; page?: number; pageSize?: number; search?: string },
) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const { rows, total } = await repo.pageExpenses(db, {
    userId: q.EmpId,
    state: q.state,
    search: q.search,
    limit,
    offset,
  });
  return { items: rows.map((r) => expenseOut(r.e, r.empName)), total, page, pageSize };
}

export async function receiptOf(db: Db, uploads: Storage, id: number) {
  const row = await repo.expense(db, id);
  if (!row) throw notFound(`Expense ${id}`);
  const bytes = await fs.readFile(proofStorage(uploads).pathOf(row.receiptUrl)).catch(() => null);
  if (!bytes) throw notFound(`The receipt of expense ${id}`);
  return { bytes, mime: proofMime(row.receiptUrl), fileName: row.receiptFileName };
}

export async function decideExpense(db: Db, user: Actor, id: number, body: { approve: boolean; remark?: string }) {
  const remark = body.remark?.trim() || null;
  if (!body.approve && (!remark || remark.length < 3)) throw badRequest('remark', 'is needed to reject an expense');
  const row = await db.transaction(async (tx) => {
    const e = await repo.expense(tx, id, true);
    if (!e) throw notFound(`Expense ${id}`);
    if (e.state !== 'pending') throw conflict('id', `Expense ${id} was already decided (${e.state}).`);
    return repo.updateExpense(tx, id, {
      state: body.approve ? 'approved' : 'rejected',
      decidedBy: user.id,
      decidedAt: new Date(),
      decisionRemark: remark,
    });
  });
  const emp = await repo.employee(db, row.userId);
  return expenseOut(row, emp?.fullName ?? '');
}

export async function payExpense(db: Db, user: Actor, id: number, bankReference: string, now = new Date()) {
  let need = 0;
  try {
    const row = await db.transaction(async (tx) => {
      const e = await repo.expense(tx, id, true);
      if (!e) throw notFound(`Expense ${id}`);
      if (e.state === 'paid') throw conflict('id', `Expense ${id} was already paid (${e.paidWith}).`);
      if (e.state !== 'approved')
        throw conflict('id', `Expense ${id} is ${e.state}: only an approved expense is paid.`);
      need = e.amountPaise;
      const posted = await wallets.post(tx, {
        kind: 'expense_payment',
        legs: [
          { accountId: wallets.systemAccountId('company_wallet'), amount: -e.amountPaise },
          { accountId: wallets.systemAccountId('salary_payable'), amount: e.amountPaise },
        ],
        reference: bankReference.trim(),
        remark: `Expense ${id} of employee ${e.userId}: ${e.reason}`.slice(0, 300),
        actorId: user.id,
        idempotency: { key: `expense-${id}`, hash: wallets.requestHash('payEmpExpense', e.userId, { id }) },
        amountField: 'id',
        amount: paise(e.amountPaise) as Paise,
      });
      return repo.updateExpense(tx, id, {
        state: 'paid',
        paidWith: 'direct',
        transferId: posted.transferId,
        bankReference: bankReference.trim(),
        paidAt: now,
      });
    });
    const emp = await repo.employee(db, row.userId);
    return expenseOut(row, emp?.fullName ?? '');
  } catch (err) {
    if (isShort(err)) {
      throw await shortfall(db, need, `expense ${id}`, 'id');
    }
    throw err;
  }
}

export type { Line };
