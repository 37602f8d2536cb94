import { type AnyColumn, and, asc, count, eq, ilike, inArray, ne, not, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Executor } from '../../../db/client';
import { likeTerm, orderOf, type PageQuery, pageFor, qualified } from '../../../db/paging';
import {
  categories,
  categoryZones,
  cities,
  services,
  states,
  subCategories,
  zonePincodes,
  zones,
} from '../../../db/schema';

export type Status = 'all' | 'active' | 'inactive';

/**
 * Who is looking. Visitors (and every role but admin) see what is visible: the item and each of its parents
 * active. Admins see everything and may filter on the item's own flag.
 */
export interface View {
  admin: boolean;
  status: Status;
}

export function byStatus(view: View, own: AnyColumn, visible: SQL | undefined): SQL | undefined {
  if (!view.admin) return visible;
  if (view.status === 'active') return eq(own, true);
  if (view.status === 'inactive') return eq(own, false);
  return undefined;
}

export const categoryVisible = eq(categories.active, true);
export const subCategoryVisible = and(eq(subCategories.active, true), eq(categories.active, true))!;
export const serviceVisible = and(
  eq(services.active, true),
  eq(subCategories.active, true),
  eq(categories.active, true),
)!;

/** Names sort case-insensitively. */
export const lowerOf = (c: AnyColumn) => sql`lower(${c})`;
/** `name` equal to a trimmed, lower-cased value (uses the unique indexes on lower(name)). */
export const sameName = (c: AnyColumn, name: string) => sql`lower(${c}) = ${name.trim().toLowerCase()}`;

// ---------------------------------------------------------------- the rows of every level

/** A catalogue level: categories, sub-categories and services each have an id, an active flag and an update time. */
type Level = typeof categories | typeof subCategories | typeof services;

/**
 * The reads and writes every level shares, for one level's table: the repo says which columns name a row, point at
 * its parent, are read by an import's name lookups and by the lock before a write, and which column of another table
 * points at it (a delete is refused while any row does).
 */
export function levelRows<T extends Level, Named extends SelectedFields, Locked extends SelectedFields>(
  table: T,
  c: { name: AnyColumn; parent?: AnyColumn; named: Named; locked: Locked; children: PgColumn },
) {
  // The signatures keep each table's own types; inside, one statement serves all three tables.
  const level = table as Level;
  return {
    /** Another row named `name` (trimmed, any case) under the parent `parentId`, other than `exceptId`; or undefined. */
    sameNamed: async (exec: Executor, name: string, among: { parentId?: number; exceptId?: number } = {}) =>
      (
        await exec
          .select({ id: level.id, name: sql<string>`${c.name}` })
          .from(level)
          .where(
            and(
              c.parent && among.parentId !== undefined ? eq(c.parent, among.parentId) : undefined,
              sameName(c.name, name),
              among.exceptId ? ne(level.id, among.exceptId) : undefined,
            ),
          )
          .limit(1)
      )[0],

    /** The rows whose lower-cased name is one of `lowerNames` (under one of `parentIds`, when given): one query. */
    named: async (exec: Executor, lowerNames: string[], parentIds?: number[]) =>
      lowerNames.length === 0 || parentIds?.length === 0
        ? []
        : ((await exec
            .select(c.named)
            .from(level)
            .where(
              and(
                c.parent && parentIds ? inArray(c.parent, parentIds) : undefined,
                inArray(lowerOf(c.name), lowerNames),
              ),
            )) as SelectResultFields<Named>[]),

    async insert(exec: Executor, values: T['$inferInsert']) {
      const [row] = await exec
        .insert(level)
        .values(values as never)
        .returning({ id: level.id });
      return row.id;
    },

    /** An import's rows, in one statement. */
    insertMany: (exec: Executor, values: T['$inferInsert'][]) => exec.insert(level).values(values as never),

    update: (exec: Executor, id: number, values: Partial<T['$inferInsert']>) =>
      exec
        .update(level)
        .set({ ...values, updatedAt: new Date() } as never)
        .where(eq(level.id, id)),

    /** The row locked for the write, with what the write needs of it (its name, its pictures); or undefined. */
    lock: async (exec: Executor, id: number) =>
      (
        (await exec.select(c.locked).from(level).where(eq(level.id, id)).for('update')) as SelectResultFields<Locked>[]
      )[0],

    /** How many rows point at this one (`children`). */
    countChildren: async (exec: Executor, id: number) =>
      (await exec.select({ n: count() }).from(c.children.table).where(eq(c.children, id)))[0].n,

    delete: (exec: Executor, id: number) => exec.delete(level).where(eq(level.id, id)),

    /** Switches the row's active flag; its id and new flag, or undefined when there is no such row. */
    toggle: async (exec: Executor, id: number) =>
      (
        await exec
          .update(level)
          .set({ active: not(level.active), updatedAt: new Date() })
          .where(eq(level.id, id))
          .returning({ id: level.id, active: level.active })
      )[0],
  };
}

