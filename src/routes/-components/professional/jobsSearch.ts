// Read by the job routes' validateSearch and loader, which stay in the entry chunk: nothing heavy is imported here.

export const JOBS_PAGE_SIZE = 10;

/** `?page=` of a job list: a positive whole number, absent for the first page. */
export function validatePage(raw: Record<string, unknown>): { page?: number } {
  const page = Number(raw.page);
  return Number.isInteger(page) && page > 1 && page <= 100_000 ? { page } : {};
}
