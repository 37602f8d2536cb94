import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { likeTerm } from '../../../db/paging';
import { rawRows } from '../../../db/rows';
import {
  attendanceAudit,
  attendanceDays,
  attendanceMonthLocks,
  holidays,
  professionals,
  users,
} from '../../../db/schema';
import type { AttendanceSource, AttendanceStatus } from '../../../db/schema/attendance';
import type { DayCounts } from './dayCounts';

export type { AttendanceStatus };

/** The advisory lock class of attendance months: key (class, year × 100 + month). */
const LOCK_CLASS = 42_012;

/** Writers of a month's days hold it shared; locking and unlocking the month hold it exclusively. */
export async function holdMonthShared(tx: Executor, year: number, month: number) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${LOCK_CLASS}::int, ${year * 100 + month}::int)`);
}
export async function holdMonthExclusive(tx: Executor, year: number, month: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, ${year * 100 + month}::int)`);
}

export async function monthLock(exec: Executor, year: number, month: number) {
  const [row] = await exec
    .select({
      lockedAt: attendanceMonthLocks.lockedAt,
      lockedBy: attendanceMonthLocks.lockedBy,
      byName: users.fullName,
    })
    .from(attendanceMonthLocks)
    .leftJoin(users, eq(users.id, attendanceMonthLocks.lockedBy))
    .where(and(eq(attendanceMonthLocks.year, year), eq(attendanceMonthLocks.month, month)));
  return row ?? null;
}

export async function lockedMonthsOfYear(exec: Executor, year: number) {
  const rows = await exec
    .select({ month: attendanceMonthLocks.month })
    .from(attendanceMonthLocks)
    .where(eq(attendanceMonthLocks.year, year));
  return rows.map((r) => r.month);
}

/**
 * True when this call locked the month (false: it was locked already). Stamped with the clock, not the transaction's
 * start: the lock takes effect once the month's writers have let go (holdMonthExclusive), and a correction that
 * committed while this transaction waited must read as before the lock.
 */
export async function insertLock(tx: Executor, year: number, month: number, actorId: number | null) {
  const rows = await tx
    .insert(attendanceMonthLocks)
    .values({ year, month, lockedBy: actorId, lockedAt: sql`clock_timestamp()` })
    .onConflictDoNothing()
    .returning({ year: attendanceMonthLocks.year });
  return rows.length > 0;
}

export async function deleteLock(tx: Executor, year: number, month: number) {
  const rows = await tx
    .delete(attendanceMonthLocks)
    .where(and(eq(attendanceMonthLocks.year, year), eq(attendanceMonthLocks.month, month)))
    .returning({ year: attendanceMonthLocks.year });
  return rows.length > 0;
}

export async function insertAudit(tx: Executor, row: typeof attendanceAudit.$inferInsert) {
  await tx.insert(attendanceAudit).values(row);
}

/** A day's status as the calendar shows it: a stored or derived status, or a day before the professional joined. */
export type DayStatus = AttendanceStatus | 'notJoined';

export interface DayCell {
  userId: number;
  day: string;
  status: DayStatus | null;
  checkInAt: Date | null;
  checkOutAt: Date | null;
  source: AttendanceSource | null;
  holidayName: string | null;
}

/**
 * The status of every day from..to for the given users, in one query: `notJoined` before the professional's joining
 * date; otherwise the day's row when there is one, else a holiday, a Sunday (weekly off), an absence for a working
 * day before `today`, or null (today or later, unmarked). A user without a professionals row has no joining date.
 */
