// The vendor pages' URL search checks, apart from the pages: a route's validateSearch is loaded with the route tree
// on every page, so it must not pull a page's components in (the public home's first chunk).
import type { TaskStateFilter } from '../../../api/vendors';

export const taskStateOf = (raw: unknown): TaskStateFilter | undefined =>
  raw === 'open' || raw === 'completed' || raw === 'cancelled' ? raw : undefined;
