import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { accountContact, accountWithProfile, flipAccountActive, linkTable, valuesTaken } from '../../../db/links';
import { likeTerm, pageAndTotal, qualified } from '../../../db/paging';
import {
  categories,
  cities,
  orderLines,
  orders,
  productRequests,
  professionals,
  states,
  users,
  vendors,
  vendorZones,
  zones,
} from '../../../db/schema';
import type { ProductRequestState } from '../../../db/schema/inventory';

export type VendorInsert = typeof vendors.$inferInsert;

// ---------------------------------------------------------------- lookups for the rules

/** Which of these PANs, Aadhaar numbers and GSTINs another vendor has (not `except`). */
export const taken = (exec: Executor, k: { pans: string[]; aadhaars: string[]; gstins: string[] }, except?: number) =>
  valuesTaken(
    exec,
    vendors,
    vendors.userId,
    {
      pans: [vendors.panNumber, k.pans],
      aadhaars: [vendors.aadhaarNumber, k.aadhaars],
      gstins: [vendors.gstin, k.gstins],
    },
    except,
  );

// ---------------------------------------------------------------- writes

export async function insertVendor(exec: Executor, row: VendorInsert) {
  await exec.insert(vendors).values(row);
}

export async function updateVendor(exec: Executor, userId: number, patch: Partial<VendorInsert>) {
  await exec
    .update(vendors)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(vendors.userId, userId));
}

/** The vendor's row (not deleted), locked for the write; null when there is none. */
export async function lock(exec: Executor, userId: number) {
  const rows = await exec
    .select({
      userId: vendors.userId,
      firstName: vendors.firstName,
      lastName: vendors.lastName,
      stateId: vendors.stateId,
      cityId: vendors.cityId,
      gstin: vendors.gstin,
      aadhaarProofUrl: vendors.aadhaarProofUrl,
    })
    .from(vendors)
    .where(and(eq(vendors.userId, userId), isNull(vendors.deletedAt)))
    .for('update');
  return rows[0] ?? null;
}

const zoneLinks = linkTable(vendorZones, 'vendorUserId', 'zoneId');

export const insertZoneLinks = zoneLinks.insert;
/** Removes the zone links not in `keep`. */
export const pruneZones = zoneLinks.prune;

export async function setAvailable(exec: Executor, userId: number, available: boolean) {
  const rows = await exec
    .update(vendors)
    .set({ available, updatedAt: new Date() })
    .where(and(eq(vendors.userId, userId), isNull(vendors.deletedAt)))
    .returning({ userId: vendors.userId });
  return rows.length > 0;
}

/** Flips a (not deleted) vendor's account active flag; the update locks the row. */
export const flipActive = (exec: Executor, userId: number) =>
  flipAccountActive(
    exec,
    userId,
    and(
      eq(users.role, 'VE'),
      sql`exists (select 1 from ${vendors} where ${vendors.userId} = ${qualified(users.id)} and ${vendors.deletedAt} is null)`,
    ) as SQL,
  );

export async function markDeleted(exec: Executor, userId: number) {
  const now = new Date();
  await exec
    .update(vendors)
    .set({ deletedAt: now, available: false, updatedAt: now })
    .where(eq(vendors.userId, userId));
  await exec.update(users).set({ active: false }).where(eq(users.id, userId));
}

// ---------------------------------------------------------------- what keeps a vendor

export async function professionalCount(exec: Executor, userId: number) {
  const [{ n }] = await exec.select({ n: count() }).from(professionals).where(eq(professionals.vendorUserId, userId));
  return n;
}

/** Product requests not yet at an end (issued, cancelled, rejected): their ids, oldest first. */
export async function openRequestIds(exec: Executor, userId: number, endStates: readonly ProductRequestState[]) {
  const rows = await exec
    .select({ id: productRequests.id })
    .from(productRequests)
    .where(and(eq(productRequests.vendorUserId, userId), notInArray(productRequests.state, [...endStates])))
    .orderBy(asc(productRequests.id))
    .limit(10);
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- reads

const professionalCountOf =
  sql<number>`(select count(*) from ${professionals} where ${professionals.vendorUserId} = ${qualified(vendors.userId)})`.mapWith(
    Number,
  );

export async function detail(exec: Executor, userId: number) {
  const [row] = await exec
    .select({
      id: users.id,
      fullName: users.fullName,
      firstName: vendors.firstName,
      lastName: vendors.lastName,
      mobileNo: users.mobileNo,
      email: users.email,
      stateId: vendors.stateId,
      stateName: states.name,
      cityId: vendors.cityId,
      cityName: cities.name,
      pinCode: vendors.pinCode,
      addressLine1: vendors.addressLine1,
      addressLine2: vendors.addressLine2,
      birthDate: vendors.birthDate,
      panNumber: vendors.panNumber,
      aadhaarNumber: vendors.aadhaarNumber,
      gstno: vendors.gstin,
      aadhaarProofUrl: vendors.aadhaarProofUrl,
      aadharFileName: vendors.aadhaarFileName,
      available: vendors.available,
      active: users.active,
      deletedAt: vendors.deletedAt,
      mustChangePassword: users.mustChangePassword,
      professionalCount: professionalCountOf,
      createdDate: vendors.createdAt,
    })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.userId))
    .innerJoin(states, eq(states.id, vendors.stateId))
    .innerJoin(cities, eq(cities.id, vendors.cityId))
    .where(eq(vendors.userId, userId));
  return row ?? null;
}