const cellsSql = (userIds: number[], from: string, to: string, today: string) => sql`
  with u(user_id, joined_on) as (
    select i.id, p.joined_on from unnest(${`{${userIds.join(',')}}`}::int[]) as i(id)
    left join professionals p on p.user_id = i.id
  ),
  d(day) as (select gs::date from generate_series(${from}::date, ${to}::date, interval '1 day') gs),
  cells as (
    select u.user_id, d.day, a.check_in_at, a.check_out_at, a.source, h.name as holiday_name,
      case when d.day < u.joined_on then 'notJoined' else coalesce(a.status, case
        when h.id is not null then 'holiday'
        when extract(isodow from d.day) = 7 then 'weeklyOff'
        when d.day < ${today}::date then 'absent'
      end) end as status
    from u cross join d
    left join attendance_days a on a.user_id = u.user_id and a.day = d.day
    left join holidays h on h.day = d.day
  )`;

export async function dayCells(
  exec: Executor,
  userId: number,
  from: string,
  to: string,
  today: string,
): Promise<DayCell[]> {
  const rows = await rawRows(
    exec,
    sql`${cellsSql([userId], from, to, today)}
    select user_id, to_char(day, 'YYYY-MM-DD') as day, status, check_in_at, check_out_at, source, holiday_name
    from cells order by day`,
    {
      userId: 'int',
      day: 'text',
      status: 'text?',
      checkInAt: 'timestamp?',
      checkOutAt: 'timestamp?',
      source: 'text?',
      holidayName: 'text?',
    },
  );
  // The statement answers only the statuses and sources its CASE and the table's columns allow.
  return rows.map((r) => ({
    ...r,
    status: r.status as DayStatus | null,
    source: r.source as AttendanceSource | null,
  }));
}

export interface StatusCounts extends DayCounts {
  userId: number;
  days: number;
}

/** Per-user counts over from..to in one query, whatever the number of users. */
export async function countsFor(
  exec: Executor,
  userIds: number[],
  from: string,
  to: string,
  today: string,
): Promise<StatusCounts[]> {
  if (userIds.length === 0) return [];
  return rawRows(
    exec,
    sql`${cellsSql(userIds, from, to, today)}
    select user_id, count(*)::int as days,
      count(*) filter (where status = 'present')::int as present,
      count(*) filter (where status = 'halfDay')::int as half_days,
      count(*) filter (where status = 'leave')::int as leave,
      count(*) filter (where status = 'holiday')::int as holidays,
      count(*) filter (where status = 'weeklyOff')::int as weekly_offs,
      count(*) filter (where status = 'absent')::int as absent,
      count(*) filter (where status = 'notJoined')::int as not_joined
    from cells group by user_id`,
    {
      userId: 'int',
      days: 'int',
      present: 'int',
      halfDays: 'int',
      leave: 'int',
      holidays: 'int',
      weeklyOffs: 'int',
      absent: 'int',
      notJoined: 'int',
    },
  );
}

