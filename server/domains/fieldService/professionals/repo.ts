import { and, asc, count, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { accountContact, accountWithProfile, flipAccountActive, linkTable, valuesTaken } from '../../../db/links';
import { likeTerm, pageAndTotal } from '../../../db/paging';
import {
  cities,
  orderLines,
  professionalServices,
  professionals,
  professionalZones,
  services,
  states,
  subCategories,
  users,
  zonePincodes,
  zones,
} from '../../../db/schema';
import type { ProfessionalType } from '../../../db/schema/professionals';

export type { ProfessionalType };

export type ProfessionalRow = typeof professionals.$inferSelect;
export type ProfessionalInsert = typeof professionals.$inferInsert;

/** The open states of a line: what a deactivated professional hands back. */
export const OPEN_LINE_STATES = ['assigned', 'accepted'] as const;

// ---------------------------------------------------------------- lookups for the rules

/** The zone a pincode belongs to (active or not), or null. */
export async function zoneOfPincode(exec: Executor, pinCode: string): Promise<number | null> {
  const rows = await exec
    .select({ zoneId: zonePincodes.zoneId })
    .from(zonePincodes)
    .where(eq(zonePincodes.pinCode, pinCode));
  return rows[0]?.zoneId ?? null;
}

/** Vendor accounts (role VE) with these ids or mobile numbers. */
export async function vendors(exec: Executor, by: { ids?: number[]; mobiles?: string[] }) {
  const where =
    by.ids !== undefined
      ? by.ids.length
        ? inArray(users.id, by.ids)
        : undefined
      : by.mobiles?.length
        ? inArray(users.mobileNo, by.mobiles)
        : undefined;
  if (!where) return [];
  return exec
    .select({ id: users.id, fullName: users.fullName, mobileNo: users.mobileNo })
    .from(users)
    .where(and(where, eq(users.role, 'VE')));
}

export async function servicesByIds(exec: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return exec
    .select({
      id: services.id,
      heading: services.heading,
      professionalType: sql<ProfessionalType>`${services.professionalType}`,
    })
    .from(services)
    .where(inArray(services.id, ids));
}

/** Services by lower-cased heading (the import's serviceName). */
export async function servicesByNames(exec: Executor, lowerNames: string[]) {
  if (lowerNames.length === 0) return [];
  return exec
    .select({ id: services.id, heading: services.heading, professionalType: services.professionalType })
    .from(services)
    .where(inArray(sql`lower(${services.heading})`, lowerNames));
}

/** Zone of each of these pincodes. */
export async function zonesOfPincodes(exec: Executor, pins: string[]) {
  if (pins.length === 0) return new Map<string, number>();
  const rows = await exec
    .select({ pinCode: zonePincodes.pinCode, zoneId: zonePincodes.zoneId })
    .from(zonePincodes)
    .where(inArray(zonePincodes.pinCode, pins));
  return new Map(rows.map((r) => [r.pinCode, r.zoneId]));
}

/** Which of these PANs and Aadhaar numbers another professional has (not `except`). */
export const taken = (exec: Executor, k: { pans: string[]; aadhaars: string[] }, except?: number) =>
  valuesTaken(
    exec,
    professionals,
    professionals.userId,
    { pans: [professionals.panNumber, k.pans], aadhaars: [professionals.aadhaarNumber, k.aadhaars] },
    except,
  );

// ---------------------------------------------------------------- writes

export async function insertProfessional(exec: Executor, row: ProfessionalInsert) {
  await exec.insert(professionals).values(row);
}

export async function updateProfessional(exec: Executor, userId: number, patch: Partial<ProfessionalInsert>) {
  await exec
    .update(professionals)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(professionals.userId, userId));
}

/** The professional's row, locked for the write (null when the id is not a professional). */
export async function lock(exec: Executor, userId: number) {
  const rows = await exec
    .select({
      userId: professionals.userId,
      professionalType: professionals.professionalType,
      joinedOn: professionals.joinedOn,
    })
    .from(professionals)
    .where(eq(professionals.userId, userId))
    .for('update');
  return rows[0] ?? null;
}

const zoneLinks = linkTable(professionalZones, 'professionalUserId', 'zoneId');
const serviceLinks = linkTable(professionalServices, 'professionalUserId', 'serviceId');

export const insertZoneLinks = zoneLinks.insert;
export const insertServiceLinks = serviceLinks.insert;
/** Removes the zone links not in `keep`. */
export const pruneZones = zoneLinks.prune;
/** Removes the service links not in `keep`. */
export const pruneServices = serviceLinks.prune;
export const deleteZoneLink = zoneLinks.remove;
export const deleteServiceLink = serviceLinks.remove;

