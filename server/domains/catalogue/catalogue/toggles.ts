import type { Db } from '../../../db/client';
import { notFound } from '../../../http';
import { activeToggle, recordTransition } from '../../../plugins/audit';
import * as repo from './repo';
import * as servicesRepo from './repo.services';

// Activating and deactivating categories, sub-categories and services.

const toggles = {
  Category: { entity: 'Category', flip: repo.categoryRows.toggle },
  SubCategory: { entity: 'SubCategory', flip: repo.subCategoryRows.toggle },
  Services: { entity: 'Service', flip: servicesRepo.serviceRows.toggle },
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