export async function dayRow(exec: Executor, userId: number, day: string, forUpdate = false) {
  const q = exec
    .select()
    .from(attendanceDays)
    .where(and(eq(attendanceDays.userId, userId), eq(attendanceDays.day, day)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** Inserts the day's check-in; null when the day already has a row. */
export async function insertCheckIn(tx: Executor, userId: number, day: string, at: Date, source: AttendanceSource) {
  const [row] = await tx
    .insert(attendanceDays)
    .values({ userId, day, status: 'present', checkInAt: at, source, updatedBy: userId })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateDay(
  tx: Executor,
  id: number,
  set: Partial<
    Pick<typeof attendanceDays.$inferInsert, 'status' | 'checkInAt' | 'checkOutAt' | 'source' | 'updatedBy'>
  >,
  at: Date,
) {
  const [row] = await tx
    .update(attendanceDays)
    .set({ ...set, updatedAt: at })
    .where(eq(attendanceDays.id, id))
    .returning();
  return row;
}

export async function upsertDay(tx: Executor, row: typeof attendanceDays.$inferInsert) {
  const [written] = await tx
    .insert(attendanceDays)
    .values(row)
    .onConflictDoUpdate({
      target: [attendanceDays.userId, attendanceDays.day],
      set: {
        status: row.status,
        checkInAt: row.checkInAt ?? null,
        checkOutAt: row.checkOutAt ?? null,
        source: row.source,
        updatedBy: row.updatedBy,
        updatedAt: row.updatedAt,
      },
    })
    .returning();
  return written;
}

export async function holidayOn(exec: Executor, day: string) {
  const [row] = await exec.select().from(holidays).where(eq(holidays.day, day));
  return row ?? null;
}

export async function holidayById(exec: Executor, id: number) {
  const [row] = await exec.select().from(holidays).where(eq(holidays.id, id));
  return row ?? null;
}

export async function holidaysBetween(exec: Executor, from: string, to: string) {
  return exec
    .select({ id: holidays.id, day: holidays.day, name: holidays.name })
    .from(holidays)
    .where(and(gte(holidays.day, from), lte(holidays.day, to)))
    .orderBy(asc(holidays.day));
}

/** Null when the date already has a holiday. */
export async function insertHoliday(tx: Executor, day: string, name: string, actorId: number) {
  const [row] = await tx
    .insert(holidays)
    .values({ day, name, createdBy: actorId })
    .onConflictDoNothing()
    .returning({ id: holidays.id, day: holidays.day, name: holidays.name });
  return row ?? null;
}

export async function deleteHoliday(tx: Executor, id: number) {
  const rows = await tx.delete(holidays).where(eq(holidays.id, id)).returning({ id: holidays.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- professionals, lists, audit

export async function professionalName(exec: Executor, userId: number) {
  const [row] = await exec
    .select({ id: users.id, name: users.fullName, joinedOn: professionals.joinedOn })
    .from(professionals)
    .innerJoin(users, eq(users.id, professionals.userId))
    .where(eq(professionals.userId, userId));
  return row ?? null;
}

export interface ListFilter {
  search?: string;
  professionalType?: 'Technician' | 'Engineer';
}

function listWhere(f: ListFilter) {
  const conds: SQL[] = [eq(users.active, true)];
  if (f.search?.trim()) {
    const term = likeTerm(f.search);
    conds.push(or(ilike(users.fullName, term), ilike(users.mobileNo, term)) as SQL);
  }
  if (f.professionalType) conds.push(eq(professionals.professionalType, f.professionalType));
  return and(...conds);
}

/** One page of active professionals by name (or every one when limit is null). */
export async function professionalsPage(exec: Executor, f: ListFilter, limit: number | null, offset: number) {
  const q = exec
    .select({
      empId: users.id,
      name: users.fullName,
      mobileNo: users.mobileNo,
      professionalType: professionals.professionalType,
    })
    .from(professionals)
    .innerJoin(users, eq(users.id, professionals.userId))
    .where(listWhere(f))
    .orderBy(asc(users.fullName), asc(users.id));
  return limit === null ? q : q.limit(limit).offset(offset);
}

export async function professionalsCount(exec: Executor, f: ListFilter) {
  const [row] = await exec
    .select({ n: count() })
    .from(professionals)
    .innerJoin(users, eq(users.id, professionals.userId))
    .where(listWhere(f));
  return Number(row?.n ?? 0);
}

/** Today's rows of every active professional, counted by what they say. */
export async function todayCounts(exec: Executor, day: string) {
  const [counts] = await rawRows(
    exec,
    sql`
    select count(*)::int as professionals,
      count(a.id) filter (where a.status = 'present' and a.check_in_at is not null and a.check_out_at is null)::int
        as checked_in,
      count(a.id) filter (where a.status = 'present' and (a.check_out_at is not null or a.check_in_at is null))::int
        as checked_out,
      count(a.id) filter (where a.status = 'halfDay')::int as half_day,
      count(a.id) filter (where a.status = 'leave')::int as on_leave,
      count(*) filter (where a.id is null)::int as not_marked
    from professionals p
    join users u on u.id = p.user_id and u.active
    left join attendance_days a on a.user_id = p.user_id and a.day = ${day}::date
    where p.joined_on <= ${day}::date`,
    { professionals: 'int', checkedIn: 'int', checkedOut: 'int', halfDay: 'int', onLeave: 'int', notMarked: 'int' },
  );
  return counts;
}

const actor = alias(users, 'actor');

/** The corrections of one professional's month and the month's locks and unlocks, newest first. */
export async function auditOf(exec: Executor, userId: number, year: number, month: number) {
  return exec
    .select({
      id: attendanceAudit.id,
      kind: attendanceAudit.kind,
      empId: attendanceAudit.userId,
      date: attendanceAudit.day,
      year: attendanceAudit.year,
      month: attendanceAudit.month,
      actorName: actor.fullName,
      at: attendanceAudit.createdAt,
      before: attendanceAudit.before,
      after: attendanceAudit.after,
      reason: attendanceAudit.reason,
    })
    .from(attendanceAudit)
    .leftJoin(actor, eq(actor.id, attendanceAudit.actorId))
    .where(
      and(
        eq(attendanceAudit.year, year),
        eq(attendanceAudit.month, month),
        or(eq(attendanceAudit.userId, userId), isNull(attendanceAudit.userId)),
      ),
    )
    .orderBy(desc(attendanceAudit.id))
    .limit(500);
}

// ---------------------------------------------------------------- demo data

export async function anyDay(exec: Executor) {
  const [row] = await exec.select({ id: attendanceDays.id }).from(attendanceDays).limit(1);
  return row !== undefined;
}

export async function activeProfessionalIds(exec: Executor) {
  const rows = await exec
    .select({ id: users.id })
    .from(professionals)
    .innerJoin(users, eq(users.id, professionals.userId))
    .where(eq(users.active, true))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

/** The joining dates of these users (professionals only). */
export async function joinedOnOf(exec: Executor, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, string>();
  const rows = await exec
    .select({ id: professionals.userId, joinedOn: professionals.joinedOn })
    .from(professionals)
    .where(inArray(professionals.userId, userIds));
  return new Map(rows.map((r) => [r.id, r.joinedOn]));
}

/** The first day with a row of this user, or null. */
export async function firstDayOf(exec: Executor, userId: number) {
  const [row] = await exec
    .select({ day: sql<string | null>`min(${attendanceDays.day})::text` })
    .from(attendanceDays)
    .where(eq(attendanceDays.userId, userId));
  return row?.day ?? null;
}

/** The locked months (year × 100 + month) from `from` to `to` (YYYY-MM-DD, inclusive), earliest first. */
export async function lockedMonthsBetween(exec: Executor, from: string, to: string) {
  const a = Number(from.slice(0, 4)) * 100 + Number(from.slice(5, 7));
  const b = Number(to.slice(0, 4)) * 100 + Number(to.slice(5, 7));
  return exec
    .select({ year: attendanceMonthLocks.year, month: attendanceMonthLocks.month })
    .from(attendanceMonthLocks)
    .where(
      and(
        gte(sql`${attendanceMonthLocks.year} * 100 + ${attendanceMonthLocks.month}`, a),
        lte(sql`${attendanceMonthLocks.year} * 100 + ${attendanceMonthLocks.month}`, b),
      ),
    )
    .orderBy(asc(attendanceMonthLocks.year), asc(attendanceMonthLocks.month));
}

/** Holds every month from..to shared (one statement), as writers of those months' days do. */
export async function holdMonthsShared(tx: Executor, from: string, to: string) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${LOCK_CLASS}::int,
      (extract(year from m) * 100 + extract(month from m))::int)
    from generate_series(date_trunc('month', ${from}::timestamp), ${to}::timestamp, interval '1 month') m`);
}

/** Inserts days that are not written yet (the demo seed). */
export async function insertDays(tx: Executor, rows: (typeof attendanceDays.$inferInsert)[]) {
  if (rows.length) await tx.insert(attendanceDays).values(rows).onConflictDoNothing();
}

export async function insertHolidays(tx: Executor, rows: (typeof holidays.$inferInsert)[]) {
  if (rows.length) await tx.insert(holidays).values(rows).onConflictDoNothing();
}
