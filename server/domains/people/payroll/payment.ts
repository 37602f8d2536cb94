import type { Db, Executor, Tx } from '../../../db/client';
import { conflict, HttpError } from '../../../http';
import { paise, rupeesText } from '../../../money';
import { wallets } from '../../money';
import { lockMonth } from '../attendance/service';
import { calculateSalary, duesOf, type SalaryCalculation, statutoryOf } from './calc';
import { calcOut, type Inputs, inputsFor } from './calculation';
import { type Actor, employeeOr404, type Month, monthName, monthOf, mustHaveEnded } from './common';
import * as repo from './repo';

// Paying one employee's month, exactly once, through the ledger.

const salaryKey = (userId: number, m: Month) => `salary-${userId}-${m.period.slice(0, 7)}`;

/** The words for a company wallet that cannot cover a payment. */
export async function shortfall(exec: Executor, needPaise: number, what: string, field: string) {
  const held = await wallets.companyBalance(exec);
  return conflict(
    field,
    `The company account wallet holds ${rupeesText(held)}; ${what} needs ${rupeesText(needPaise)} from it: ${rupeesText(Math.max(0, needPaise - held))} short. Nothing was paid.`,
  );
}

export class NoStructure extends Error {}

interface Payment {
  bankReference: string;
  actorId: number | null;
  runId: number | null;
  now: Date;
}

/** A month with net pay or statutory dues has a transfer (an advance may take the whole net; the dues stay owed). */
export const movesMoney = (calc: SalaryCalculation) => {
  const d = duesOf(calc);
  return calc.netPaise > 0 || d.epfPaise + d.esiPaise + d.ptPaise > 0;
};

/** The slip of an employee's paid month, as written. */
export const slipValues = (userId: number, m: Month, calc: SalaryCalculation, o: Payment): repo.SlipInsert => ({
  userId,
  period: m.period,
  grossPaise: calc.grossPaise,
  deductionsPaise: calc.deductionsPaise,
  employerPaise: calc.employerPaise,
  ...statutoryOf(calc),
  tipsPaise: calc.tipsPaise,
  expensesPaise: calc.expensesPaise,
  netPaise: calc.netPaise,
  breakdown: calc,
  bankReference: o.bankReference,
  payRunId: o.runId,
  paidBy: o.actorId,
  paidAt: o.now,
});

/**
 * The month's one ledger transfer: the company wallet pays the net less the tips, tips payable the tips, into salary
 * payable; the statutory dues (the employee's share withheld and the employer's) are credited to EPF, ESI and PT
 * payable against the accrued cost, which the company wallet pays when the dues are paid (decision 056). Under the
 * employee and month's idempotency key, so a second payment replays the first.
 */
export function postSalary(tx: Tx, userId: number, m: Month, calc: SalaryCalculation, o: Payment) {
  const fromCompany = calc.netPaise - calc.tipsPaise;
  return wallets.post(tx, {
    kind: 'salary_payment',
    legs: [
      { accountId: wallets.systemAccountId('company_wallet'), amount: -fromCompany },
      { accountId: wallets.systemAccountId('tips_payable'), amount: -calc.tipsPaise },
      { accountId: wallets.systemAccountId('salary_payable'), amount: calc.netPaise },
      ...wallets.statutoryLegs(duesOf(calc)),
    ],
    reference: o.bankReference,
    remark: `Salary of employee ${userId} for ${m.period.slice(0, 7)}`,
    actorId: o.actorId,
    idempotency: {
      key: salaryKey(userId, m),
      hash: wallets.requestHash('payEmpSalary', userId, { period: m.period }),
    },
    amountField: 'id',
    amount: paise(fromCompany),
  });
}

/** The ledger's refusal of a debit the company wallet cannot cover (wallets.post answers it as a 409). */
export const isShort = (err: unknown) =>
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
  o: Payment,
) {
  const calc = calculateSalary({ year: m.year, month: m.month, ...input });
  if (!calc) throw new NoStructure();
  const slipId = await repo.insertSlip(tx, slipValues(emp.id, m, calc, o));
  if (slipId === null) return null;
  if (movesMoney(calc)) {
    const posted = await postSalary(tx, emp.id, m, calc, o);
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
