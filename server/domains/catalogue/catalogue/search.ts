import type { Db } from '../../../db/client';
import { badRequest, notFound } from '../../../http';
import { priceBreakdown } from '../../../money';
import * as repo from './repo';
import * as servicesRepo from './repo.services';

// Search and availability at a pincode.

export async function globalSearch(db: Db, search: string) {
  const term = search.trim();
  if (term.length < 2) throw badRequest('search', 'must be at least 2 characters');
  const [categories, subCategories, services] = await Promise.all([
    servicesRepo.searchCategories(db, term, 5),
    servicesRepo.searchSubCategories(db, term, 5),
    servicesRepo.searchServices(db, term, 8),
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
