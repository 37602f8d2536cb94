import { type AnyColumn, and, asc, count, eq, ilike, inArray, ne, not, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { likeTerm, orderOf, type PageQuery, pageOf, qualified } from '../../../db/paging';
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

export async function paged<T>(
  q: PageQuery,
  items: (limit: number, offset: number) => Promise<T[]>,
  total: () => Promise<number>,
) {
  const { limit, offset, page, pageSize } = pageOf(q);
  const [rows, n] = await Promise.all([items(limit, offset), total()]);
  return { items: rows, total: n, page, pageSize };
}

// ---------------------------------------------------------------- the writes every level shares

/** A catalogue level: categories, sub-categories and services each have an id, an active flag and an update time. */
type Level = typeof categories | typeof subCategories | typeof services;

export async function insertInto<T extends Level>(exec: Executor, table: T, values: T['$inferInsert']) {
  // The signature keeps each table's own row type; inside, one call serves all three.
  const [row] = await exec
    .insert(table)
    .values(values as never)
    .returning({ id: table.id });
  return row.id;
}

export const updateIn = <T extends Level>(exec: Executor, table: T, id: number, values: Partial<T['$inferInsert']>) =>
  exec
    .update(table)
    .set({ ...values, updatedAt: new Date() } as never)
    .where(eq(table.id, id));

/** Another row named `name` (trimmed, any case) among `among` (a parent's rows), other than `exceptId`; or undefined. */
export const sameNamed = async (
  exec: Executor,
  table: Level,
  column: AnyColumn,
  name: string,
  among: SQL | undefined,
  exceptId?: number,
) =>
  (
    await exec
      .select({ id: table.id, name: sql<string>`${column}` })
      .from(table)
      .where(and(among, sameName(column, name), exceptId ? ne(table.id, exceptId) : undefined))
      .limit(1)
  )[0];

/** Switches the row's active flag; its id and new flag, or undefined when there is no such row. */
export const toggleIn = async (exec: Executor, table: Level, id: number) =>
  (
    await exec
      .update(table)
      .set({ active: not(table.active), updatedAt: new Date() })
      .where(eq(table.id, id))
      .returning({ id: table.id, active: table.active })
  )[0];

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
  return paged(
    q,
    (limit, offset) =>
      exec
        .select(categoryColumns(!view.admin))
        .from(categories)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () => (await exec.select({ n: count() }).from(categories).where(where))[0].n,
  );
}

export const findCategory = async (exec: Executor, id: number, visibleOnly = false) =>
  (await exec.select(categoryColumns(visibleOnly)).from(categories).where(eq(categories.id, id)))[0];

export const findCategoryByName = (exec: Executor, name: string, exceptId?: number) =>
  sameNamed(exec, categories, categories.name, name, undefined, exceptId);

export const categoriesByNames = (exec: Executor, lowerNames: string[]) =>
  lowerNames.length === 0
    ? Promise.resolve([])
    : exec
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(inArray(lowerOf(categories.name), lowerNames));

export const insertCategory = (exec: Executor, values: typeof categories.$inferInsert) =>
  insertInto(exec, categories, values);

export const insertCategories = (exec: Executor, values: (typeof categories.$inferInsert)[]) =>
  exec.insert(categories).values(values).returning({ id: categories.id, name: categories.name });

export const updateCategory = (exec: Executor, id: number, values: Partial<typeof categories.$inferInsert>) =>
  updateIn(exec, categories, id, values);

export const lockCategory = async (exec: Executor, id: number) =>
  (
    await exec
      .select({ id: categories.id, name: categories.name, imageUrl: categories.imageUrl })
      .from(categories)
      .where(eq(categories.id, id))
      .for('update')
  )[0];

export const countSubCategoriesOf = async (exec: Executor, categoryId: number) =>
  (await exec.select({ n: count() }).from(subCategories).where(eq(subCategories.categoryId, categoryId)))[0].n;

/** Deletes the category with its zone links (ON DELETE CASCADE); the caller checked it has no sub-categories. */
export const deleteCategory = (exec: Executor, id: number) => exec.delete(categories).where(eq(categories.id, id));

export const toggleCategory = (exec: Executor, id: number) => toggleIn(exec, categories, id);

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
  return paged(
    q,
    (limit, offset) =>
      subCategoriesQuery(exec, !view.admin)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () =>
      (
        await exec
          .select({ n: count() })
          .from(subCategories)
          .innerJoin(categories, eq(categories.id, subCategories.categoryId))
          .where(where)
      )[0].n,
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

export const findSubCategoryByName = (exec: Executor, categoryId: number, name: string, exceptId?: number) =>
  sameNamed(exec, subCategories, subCategories.name, name, eq(subCategories.categoryId, categoryId), exceptId);

export const subCategoriesByNames = (exec: Executor, categoryIds: number[], lowerNames: string[]) =>
  categoryIds.length === 0 || lowerNames.length === 0
    ? Promise.resolve([])
    : exec
        .select({ id: subCategories.id, categoryId: subCategories.categoryId, name: subCategories.name })
        .from(subCategories)
        .where(and(inArray(subCategories.categoryId, categoryIds), inArray(lowerOf(subCategories.name), lowerNames)));

export const insertSubCategory = (exec: Executor, values: typeof subCategories.$inferInsert) =>
  insertInto(exec, subCategories, values);

export const insertSubCategories = (exec: Executor, values: (typeof subCategories.$inferInsert)[]) =>
  exec.insert(subCategories).values(values);

export const updateSubCategory = (exec: Executor, id: number, values: Partial<typeof subCategories.$inferInsert>) =>
  updateIn(exec, subCategories, id, values);

export const lockSubCategory = async (exec: Executor, id: number) =>
  (
    await exec
      .select({ id: subCategories.id, name: subCategories.name, imageUrl: subCategories.imageUrl })
      .from(subCategories)
      .where(eq(subCategories.id, id))
      .for('update')
  )[0];

export const countServicesOf = async (exec: Executor, subCategoryId: number) =>
  (await exec.select({ n: count() }).from(services).where(eq(services.subCategoryId, subCategoryId)))[0].n;

export const deleteSubCategory = (exec: Executor, id: number) =>
  exec.delete(subCategories).where(eq(subCategories.id, id));

export const toggleSubCategory = (exec: Executor, id: number) => toggleIn(exec, subCategories, id);

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