export async function setAvailable(exec: Executor, userId: number, available: boolean) {
  const rows = await exec
    .update(professionals)
    .set({ available, updatedAt: new Date() })
    .where(eq(professionals.userId, userId))
    .returning({ available: professionals.available });
  return rows[0] ?? null;
}

/** Flips a professional's account active flag (the row is locked by the update). */
export const flipActive = (exec: Executor, userId: number) =>
  flipAccountActive(
    exec,
    userId,
    exists(sql`(select 1 from ${professionals} where ${professionals.userId} = ${users.id})`),
  );

/** The professional's assigned or accepted lines, locked in id order (the order every line writer locks in). */
export async function openLineIds(exec: Executor, userId: number) {
  const rows = await exec
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(and(eq(orderLines.professionalUserId, userId), inArray(orderLines.state, [...OPEN_LINE_STATES])))
    .orderBy(asc(orderLines.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** How many order lines name this professional, whatever their state. */
export async function lineCount(exec: Executor, userId: number) {
  const [{ n }] = await exec.select({ n: count() }).from(orderLines).where(eq(orderLines.professionalUserId, userId));
  return n;
}

export async function userByMobile(exec: Executor, mobileNo: string) {
  const rows = await exec
    .select({ id: users.id, role: users.role, isProfessional: sql<boolean>`${professionals.userId} is not null` })
    .from(users)
    .leftJoin(professionals, eq(professionals.userId, users.id))
    .where(eq(users.mobileNo, mobileNo))
    .for('update', { of: users });
  return rows[0] ?? null;
}

/** An account by id, and whether it has a professional profile. */
export const accountOf = (exec: Executor, userId: number) => accountWithProfile(exec, userId, professionals.userId);

export async function deleteUser(exec: Executor, userId: number) {
  await exec.delete(users).where(eq(users.id, userId));
}

export async function activeAdmins(exec: Executor) {
  return (
    await exec
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'A'), eq(users.active, true)))
  ).map((r) => r.id);
}

// ---------------------------------------------------------------- reads

const vendorUsers = alias(users, 'vendor_users');
const homeZones = alias(zones, 'home_zones');

const openLinesOf = sql<number>`(select count(*)::int from ${orderLines} where ${orderLines.professionalUserId} = ${professionals.userId} and ${orderLines.state} in ('assigned', 'accepted'))`;

export async function detail(exec: Executor, userId: number) {
  const rows = await exec
    .select({
      ...accountContact,
      active: users.active,
      mustChangePassword: users.mustChangePassword,
      createdDate: users.createdAt,
      professionalType: professionals.professionalType,
      stateId: professionals.stateId,
      stateName: states.name,
      cityId: professionals.cityId,
      cityName: cities.name,
      pinCode: professionals.pinCode,
      homeZoneId: professionals.homeZoneId,
      homeZoneName: homeZones.zoneName,
      addressLine1: professionals.addressLine1,
      addressLine2: professionals.addressLine2,
      altContactNo: professionals.altContactNo,
      birthDate: professionals.birthDate,
      panNumber: professionals.panNumber,
      aadhaarNumber: professionals.aadhaarNumber,
      vendorId: professionals.vendorUserId,
      vendorName: vendorUsers.fullName,
      candidateId: professionals.candidateId,
      joiningDate: professionals.joinedOn,
      available: professionals.available,
      ratingCount: professionals.ratingCount,
      ratingTotal: professionals.ratingTotal,
      openLines: openLinesOf,
    })
    .from(professionals)
    .innerJoin(users, eq(users.id, professionals.userId))
    .innerJoin(states, eq(states.id, professionals.stateId))
    .innerJoin(cities, eq(cities.id, professionals.cityId))
    .leftJoin(homeZones, eq(homeZones.id, professionals.homeZoneId))
    .leftJoin(vendorUsers, eq(vendorUsers.id, professionals.vendorUserId))
    .where(eq(professionals.userId, userId));
  return rows[0] ?? null;
}
export type DetailRow = NonNullable<Awaited<ReturnType<typeof detail>>>;

export async function find(exec: Executor, userId: number) {
  const rows = await exec
    .select({ id: professionals.userId, professionalType: professionals.professionalType })
    .from(professionals)
    .where(eq(professionals.userId, userId));
  return rows[0] ?? null;
}

const zoneColumns = {
  id: professionalZones.id,
  zoneId: zones.id,
  zoneName: zones.zoneName,
  cityName: cities.name,
  stateName: states.name,
  active: zones.active,
};