export async function zonesOf(exec: Executor, userId: number) {
  return exec
    .select({
      id: vendorZones.id,
      vendorId: vendorZones.vendorUserId,
      zoneId: zones.id,
      zoneName: zones.zoneName,
      cityName: cities.name,
      stateName: states.name,
      active: zones.active,
    })
    .from(vendorZones)
    .innerJoin(zones, eq(zones.id, vendorZones.zoneId))
    .innerJoin(cities, eq(cities.id, zones.cityId))
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(eq(vendorZones.vendorUserId, userId))
    .orderBy(asc(states.name), asc(cities.name), asc(zones.zoneName));
}

export interface ListFilter {
  search?: string;
  status: 'all' | 'active' | 'inactive';
  limit: number;
  offset: number;
}

export async function page(exec: Executor, f: ListFilter) {
  const term = f.search?.trim() ? likeTerm(f.search) : null;
  const where = and(
    isNull(vendors.deletedAt),
    f.status === 'active' ? eq(users.active, true) : f.status === 'inactive' ? eq(users.active, false) : undefined,
    term
      ? or(
          ilike(users.fullName, term),
          ilike(users.mobileNo, term),
          ilike(users.email, term),
          ilike(vendors.gstin, term),
        )
      : undefined,
  );
  return pageAndTotal(
    exec
      .select({
        ...accountContact,
        cityName: cities.name,
        stateName: states.name,
        pinCode: vendors.pinCode,
        gstno: vendors.gstin,
        aadhaarNumber: vendors.aadhaarNumber,
        available: vendors.available,
        active: users.active,
        professionalCount: professionalCountOf,
        createdDate: vendors.createdAt,
      })
      .from(vendors)
      .innerJoin(users, eq(users.id, vendors.userId))
      .innerJoin(states, eq(states.id, vendors.stateId))
      .innerJoin(cities, eq(cities.id, vendors.cityId))
      .$dynamic(),
    exec.select({ total: count() }).from(vendors).innerJoin(users, eq(users.id, vendors.userId)).$dynamic(),
    where,
    [asc(users.fullName), asc(users.id)],
    f,
  );
}

/** The vendor profile of the account with this mobile number (deleted ones included), or null. */
export async function byMobile(exec: Executor, mobileNo: string) {
  const [row] = await exec
    .select({ id: users.id, fullName: users.fullName, deletedAt: vendors.deletedAt })
    .from(users)
    .innerJoin(vendors, eq(vendors.userId, users.id))
    .where(eq(users.mobileNo, mobileNo));
  return row ?? null;
}

export async function statusOf(exec: Executor, userId: number) {
  const [row] = await exec
    .select({ userId: vendors.userId, available: vendors.available, active: users.active })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.userId))
    .where(and(eq(vendors.userId, userId), isNull(vendors.deletedAt)));
  return row ?? null;
}

/** The professional's vendor (null when they have none); undefined when the id is not a professional. */
export async function vendorOfProfessional(exec: Executor, professionalId: number) {
  const [row] = await exec
    .select({ vendorUserId: professionals.vendorUserId, fullName: users.fullName })
    .from(professionals)
    .innerJoin(users, eq(users.id, professionals.userId))
    .where(eq(professionals.userId, professionalId));
  return row;
}

