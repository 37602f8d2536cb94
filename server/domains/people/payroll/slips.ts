import type { Db } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { notFound } from '../../../http';
import { calcOut } from './calculation';
import { type Actor, employeeOr404, monthName, monthOf, r2 } from './common';
import * as repo from './repo';

// Salary slips of paid months.

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
