// Search-parameter readers shared by the storefront routes' validateSearch (they run in the entry chunk: keep tiny).

/** A positive 32-bit id, or undefined. */
export function posInt(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
}

/** A trimmed, non-empty string of at most `max` characters, or undefined. */
export function text(v: unknown, max = 100): string | undefined {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return s ? s.slice(0, max) : undefined;
}

export interface CategorySearch {
  categoryId?: number;
}
export const categorySearch = (s: Record<string, unknown>): CategorySearch => ({ categoryId: posInt(s.categoryId) });

export interface ServicesSearch {
  page?: number;
  search?: string;
  categoryId?: number;
  subCategoryId?: number;
}
export const servicesSearch = (s: Record<string, unknown>): ServicesSearch => ({
  page: posInt(s.page),
  search: text(s.search),
  categoryId: posInt(s.categoryId),
  subCategoryId: posInt(s.subCategoryId),
});

/** /Services opens with a short first page and category chips; /allServices is the long list with a category select. */
export const CATALOGUE_PAGE_SIZE = { '/Services': 12, '/allServices': 48 } as const;
export type CataloguePath = keyof typeof CATALOGUE_PAGE_SIZE;

export const servicesFilter = (to: CataloguePath, s: ServicesSearch) => ({
  page: s.page ?? 1,
  pageSize: CATALOGUE_PAGE_SIZE[to],
  search: s.search,
  categoryId: s.categoryId,
  subCategoryId: s.subCategoryId,
});
