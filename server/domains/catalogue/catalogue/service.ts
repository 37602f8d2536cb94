import type { Db, Executor } from '../../../db/client';
import { isForeignKeyViolation, uniqueViolation } from '../../../db/errors';
import type { PageQuery } from '../../../db/paging';
import { badRequest, conflict, type FieldError, HttpError, notFound } from '../../../http';
import { chunks, nameKey, RowErrors } from '../../../imports';
import { type Paise, paise, priceBreakdown } from '../../../money';
import { activeToggle, recordTransition } from '../../../plugins/audit';
import {
  type CheckedFile,
  checkOptionalImage,
  checkUpload,
  type Storage,
  youtubeWatchUrl,
} from '../../../plugins/storage';
import { geo } from '../../platform';
import * as tax from '../tax/service';
import * as repo from './repo';

export type { Status, View } from './repo';

export const PROFESSIONAL_TYPES = ['Technician', 'Engineer'] as const;
export type ProfessionalType = (typeof PROFESSIONAL_TYPES)[number];
export const MAX_PRICE_PAISE = paise(10_00_000 * 100);
export const MAX_VISITING_PAISE = paise(1_00_000 * 100);
export const MAX_MEDIA_PER_SERVICE = 30;
export const NEW_LAUNCH_DAYS = 60;
export const NEW_LAUNCH_LIMIT = 12;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function requireName(value: string, field: string) {
  const name = value.trim();
  if (!name) throw badRequest(field, 'must not be empty');
  return name;
}

/** A unique violation that slipped past the checks (a concurrent write) becomes the 409 the check would give. */
function onRace(field: string, message: string) {
  return (err: unknown): never => {
    if (uniqueViolation(err) !== null) throw conflict(field, message);
    throw err;
  };
}

// ---------------------------------------------------------------- categories

export interface CategoryInput {
  categoryName: string;
  details?: string;
  sacCode?: string;
  image?: string;
  fileName?: string;
  categoryZoneList?: { zoneId: number }[];
}

const categoryTaken = (name: string) => `A category named "${name}" already exists.`;

/** Services' SAC codes are 6 digits starting with 99 (CGST Rule 46 invoices print the category's). */
export const SAC_CODE = /^99\d{4}$/;
const SAC_RULE = 'must be a 6-digit SAC code of a service (starting with 99)';

function checkSacCode(value: string | undefined, field = 'sacCode') {
  if (value === undefined) return undefined;
  const code = value.trim();
  if (!SAC_CODE.test(code)) throw badRequest(field, SAC_RULE);
  return code;
}

async function checkZoneList(db: Db, list: { zoneId: number }[]) {
  const ids = [...new Set(list.map((z) => z.zoneId))];
  const found = new Set(await geo.existingZoneIds(db, ids));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    throw badRequest(
      'categoryZoneList',
      `${missing.length === 1 ? 'zone' : 'zones'} ${missing.join(', ')} do not exist`,
    );
  }
  return ids;
}

export const pageCategories = (db: Db, q: PageQuery, view: repo.View) => repo.pageCategories(db, q, view);

async function categoryById(db: Db, id: number) {
  const row = await repo.findCategory(db, id);
  if (!row) throw notFound(`Category ${id}`);
  return row;
}

/** One category; visitors get 404 for an inactive one, as for its sub-categories. */
export async function getCategory(db: Db, id: number, admin: boolean) {
  const row = await repo.findCategory(db, id, !admin);
  if (!row || (!admin && !row.active)) throw notFound(`Category ${id}`);
  return row;
}

export async function addCategory(db: Db, storage: Storage, input: CategoryInput) {
  const name = requireName(input.categoryName, 'categoryName');
  const sacCode = checkSacCode(input.sacCode);
  const image = await checkOptionalImage(input.image, 'image');
  const zoneIds = await checkZoneList(db, input.categoryZoneList ?? []);
  const clash = await repo.findCategoryByName(db, name);
  if (clash) throw conflict('categoryName', categoryTaken(clash.name));
  const id = await storage
    .withFiles([image && { folder: 'categories', file: image }], async ([imageUrl]) => ({
      result: await db.transaction(async (tx) => {
        const categoryId = await repo.insertCategory(tx, {
          name,
          details: input.details?.trim() ?? '',
          imageUrl,
          ...(sacCode && { sacCode }),
        });
        await repo.addCategoryZones(
          tx,
          zoneIds.map((zoneId) => ({ categoryId, zoneId })),
        );
        return categoryId;
      }),
    }))
    .catch(onRace('categoryName', categoryTaken(name)));
  return categoryById(db, id);
}

