import type { Db, Executor, Tx } from '../../../db/client';
import { type PageQuery, pageOf } from '../../../db/paging';
import { badRequest, conflict, notFound } from '../../../http';
import type { AttendanceStatus } from './repo';
import * as repo from './repo';

// ---------------------------------------------------------------- the calendar (decision 033)

const IST_MS = 330 * 60_000;

/** The India (Asia/Kolkata) calendar of an instant: its date YYYY-MM-DD, year and month (1-12). */
export function indiaDay(now: Date) {
  const shifted = new Date(now.getTime() + IST_MS);
  return {
    date: shifted.toISOString().slice(0, 10),
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
  };
}

export const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');
export const monthFirst = (year: number, month: number) => `${year}-${pad(month)}-01`;
export const monthLast = (year: number, month: number) => `${year}-${pad(month)}-${pad(daysIn(year, month))}`;

// ---------------------------------------------------------------- the API payroll calls

/** One employee's month as payroll counts it. Day counts may be halves (a half-day counts 0.5). */
export interface PaidDays {
  userId: number;
  daysInMonth: number;
  present: number;
  halfDays: number;
  leave: number;
  holidays: number;
  weeklyOffs: number;
  absent: number;
  /** Days before the professional joined: neither paid nor absent (daysInMonth stays the calendar month). */
  notJoined: number;
  /** present + 0.5 × halfDays + paid leave + holidays + weekly offs (decision 033: leave recorded by HR is paid). */
  paidDays: number;
}

/**
 * month 1-12. Users without any record still get an entry (every unmarked past working day from their joining date
 * absent). One query for any number of users. Days from today on that nobody has marked are neither paid nor absent
 * yet; days before the professional joined are counted in notJoined only.
 */
export async function paidDaysForMonth(
  db: Executor,
  year: number,
  month: number,
  userIds: number[],
  now: Date = new Date(),
): Promise<Map<number, PaidDays>> {
  const out = new Map<number, PaidDays>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return out;
  const counts = await repo.countsFor(db, ids, monthFirst(year, month), monthLast(year, month), indiaDay(now).date);
  for (const c of counts) {
    out.set(c.userId, {
      userId: c.userId,
      daysInMonth: c.days,
      present: c.present,
      halfDays: c.halfDays,
      leave: c.leave,
      holidays: c.holidays,
      weeklyOffs: c.weeklyOffs,
      absent: c.absent,
      notJoined: c.notJoined,
      paidDays: c.present + c.halfDays / 2 + c.leave + c.holidays + c.weeklyOffs,
    });
  }
  return out;
}

/** Locks the month (idempotent): payroll calls it inside its transaction once it has paid the month. */
export async function lockMonth(tx: Executor, year: number, month: number, actorId: number | null): Promise<void> {
  await repo.holdMonthExclusive(tx, year, month);
  if (await repo.insertLock(tx, year, month, actorId)) {
    await repo.insertAudit(tx, { kind: 'lock', year, month, actorId, after: { locked: true } });
  }
}

export async function isMonthLocked(db: Executor, year: number, month: number): Promise<boolean> {
  return (await repo.monthLock(db, year, month)) !== null;
}

// ---------------------------------------------------------------- rules (decision 033)

export const ATTENDANCE_RULES = {
  /** A day checked out after fewer minutes than this is a half-day. */
  halfDayUnderMinutes: 240,
} as const;

/** 'November 2026'. */
export const monthName = (year: number, month: number) =>
  new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const IST_OFFSET = '+05:30';
