import type { QueryClient } from '@tanstack/react-query';
import { invalidatesOf } from './invalidates.gen';
import type { Tag } from './kit';

/** A write: any operation but a GET; openapi.yaml lists with x-invalidates the tags whose reads it changes. */
export type WriteId = keyof typeof invalidatesOf;

/** The tags a write changes (openapi.yaml x-invalidates). */
export const tagsChangedBy = (operationId: WriteId): readonly Tag[] => invalidatesOf[operationId];

/** After a successful write: refetch every cached read under the tags it changes. */
export function invalidateAfter(queryClient: QueryClient, operationId: WriteId) {
  return Promise.all(tagsChangedBy(operationId).map((tag) => queryClient.invalidateQueries({ queryKey: [tag] })));
}