export async function professionalsOf(
  exec: Executor,
  vendorId: number,
  f: { search?: string; limit: number; offset: number },
) {
  const term = f.search?.trim() ? likeTerm(f.search) : null;
  const where = and(
    eq(professionals.vendorUserId, vendorId),
    term ? or(ilike(users.fullName, term), ilike(users.mobileNo, term)) : undefined,
  );
  const lines = (states: string[]) =>
    sql<number>`(select count(*) from ${orderLines} where ${orderLines.professionalUserId} = ${qualified(professionals.userId)} and ${orderLines.state} in (${sql.join(
      states.map((s) => sql`${s}`),
      sql`, `,
    )}))`.mapWith(Number);
  return pageAndTotal(
    exec
      .select({
        id: users.id,
        fullName: users.fullName,
        mobileNo: users.mobileNo,
        professionalType: professionals.professionalType,
        cityName: cities.name,
        homeZoneName: zones.zoneName,
        available: professionals.available,
        active: users.active,
        openJobs: lines(['assigned', 'accepted']),
        completedJobs: lines(['completed', 'rated']),
        ratingCount: professionals.ratingCount,
        ratingTotal: professionals.ratingTotal,
      })
      .from(professionals)
      .innerJoin(users, eq(users.id, professionals.userId))
      .innerJoin(cities, eq(cities.id, professionals.cityId))
      .leftJoin(zones, eq(zones.id, professionals.homeZoneId))
      .$dynamic(),
    exec.select({ total: count() }).from(professionals).innerJoin(users, eq(users.id, professionals.userId)).$dynamic(),
    where,
    [asc(users.fullName), asc(users.id)],
    f,
  );
}

/** The line states a vendor's task list shows, by filter. */
export const TASK_STATES = {
  open: ['assigned', 'accepted'],
  completed: ['completed', 'rated'],
  cancelled: ['cancelled'],
} as const;
const ALL_TASK_STATES = [...TASK_STATES.open, ...TASK_STATES.completed, ...TASK_STATES.cancelled];

const taskColumns = {
  lineId: orderLines.id,
  orderId: orderLines.orderId,
  serviceName: orderLines.description,
  categoryName: categories.name,
  quantity: orderLines.quantity,
  slotStart: orderLines.slotStart,
  state: orderLines.state,
  zoneName: zones.zoneName,
  city: orders.city,
  pinCode: orders.pinCode,
  customerName: orders.customerName,
  technicianId: orderLines.professionalUserId,
  technicianName: users.fullName,
  totalPaise: orderLines.totalPaise,
  placedAt: orders.createdAt,
  assignedAt: orderLines.assignedAt,
  completedAt: orderLines.completedAt,
  cancelledAt: orderLines.cancelledAt,
  rating: orderLines.rating,
};

function taskQuery(exec: Executor) {
  return exec
    .select(taskColumns)
    .from(orderLines)
    .innerJoin(professionals, eq(professionals.userId, orderLines.professionalUserId))
    .innerJoin(users, eq(users.id, orderLines.professionalUserId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(categories, eq(categories.id, orderLines.categoryId))
    .leftJoin(zones, eq(zones.id, orderLines.zoneId))
    .$dynamic();
}

export async function tasks(
  exec: Executor,
  vendorId: number,
  f: {
    technicianId?: number;
    state?: keyof typeof TASK_STATES;
    search?: string;
    limit: number;
    offset: number;
  },
) {
  const term = f.search?.trim() ? likeTerm(f.search) : null;
  const where = and(
    eq(professionals.vendorUserId, vendorId),
    isNotNull(orderLines.professionalUserId),
    f.technicianId ? eq(orderLines.professionalUserId, f.technicianId) : undefined,
    inArray(orderLines.state, [...(f.state ? TASK_STATES[f.state] : ALL_TASK_STATES)]),
    term
      ? or(
          ilike(orderLines.description, term),
          ilike(users.fullName, term),
          sql`${orderLines.orderId}::text = ${f.search?.trim()}`,
        )
      : undefined,
  );
  return pageAndTotal(
    taskQuery(exec),
    exec
      .select({ total: count() })
      .from(orderLines)
      .innerJoin(professionals, eq(professionals.userId, orderLines.professionalUserId))
      .innerJoin(users, eq(users.id, orderLines.professionalUserId))
      .$dynamic(),
    where,
    [desc(orderLines.slotStart), desc(orderLines.id)],
    f,
  );
}

/** The lines of one order held by one professional. */
export async function orderTasks(exec: Executor, orderId: number, technicianId: number) {
  return taskQuery(exec)
    .where(
      and(
        eq(orderLines.orderId, orderId),
        eq(orderLines.professionalUserId, technicianId),
        inArray(orderLines.state, ALL_TASK_STATES),
      ),
    )
    .orderBy(asc(orderLines.id));
}

export type TaskRow = Awaited<ReturnType<typeof orderTasks>>[number];

/** An account with whether it already has a vendor profile (the demo seed). */
export const accountOf = (exec: Executor, userId: number) => accountWithProfile(exec, userId, vendors.userId);