/** PATCH: only the fields sent change; an omitted picture is kept; a zone list replaces the zones. */
export async function updateCategory(db: Db, storage: Storage, id: number, input: Partial<CategoryInput>) {
  await categoryById(db, id);
  const name = input.categoryName === undefined ? undefined : requireName(input.categoryName, 'categoryName');
  const sacCode = checkSacCode(input.sacCode);
  const image = await checkOptionalImage(input.image, 'image');
  const zoneIds = input.categoryZoneList ? await checkZoneList(db, input.categoryZoneList) : undefined;
  if (name !== undefined) {
    const clash = await repo.findCategoryByName(db, name, id);
    if (clash) throw conflict('categoryName', categoryTaken(clash.name));
  }
  await storage
    .withFiles([image && { folder: 'categories', file: image }], async ([imageUrl]) => {
      const old = await db.transaction(async (tx) => {
        const locked = await repo.lockCategory(tx, id);
        if (!locked) throw notFound(`Category ${id}`);
        await repo.updateCategory(tx, id, {
          ...(name !== undefined && { name }),
          ...(input.details !== undefined && { details: input.details.trim() }),
          ...(sacCode !== undefined && { sacCode }),
          ...(imageUrl && { imageUrl }),
        });
        if (zoneIds) await repo.setCategoryZones(tx, id, zoneIds);
        return locked;
      });
      return { result: undefined, replaced: imageUrl ? [old.imageUrl] : [] };
    })
    .catch(onRace('categoryName', categoryTaken(name ?? '')));
  return categoryById(db, id);
}

/** Refused while the category has sub-categories (docs/decisions/004); its zone links go with it. */
export async function deleteCategory(db: Db, storage: Storage, id: number) {
  return storage
    .withFiles([], async () => {
      const row = await db.transaction(async (tx) => {
        const locked = await repo.lockCategory(tx, id);
        if (!locked) throw notFound(`Category ${id}`);
        const n = await repo.countSubCategoriesOf(tx, id);
        if (n > 0) {
          throw conflict(
            'id',
            `Category "${locked.name}" has ${plural(n, 'sub-category', 'sub-categories')}; delete or move them first.`,
          );
        }
        await repo.deleteCategory(tx, id);
        return locked;
      });
      return { result: row, replaced: [row.imageUrl] };
    })
    .catch((err) => {
      if (isForeignKeyViolation(err))
        throw conflict('id', 'A sub-category was just added to this category; delete or move it first.');
      throw err;
    });
}

// ---------------------------------------------------------------- category zones

export async function listCategoryZones(db: Db, categoryId: number, admin: boolean) {
  const category = await repo.categoryState(db, categoryId);
  if (!category || (!admin && !category.active)) throw notFound(`Category ${categoryId}`);
  return repo.listCategoryZones(db, categoryId, !admin);
}

export async function addZoneToCategory(db: Db, categoryId: number, zoneId: number) {
  const category = await repo.categoryState(db, categoryId);
  if (!category) throw notFound(`Category ${categoryId}`);
  if (!(await geo.existingZoneIds(db, [zoneId])).length) throw notFound(`Zone ${zoneId}`);
  const existing = await repo.findCategoryZoneLink(db, categoryId, zoneId);
  if (existing) throw conflict('Zoneid', `${category.name} is already offered in zone ${existing.zoneName}.`);
  await repo.addCategoryZones(db, [{ categoryId, zoneId }]);
  const link = await repo.findCategoryZoneLink(db, categoryId, zoneId);
  if (!link) throw notFound(`Zone ${zoneId}`);
  return link;
}

export async function deleteZoneFromCategory(db: Db, id: number) {
  const link = await repo.findCategoryZone(db, id);
  if (!link) throw notFound(`Category zone link ${id}`);
  await repo.deleteCategoryZone(db, id);
  return link;
}

// ---------------------------------------------------------------- sub-categories

export interface SubCategoryInput {
  subCategoryName: string;
  headingField?: string;
  categoryId: number;
  image?: string;
  fileName?: string;
}

const subCategoryTaken = (category: string, name: string) =>
  `Category "${category}" already has a sub-category named "${name}".`;

export const pageSubCategories = (db: Db, q: PageQuery & { categoryId?: number }, view: repo.View) =>
  repo.pageSubCategories(db, q, view);

