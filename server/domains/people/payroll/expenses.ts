import fs from 'node:fs/promises';
import type { Db } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { badRequest, conflict, notFound } from '../../../http';
import { type Paise, paise, toPaise } from '../../../money';
import type { Storage } from '../../../plugins/storage';
import { checkProof, proofFileName, proofMime, proofStorage } from '../../../shared/proofs';
import { wallets } from '../../money';
import { type Actor, employeeOr404, r2 } from './common';
import { isShort, shortfall } from './payment';
import * as repo from './repo';

// Employees' expenses: a receipt, a decision, then paid with the salary or directly.

const RECEIPT_FOLDER = 'employee-expenses';

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
  return { items: rows.map((r) => expenseOut(r.row, r.empName)), total, page, pageSize };
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
