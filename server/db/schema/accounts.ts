import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, instant, requiredRef } from './columns';

export const roles = pgTable('roles', {
  code: varchar('code', { length: 8 })
    .$type<'A' | 'CD' | 'TE' | 'IM' | 'VE' | 'HR' | 'MR' | 'AC' | 'Cust'>()
    .primaryKey(),
  name: text('name').notNull(),
  staff: boolean('staff').notNull(),
});

/** One account per person, whatever the role; role-specific profiles live in their own tables. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    fullName: text('full_name').notNull(),
    email: text('email'),
    mobileNo: varchar('mobile_no', { length: 15 }).notNull(),
    phone: varchar('phone', { length: 15 }),
    role: varchar('role', { length: 8 })
      .notNull()
      .references(() => roles.code),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: instant('locked_until'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastLoginAt: instant('last_login_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_mobile_uq').on(t.mobileNo),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
  ],
);

export const customers = pgTable(
  'customers',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    city: text('city').notNull(),
    pinCode: varchar('pin_code', { length: 6 }).notNull(),
    zoneId: integer('zone_id'),
    referralCode: varchar('referral_code', { length: 12 }).notNull().unique(),
    referredBy: integer('referred_by').references(() => users.id),
  },
  // Looked up when a zone is deleted (refused while customers live in it).
  (t) => [index('customers_zone_idx').on(t.zoneId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    ip: text('ip'),
    device: text('device'),
    latitude: text('latitude'),
    longitude: text('longitude'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const otps = pgTable(
  'otps',
  {
    id: serial('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 24 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('otps_user_idx').on(t.userId, t.purpose)],
);
