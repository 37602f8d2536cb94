import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef } from './columns';

export const states = pgTable('states', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  code: varchar('code', { length: 4 }).notNull().unique(),
  kind: varchar('kind', { length: 8 }).notNull(),
});

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    stateId: requiredRef('state_id', () => states.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('cities_state_name_uq').on(t.stateId, t.name)],
);

export const zones = pgTable(
  'zones',
  {
    id: serial('id').primaryKey(),
    zoneName: text('zone_name').notNull(),
    stateId: requiredRef('state_id', () => states.id),
    cityId: requiredRef('city_id', () => cities.id),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  // A zone name is used once per city, case-insensitively.
  (t) => [
    uniqueIndex('zones_city_lower_name_uq').on(t.cityId, sql`lower(${t.zoneName})`),
    index('zones_state_idx').on(t.stateId),
  ],
);

export const zonePincodes = pgTable(
  'zone_pincodes',
  {
    id: serial('id').primaryKey(),
    zoneId: requiredRef('zone_id', () => zones.id, { onDelete: 'cascade' }),
    pinCode: varchar('pin_code', { length: 6 }).notNull(),
  },
  // A pincode belongs to one zone only, so an address always resolves to a single zone.
  (t) => [uniqueIndex('zone_pincodes_pin_uq').on(t.pinCode), index('zone_pincodes_zone_idx').on(t.zoneId)],
);