export async function zonesOf(exec: Executor, userId: number, linkId?: number) {
  return exec
    .select(zoneColumns)
    .from(professionalZones)
    .innerJoin(zones, eq(zones.id, professionalZones.zoneId))
    .innerJoin(cities, eq(cities.id, zones.cityId))
    .innerJoin(states, eq(states.id, zones.stateId))
    .where(and(eq(professionalZones.professionalUserId, userId), linkId ? eq(professionalZones.id, linkId) : undefined))
    .orderBy(asc(states.name), asc(cities.name), asc(zones.zoneName));
}

const serviceColumns = {
  id: professionalServices.id,
  serviceId: services.id,
  serviceName: services.heading,
  subCategoryName: subCategories.name,
  professionalType: sql<ProfessionalType>`${services.professionalType}`,
  active: services.active,
};

export async function servicesOf(exec: Executor, userId: number, linkId?: number) {
  return exec
    .select(serviceColumns)
    .from(professionalServices)
    .innerJoin(services, eq(services.id, professionalServices.serviceId))
    .innerJoin(subCategories, eq(subCategories.id, services.subCategoryId))
    .where(
      and(
        eq(professionalServices.professionalUserId, userId),
        linkId ? eq(professionalServices.id, linkId) : undefined,
      ),
    )
    .orderBy(asc(services.heading), asc(services.id));
}

export interface ListFilter {
  search?: string;
  status?: 'active' | 'inactive' | 'all';
  professionalType?: ProfessionalType;
  zoneId?: number;
  serviceId?: number;
  limit: number;
  offset: number;
}

const searchOf = (search?: string): SQL | undefined => {
  const s = search?.trim();
  if (!s) return undefined;
  const term = likeTerm(s);
  return or(ilike(users.fullName, term), ilike(users.mobileNo, term), ilike(users.email, term));
};

const statusOf = (status: ListFilter['status']) =>
  status === 'all' ? undefined : eq(users.active, status !== 'inactive');

export async function page(exec: Executor, f: ListFilter) {
  const where = and(
    searchOf(f.search),
    statusOf(f.status),
    f.professionalType ? eq(professionals.professionalType, f.professionalType) : undefined,
    f.zoneId
      ? exists(
          sql`(select 1 from ${professionalZones} where ${professionalZones.professionalUserId} = ${professionals.userId} and ${professionalZones.zoneId} = ${f.zoneId})`,
        )
      : undefined,
    f.serviceId
      ? exists(
          sql`(select 1 from ${professionalServices} where ${professionalServices.professionalUserId} = ${professionals.userId} and ${professionalServices.serviceId} = ${f.serviceId})`,
        )
      : undefined,
  );
  return pageAndTotal(
    exec
      .select({
        ...accountContact,
        active: users.active,
        createdDate: users.createdAt,
        professionalType: professionals.professionalType,
        cityName: cities.name,
        stateName: states.name,
        pinCode: professionals.pinCode,
        homeZoneName: homeZones.zoneName,
        aadhaarNumber: professionals.aadhaarNumber,
        vendorName: vendorUsers.fullName,
        available: professionals.available,
        ratingCount: professionals.ratingCount,
        ratingTotal: professionals.ratingTotal,
        zoneCount: sql<number>`(select count(*)::int from ${professionalZones} where ${professionalZones.professionalUserId} = ${professionals.userId})`,
        serviceCount: sql<number>`(select count(*)::int from ${professionalServices} where ${professionalServices.professionalUserId} = ${professionals.userId})`,
      })
      .from(professionals)
      .innerJoin(users, eq(users.id, professionals.userId))
      .innerJoin(states, eq(states.id, professionals.stateId))
      .innerJoin(cities, eq(cities.id, professionals.cityId))
      .leftJoin(homeZones, eq(homeZones.id, professionals.homeZoneId))
      .leftJoin(vendorUsers, eq(vendorUsers.id, professionals.vendorUserId))
      .$dynamic(),
    exec.select({ total: count() }).from(professionals).innerJoin(users, eq(users.id, professionals.userId)).$dynamic(),
    where,
    [asc(users.fullName), asc(users.id)],
    f,
  );
}

export async function vendorPage(exec: Executor, f: ListFilter) {
  const where = and(eq(users.role, 'VE'), searchOf(f.search), statusOf(f.status));
  return pageAndTotal(
    exec
      .select({
        ...accountContact,
        active: users.active,
        createdDate: users.createdAt,
      })
      .from(users)
      .$dynamic(),
    exec.select({ total: count() }).from(users).$dynamic(),
    where,
    [asc(users.fullName), asc(users.id)],
    f,
  );
}
