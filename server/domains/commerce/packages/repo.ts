import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { likeTerm, orderOf, type PageQuery, pageFor, qualified } from '../../../db/paging';
import {
  type AdvType,
  categories,
  homeScreenAds,
  services,
  specialPackageServices,
  specialPackages,
  subCategories,
  users,
} from '../../../db/schema';
import type { Paise } from '../../../money';

export type ExpiredFilter = 'all' | 'Y' | 'N';
export type { AdvType };

const packageColumns = {
  id: specialPackages.id,
  pkgName: specialPackages.pkgName,
  pkgDesc: specialPackages.pkgDesc,
  pricePaise: specialPackages.pricePaise,
  expiredStatus: specialPackages.expiredStatus,
  pkgImageUrl: specialPackages.pkgImageUrl,
  pkgImageName: specialPackages.pkgImageName,
  createdAt: specialPackages.createdAt,
  updatedAt: specialPackages.updatedAt,
};
export type PackageRow = {
  id: number;
  pkgName: string;
  pkgDesc: string;
  pricePaise: Paise;
  expiredStatus: 'Y' | 'N';
  pkgImageUrl: string | null;
  pkgImageName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A service is on offer while it, its sub-category and its category are all active. */
const onOffer = sql<boolean>`(${services.active} and ${subCategories.active} and ${categories.active})`;

/**
 * Bookable now: not expired, with at least one service, and no service that is off offer (a correlated test on the
 * package row, so a visitor's page is filtered and counted in SQL).
 */
const bookable = and(
  eq(specialPackages.expiredStatus, 'N'),
  sql`exists (select 1 from ${specialPackageServices} where ${qualified(specialPackageServices.packageId)} = ${qualified(specialPackages.id)})`,
  sql`not exists (select 1 from ${specialPackageServices} inner join ${services} on ${qualified(services.id)} = ${qualified(specialPackageServices.serviceId)} inner join ${subCategories} on ${qualified(subCategories.id)} = ${qualified(services.subCategoryId)} inner join ${categories} on ${qualified(categories.id)} = ${qualified(subCategories.categoryId)} where ${qualified(specialPackageServices.packageId)} = ${qualified(specialPackages.id)} and not (${qualified(services.active)} and ${qualified(subCategories.active)} and ${qualified(categories.active)}))`,
);

export async function pagePackages(
  exec: Executor,
  q: PageQuery & { pkgId?: number },
  view: { manager: boolean; expired: ExpiredFilter },
) {
  const search = q.search?.trim();
  const where = and(
    view.manager ? (view.expired === 'all' ? undefined : eq(specialPackages.expiredStatus, view.expired)) : bookable,
    q.pkgId ? eq(specialPackages.id, q.pkgId) : undefined,
    search
      ? or(ilike(specialPackages.pkgName, likeTerm(search)), ilike(specialPackages.pkgDesc, likeTerm(search)))
      : undefined,
  );
  const order = orderOf(
    q,
    {
      id: specialPackages.id,
      pkgName: sql`lower(${specialPackages.pkgName})`,
      price: specialPackages.pricePaise,
      createdAt: specialPackages.createdAt,
    },
    'id',
    specialPackages.id,
  );
  return pageFor(
    q,
    exec.select(packageColumns).from(specialPackages).$dynamic(),
    exec.select({ total: count() }).from(specialPackages).$dynamic(),
    where,
    order,
  );
}

export type PackageServiceRow = {
  id: number;
  packageId: number;
  serviceId: number;
  heading: string;
  imageUrl: string | null;
  pricePaise: Paise;
  discountPercent: number;
  gstPercent: number;
  available: boolean;
};

/** The services of these packages, in the order they were added. */
export const servicesOf = (exec: Executor, packageIds: number[]): Promise<PackageServiceRow[]> =>
  packageIds.length === 0
    ? Promise.resolve([])
    : (exec
        .select({
          id: specialPackageServices.id,
          packageId: specialPackageServices.packageId,
          serviceId: specialPackageServices.serviceId,
          heading: services.heading,
          imageUrl: services.imageUrl,
          pricePaise: services.pricePaise,
          discountPercent: services.discountPercent,
          gstPercent: services.gstPercent,
          available: onOffer,
        })
        .from(specialPackageServices)
        .innerJoin(services, eq(services.id, specialPackageServices.serviceId))
        .innerJoin(subCategories, eq(subCategories.id, services.subCategoryId))
        .innerJoin(categories, eq(categories.id, subCategories.categoryId))
        .where(inArray(specialPackageServices.packageId, packageIds))
        .orderBy(asc(specialPackageServices.id)) as Promise<PackageServiceRow[]>);

export const findPackage = async (exec: Executor, id: number): Promise<PackageRow | undefined> =>
  (await exec.select(packageColumns).from(specialPackages).where(eq(specialPackages.id, id)))[0] as
    | PackageRow
    | undefined;

/** Locks the package row (writes to one package, and bookings of it, run one after another). */
export const lockPackage = async (exec: Executor, id: number, mode: 'update' | 'share' = 'update') =>
  (await exec.select(packageColumns).from(specialPackages).where(eq(specialPackages.id, id)).for(mode))[0] as
    | PackageRow
    | undefined;

/** Serialises the writes that add or rename packages, so the name check sees every committed name. */
export const lockPackageNames = (exec: Executor) =>
  exec.execute(sql`lock table ${specialPackages} in share row exclusive mode`);

export const findPackageByName = async (exec: Executor, name: string, exceptId?: number) =>
  (
    await exec
      .select({ id: specialPackages.id, pkgName: specialPackages.pkgName })
      .from(specialPackages)
      .where(
        and(
          sql`lower(${specialPackages.pkgName}) = lower(${name})`,
          exceptId ? ne(specialPackages.id, exceptId) : undefined,
        ),
      )
      .limit(1)
  )[0];

export const insertPackage = async (exec: Executor, values: typeof specialPackages.$inferInsert) =>
  (await exec.insert(specialPackages).values(values).returning({ id: specialPackages.id }))[0].id;

export const updatePackage = (
  exec: Executor,
  id: number,
  values: Partial<Pick<typeof specialPackages.$inferInsert, 'pkgName' | 'pkgDesc' | 'pricePaise' | 'expiredStatus'>> & {
    pkgImageUrl?: string | null;
    pkgImageName?: string | null;
  },
) =>
  exec
    .update(specialPackages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(specialPackages.id, id));

/** Services by id with whether each is on offer now. */
export const findServices = (exec: Executor, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : exec
        .select({ id: services.id, heading: services.heading, available: onOffer })
        .from(services)
        .innerJoin(subCategories, eq(subCategories.id, services.subCategoryId))
        .innerJoin(categories, eq(categories.id, subCategories.categoryId))
        .where(inArray(services.id, ids));

export const countPackageServices = async (exec: Executor, packageId: number) =>
  (
    await exec
      .select({ n: count() })
      .from(specialPackageServices)
      .where(eq(specialPackageServices.packageId, packageId))
  )[0].n;

/** Adds the services to the package; answers the ids of the rows made (a service already in it is skipped). */
export const insertPackageServices = async (exec: Executor, packageId: number, serviceIds: number[]) =>
  serviceIds.length === 0
    ? []
    : (
        await exec
          .insert(specialPackageServices)
          .values(serviceIds.map((serviceId) => ({ packageId, serviceId })))
          .onConflictDoNothing()
          .returning({ id: specialPackageServices.id, serviceId: specialPackageServices.serviceId })
      ).map((r) => r.serviceId);

export const findPackageService = async (exec: Executor, id: number) =>
  (
    await exec
      .select({
        id: specialPackageServices.id,
        packageId: specialPackageServices.packageId,
        serviceId: specialPackageServices.serviceId,
        heading: services.heading,
      })
      .from(specialPackageServices)
      .innerJoin(services, eq(services.id, specialPackageServices.serviceId))
      .where(eq(specialPackageServices.id, id))
  )[0];

export const deletePackageService = async (exec: Executor, id: number) =>
  (
    await exec
      .delete(specialPackageServices)
      .where(eq(specialPackageServices.id, id))
      .returning({ id: specialPackageServices.id })
  ).length;

/** Every advertisement (home_screen_ads) not deleted, newest first, with who added it: the Excel download. */
export const advertisementsForExport = (exec: Executor, advType?: AdvType) => {
  const where: SQL | undefined = and(
    isNull(homeScreenAds.deletedAt),
    advType ? eq(homeScreenAds.advType, advType) : undefined,
  );
  return exec
    .select({
      id: homeScreenAds.id,
      advType: homeScreenAds.advType,
      description: homeScreenAds.description,
      discountDesc: homeScreenAds.discountDesc,
      imageUrl: homeScreenAds.imageUrl,
      status: homeScreenAds.status,
      addedByName: users.fullName,
      addedByRole: homeScreenAds.addedByRole,
      createDate: homeScreenAds.createDate,
    })
    .from(homeScreenAds)
    .innerJoin(users, eq(users.id, homeScreenAds.addedBy))
    .where(where)
    .orderBy(desc(homeScreenAds.createDate), desc(homeScreenAds.id));
};

/** A demo advertisement (the demo seed, when the advertisements module offers no create function). */
export async function ensureDemoAdvertisement(
  exec: Executor,
  values: { description: string; discountDesc: string; imageUrl: string | null; addedBy: number },
) {
  const [found] = await exec
    .select({ id: homeScreenAds.id })
    .from(homeScreenAds)
    .where(and(eq(homeScreenAds.advType, 'AD'), eq(homeScreenAds.description, values.description)))
    .limit(1);
  if (found) return found.id;
  const [row] = await exec
    .insert(homeScreenAds)
    .values({ ...values, advType: 'AD', addedByRole: 'A' })
    .returning({ id: homeScreenAds.id });
  return row.id;
}

export const findPackageIdByName = async (exec: Executor, name: string) =>
  (
    await exec
      .select({ id: specialPackages.id })
      .from(specialPackages)
      .where(sql`lower(${specialPackages.pkgName}) = lower(${name})`)
      .limit(1)
  )[0]?.id;
