import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, instant, requiredRef, updatedAt } from './columns';

/** A day's attendance status (decision 033). A day without a row is derived: holiday, weekly off, absent or not yet. */
export type AttendanceStatus = 'present' | 'absent' | 'halfDay' | 'leave' | 'holiday' | 'weeklyOff';
/** Who wrote the row: the professional's check-in, the 'Available' switch, or an HR correction. */
export type AttendanceSource = 'self' | 'available' | 'hr';

/**
 * One professional's India calendar day (decision 033). Check-in and check-out are the server's instants; the status
 * follows from them (a short day is a half-day) until HR corrects it.
 */
export const attendanceDays = pgTable(
  'attendance_days',
  {
    id: serial('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 10 }).$type<AttendanceStatus>().notNull(),
    checkInAt: instant('check_in_at'),
    checkOutAt: instant('check_out_at'),
    source: varchar('source', { length: 10 }).$type<AttendanceSource>().notNull().default('self'),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('attendance_days_user_day_uq').on(t.userId, t.day),
    index('attendance_days_day_idx').on(t.day),
    check(
      'attendance_days_status_ck',
      sql`${t.status} in ('present', 'absent', 'halfDay', 'leave', 'holiday', 'weeklyOff')`,
    ),
    check('attendance_days_source_ck', sql`${t.source} in ('self', 'available', 'hr')`),
    check(
      'attendance_days_times_ck',
      sql`${t.checkOutAt} is null or (${t.checkInAt} is not null and ${t.checkOutAt} >= ${t.checkInAt})`,
    ),
  ],
);

/** The holiday list HR maintains: one paid holiday per date. */
export const holidays = pgTable(
  'holidays',
  {
    id: serial('id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('holidays_day_uq').on(t.day), check('holidays_name_ck', sql`length(${t.name}) between 1 and 80`)],
);

/** A locked month (payroll paid it, or HR locked it): its days cannot change until HR unlocks it. */
export const attendanceMonthLocks = pgTable(
  'attendance_month_locks',
  {
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    lockedBy: integer('locked_by').references(() => users.id),
    lockedAt: instant('locked_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.year, t.month] }),
    check('attendance_month_locks_month_ck', sql`${t.month} between 1 and 12`),
  ],
);

/** Every HR correction, lock and unlock: who, when, before, after, reason. Append-only. */
export const attendanceAudit = pgTable(
  'attendance_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 10 }).$type<'correction' | 'lock' | 'unlock'>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    actorId: integer('actor_id').references(() => users.id),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('attendance_audit_user_idx').on(t.userId, t.day),
    index('attendance_audit_month_idx').on(t.year, t.month),
    check('attendance_audit_kind_ck', sql`${t.kind} in ('correction', 'lock', 'unlock')`),
  ],
);
