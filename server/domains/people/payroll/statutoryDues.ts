import type { Db } from '../../../db/client';
import { conflict, type Idempotency, idempotencyKeyReused } from '../../../http';
import { paise, rupeesText, toPaise } from '../../../money';
import { wallets } from '../../money';
import { type Actor, monthName, monthOf, r2 } from './common';
import { isShort, shortfall } from './payment';
import * as repo from './repo.statutory';

type StatutoryScheme = repo.StatutoryScheme;

// Statutory dues (decision 056): what the salaries paid owe EPF, ESI and professional tax, and paying them.

const SCHEME_NAME: Record<StatutoryScheme, string> = {
  EPF: 'EPF',
  ESI: 'ESI',
  PT: 'Professional tax',
};

const monthParts = (period: string) => ({ year: Number(period.slice(0, 4)), month: Number(period.slice(5, 7)) });

function paymentOut(r: repo.RemittanceRow, paidBy: string | null) {
  return {
    id: r.id,
    scheme: r.scheme,
    ...monthParts(r.period),
    amount: r2(r.amountPaise),
    reference: r.reference,
    paidAt: r.paidAt.toISOString(),
    paidBy,
    transferId: r.transferId,
  };
}

/** Per scheme and month: the shares, what was paid and what is owed; the payments; the owed total per scheme. */
export async function statutoryDues(db: Db, q: { scheme?: StatutoryScheme }) {
  const rows = await repo.duesByMonth(db, { scheme: q.scheme });
  const owed = { EPF: 0, ESI: 0, PT: 0 };
  const months = rows.map((r) => {
    const due = r.employeePaise + r.employerPaise;
    owed[r.scheme as StatutoryScheme] += due - r.paidPaise;
    return {
      scheme: r.scheme as StatutoryScheme,
      ...monthParts(r.period),
      employees: r.employees,
      employeeShare: r2(r.employeePaise),
      employerShare: r2(r.employerPaise),
      due: r2(due),
      paid: r2(r.paidPaise),
      owed: r2(due - r.paidPaise),
    };
  });
  const payments = (await repo.remittances(db, q.scheme)).map((p) => paymentOut(p.row, p.paidByName));
  return { months, payments, owed: { EPF: r2(owed.EPF), ESI: r2(owed.ESI), PT: r2(owed.PT) } };
}

async function owedFor(exec: Parameters<typeof repo.duesByMonth>[0], scheme: StatutoryScheme, period: string) {
  const [row] = await repo.duesByMonth(exec, { scheme, period });
  return row ? row.employeePaise + row.employerPaise - row.paidPaise : 0;
}

/**
 * Pays a scheme's dues for a salary month to its authority: the company wallet pays, the payable is cleared
 * (wallets.statutoryPaymentLegs). The company wallet is locked first, so two payments (or a payment and a salary)
 * take turns: the second reads what the first paid, and a repeated Idempotency-Key answers the first payment.
 */
export async function payStatutoryDues(
  db: Db,
  user: Actor,
  body: { scheme: StatutoryScheme; month: string; amount?: number; reference: string },
  idempotency: Idempotency,
  now = new Date(),
) {
  const m = monthOf(body.month, 'month');
  const reference = body.reference.trim();
  const asked = body.amount === undefined ? null : toPaise(body.amount, 'amount');
  const what = `${SCHEME_NAME[body.scheme]} for ${monthName(m)}`;
  let need = 0;
  try {
    const done = await db.transaction(async (tx) => {
      await wallets.lockCompanyBalance(tx);
      if (idempotency.key) {
        const first = await repo.remittanceByKey(tx, idempotency.key);
        if (first) {
          if (first.requestHash !== idempotency.hash) {
            throw idempotencyKeyReused(
              'This Idempotency-Key was already used for a different request; nothing was paid.',
            );
          }
          return { row: first, alreadyPaid: true };
        }
      }
      const owed = await owedFor(tx, body.scheme, m.period);
      if (owed <= 0) {
        throw conflict(asked === null ? 'month' : 'amount', `Nothing is owed for ${what}: nothing was paid.`);
      }
      if (asked !== null && asked > owed) {
        throw conflict(
          'amount',
          `${what} owes ${rupeesText(owed)}; ${rupeesText(asked)} is more than that. Nothing was paid.`,
        );
      }
      const amount = paise(asked ?? owed);
      need = amount;
      const posted = await wallets.post(tx, {
        kind: 'statutory_payment',
        legs: wallets.statutoryPaymentLegs(body.scheme, amount),
        reference,
        remark: `${what} paid to the authority`,
        actorId: user.id,
        amountField: 'amount',
        amount,
      });
      const row = await repo.insertRemittance(tx, {
        scheme: body.scheme,
        period: m.period,
        amountPaise: amount,
        reference,
        idempotencyKey: idempotency.key,
        requestHash: idempotency.hash,
        transferId: posted.transferId,
        paidBy: user.id,
        paidAt: now,
      });
      return { row, alreadyPaid: false };
    });
    const owedAfter = await owedFor(db, body.scheme, done.row.period);
    return {
      ...paymentOut(done.row, await repo.payerName(db, done.row.paidBy)),
      alreadyPaid: done.alreadyPaid,
      owedAfter: r2(owedAfter),
    };
  } catch (err) {
    if (isShort(err)) throw await shortfall(db, need, what, 'amount');
    throw err;
  }
}
