import type { Db } from '../../../db/client';
import { isForeignKeyViolation } from '../../../db/errors';
import type { PageQuery } from '../../../db/paging';
import { badRequest, conflict, notFound } from '../../../http';
import { checkOptionalImage, type Storage } from '../../../plugins/storage';
import { onRace, plural, requireName } from './common';
import * as repo from './repo';

// Sub-categories.

export interface SubCategoryInput {
  subCategoryName: string;
  headingField?: string;
  categoryId: number;
  image?: string;
  fileName?: string;
}

export const subCategoryTaken = (category: string, name: string) =>
  `Category "${category}" already has a sub-category named "${name}".`;

export const pageSubCategories = (db: Db, q: PageQuery & { categoryId?: number }, view: repo.View) =>
  repo.pageSubCategories(db, q, view);

async function checkSubCategoryInput(db: Db, input: SubCategoryInput, exceptId?: number) {
  const name = requireName(input.subCategoryName, 'subCategoryName');
  const category = await repo.categoryState(db, input.categoryId);
  if (!category) throw badRequest('categoryId', 'is not a known category');
  const image = await checkOptionalImage(input.image, 'image');
  const clash = await repo.subCategoryRows.sameNamed(db, name, { parentId: input.categoryId, exceptId });
  if (clash) throw conflict('subCategoryName', subCategoryTaken(category.name, clash.name));
  return { name, category, image };
}

export async function addSubCategory(db: Db, storage: Storage, input: SubCategoryInput) {
  const { name, category, image } = await checkSubCategoryInput(db, input);
  const id = await storage
    .withFiles([image && { folder: 'subcategories', file: image }], async ([imageUrl]) => ({
      result: await repo.subCategoryRows.insert(db, {
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
        const locked = await repo.subCategoryRows.lock(tx, id);
        if (!locked) throw notFound(`Sub-category ${id}`);
        await repo.subCategoryRows.update(tx, id, {
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
        const locked = await repo.subCategoryRows.lock(tx, id);
        if (!locked) throw notFound(`Sub-category ${id}`);
        const n = await repo.subCategoryRows.countChildren(tx, id);
        if (n > 0)
          throw conflict('id', `Sub-category "${locked.name}" has ${plural(n, 'service')}; delete or move them first.`);
        await repo.subCategoryRows.delete(tx, id);
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