async function checkSubCategoryInput(db: Db, input: SubCategoryInput, exceptId?: number) {
  const name = requireName(input.subCategoryName, 'subCategoryName');
  const category = await repo.categoryState(db, input.categoryId);
  if (!category) throw badRequest('categoryId', 'is not a known category');
  const image = await checkOptionalImage(input.image, 'image');
  const clash = await repo.findSubCategoryByName(db, input.categoryId, name, exceptId);
  if (clash) throw conflict('subCategoryName', subCategoryTaken(category.name, clash.name));
  return { name, category, image };
}

export async function addSubCategory(db: Db, storage: Storage, input: SubCategoryInput) {
  const { name, category, image } = await checkSubCategoryInput(db, input);
  const id = await storage
    .withFiles([image && { folder: 'subcategories', file: image }], async ([imageUrl]) => ({
      result: await repo.insertSubCategory(db, {
        name,
        categoryId: input.categoryId,
        headingField: input.headingField?.trim() ?? '',
        imageUrl,
      }),
    }))
    .catch(onRace('subCategoryName', subCategoryTaken(category.name, name)));
  return getSubCategory(db, id, true);
}

/** PUT: every field is replaced except an omitted picture; a new categoryId moves the sub-category. */
export async function updateSubCategory(db: Db, storage: Storage, id: number, input: SubCategoryInput) {
  if (!(await repo.findSubCategory(db, id))) throw notFound(`Sub-category ${id}`);
  const { name, category, image } = await checkSubCategoryInput(db, input, id);
  await storage
    .withFiles([image && { folder: 'subcategories', file: image }], async ([imageUrl]) => {
      const old = await db.transaction(async (tx) => {
        const locked = await repo.lockSubCategory(tx, id);
        if (!locked) throw notFound(`Sub-category ${id}`);
        await repo.updateSubCategory(tx, id, {
          name,
          categoryId: input.categoryId,
          headingField: input.headingField?.trim() ?? '',
          ...(imageUrl && { imageUrl }),
        });
        return locked;
      });
      return { result: undefined, replaced: imageUrl ? [old.imageUrl] : [] };
    })
    .catch(onRace('subCategoryName', subCategoryTaken(category.name, name)));
  return getSubCategory(db, id, true);
}

/** Visitors get 404 for a sub-category that is inactive or whose category is. */
export async function getSubCategory(db: Db, id: number, admin: boolean) {
  const row = await repo.findSubCategory(db, id, !admin);
  if (!row || (!admin && !row.visible)) throw notFound(`Sub-category ${id}`);
  const { visible: _visible, ...subCategory } = row;
  return subCategory;
}

export async function listSubCategoriesOfCategory(db: Db, categoryId: number, view: repo.View) {
  const category = await repo.categoryState(db, categoryId);
  if (!category || (!view.admin && !category.active)) throw notFound(`Category ${categoryId}`);
  return repo.listSubCategoriesOfCategory(db, categoryId, view);
}

/** Refused while the sub-category has services (docs/decisions/004). */
export async function deleteSubCategory(db: Db, storage: Storage, id: number) {
  return storage
    .withFiles([], async () => {
      const row = await db.transaction(async (tx) => {
        const locked = await repo.lockSubCategory(tx, id);
        if (!locked) throw notFound(`Sub-category ${id}`);
        const n = await repo.countServicesOf(tx, id);
        if (n > 0)
          throw conflict('id', `Sub-category "${locked.name}" has ${plural(n, 'service')}; delete or move them first.`);
        await repo.deleteSubCategory(tx, id);
        return locked;
      });
      return { result: row, replaced: [row.imageUrl] };
    })
    .catch((err) => {
      if (isForeignKeyViolation(err))
        throw conflict('id', 'A service was just added to this sub-category; delete or move it first.');
      throw err;
    });
}

// ---------------------------------------------------------------- services

export interface ServiceInput {
  heading: string;
  price: Paise;
  discount?: number;
  gst: number;
  subCategoryId: number;
  pDetails?: string;
  visitingCharges?: Paise;
  professionalType: ProfessionalType;
  image?: string;
  fileName?: string;
  bannerImage?: string;
  bannerFileName?: string;
}

/**
 * The stored money of a service: paise and whole percentages, checked against the rules of docs/decisions/004;
 * `gstRates` are the GST rates in force (tax.ratesInForce: GST rates are data with effective dates).
 */
