import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { orderOf, type PageQuery, pageFor, qualified } from '../../../db/paging';
import { banners, categories, services, subCategories } from '../../../db/schema';

export type Status = 'all' | 'active' | 'inactive';
export type BannerType = (typeof banners.$inferSelect)['type'];

const bannerColumns = {
  id: banners.id,
  type: banners.type,
  path: banners.path,
  imageUrl: banners.imageUrl,
  youtubeLink: banners.youtubeLink,
  serviceId: banners.serviceId,
  status: banners.active,
  createdAt: banners.createdAt,
};

/** A visitor sees an active banner, and a service's banner only while that service is visible. */
const visible = and(
  eq(banners.active, true),
  or(
    isNull(banners.serviceId),
    sql`exists (select 1 from ${services} inner join ${subCategories} on ${qualified(subCategories.id)} = ${qualified(services.subCategoryId)} inner join ${categories} on ${qualified(categories.id)} = ${qualified(subCategories.categoryId)} where ${qualified(services.id)} = ${qualified(banners.serviceId)} and ${qualified(services.active)} and ${qualified(subCategories.active)} and ${qualified(categories.active)})`,
  ),
);

export async function pageBanners(
  exec: Executor,
  q: PageQuery & { type?: BannerType; serviceId?: number },
  view: { admin: boolean; status: Status },
) {
  const where = and(
    !view.admin
      ? visible
      : view.status === 'active'
        ? eq(banners.active, true)
        : view.status === 'inactive'
          ? eq(banners.active, false)
          : undefined,
    q.type ? eq(banners.type, q.type) : undefined,
    q.serviceId ? eq(banners.serviceId, q.serviceId) : undefined,
  );
  const order = orderOf(q, { id: banners.id, type: banners.type, createdAt: banners.createdAt }, 'id', banners.id);
  return pageFor(
    q,
    exec.select(bannerColumns).from(banners).$dynamic(),
    exec.select({ total: count() }).from(banners).$dynamic(),
    where,
    order,
  );
}

export const findBanner = async (exec: Executor, id: number) =>
  (await exec.select(bannerColumns).from(banners).where(eq(banners.id, id)))[0];

export async function insertBanner(exec: Executor, values: typeof banners.$inferInsert) {
  const [row] = await exec.insert(banners).values(values).returning({ id: banners.id });
  return row.id;
}

export const deleteBanner = (exec: Executor, id: number) => exec.delete(banners).where(eq(banners.id, id));

/** Locks the banner, sets its status and answers the status it had. */
export async function setBannerStatus(exec: Executor, id: number, active: boolean) {
  const [before] = await exec.select({ active: banners.active }).from(banners).where(eq(banners.id, id)).for('update');
  if (!before) return undefined;
  if (before.active !== active) await exec.update(banners).set({ active }).where(eq(banners.id, id));
  return before.active;
}
