import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { services } from './catalogue';
import { bigintNumber, createdAt, identityChecks, identityUniques, instant, requiredRef, updatedAt } from './columns';
import { cities, states, zones } from './geo';
import { orderLines } from './orders';

export type ProfessionalType = 'Technician' | 'Engineer';

/**
 * A professional (decision 017): the profile of a user whose role is TE (technicians and engineers both sign in as
 * TE; the type says which). Active is the user's `active` flag (DeReActivateAll action1=Professional); `available`
 * is the professional's own 'Available' switch (Professional/ChangeMystatus).
 */
export const professionals = pgTable(
  'professionals',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    professionalType: varchar('professional_type', { length: 16 }).$type<ProfessionalType>().notNull(),
    stateId: requiredRef('state_id', () => states.id),
    cityId: requiredRef('city_id', () => cities.id),
    pinCode: varchar('pin_code', { length: 6 }).notNull(),
    /** The zone of the home pincode, when it has one: the "distance of zone" of the ranking starts here. */
    homeZoneId: integer('home_zone_id').references(() => zones.id, { onDelete: 'set null' }),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    altContactNo: varchar('alt_contact_no', { length: 10 }),
    birthDate: date('birth_date', { mode: 'string' }),
    panNumber: varchar('pan_number', { length: 10 }).notNull(),
    aadhaarNumber: varchar('aadhaar_number', { length: 12 }).notNull(),
    /** The vendor (a VE user) who supplies this professional. */
    vendorUserId: integer('vendor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The HR candidate this professional was appointed from (0 / null for the admin's adds). */
    candidateId: integer('candidate_id'),
    available: boolean('available').notNull().default(true),
    /**
     * The India calendar day they joined (decision 033): attendance starts here. Days before it are "not joined":
     * neither absent nor paid, and nobody can mark them.
     */
    joinedOn: date('joined_on', { mode: 'string' }).notNull(),
    /** Kept by the rating write (same transaction) and by review hiding: the ranking reads one row. */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...identityUniques('professionals', t),
    index('professionals_vendor_idx').on(t.vendorUserId),
    check('professionals_type_ck', sql`${t.professionalType} in ('Technician', 'Engineer')`),
    ...identityChecks('professionals', t),
  ],
);

/** The zones a professional serves (their territory). */
export const professionalZones = pgTable(
  'professional_zones',
  {
    id: serial('id').primaryKey(),
    professionalUserId: requiredRef('professional_user_id', () => users.id, { onDelete: 'cascade' }),
    zoneId: requiredRef('zone_id', () => zones.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('professional_zones_uq').on(t.professionalUserId, t.zoneId),
    index('professional_zones_zone_idx').on(t.zoneId, t.professionalUserId),
  ],
);

/** The services a professional can carry out (their skills). */
export const professionalServices = pgTable(
  'professional_services',
  {
    id: serial('id').primaryKey(),
    professionalUserId: requiredRef('professional_user_id', () => users.id, { onDelete: 'cascade' }),
    serviceId: requiredRef('service_id', () => services.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('professional_services_uq').on(t.professionalUserId, t.serviceId),
    index('professional_services_service_idx').on(t.serviceId, t.professionalUserId),
  ],
);

/**
 * A line's share of its order's tip, owed to the professional who completed it. The primary key makes a replayed
 * completion owe it once.
 */
export const professionalTips = pgTable(
  'professional_tips',
  {
    orderLineId: integer('order_line_id')
      .primaryKey()
      .references(() => orderLines.id),
    professionalUserId: requiredRef('professional_user_id', () => users.id),
    amountPaise: bigintNumber('amount_paise').notNull(),
    /** Set when payroll pays it out (decision 034). */
    paidAt: instant('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('professional_tips_professional_idx').on(t.professionalUserId, t.createdAt),
    check('professional_tips_amount_ck', sql`${t.amountPaise} >= 0`),
  ],
);

/**
 * Live updates (decision 015): every event pushed to the server-sent events streams is a row, so a reconnecting
 * browser resumes after its Last-Event-ID, and a NOTIFY carrying the id reaches every server process. Who may see it:
 * the listed users, and everyone with one of the listed roles. Old rows are pruned.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 32 }).notNull(),
    /** The API tags (x-invalidates) whose cached reads the event changes: the client invalidates them. */
    tags: text('tags').array().notNull(),
    userIds: integer('user_ids').array().notNull().default(sql`'{}'`),
    roles: text('roles').array().notNull().default(sql`'{}'`),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    at: instant('at').notNull().defaultNow(),
  },
  (t) => [index('live_events_at_idx').on(t.at)],
);