export function serviceMoney(
  input: { price: Paise; discount?: number; gst: number; visitingCharges?: Paise },
  gstRates: readonly number[],
) {
  const pricePaise = input.price;
  if (pricePaise <= 0 || pricePaise > MAX_PRICE_PAISE)
    throw badRequest('price', 'must be more than 0 and at most 10,00,000 rupees');
  const discountPercent = input.discount ?? 0;
  if (!Number.isInteger(discountPercent) || discountPercent < 0 || discountPercent > 100) {
    throw badRequest('discount', 'must be a whole percentage from 0 to 100');
  }
  if (!gstRates.includes(input.gst)) throw badRequest('gst', tax.notInForce(gstRates));
  const visitingChargesPaise = input.visitingCharges ?? paise(0);
  if (visitingChargesPaise < 0 || visitingChargesPaise > MAX_VISITING_PAISE) {
    throw badRequest('visitingCharges', 'must be from 0 to 1,00,000 rupees');
  }
  return { pricePaise, discountPercent, gstPercent: input.gst, visitingChargesPaise };
}

/** A service as the API shows it, with the prices the server computed (in paise; routes.ts shows rupees). */
export function serviceDto(r: repo.ServiceRow) {
  const p = priceBreakdown(r.pricePaise, r.discountPercent, r.gstPercent);
  return {
    id: r.id,
    heading: r.heading,
    pDetails: r.pDetails,
    subCategoryId: r.subCategoryId,
    subCategoryName: r.subCategoryName,
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    price: r.pricePaise,
    discount: r.discountPercent,
    gst: r.gstPercent,
    discountedPrice: p.discountedPaise,
    gstAmount: p.gstPaise,
    finalPrice: p.finalPaise,
    visitingCharges: r.visitingChargesPaise,
    professionalType: r.professionalType as ProfessionalType,
    imageUrl: r.imageUrl,
    bannerImageUrl: r.bannerImageUrl,
    active: r.active,
    createdAt: r.createdAt,
    ratingAverage: r.ratingCount ? Math.round(((r.ratingTotal ?? 0) * 10) / r.ratingCount) / 10 : null,
    ratingCount: r.ratingCount ?? 0,
  };
}

const serviceTaken = (subCategory: string, heading: string) =>
  `Sub-category "${subCategory}" already has a service named "${heading}".`;

async function checkServiceInput(db: Db, input: ServiceInput, exceptId?: number) {
  const heading = requireName(input.heading, 'heading');
  // A rate withdrawn by law is refused even when the service already has it: saving asks for a rate in force.
  const money = serviceMoney(input, await tax.ratesInForce(db, new Date()));
  const subCategory = await repo.findSubCategory(db, input.subCategoryId);
  if (!subCategory) throw badRequest('subCategoryId', 'is not a known sub-category');
  const image = await checkOptionalImage(input.image, 'image');
  const bannerImage = await checkOptionalImage(input.bannerImage, 'bannerImage');
  const clash = await repo.findServiceByHeading(db, input.subCategoryId, heading, exceptId);
  if (clash) throw conflict('heading', serviceTaken(subCategory.subCategoryName, clash.heading));
  const values = {
    heading,
    subCategoryId: input.subCategoryId,
    details: input.pDetails?.trim() ?? '',
    professionalType: input.professionalType,
    ...money,
  };
  return { values, subCategory, image, bannerImage };
}

async function serviceById(db: Db, id: number) {
  const row = await repo.findService(db, id);
  if (!row) throw notFound(`Service ${id}`);
  return serviceDto(row);
}

export async function addService(db: Db, storage: Storage, input: ServiceInput) {
  const { values, subCategory, image, bannerImage } = await checkServiceInput(db, input);
  const id = await storage
    .withFiles(
      [image && { folder: 'services', file: image }, bannerImage && { folder: 'services', file: bannerImage }],
      async ([imageUrl, bannerImageUrl]) => ({
        result: await repo.insertService(db, { ...values, imageUrl, bannerImageUrl }),
      }),
    )
    .catch(onRace('heading', serviceTaken(subCategory.subCategoryName, values.heading)));
  return serviceById(db, id);
}

