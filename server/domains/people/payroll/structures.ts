import type { Db } from '../../../db/client';
import { pgErrorCode } from '../../../db/errors';
import { pageOf } from '../../../db/paging';
import { badRequest, conflict, notFound } from '../../../http';
import { toPaise } from '../../../money';
import { indiaDay } from '../attendance/service';
import { type Actor, afterPaid, employeeOr404, monthEnd, monthName, monthOf, r2 } from './common';
import * as repo from './repo';

// Salary structures: one per employee and date; a structure a paid month used is never changed.

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
