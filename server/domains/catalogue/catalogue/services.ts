import type { Db, Executor } from '../../../db/client';
import { isForeignKeyViolation } from '../../../db/errors';
import type { PageQuery } from '../../../db/paging';
import { badRequest, conflict, notFound } from '../../../http';
import { type Paise, paise, priceBreakdown } from '../../../money';
import { checkOptionalImage, type Storage } from '../../../plugins/storage';
import * as tax from '../tax/service';
import {
  MAX_PRICE_PAISE,
  MAX_VISITING_PAISE,
  NEW_LAUNCH_DAYS,
  NEW_LAUNCH_LIMIT,
  onRace,
  type ProfessionalType,
  plural,
  requireName,
} from './common';
import * as repo from './repo';
import * as servicesRepo from './repo.services';

// Services: their money, their replies and their writes.

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
export function serviceDto(r: servicesRepo.ServiceRow) {
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

export const serviceTaken = (subCategory: string, heading: string) =>
  `Sub-category "${subCategory}" already has a service named "${heading}".`;

async function checkServiceInput(db: Db, input: ServiceInput, exceptId?: number) {
  const heading = requireName(input.heading, 'heading');
  // A rate withdrawn by law is refused even when the service already has it: saving asks for a rate in force.
  const money = serviceMoney(input, await tax.ratesInForce(db, new Date()));
  const subCategory = await repo.findSubCategory(db, input.subCategoryId);
  if (!subCategory) throw badRequest('subCategoryId', 'is not a known sub-category');
  const image = await checkOptionalImage(input.image, 'image');
  const bannerImage = await checkOptionalImage(input.bannerImage, 'bannerImage');
  const clash = await servicesRepo.serviceRows.sameNamed(db, heading, { parentId: input.subCategoryId, exceptId });
  if (clash) throw conflict('heading', serviceTaken(subCategory.subCategoryName, clash.name));
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
  const row = await servicesRepo.findService(db, id);
  if (!row) throw notFound(`Service ${id}`);
  return serviceDto(row);
}

export async function addService(db: Db, storage: Storage, input: ServiceInput) {
  const { values, subCategory, image, bannerImage } = await checkServiceInput(db, input);
  const id = await storage
    .withFiles(
      [image && { folder: 'services', file: image }, bannerImage && { folder: 'services', file: bannerImage }],
      async ([imageUrl, bannerImageUrl]) => ({
        result: await servicesRepo.serviceRows.insert(db, { ...values, imageUrl, bannerImageUrl }),
      }),
    )
    .catch(onRace('heading', serviceTaken(subCategory.subCategoryName, values.heading)));
  return serviceById(db, id);
}

/** PUT: every field is replaced except omitted pictures; a new subCategoryId moves the service. */
export async function updateService(db: Db, storage: Storage, id: number, input: ServiceInput) {
  if (!(await servicesRepo.findService(db, id))) throw notFound(`Service ${id}`);
  const { values, subCategory, image, bannerImage } = await checkServiceInput(db, input, id);
  await storage
    .withFiles(
      [image && { folder: 'services', file: image }, bannerImage && { folder: 'services', file: bannerImage }],
      async ([imageUrl, bannerImageUrl]) => {
        const old = await db.transaction(async (tx) => {
          const locked = await servicesRepo.serviceRows.lock(tx, id);
          if (!locked) throw notFound(`Service ${id}`);
          await servicesRepo.serviceRows.update(tx, id, {
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
  const page = await servicesRepo.pageServices(db, q, view);
  return { ...page, items: page.items.map(serviceDto) };
}

/** Visitors get 404 for a service that is inactive or under an inactive parent; admins see it. */
export async function getService(db: Db, id: number, admin: boolean) {
  const row = await servicesRepo.findService(db, id);
  if (!row || (!admin && !row.visible)) throw notFound(`Service ${id}`);
  const dto = serviceDto(row);
  const rating = dto.ratingAverage === null ? null : { average: dto.ratingAverage, count: dto.ratingCount };
  return { ...dto, media: await servicesRepo.listMedia(db, { serviceId: id }, false), rating };
}

export async function listServicesOfSubCategory(db: Db, subCategoryId: number, view: repo.View) {
  const sub = await repo.findSubCategory(db, subCategoryId);
  if (!sub || (!view.admin && !sub.visible)) throw notFound(`Sub-category ${subCategoryId}`);
  return (await servicesRepo.listServicesOfSubCategory(db, subCategoryId, view)).map(serviceDto);
}

/** New launches: visible services of the last 60 days, newest first, at most 12; else the 12 newest. */
export async function newServices(db: Db, now = new Date()) {
  const since = new Date(now.getTime() - NEW_LAUNCH_DAYS * 24 * 3600_000);
  let rows = await servicesRepo.newestServices(db, NEW_LAUNCH_LIMIT, since);
  if (rows.length === 0) rows = await servicesRepo.newestServices(db, NEW_LAUNCH_LIMIT);
  return rows.map(serviceDto);
}

/** Refused while banners point at the service; its pictures and videos go with it. */
export async function deleteService(db: Db, storage: Storage, id: number) {
  return storage
    .withFiles([], async () => {
      const { row, media } = await db.transaction(async (tx) => {
        const locked = await servicesRepo.serviceRows.lock(tx, id);
        if (!locked) throw notFound(`Service ${id}`);
        const n = await servicesRepo.serviceRows.countChildren(tx, id);
        if (n > 0) throw conflict('id', `Service "${locked.heading}" has ${plural(n, 'banner')}; delete them first.`);
        const urls = await servicesRepo.mediaUrlsOf(tx, id);
        await servicesRepo.serviceRows.delete(tx, id);
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
export const serviceVisibility = (exec: Executor, id: number) => servicesRepo.serviceVisibility(exec, id);

/**
 * For other modules' lists (favourites): the services with these ids as the API shows them, each with whether
 * customers can see it now (it and its sub-category and category active), keyed by id.
 */
export async function servicesByIds(exec: Executor, ids: number[]) {
  const rows = await servicesRepo.servicesByIds(exec, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, { ...serviceDto(r), visible: r.visible }]));
}