/** PUT: every field is replaced except omitted pictures; a new subCategoryId moves the service. */
export async function updateService(db: Db, storage: Storage, id: number, input: ServiceInput) {
  if (!(await repo.findService(db, id))) throw notFound(`Service ${id}`);
  const { values, subCategory, image, bannerImage } = await checkServiceInput(db, input, id);
  await storage
    .withFiles(
      [image && { folder: 'services', file: image }, bannerImage && { folder: 'services', file: bannerImage }],
      async ([imageUrl, bannerImageUrl]) => {
        const old = await db.transaction(async (tx) => {
          const locked = await repo.lockService(tx, id);
          if (!locked) throw notFound(`Service ${id}`);
          await repo.updateService(tx, id, {
            ...values,
            ...(imageUrl && { imageUrl }),
            ...(bannerImageUrl && { bannerImageUrl }),
          });
          return locked;
        });
        return { result: undefined, replaced: [imageUrl && old.imageUrl, bannerImageUrl && old.bannerImageUrl] };
      },
    )
    .catch(onRace('heading', serviceTaken(subCategory.subCategoryName, values.heading)));
  return serviceById(db, id);
}

export async function pageServices(
  db: Db,
  q: PageQuery & { subCategoryId?: number; categoryId?: number },
  view: repo.View,
) {
  const page = await repo.pageServices(db, q, view);
  return { ...page, items: page.items.map(serviceDto) };
}

/** Visitors get 404 for a service that is inactive or under an inactive parent; admins see it. */
export async function getService(db: Db, id: number, admin: boolean) {
  const row = await repo.findService(db, id);
  if (!row || (!admin && !row.visible)) throw notFound(`Service ${id}`);
  const dto = serviceDto(row);
  const rating = dto.ratingAverage === null ? null : { average: dto.ratingAverage, count: dto.ratingCount };
  return { ...dto, media: await repo.listMedia(db, { serviceId: id }, false), rating };
}

export async function listServicesOfSubCategory(db: Db, subCategoryId: number, view: repo.View) {
  const sub = await repo.findSubCategory(db, subCategoryId);
  if (!sub || (!view.admin && !sub.visible)) throw notFound(`Sub-category ${subCategoryId}`);
  return (await repo.listServicesOfSubCategory(db, subCategoryId, view)).map(serviceDto);
}

/** New launches: visible services of the last 60 days, newest first, at most 12; else the 12 newest. */
export async function newServices(db: Db, now = new Date()) {
  const since = new Date(now.getTime() - NEW_LAUNCH_DAYS * 24 * 3600_000);
  let rows = await repo.newestServices(db, NEW_LAUNCH_LIMIT, since);
  if (rows.length === 0) rows = await repo.newestServices(db, NEW_LAUNCH_LIMIT);
  return rows.map(serviceDto);
}

/** Refused while banners point at the service; its pictures and videos go with it. */
export async function deleteService(db: Db, storage: Storage, id: number) {
  return storage
    .withFiles([], async () => {
      const { row, media } = await db.transaction(async (tx) => {
        const locked = await repo.lockService(tx, id);
        if (!locked) throw notFound(`Service ${id}`);
        const n = await repo.countBannersOf(tx, id);
        if (n > 0) throw conflict('id', `Service "${locked.heading}" has ${plural(n, 'banner')}; delete them first.`);
        const urls = await repo.mediaUrlsOf(tx, id);
        await repo.deleteService(tx, id);
        return { row: locked, media: urls };
      });
      return { result: row, replaced: [row.imageUrl, row.bannerImageUrl, ...media] };
    })
    .catch((err) => {
      if (isForeignKeyViolation(err)) throw conflict('id', 'A banner was just added to this service; delete it first.');
      throw err;
    });
}

/** For the banners module: the service a banner may point at. */
export const serviceVisibility = (exec: Executor, id: number) => repo.serviceVisibility(exec, id);

/**
 * For other modules' lists (favourites): the services with these ids as the API shows them, each with whether
 * customers can see it now (it and its sub-category and category active), keyed by id.
 */
export async function servicesByIds(exec: Executor, ids: number[]) {
  const rows = await repo.servicesByIds(exec, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, { ...serviceDto(r), visible: r.visible }]));
}

// ---------------------------------------------------------------- service media

export type MediaType = 'image' | 'video' | 'youtube';

export async function listMedia(db: Db, filter: { SubCategoryId?: number; ServiceId?: number }, admin: boolean) {
  if (!filter.SubCategoryId && !filter.ServiceId) throw badRequest('SubCategoryId', 'or ServiceId is required');
  return repo.listMedia(db, { serviceId: filter.ServiceId, subCategoryId: filter.SubCategoryId }, !admin);
}

