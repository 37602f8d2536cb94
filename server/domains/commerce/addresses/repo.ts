import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { rawRows } from '../../../db/rows';
import {
  categoryZones,
  cities,
  customerAddresses,
  customers,
  states,
  subCategories,
  users,
  zonePincodes,
  zones,
} from '../../../db/schema';

export type AddressRow = typeof customerAddresses.$inferSelect;

/** A customer's addresses in the order they are shown: the default first, then the newest. */
const shownFirst = [desc(customerAddresses.isDefault), desc(customerAddresses.id)];

/** The customer's addresses, the default first, then the newest. */
export const listOf = (exec: Executor, customerUserId: number) =>
  exec
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerUserId, customerUserId))
    .orderBy(...shownFirst);

/** The pincode of the address listOf puts first, as a subquery for another read: null without an address. */
export const firstPinCodeOf = (customerUserId: number) =>
  sql`(${new QueryBuilder()
    .select({ pinCode: customerAddresses.pinCode })
    .from(customerAddresses)
    .where(eq(customerAddresses.customerUserId, customerUserId))
    .orderBy(...shownFirst)
    .limit(1)})`;

export const findOwn = async (exec: Executor, customerUserId: number, id: number) =>
  (
    await exec
      .select()
      .from(customerAddresses)
      .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerUserId, customerUserId)))
  )[0];

/** The customer's default address. Plain SQL: every checkout quote and placing reads it (decision 038). */
export const findDefault = async (exec: Executor, customerUserId: number) => {
  const [row] = await rawRows(
    exec,
    sql`select * from customer_addresses where customer_user_id = ${customerUserId}::int and is_default`,
    customerAddresses,
  );
  return row;
};

/**
 * All of the customer's addresses, after locking the customer's account row: every write to one customer's addresses
 * runs one after another, the first address of two racing adds included (only one becomes the default).
 */
export const lockAll = async (exec: Executor, customerUserId: number) => {
  await exec.select({ id: users.id }).from(users).where(eq(users.id, customerUserId)).for('update');
  return exec
    .select({ id: customerAddresses.id, isDefault: customerAddresses.isDefault })
    .from(customerAddresses)
    .where(eq(customerAddresses.customerUserId, customerUserId))
    .orderBy(asc(customerAddresses.id))
    .for('update');
};

export const insert = async (exec: Executor, values: typeof customerAddresses.$inferInsert) =>
  (await exec.insert(customerAddresses).values(values).returning())[0] as AddressRow;

export const remove = (exec: Executor, id: number) =>
  exec.delete(customerAddresses).where(eq(customerAddresses.id, id));

export const setDefault = async (exec: Executor, customerUserId: number, id: number) => {
  // Clear first, then set: the partial unique index allows one default per customer at every moment.
  await exec
    .update(customerAddresses)
    .set({ isDefault: false })
    .where(and(eq(customerAddresses.customerUserId, customerUserId), eq(customerAddresses.isDefault, true)));
  await exec.update(customerAddresses).set({ isDefault: true }).where(eq(customerAddresses.id, id));
};

export const stateByName = async (exec: Executor, name: string) =>
  (
    await exec
      .select({ id: states.id, name: states.name })
      .from(states)
      .where(sql`lower(${states.name}) = ${name.trim().toLowerCase()}`)
  )[0];

export const stateById = async (exec: Executor, id: number) =>
  (await exec.select({ id: states.id, name: states.name }).from(states).where(eq(states.id, id)))[0];

/** The active zone that serves a pincode, with its state, or undefined when no active zone lists it. */
export const servedPincode = async (exec: Executor, pinCode: string) =>
  (
    await exec
      .select({ zoneId: zones.id, stateId: zones.stateId, stateName: states.name, cityId: zones.cityId })
      .from(zonePincodes)
      .innerJoin(zones, eq(zones.id, zonePincodes.zoneId))
      .innerJoin(states, eq(states.id, zones.stateId))
      .where(and(eq(zonePincodes.pinCode, pinCode), eq(zones.active, true)))
  )[0];

/** The categories of these sub-categories (unknown ids are left out). */
export const categoriesOf = async (exec: Executor, subCategoryIds: number[]) =>
  (
    await exec
      .selectDistinct({ categoryId: subCategories.categoryId })
      .from(subCategories)
      .where(inArray(subCategories.id, subCategoryIds))
  ).map((r) => r.categoryId);

/** The active zones that offer every one of these categories. */
export const zonesServingAll = (exec: Executor, categoryIds: number[]) =>
  exec
    .select({ id: zones.id, stateId: zones.stateId, cityId: zones.cityId })
    .from(zones)
    .innerJoin(categoryZones, eq(categoryZones.zoneId, zones.id))
    .where(and(eq(zones.active, true), inArray(categoryZones.categoryId, categoryIds)))
    .groupBy(zones.id, zones.stateId, zones.cityId)
    .having(sql`count(distinct ${categoryZones.categoryId}) = ${categoryIds.length}`);

export const cityById = async (exec: Executor, id: number) =>
  (await exec.select({ id: cities.id, stateId: cities.stateId }).from(cities).where(eq(cities.id, id)))[0];

/** What the customer gave at sign-up: name, mobile number, city, pincode and the zone it resolved to. */
export const profileOf = async (exec: Executor, customerUserId: number) =>
  (
    await exec
      .select({
        fullName: users.fullName,
        mobileNo: users.mobileNo,
        city: customers.city,
        pinCode: customers.pinCode,
        zoneId: customers.zoneId,
      })
      .from(users)
      .innerJoin(customers, eq(customers.userId, users.id))
      .where(eq(users.id, customerUserId))
  )[0];

/** The state and city of an active zone, by the zone's id or by a pincode it lists. */
export const placeOfZone = async (exec: Executor, by: { zoneId: number } | { pinCode: string }) =>
  (
    await exec
      .select({ stateId: zones.stateId, stateName: states.name, cityId: zones.cityId, cityName: cities.name })
      .from(zones)
      .innerJoin(states, eq(states.id, zones.stateId))
      .innerJoin(cities, eq(cities.id, zones.cityId))
      .where(
        and(
          eq(zones.active, true),
          'zoneId' in by
            ? eq(zones.id, by.zoneId)
            : sql`${zones.id} = (select zone_id from zone_pincodes where pin_code = ${by.pinCode})`,
        ),
      )
  )[0];