// ---------------------------------------------------------------- categories

const subCategoryCount = (visibleOnly: boolean) =>
  sql<number>`(select count(*)::int from ${subCategories} where ${qualified(subCategories.categoryId)} = ${qualified(categories.id)}${
    visibleOnly ? sql` and ${qualified(subCategories.active)}` : sql``
  })`;
const zoneCount = (visibleOnly: boolean) =>
  sql<number>`(select count(*)::int from ${categoryZones} inner join ${zones} on ${qualified(zones.id)} = ${qualified(categoryZones.zoneId)} where ${qualified(categoryZones.categoryId)} = ${qualified(categories.id)}${
    visibleOnly ? sql` and ${qualified(zones.active)}` : sql``
  })`;

const categoryColumns = (visibleOnly: boolean) => ({
  id: categories.id,
  categoryName: categories.name,
  details: categories.details,
  imageUrl: categories.imageUrl,
  sacCode: categories.sacCode,
  active: categories.active,
  createdAt: categories.createdAt,
  subCategoryCount: subCategoryCount(visibleOnly),
  zoneCount: zoneCount(visibleOnly),
});

export function pageCategories(exec: Executor, q: PageQuery, view: View) {
  const where = and(
    byStatus(view, categories.active, categoryVisible),
    q.search ? ilike(categories.name, likeTerm(q.search)) : undefined,
  );
  const order = orderOf(
    q,
    {
      categoryName: lowerOf(categories.name),
      createdAt: categories.createdAt,
      id: categories.id,
      active: categories.active,
    },
    'categoryName',
    categories.id,
  );
  return pageFor(
    q,
    exec.select(categoryColumns(!view.admin)).from(categories).$dynamic(),
    exec.select({ total: count() }).from(categories).$dynamic(),
    where,
    order,
  );
}

export const findCategory = async (exec: Executor, id: number, visibleOnly = false) =>
  (await exec.select(categoryColumns(visibleOnly)).from(categories).where(eq(categories.id, id)))[0];

/**
 * The categories' name lookups and writes; a category's children are its sub-categories. A delete takes its zone links
 * with it (ON DELETE CASCADE).
 */
export const categoryRows = levelRows(categories, {
  name: categories.name,
  named: { id: categories.id, name: categories.name },
  locked: { id: categories.id, name: categories.name, imageUrl: categories.imageUrl },
  children: subCategories.categoryId,
});

/** An import's categories, with their ids by name (the zone links are written next). */
export const insertCategories = (exec: Executor, values: (typeof categories.$inferInsert)[]) =>
  exec.insert(categories).values(values).returning({ id: categories.id, name: categories.name });

// ---------------------------------------------------------------- category zones

const categoryZoneColumns = {
  id: categoryZones.id,
  categoryId: categoryZones.categoryId,
  zoneId: categoryZones.zoneId,
  zoneName: zones.zoneName,
  cityName: cities.name,
  stateName: states.name,
  active: zones.active,
};

const categoryZonesQuery = (exec: Executor) =>
  exec
    .select(categoryZoneColumns)
    .from(categoryZones)
    .innerJoin(zones, eq(zones.id, categoryZones.zoneId))
    .innerJoin(cities, eq(cities.id, zones.cityId))
    .innerJoin(states, eq(states.id, zones.stateId));

export const listCategoryZones = (exec: Executor, categoryId: number, activeZonesOnly: boolean) =>
  categoryZonesQuery(exec)
    .where(and(eq(categoryZones.categoryId, categoryId), activeZonesOnly ? eq(zones.active, true) : undefined))
    .orderBy(asc(states.name), asc(cities.name), asc(zones.zoneName));

export const findCategoryZone = async (exec: Executor, id: number) =>
  (await categoryZonesQuery(exec).where(eq(categoryZones.id, id)))[0];

export const findCategoryZoneLink = async (exec: Executor, categoryId: number, zoneId: number) =>
  (
    await categoryZonesQuery(exec).where(
      and(eq(categoryZones.categoryId, categoryId), eq(categoryZones.zoneId, zoneId)),
    )
  )[0];

export async function addCategoryZones(exec: Executor, rows: { categoryId: number; zoneId: number }[]) {
  if (rows.length) await exec.insert(categoryZones).values(rows).onConflictDoNothing();
}