export async function addMedia(
  db: Db,
  storage: Storage,
  serviceId: number,
  type: MediaType,
  body: { media?: string; fileName?: string; youtubeLink?: string },
) {
  const service = await repo.findService(db, serviceId);
  if (!service) throw notFound(`Service ${serviceId}`);
  let file: CheckedFile | null = null;
  let link: string | null = null;
  if (type === 'youtube') {
    if (!body.youtubeLink) throw badRequest('youtubeLink', 'is required when Vidtype is youtube');
    link = youtubeWatchUrl(body.youtubeLink, 'youtubeLink');
  } else {
    if (!body.media) throw badRequest('media', `is required when Vidtype is ${type}`);
    file = await checkUpload(body.media, 'media', type);
  }
  if ((await repo.countMediaOf(db, serviceId)) >= MAX_MEDIA_PER_SERVICE) {
    throw conflict(
      'ServiceId',
      `A service holds at most ${MAX_MEDIA_PER_SERVICE} pictures and videos; remove one first.`,
    );
  }
  const id = await storage.withFiles([file && { folder: 'media', file }], async ([url]) => ({
    result: await repo.insertMedia(db, {
      serviceId,
      kind: type,
      url: url ?? link!,
      fileName: body.fileName?.trim() || null,
    }),
  }));
  return (await repo.findMedia(db, id))!;
}

export async function deleteMedia(db: Db, storage: Storage, id: number) {
  const media = await repo.findMedia(db, id);
  if (!media) throw notFound(`Media ${id}`);
  return storage.withFiles([], async () => {
    await repo.deleteMedia(db, id);
    return { result: media, replaced: [media.url] };
  });
}

// ---------------------------------------------------------------- search and availability

export async function globalSearch(db: Db, search: string) {
  const term = search.trim();
  if (term.length < 2) throw badRequest('search', 'must be at least 2 characters');
  const [categories, subCategories, services] = await Promise.all([
    repo.searchCategories(db, term, 5),
    repo.searchSubCategories(db, term, 5),
    repo.searchServices(db, term, 8),
  ]);
  return {
    categories,
    subCategories,
    services: services.map((s) => ({
      id: s.id,
      heading: s.heading,
      finalPrice: priceBreakdown(s.pricePaise, s.discountPercent, s.gstPercent).finalPaise,
      subCategoryName: s.subCategoryName,
      imageUrl: s.imageUrl,
    })),
  };
}

/** Whether the category is offered at the pincode: the pincode's active zone is one of the active category's zones. */
export async function availability(db: Db, pinCode: string, categoryId: number) {
  const category = await repo.categoryState(db, categoryId);
  if (!category) throw notFound(`Category ${categoryId}`);
  const zone = await repo.zoneOfPincode(db, pinCode, categoryId);
  const served = zone?.zoneActive ? zone : null;
  const where = { zoneId: served?.zoneId ?? null, zoneName: served?.zoneName ?? null };
  if (!category.active) return { available: false, ...where, message: `${category.name} is not available right now.` };
  if (!served) return { available: false, ...where, message: `We do not serve pincode ${pinCode} yet.` };
  if (!served.offered) {
    return { available: false, ...where, message: `${category.name} is not offered in ${served.zoneName} yet.` };
  }
  return { available: true, ...where, message: `${category.name} is available at ${pinCode} (${served.zoneName}).` };
}

// ---------------------------------------------------------------- activate / deactivate

const toggles = {
  Category: { entity: 'Category', flip: repo.toggleCategory },
  SubCategory: { entity: 'SubCategory', flip: repo.toggleSubCategory },
  Services: { entity: 'Service', flip: repo.toggleService },
} as const;
export type CatalogueToggle = keyof typeof toggles;

/** Flips the item's active flag and records the transition, in one transaction. */
export async function toggle(db: Db, kind: CatalogueToggle, id: number, actorId: number) {
  const { entity, flip } = toggles[kind];
  return db.transaction(async (tx) => {
    const row = await flip(tx, id);
    if (!row) throw notFound(`${entity} ${id}`);
    await recordTransition(tx, activeToggle(entity, id, row.active, actorId));
    return row;
  });
}

// ---------------------------------------------------------------- imports

const importRace = () =>
  conflict('rows', 'Another change added some of these names meanwhile; nothing was imported. Please try again.');

export interface CategoryImportRow {
  categoryName: string;
  details?: string;
  sacCode?: string;
  zoneName?: string;
}

