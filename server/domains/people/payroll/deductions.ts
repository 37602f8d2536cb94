import type { Db } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { badRequest, notFound } from '../../../http';
import { toPaise } from '../../../money';
import { type Actor, afterPaid, employeeOr404, monthOf, r2 } from './common';
import * as repo from './repo';

// Deductions from salary (advances, fines), in force from a month for a number of months.

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
  return { items: rows.map((r) => deductionOut(r.row, r.empName)), total, page, pageSize };
}