/** Makes the category's zones exactly `zoneIds`. */
export async function setCategoryZones(exec: Executor, categoryId: number, zoneIds: number[]) {
  await exec
    .delete(categoryZones)
    .where(
      and(
        eq(categoryZones.categoryId, categoryId),
        zoneIds.length ? notInArray(categoryZones.zoneId, zoneIds) : undefined,
      ),
    );
  await addCategoryZones(
    exec,
    zoneIds.map((zoneId) => ({ categoryId, zoneId })),
  );
}

export const deleteCategoryZone = (exec: Executor, id: number) =>
  exec.delete(categoryZones).where(eq(categoryZones.id, id));

// ---------------------------------------------------------------- sub-categories

const serviceCount = (visibleOnly: boolean) =>
  sql<number>`(select count(*)::int from ${services} where ${qualified(services.subCategoryId)} = ${qualified(subCategories.id)}${
    visibleOnly ? sql` and ${qualified(services.active)}` : sql``
  })`;

const subCategoryColumns = (visibleOnly: boolean) => ({
  id: subCategories.id,
  subCategoryName: subCategories.name,
  headingField: subCategories.headingField,
  categoryId: subCategories.categoryId,
  categoryName: categories.name,
  imageUrl: subCategories.imageUrl,
  active: subCategories.active,
  createdAt: subCategories.createdAt,
  serviceCount: serviceCount(visibleOnly),
});

const subCategoriesQuery = (exec: Executor, visibleOnly: boolean) =>
  exec
    .select(subCategoryColumns(visibleOnly))
    .from(subCategories)
    .innerJoin(categories, eq(categories.id, subCategories.categoryId));

export function pageSubCategories(exec: Executor, q: PageQuery & { categoryId?: number }, view: View) {
  const where = and(
    byStatus(view, subCategories.active, subCategoryVisible),
    q.categoryId ? eq(subCategories.categoryId, q.categoryId) : undefined,
    q.search ? ilike(subCategories.name, likeTerm(q.search)) : undefined,
  );
  const order = orderOf(
    q,
    {
      subCategoryName: lowerOf(subCategories.name),
      categoryName: lowerOf(categories.name),
      createdAt: subCategories.createdAt,
      id: subCategories.id,
      active: subCategories.active,
    },
    'subCategoryName',
    subCategories.id,
  );
  return pageFor(
    q,
    subCategoriesQuery(exec, !view.admin).$dynamic(),
    exec
      .select({ total: count() })
      .from(subCategories)
      .innerJoin(categories, eq(categories.id, subCategories.categoryId))
      .$dynamic(),
    where,
    order,
  );
}

/** One sub-category, with whether a visitor may see it. */
export const findSubCategory = async (exec: Executor, id: number, visibleOnly = false) =>
  (
    await exec
      .select({ ...subCategoryColumns(visibleOnly), visible: sql<boolean>`${subCategoryVisible}` })
      .from(subCategories)
      .innerJoin(categories, eq(categories.id, subCategories.categoryId))
      .where(eq(subCategories.id, id))
  )[0];

export const listSubCategoriesOfCategory = (exec: Executor, categoryId: number, view: View) =>
  subCategoriesQuery(exec, !view.admin)
    .where(and(eq(subCategories.categoryId, categoryId), byStatus(view, subCategories.active, subCategoryVisible)))
    .orderBy(lowerOf(subCategories.name), asc(subCategories.id));

/** The sub-categories' name lookups and writes; a sub-category's children are its services. */
export const subCategoryRows = levelRows(subCategories, {
  name: subCategories.name,
  parent: subCategories.categoryId,
  named: { id: subCategories.id, categoryId: subCategories.categoryId, name: subCategories.name },
  locked: { id: subCategories.id, name: subCategories.name, imageUrl: subCategories.imageUrl },
  children: services.subCategoryId,
});

// ---------------------------------------------------------------- availability

export const categoryState = async (exec: Executor, id: number) =>
  (
    await exec
      .select({ id: categories.id, name: categories.name, active: categories.active })
      .from(categories)
      .where(eq(categories.id, id))
  )[0];

/** The zone serving a pincode, and whether the category is offered there. */
export const zoneOfPincode = async (exec: Executor, pinCode: string, categoryId: number) =>
  (
    await exec
      .select({
        zoneId: zones.id,
        zoneName: zones.zoneName,
        zoneActive: zones.active,
        offered: sql<boolean>`exists (select 1 from ${categoryZones} where ${categoryZones.zoneId} = ${zones.id} and ${categoryZones.categoryId} = ${categoryId})`,
      })
      .from(zonePincodes)
      .innerJoin(zones, eq(zones.id, zonePincodes.zoneId))
      .where(eq(zonePincodes.pinCode, pinCode))
  )[0];