/** `zoneName` lists zones separated by commas; a name used in several cities is written `Zone (City)`. */
export async function importCategories(db: Db, rows: CategoryImportRow[]) {
  const errors = new RowErrors();
  const seen = new Map<string, number>();
  rows.forEach((r, i) => {
    if (!r.categoryName.trim()) errors.add(i, 'categoryName', 'must not be empty');
    else errors.firstOf(seen, nameKey(r.categoryName), i, 'categoryName', `"${r.categoryName.trim()}"`);
    if (r.sacCode !== undefined && !SAC_CODE.test(r.sacCode.trim())) errors.add(i, 'sacCode', SAC_RULE);
  });
  const existing = await repo.categoriesByNames(db, [...seen.keys()]);
  const taken = new Map(existing.map((c) => [nameKey(c.name), c.name]));
  rows.forEach((r, i) => {
    const name = taken.get(nameKey(r.categoryName));
    if (name && seen.get(nameKey(r.categoryName)) === i) errors.add(i, 'categoryName', categoryTaken(name));
  });

  const tokens = rows.map((r) =>
    (r.zoneName ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => {
        const m = /^(.*?)\s*\(([^()]*)\)$/.exec(t);
        return m ? { text: t, zone: nameKey(m[1]), city: nameKey(m[2]) } : { text: t, zone: nameKey(t), city: null };
      }),
  );
  const zones = await geo.zonesNamed(db, [...new Set(tokens.flat().map((t) => t.zone))]);
  const zoneIds: number[][] = rows.map(() => []);
  tokens.forEach((list, i) => {
    for (const t of list) {
      const matches = zones.filter(
        (z) => nameKey(z.zoneName) === t.zone && (t.city === null || nameKey(z.cityName) === t.city),
      );
      if (matches.length === 1) zoneIds[i].push(matches[0].id);
      else if (matches.length === 0) errors.add(i, 'zoneName', `"${t.text}" is not a known zone`);
      else {
        const cities = matches.map((z) => z.cityName).join(', ');
        errors.add(
          i,
          'zoneName',
          `"${t.text}" names zones in several cities (${cities}); write it as "${t.text} (City)"`,
        );
      }
    }
  });
  errors.throwIfAny();

  try {
    await db.transaction(async (tx) => {
      for (const part of chunks(rows.map((r, i) => ({ r, i })))) {
        const inserted = await repo.insertCategories(
          tx,
          part.map(({ r }) => ({
            name: r.categoryName.trim(),
            details: r.details?.trim() ?? '',
            ...(r.sacCode && { sacCode: r.sacCode.trim() }),
          })),
        );
        const idOf = new Map(inserted.map((c) => [nameKey(c.name), c.id]));
        const links = part.flatMap(({ r, i }) =>
          [...new Set(zoneIds[i])].map((zoneId) => ({ categoryId: idOf.get(nameKey(r.categoryName))!, zoneId })),
        );
        for (const linkPart of chunks(links)) await repo.addCategoryZones(tx, linkPart);
      }
    });
  } catch (err) {
    if (uniqueViolation(err) !== null) throw importRace();
    throw err;
  }
  return { imported: rows.length };
}

export interface SubCategoryImportRow {
  subCategoryName: string;
  headingField?: string;
  categoryName: string;
}

/** Resolves category names (case-insensitive) in one query; unknown names are row errors. */
async function categoryIdsByName(db: Db, rows: { categoryName: string }[], errors: RowErrors) {
  const found = await repo.categoriesByNames(db, [...new Set(rows.map((r) => nameKey(r.categoryName)))]);
  const ids = new Map(found.map((c) => [nameKey(c.name), c.id]));
  return rows.map((r, i) => {
    const id = ids.get(nameKey(r.categoryName));
    if (id === undefined) errors.add(i, 'categoryName', `"${r.categoryName.trim()}" is not a known category`);
    return id;
  });
}

