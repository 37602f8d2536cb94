import type { Db } from '../../../db/client';
import { isForeignKeyViolation } from '../../../db/errors';
import type { PageQuery } from '../../../db/paging';
import { badRequest, conflict, notFound } from '../../../http';
import { checkOptionalImage, type Storage } from '../../../plugins/storage';
import { geo } from '../../platform';
import { onRace, plural, requireName } from './common';
import * as repo from './repo';

// Categories and the zones they are offered in.

export interface CategoryInput {
  categoryName: string;
  details?: string;
  sacCode?: string;
  image?: string;
  fileName?: string;
  categoryZoneList?: { zoneId: number }[];
}

export const categoryTaken = (name: string) => `A category named "${name}" already exists.`;

/** Services' SAC codes are 6 digits starting with 99 (CGST Rule 46 invoices print the category's). */
export const SAC_CODE = /^99\d{4}$/;
export const SAC_RULE = 'must be a 6-digit SAC code of a service (starting with 99)';

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
  const clash = await repo.categoryRows.sameNamed(db, name);
  if (clash) throw conflict('categoryName', categoryTaken(clash.name));
  const id = await storage
    .withFiles([image && { folder: 'categories', file: image }], async ([imageUrl]) => ({
      result: await db.transaction(async (tx) => {
        const categoryId = await repo.categoryRows.insert(tx, {
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
    const clash = await repo.categoryRows.sameNamed(db, name, { exceptId: id });
    if (clash) throw conflict('categoryName', categoryTaken(clash.name));
  }
  await storage
    .withFiles([image && { folder: 'categories', file: image }], async ([imageUrl]) => {
      const old = await db.transaction(async (tx) => {
        const locked = await repo.categoryRows.lock(tx, id);
        if (!locked) throw notFound(`Category ${id}`);
        await repo.categoryRows.update(tx, id, {
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
        const locked = await repo.categoryRows.lock(tx, id);
        if (!locked) throw notFound(`Category ${id}`);
        const n = await repo.categoryRows.countChildren(tx, id);
        if (n > 0) {
          throw conflict(
            'id',
            `Category "${locked.name}" has ${plural(n, 'sub-category', 'sub-categories')}; delete or move them first.`,
          );
        }
        await repo.categoryRows.delete(tx, id);
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
