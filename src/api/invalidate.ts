import type { QueryClient } from '@tanstack/react-query';
import { invalidatesOf } from './invalidates.gen';
import type { Tag } from './kit';

/** A write: any operation but a GET; openapi.yaml lists with x-invalidates the tags whose reads it changes. */
export type WriteId = keyof typeof invalidatesOf;

/** The tags a write changes (openapi.yaml x-invalidates). */
export const tagsChangedBy = (operationId: WriteId): readonly Tag[] => invalidatesOf[operationId];

/**
 * Marks every cached read under `tag` stale and refetches those on screen. A read of the tag already under way may
 * have been answered before the change, and invalidating does not restart it when its query is not on screen yet (a
 * route loader's prefetch for the page being opened) or has no data yet (the refetch joins it); its answer then
 * clears the mark and would count as fresh for the whole staleTime. So each such read is invalidated again once it
 * has its answer.
 */
export function invalidateTag(queryClient: QueryClient, tag: string): Promise<void> {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [tag], fetchStatus: 'fetching' })) {
    query.promise?.then(
      () => queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }),
      () => undefined,
    );
  }
  return queryClient.invalidateQueries({ queryKey: [tag] });
}

/** After a successful write: refetch every cached read under the tags it changes. */
export function invalidateAfter(queryClient: QueryClient, operationId: WriteId) {
  return Promise.all(tagsChangedBy(operationId).map((tag) => invalidateTag(queryClient, tag)));
}