export async function importSubCategories(db: Db, rows: SubCategoryImportRow[]) {
  const errors = new RowErrors();
  const categoryIds = await categoryIdsByName(db, rows, errors);
  const seen = new Map<string, number>();
  const keyOf = (i: number) => `${categoryIds[i]}|${nameKey(rows[i].subCategoryName)}`;
  rows.forEach((r, i) => {
    if (!r.subCategoryName.trim()) errors.add(i, 'subCategoryName', 'must not be empty');
    else if (categoryIds[i] !== undefined) {
      errors.firstOf(seen, keyOf(i), i, 'subCategoryName', `"${r.subCategoryName.trim()}" in ${r.categoryName.trim()}`);
    }
  });
  const existing = await repo.subCategoriesByNames(
    db,
    [...new Set(categoryIds.filter((id): id is number => id !== undefined))],
    [...new Set(rows.map((r) => nameKey(r.subCategoryName)))],
  );
  const taken = new Map(existing.map((s) => [`${s.categoryId}|${nameKey(s.name)}`, s.name]));
  rows.forEach((r, i) => {
    const name = categoryIds[i] !== undefined ? taken.get(keyOf(i)) : undefined;
    if (name && seen.get(keyOf(i)) === i)
      errors.add(i, 'subCategoryName', subCategoryTaken(r.categoryName.trim(), name));
  });
  errors.throwIfAny();

  try {
    await db.transaction(async (tx) => {
      for (const part of chunks(rows.map((r, i) => ({ r, i })))) {
        await repo.insertSubCategories(
          tx,
          part.map(({ r, i }) => ({
            name: r.subCategoryName.trim(),
            headingField: r.headingField?.trim() ?? '',
            categoryId: categoryIds[i]!,
          })),
        );
      }
    });
  } catch (err) {
    if (uniqueViolation(err) !== null) throw importRace();
    throw err;
  }
  return { imported: rows.length };
}

/** A sheet row with its amounts already in paise; null where the rupees were invalid (already in `errors`). */
export interface ServiceImportRow {
  heading: string;
  price: Paise | null;
  discount?: number;
  gst: number;
  categoryName: string;
  subCategoryName: string;
  pDetails?: string;
  professionalType: ProfessionalType;
  visitingCharges?: Paise | null;
}

export async function importServices(db: Db, rows: ServiceImportRow[], errors = new RowErrors()) {
  const gstRates = await tax.ratesInForce(db, new Date());
  const money = rows.map((r, i) => {
    if (r.price === null || r.visitingCharges === null) return undefined;
    try {
      return serviceMoney({ ...r, price: r.price, visitingCharges: r.visitingCharges }, gstRates);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      for (const e of err.errors as FieldError[]) errors.add(i, e.field, e.message);
      return undefined;
    }
  });
  const categoryIds = await categoryIdsByName(db, rows, errors);
  const subs = await repo.subCategoriesByNames(
    db,
    [...new Set(categoryIds.filter((id): id is number => id !== undefined))],
    [...new Set(rows.map((r) => nameKey(r.subCategoryName)))],
  );
  const subIdOf = new Map(subs.map((s) => [`${s.categoryId}|${nameKey(s.name)}`, s.id]));
  const subIds = rows.map((r, i) => {
    if (categoryIds[i] === undefined) return undefined;
    const id = subIdOf.get(`${categoryIds[i]}|${nameKey(r.subCategoryName)}`);
    if (id === undefined) {
      errors.add(
        i,
        'subCategoryName',
        `"${r.subCategoryName.trim()}" is not a sub-category of ${r.categoryName.trim()}`,
      );
    }
    return id;
  });

  const seen = new Map<string, number>();
  const keyOf = (i: number) => `${subIds[i]}|${nameKey(rows[i].heading)}`;
  rows.forEach((r, i) => {
    if (!r.heading.trim()) errors.add(i, 'heading', 'must not be empty');
    else if (subIds[i] !== undefined) {
      errors.firstOf(seen, keyOf(i), i, 'heading', `"${r.heading.trim()}" in ${r.subCategoryName.trim()}`);
    }
  });
  const existing = await repo.servicesByHeadings(
    db,
    [...new Set(subIds.filter((id): id is number => id !== undefined))],
    [...new Set(rows.map((r) => nameKey(r.heading)))],
  );
  const taken = new Map(existing.map((s) => [`${s.subCategoryId}|${nameKey(s.heading)}`, s.heading]));
  rows.forEach((r, i) => {
    const heading = subIds[i] !== undefined ? taken.get(keyOf(i)) : undefined;
    if (heading && seen.get(keyOf(i)) === i) errors.add(i, 'heading', serviceTaken(r.subCategoryName.trim(), heading));
  });
  errors.throwIfAny();

  try {
    await db.transaction(async (tx) => {
      for (const part of chunks(rows.map((r, i) => ({ r, i })))) {
        await repo.insertServices(
          tx,
          part.map(({ r, i }) => ({
            heading: r.heading.trim(),
            subCategoryId: subIds[i]!,
            details: r.pDetails?.trim() ?? '',
            professionalType: r.professionalType,
            ...money[i]!,
          })),
        );
      }
    });
  } catch (err) {
    if (uniqueViolation(err) !== null) throw importRace();
    throw err;
  }
  return { imported: rows.length };
}