/** HH:MM (India time) on an India calendar day, as an instant. */
const instantOf = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00${IST_OFFSET}`);
/** The India wall-clock HH:MM of an instant. */
export const hhmmOf = (at: Date) => new Date(at.getTime() + IST_MS).toISOString().slice(11, 16);
const minutesBetween = (from: Date | null, to: Date | null) =>
  from && to ? Math.floor((to.getTime() - from.getTime()) / 60_000) : null;

/** Refuses a write to a day of a locked month: 409 naming the lock. Call inside the writing transaction. */
async function refuseIfLocked(tx: Tx, year: number, month: number, field: string) {
  await repo.holdMonthShared(tx, year, month);
  const lock = await repo.monthLock(tx, year, month);
  if (lock) {
    const by = lock.byName ? `by ${lock.byName}` : 'by payroll';
    throw conflict(
      field,
      `${monthName(year, month)} is locked (${by} on ${indiaDay(lock.lockedAt).date}): HR must unlock the month first.`,
    );
  }
}

/** YYYY-MM-DD naming a day that exists (not 2025-02-30). */
const isRealDate = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
};

const monthOfDay = (day: string) => ({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) });

/** Year 0 is this year (India time); any other year must be 2000-2100. */
function periodOf(yearIn: number | undefined, monthIn: number | undefined, now: Date) {
  const year = yearIn ? yearIn : indiaDay(now).year;
  if (year < 2000 || year > 2100) throw badRequest('Year', 'must be 0 (this year) or between 2000 and 2100');
  const month = monthIn ?? 0;
  const from = month ? monthFirst(year, month) : `${year}-01-01`;
  const to = month ? monthLast(year, month) : `${year}-12-31`;
  return { year, month, from, to };
}

function countsOut(c: repo.StatusCounts | undefined, days: number) {
  const z = c ?? { present: 0, halfDays: 0, absent: 0, leave: 0, holidays: 0, weeklyOffs: 0, notJoined: 0, days };
  return {
    days: z.days,
    present: z.present,
    halfDay: z.halfDays,
    absent: z.absent,
    leave: z.leave,
    holidays: z.holidays,
    weeklyOffs: z.weeklyOffs,
    notJoined: z.notJoined,
    paidDays: z.present + z.halfDays / 2 + z.leave + z.holidays + z.weeklyOffs,
  };
}

function dayOut(c: repo.DayCell) {
  return {
    date: c.day,
    status: c.status,
    checkInAt: c.checkInAt?.toISOString() ?? null,
    checkOutAt: c.checkOutAt?.toISOString() ?? null,
    workedMinutes: minutesBetween(c.checkInAt, c.checkOutAt),
    source: c.source,
    holidayName: c.holidayName,
  };
}

async function professionalOrThrow(db: Executor, empId: number) {
  const p = await repo.professionalName(db, empId);
  if (!p) throw notFound(`Professional ${empId}`);
  return p;
}

/** Refuses a day before the professional joined (400 naming the day's field). */
function refuseBeforeJoining(day: string, joinedOn: string | null | undefined, field = 'date') {
  if (joinedOn && day < joinedOn) throw badRequest(field, `is before the professional joined (${joinedOn})`);
}

/**
 * A professional's joining date moving from `from` to `to` (UpdateProfessional), inside its transaction: the days
 * between change between "not joined" and counted, so every month they span must be open (409 naming the lock), and
 * no recorded day may fall before the new date (409 naming it). Holds those months shared, as any writer of days.
 */
export async function checkJoiningChange(tx: Tx, userId: number, from: string, to: string, field = 'joiningDate') {
  if (from === to) return;
  const [lo, hi] = from < to ? [from, to] : [to, from];
  await repo.holdMonthsShared(tx, lo, hi);
  const [lock] = await repo.lockedMonthsBetween(tx, lo, hi);
  if (lock) {
    throw conflict(
      field,
      `${monthName(lock.year, lock.month)} is locked: the joining date cannot move across it until HR unlocks it.`,
    );
  }
  const first = await repo.firstDayOf(tx, userId);
  if (first && first < to) {
    throw conflict(field, `The professional has attendance recorded on ${first}, before ${to}.`);
  }
}

// ---------------------------------------------------------------- the professional's day

export async function myToday(db: Executor, userId: number, now = new Date()) {
  const today = indiaDay(now);
  const [cell] = await repo.dayCells(db, userId, today.date, today.date, today.date);
  const row = await repo.dayRow(db, userId, today.date);
  const locked = await isMonthLocked(db, today.year, today.month);
  const notJoined = cell?.status === 'notJoined';
  return {
    date: today.date,
    status: cell?.status ?? null,
    checkInAt: row?.checkInAt?.toISOString() ?? null,
    checkOutAt: row?.checkOutAt?.toISOString() ?? null,
    workedMinutes: minutesBetween(row?.checkInAt ?? null, row?.checkOutAt ?? (row?.checkInAt ? now : null)),
    canCheckIn: !locked && !notJoined && row === null,
    canCheckOut: !locked && row !== null && row.checkInAt !== null && row.checkOutAt === null,
    locked,
    halfDayUnderMinutes: ATTENDANCE_RULES.halfDayUnderMinutes,
    holidayName: cell?.holidayName ?? null,
  };
}

/**
 * Checks the professional in for today inside `tx`. With `quiet` (the Available switch) a day already written or a
 * locked month leaves everything as it is and answers false; otherwise those answer 409.
 */
export async function checkInWithin(
  tx: Tx,
  userId: number,
  now: Date,
  source: 'self' | 'available',
  quiet = false,
): Promise<boolean> {
  const today = indiaDay(now);
  const joinedOn = (await repo.joinedOnOf(tx, [userId])).get(userId);
  if (joinedOn && today.date < joinedOn) {
    if (quiet) return false;
    refuseBeforeJoining(today.date, joinedOn);
  }
  if (quiet) {
    await repo.holdMonthShared(tx, today.year, today.month);
    if (await isMonthLocked(tx, today.year, today.month)) return false;
  } else {
    await refuseIfLocked(tx, today.year, today.month, 'date');
  }
  const row = await repo.insertCheckIn(tx, userId, today.date, now, source);
  if (row) return true;
  if (quiet) return false;
  const existing = await repo.dayRow(tx, userId, today.date);
  if (existing?.checkInAt) throw conflict('date', `You already checked in today at ${hhmmOf(existing.checkInAt)}.`);
  throw conflict('date', `HR has already marked today as ${existing?.status ?? 'written'}; ask HR to correct it.`);
}

export async function checkIn(db: Db, userId: number, now = new Date()) {
  await professionalOrThrow(db, userId);
  await db.transaction((tx) => checkInWithin(tx, userId, now, 'self'));
  return myToday(db, userId, now);
}

export async function checkOut(db: Db, userId: number, now = new Date()) {
  await professionalOrThrow(db, userId);
  const today = indiaDay(now);
  await db.transaction(async (tx) => {
    await refuseIfLocked(tx, today.year, today.month, 'date');
    const row = await repo.dayRow(tx, userId, today.date, true);
    if (!row?.checkInAt) throw conflict('date', 'You have not checked in today.');
    if (row.checkOutAt) throw conflict('date', `You already checked out today at ${hhmmOf(row.checkOutAt)}.`);
    const worked = minutesBetween(row.checkInAt, now) ?? 0;
    // An HR correction of today stands; otherwise the worked time decides between present and half-day.
    const status =
      row.source === 'hr' ? row.status : worked < ATTENDANCE_RULES.halfDayUnderMinutes ? 'halfDay' : 'present';
    await repo.updateDay(tx, row.id, { checkOutAt: now, status }, now);
  });
  return myToday(db, userId, now);
}

// ---------------------------------------------------------------- reads

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

// ---------------------------------------------------------------- HR writes

export interface CorrectionInput {
  EmpId: number;
  date: string;
  status: AttendanceStatus;
  checkIn?: string | null;
  checkOut?: string | null;
  reason: string;
}

const snapshotOf = (c: { status: string | null; checkInAt: Date | null; checkOutAt: Date | null }) => ({
  status: c.status,
  checkIn: c.checkInAt ? hhmmOf(c.checkInAt) : null,
  checkOut: c.checkOutAt ? hhmmOf(c.checkOutAt) : null,
});

export async function correct(db: Db, actorId: number, input: CorrectionInput, now = new Date()) {
  const reason = input.reason.trim();
  if (reason.length < 3) throw badRequest('reason', 'must say why, in at least 3 characters');
  const today = indiaDay(now).date;
  if (!isRealDate(input.date)) throw badRequest('date', 'is not a date');
  if (input.date > today) throw badRequest('date', 'cannot be in the future');
  const timed = input.status === 'present' || input.status === 'halfDay';
  const checkIn = input.checkIn || null;
  const checkOut = input.checkOut || null;
  if (!timed && checkIn) throw badRequest('checkIn', 'is only for a present or half-day status');
  if (!timed && checkOut) throw badRequest('checkOut', 'is only for a present or half-day status');
  if (checkOut && !checkIn) throw badRequest('checkOut', 'needs a check-in time');
  if (checkIn && checkOut && checkOut < checkIn) throw badRequest('checkOut', 'cannot be before the check-in');
  const p = await professionalOrThrow(db, input.EmpId);
  refuseBeforeJoining(input.date, p.joinedOn);
  const { year, month } = monthOfDay(input.date);
  return db.transaction(async (tx) => {
    await refuseIfLocked(tx, year, month, 'date');
    const [beforeCell] = await repo.dayCells(tx, input.EmpId, input.date, input.date, today);
    await repo.dayRow(tx, input.EmpId, input.date, true);
    const written = await repo.upsertDay(tx, {
      userId: input.EmpId,
      day: input.date,
      status: input.status,
      checkInAt: checkIn ? instantOf(input.date, checkIn) : null,
      checkOutAt: checkOut ? instantOf(input.date, checkOut) : null,
      source: 'hr',
      updatedBy: actorId,
      updatedAt: now,
    });
    await repo.insertAudit(tx, {
      kind: 'correction',
      userId: input.EmpId,
      day: input.date,
      year,
      month,
      actorId,
      before: snapshotOf(beforeCell),
      after: snapshotOf(written),
      reason,
    });
    const [cell] = await repo.dayCells(tx, input.EmpId, input.date, input.date, today);
    return dayOut(cell);
  });
}

export async function lockByHr(db: Db, actorId: number, input: { Year: number; month: number }, now = new Date()) {
  const today = indiaDay(now);
  if (input.Year * 12 + input.month >= today.year * 12 + today.month) {
    throw badRequest('month', 'can be locked once it has ended');
  }
  await db.transaction((tx) => lockMonth(tx, input.Year, input.month, actorId));
}

export async function unlock(db: Db, actorId: number, input: { Year: number; month: number; reason: string }) {
  const reason = input.reason.trim();
  if (reason.length < 3) throw badRequest('reason', 'must say why, in at least 3 characters');
  await db.transaction(async (tx) => {
    await repo.holdMonthExclusive(tx, input.Year, input.month);
    const lock = await repo.monthLock(tx, input.Year, input.month);
    if (!lock || !(await repo.deleteLock(tx, input.Year, input.month))) {
      throw conflict('month', `${monthName(input.Year, input.month)} is not locked.`);
    }
    await repo.insertAudit(tx, {
      kind: 'unlock',
      year: input.Year,
      month: input.month,
      actorId,
      before: { locked: true, lockedAt: lock.lockedAt.toISOString(), lockedBy: lock.byName ?? 'payroll' },
      after: { locked: false },
      reason,
    });
  });
}

// ---------------------------------------------------------------- holidays

export async function holidaysOf(db: Executor, yearIn: number | undefined, now = new Date()) {
  const { from, to } = periodOf(yearIn, 0, now);
  return (await repo.holidaysBetween(db, from, to)).map((h) => ({ id: h.id, date: h.day, name: h.name }));
}

export async function addHoliday(db: Db, actorId: number, input: { date: string; name: string }) {
  const name = input.name.trim();
  if (!name) throw badRequest('name', 'is required');
  if (!isRealDate(input.date)) throw badRequest('date', 'is not a date');
  const { year, month } = monthOfDay(input.date);
  if (year < 2000 || year > 2100) throw badRequest('date', 'must be between 2000 and 2100');
  return db.transaction(async (tx) => {
    await refuseIfLocked(tx, year, month, 'date');
    const row = await repo.insertHoliday(tx, input.date, name, actorId);
    if (!row) {
      const other = await repo.holidayOn(tx, input.date);
      throw conflict('date', `${input.date} is already a holiday (${other?.name ?? 'another'}).`);
    }
    return { id: row.id, date: row.day, name: row.name };
  });
}

export async function deleteHoliday(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const h = await repo.holidayById(tx, id);
    if (!h) throw notFound(`Holiday ${id}`);
    const { year, month } = monthOfDay(h.day);
    await refuseIfLocked(tx, year, month, 'id');
    await repo.deleteHoliday(tx, id);
  });
}

// ---------------------------------------------------------------- demo data (issue 13 §6)

export interface DemoDay {
  userId: number;
  day: string;
  status: AttendanceStatus;
  checkIn?: string;
  checkOut?: string;
  source: 'self' | 'hr';
  updatedBy: number | null;
}

/** True when any professional has a day written (the demo seed then does nothing). */
export const hasAnyDay = (db: Executor) => repo.anyDay(db);
export const activeProfessionals = (db: Executor) => repo.activeProfessionalIds(db);

/**
 * The demo's holidays and days in one transaction; days of a locked month, days already written and days before a
 * professional joined are left alone.
 */
export async function writeDemoDays(
  db: Db,
  holidayRows: { date: string; name: string }[],
  days: DemoDay[],
  actorId: number | null,
) {
  await db.transaction(async (tx) => {
    await repo.insertHolidays(
      tx,
      holidayRows.map((h) => ({ day: h.date, name: h.name, createdBy: actorId })),
    );
    const months = new Set(days.map((d) => d.day.slice(0, 7)));
    const open = new Set<string>();
    for (const ym of months) {
      const { year, month } = monthOfDay(`${ym}-01`);
      await repo.holdMonthShared(tx, year, month);
      if (!(await isMonthLocked(tx, year, month))) open.add(ym);
    }
    const joined = await repo.joinedOnOf(tx, [...new Set(days.map((d) => d.userId))]);
    const rows = days
      .filter((d) => open.has(d.day.slice(0, 7)) && !(d.day < (joined.get(d.userId) ?? '')))
      .map((d) => ({
        userId: d.userId,
        day: d.day,
        status: d.status,
        checkInAt: d.checkIn ? instantOf(d.day, d.checkIn) : null,
        checkOutAt: d.checkOut ? instantOf(d.day, d.checkOut) : null,
        source: d.source,
        updatedBy: d.updatedBy ?? d.userId,
      }));
    for (let i = 0; i < rows.length; i += 500) await repo.insertDays(tx, rows.slice(i, i + 500));
  });
}
