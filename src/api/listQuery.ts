/** What a list read sends for its paging and search (the admin lists' ListParams, or their own params). */
interface PageAndSearch {
  page: number;
  pageSize: number;
  search?: string;
}

/** The search a list read sends: trimmed, or none at all when it is blank. */
export const searchTerm = (s?: string) => (s?.trim() ? s.trim() : undefined);

/** A list read's page, page size and search, in that order, as the query sends them. */
export const pageQuery = (p: PageAndSearch) => ({ page: p.page, pageSize: p.pageSize, search: searchTerm(p.search) });
