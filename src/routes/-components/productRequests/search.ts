// The request pages' URL search check, apart from the pages: a route's validateSearch is loaded with the route tree
// on every page, so it must not pull a page's components in (the public home's first chunk).
import { type ListSearch, validateListSearch } from '../../_admin/-components/listSearch';
import { positiveId } from '../../_admin/-components/search';

export interface RequestsSearch {
  id?: number;
  tab?: string;
}

/** The page's search: the list's keys, the chosen request and the tab. */
export const validateRequestsSearch = (raw: Record<string, unknown>): ListSearch & RequestsSearch => ({
  ...validateListSearch(raw),
  id: positiveId(raw.id),
  tab: typeof raw.tab === 'string' && /^\w{1,40}$/.test(raw.tab) ? raw.tab : undefined,
});
