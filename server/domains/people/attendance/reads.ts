import type { Executor } from '../../../db/client';
import { type PageQuery, pageOf } from '../../../db/paging';
import { indiaDay, pad } from './calendar';
import { isMonthLocked } from './paidDays';
import * as repo from './repo';
import { countsOut, dayOut, periodOf, professionalOrThrow } from './rules';

// Reading attendance: a calendar, the lists, today's board and a day's audit.

export async function calendar(db: Executor, q: { EmpId: number; month?: number; Year?: number }, now = new Date()) {
  const p = await professionalOrThrow(db, q.EmpId);
  const period = periodOf(q.Year, q.month, now);
  const today = indiaDay(now).date;
  const cells = await repo.dayCells(db, q.EmpId, period.from, period.to, today);
  const [counts] = await repo.countsFor(db, [q.EmpId], period.from, period.to, today);
  const locked = await repo.lockedMonthsOfYear(db, period.year);
  return {
    empId: p.id,
    name: p.name,
    year: period.year,
    month: period.month,
    lockedMonths: period.month ? locked.filter((m) => m === period.month) : locked.sort((a, b) => a - b),
    days: cells.map(dayOut),
    counts: countsOut(counts, cells.length),
  };
}

export async function datesAndCount(
  db: Executor,
  q: { EmpId: number; month?: number; Year?: number; action1?: string },
  now = new Date(),
) {
  const cal = await calendar(db, q, now);
  const action1 = q.action1 ?? '';
  return {
    empId: cal.empId,
    year: cal.year,
    month: cal.month,
    action1,
    counts: cal.counts,
    dates: cal.days
      .filter((d) => d.status !== null && (action1 === '' || d.status === action1))
      .map((d) => ({ date: d.date, status: d.status as repo.DayStatus })),
  };
}

export async function list(
  db: Executor,
  q: PageQuery & { month?: number; Year?: number; professionalType?: 'Technician' | 'Engineer' },
  now = new Date(),
) {
  const period = periodOf(q.Year, q.month, now);
  const { page, pageSize, limit, offset } = pageOf(q);
  const filter = { search: q.search, professionalType: q.professionalType };
  const [rows, total] = await Promise.all([
    repo.professionalsPage(db, filter, limit, offset),
    repo.professionalsCount(db, filter),
  ]);
  const items = await withCounts(db, rows, period, now);
  const locked = period.month ? await isMonthLocked(db, period.year, period.month) : false;
  return { items, total, page, pageSize, year: period.year, month: period.month, locked };
}

async function withCounts(
  db: Executor,
  rows: { empId: number; name: string; mobileNo: string; professionalType: 'Technician' | 'Engineer' }[],
  period: { from: string; to: string },
  now: Date,
) {
  const counts = await repo.countsFor(
    db,
    rows.map((r) => r.empId),
    period.from,
    period.to,
    indiaDay(now).date,
  );
  const byId = new Map(counts.map((c) => [c.userId, c]));
  return rows.map((r) => ({ ...r, counts: countsOut(byId.get(r.empId), 0) }));
}

/** Every row of the list (same filters) as an .xlsx workbook, counted 500 professionals per query. */
export async function listWorkbook(
  db: Executor,
  q: { search?: string; month?: number; Year?: number; professionalType?: 'Technician' | 'Engineer' },
  now = new Date(),
) {
  const period = periodOf(q.Year, q.month, now);
  const rows = await repo.professionalsPage(db, { search: q.search, professionalType: q.professionalType }, null, 0);
  const items: Awaited<ReturnType<typeof withCounts>> = [];
  for (let i = 0; i < rows.length; i += 500) items.push(...(await withCounts(db, rows.slice(i, i + 500), period, now)));
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const header = [
    'Emp Id',
    'Name',
    'Mobile No',
    'Type',
    'Present',
    'Half-day',
    'Absent',
    'Leave',
    'Holidays',
    'Weekly offs',
    'Not joined',
    'Paid days',
  ].map((value) => ({ value, fontWeight: 'bold' as const }));
  const data = [
    header,
    ...items.map((r) => [
      { type: Number, value: r.empId },
      { type: String, value: r.name },
      { type: String, value: r.mobileNo },
      { type: String, value: r.professionalType },
      { type: Number, value: r.counts.present },
      { type: Number, value: r.counts.halfDay },
      { type: Number, value: r.counts.absent },
      { type: Number, value: r.counts.leave },
      { type: Number, value: r.counts.holidays },
      { type: Number, value: r.counts.weeklyOffs },
      { type: Number, value: r.counts.notJoined },
      { type: Number, value: r.counts.paidDays },
    ]),
  ];
  const bytes = await writeXlsxFile(data, {
    sheet: 'Attendance',
    columns: [
      { width: 8 },
      { width: 30 },
      { width: 14 },
      { width: 12 },
      ...Array.from({ length: 8 }, () => ({ width: 11 })),
    ],
    stickyRowsCount: 1,
  }).toBuffer();
  const label = period.month ? `${period.year}-${pad(period.month)}` : String(period.year);
  return { bytes, fileName: `attendance-${label}.xlsx` };
}

export async function today(db: Executor, now = new Date()) {
  const day = indiaDay(now).date;
  const counts = await repo.todayCounts(db, day);
  const holiday = await repo.holidayOn(db, day);
  const weeklyOff = new Date(`${day}T00:00:00Z`).getUTCDay() === 0;
  return { date: day, ...counts, holidayName: holiday?.name ?? null, weeklyOff };
}

export async function audit(db: Executor, q: { EmpId: number; month: number; Year: number }) {
  const rows = await repo.auditOf(db, q.EmpId, q.Year, q.month);
  return rows.map((r) => ({
    ...r,
    at: r.at.toISOString(),
    before: (r.before as Record<string, unknown> | null) ?? null,
    after: (r.after as Record<string, unknown> | null) ?? null,
  }));
}
