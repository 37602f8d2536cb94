import { type AnyColumn, and, asc, count, desc, eq, gte, ilike, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { likeTerm, orderOf, type PageQuery, pageFor } from '../../../db/paging';
import { banners, categories, serviceMedia, serviceRatingStats, services, subCategories } from '../../../db/schema';
import { byStatus, categoryVisible, levelRows, lowerOf, serviceVisible, subCategoryVisible, type View } from './repo';

// Services, their media and the global search: the catalogue's reads and writes below a sub-category.

/**
 * What a line is priced and taxed by, from its service, sub-category and category (a service joined to both): the
 * cart's lines and an order's explicit lines (commerce) read the same terms.
 */
export const servicePriceTerms = {
  categoryId: subCategories.categoryId,
  sacCode: categories.sacCode,
  pricePaise: services.pricePaise,
  discountPercent: services.discountPercent,
  gstPercent: services.gstPercent,
  /** A service is on offer while it, its sub-category and its category are all active. */
  available: sql<boolean>`(${services.active} and ${subCategories.active} and ${categories.active})`,
};

const serviceColumns = {
  id: services.id,
  heading: services.heading,
  pDetails: services.details,
  subCategoryId: services.subCategoryId,
  subCategoryName: subCategories.name,
  categoryId: subCategories.categoryId,
  categoryName: categories.name,
  pricePaise: services.pricePaise,
  discountPercent: services.discountPercent,
  gstPercent: services.gstPercent,
  visitingChargesPaise: services.visitingChargesPaise,
  professionalType: services.professionalType,
  imageUrl: services.imageUrl,
  bannerImageUrl: services.bannerImageUrl,
  active: services.active,
  createdAt: services.createdAt,
  visible: sql<boolean>`${serviceVisible}`,
  // The ratings' running totals (decision 018), one row per service kept by the rating write.
  ratingCount: serviceRatingStats.count,
  ratingTotal: serviceRatingStats.total,
};
const servicesQuery = (exec: Executor) =>
  exec
    .select(serviceColumns)
    .from(services)
    .innerJoin(subCategories, eq(subCategories.id, services.subCategoryId))
    .innerJoin(categories, eq(categories.id, subCategories.categoryId))
    .leftJoin(serviceRatingStats, eq(serviceRatingStats.serviceId, services.id));

export function pageServices(
  exec: Executor,
  q: PageQuery & { subCategoryId?: number; categoryId?: number },
  view: View,
) {
  const where = and(
    byStatus(view, services.active, serviceVisible),
    q.subCategoryId ? eq(services.subCategoryId, q.subCategoryId) : undefined,
    q.categoryId ? eq(subCategories.categoryId, q.categoryId) : undefined,
    q.search ? ilike(services.heading, likeTerm(q.search)) : undefined,
  );
  const order = orderOf(
    q,
    {
      heading: lowerOf(services.heading),
      price: services.pricePaise,
      subCategoryName: lowerOf(subCategories.name),
      createdAt: services.createdAt,
      id: services.id,
      active: services.active,
    },
    'heading',
    services.id,
  );
  return pageFor(
    q,
    servicesQuery(exec).$dynamic(),
    exec
      .select({ total: count() })
      .from(services)
      .innerJoin(subCategories, eq(subCategories.id, services.subCategoryId))
      .innerJoin(categories, eq(categories.id, subCategories.categoryId))
      .$dynamic(),
    where,
    order,
  );
}

export const findService = async (exec: Executor, id: number) =>
  (await servicesQuery(exec).where(eq(services.id, id)))[0];
export type ServiceRow = NonNullable<Awaited<ReturnType<typeof findService>>>;

/** The services with these ids (any order; missing ids are left out), for other modules' lists (favourites). */
export const servicesByIds = (exec: Executor, ids: number[]) =>
  ids.length === 0 ? Promise.resolve([]) : servicesQuery(exec).where(inArray(services.id, ids));

export const listServicesOfSubCategory = (exec: Executor, subCategoryId: number, view: View) =>
  servicesQuery(exec)
    .where(and(eq(services.subCategoryId, subCategoryId), byStatus(view, services.active, serviceVisible)))
    .orderBy(lowerOf(services.heading), asc(services.id));

/** Visible services, newest first; only those created since `since` when given. */
export const newestServices = (exec: Executor, limit: number, since?: Date) =>
  servicesQuery(exec)
    .where(and(serviceVisible, since ? gte(services.createdAt, since) : undefined))
    .orderBy(desc(services.createdAt), desc(services.id))
    .limit(limit);

/**
 * The services' heading lookups and writes; a delete is refused while banners point at the service, and takes its
 * media rows with it (ON DELETE CASCADE).
 */
export const serviceRows = levelRows(services, {
  name: services.heading,
  parent: services.subCategoryId,
  named: { subCategoryId: services.subCategoryId, heading: services.heading },
  locked: {
    id: services.id,
    heading: services.heading,
    imageUrl: services.imageUrl,
    bannerImageUrl: services.bannerImageUrl,
  },
  children: banners.serviceId,
});

/** For other modules (banners): whether a service exists and whether visitors may see it. */
export const serviceVisibility = async (exec: Executor, id: number) =>
  (
    await exec
      .select({ id: services.id, heading: services.heading, visible: sql<boolean>`${serviceVisible}` })
      .from(services)
      .innerJoin(subCategories, eq(subCategories.id, services.subCategoryId))
      .innerJoin(categories, eq(categories.id, subCategories.categoryId))
      .where(eq(services.id, id))
  )[0];

// ---------------------------------------------------------------- service media

const mediaColumns = {
  id: serviceMedia.id,
  serviceId: serviceMedia.serviceId,
  serviceHeading: services.heading,
  type: serviceMedia.kind,
  url: serviceMedia.url,
  fileName: serviceMedia.fileName,
  createdAt: serviceMedia.createdAt,
};

export const listMedia = (
  exec: Executor,
  filter: { serviceId?: number; subCategoryId?: number },
  visibleOnly: boolean,
) =>
  exec
    .select(mediaColumns)
    .from(serviceMedia)
    .innerJoin(services, eq(services.id, serviceMedia.serviceId))
    .innerJoin(subCategories, eq(subCategories.id, services.subCategoryId))
    .innerJoin(categories, eq(categories.id, subCategories.categoryId))
    .where(
      and(
        filter.serviceId ? eq(serviceMedia.serviceId, filter.serviceId) : undefined,
        filter.subCategoryId ? eq(services.subCategoryId, filter.subCategoryId) : undefined,
        visibleOnly ? serviceVisible : undefined,
      ),
    )
    .orderBy(asc(serviceMedia.serviceId), asc(serviceMedia.id))
    .limit(1000);

export const countMediaOf = async (exec: Executor, serviceId: number) =>
  (await exec.select({ n: count() }).from(serviceMedia).where(eq(serviceMedia.serviceId, serviceId)))[0].n;

export const mediaUrlsOf = async (exec: Executor, serviceId: number) =>
  (await exec.select({ url: serviceMedia.url }).from(serviceMedia).where(eq(serviceMedia.serviceId, serviceId))).map(
    (r) => r.url,
  );

export async function insertMedia(exec: Executor, values: typeof serviceMedia.$inferInsert) {
  const [row] = await exec.insert(serviceMedia).values(values).returning({ id: serviceMedia.id });
  return row.id;
}

export const findMedia = async (exec: Executor, id: number) =>
  (
    await exec
      .select(mediaColumns)
      .from(serviceMedia)
      .innerJoin(services, eq(services.id, serviceMedia.serviceId))
      .where(eq(serviceMedia.id, id))
  )[0];

export const deleteMedia = (exec: Executor, id: number) => exec.delete(serviceMedia).where(eq(serviceMedia.id, id));

// ---------------------------------------------------------------- global search

/** Names starting with the term first, then the others, each alphabetically. */
const prefixFirst = (c: AnyColumn, term: string) => [
  sql`case when ${c} ilike ${`${likeTerm(term).slice(1)}`} then 0 else 1 end`,
  lowerOf(c),
];

export const searchCategories = (exec: Executor, term: string, limit: number) =>
  exec
    .select({ id: categories.id, categoryName: categories.name, imageUrl: categories.imageUrl })
    .from(categories)
    .where(and(categoryVisible, ilike(categories.name, likeTerm(term))))
    .orderBy(...prefixFirst(categories.name, term), asc(categories.id))
    .limit(limit);

export const searchSubCategories = (exec: Executor, term: string, limit: number) =>
  exec
    .select({
      id: subCategories.id,
      subCategoryName: subCategories.name,
      categoryId: subCategories.categoryId,
      categoryName: categories.name,
    })
    .from(subCategories)
    .innerJoin(categories, eq(categories.id, subCategories.categoryId))
    .where(and(subCategoryVisible, ilike(subCategories.name, likeTerm(term))))
    .orderBy(...prefixFirst(subCategories.name, term), asc(subCategories.id))
    .limit(limit);

export const searchServices = (exec: Executor, term: string, limit: number) =>
  servicesQuery(exec)
    .where(and(serviceVisible, ilike(services.heading, likeTerm(term))))
    .orderBy(...prefixFirst(services.heading, term), asc(services.id))
    .limit(limit);
