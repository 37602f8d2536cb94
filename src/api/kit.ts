import type { QueryClient } from '@tanstack/react-query';
import { invalidatesOf, tagOf } from './operations.gen';

/**
 * The operation kit's keys and invalidation (docs/operation-kit.md). Every cached read is keyed
 * `[tag, operationId, params]`, the tag being the operation's tag in openapi.yaml; every write lists in the contract
 * (`x-invalidates`) the tags whose reads it changes, and after it succeeds every cached read under those tags is
 * refetched. So an admin's edit shows on the storefront at once: both read through the same keys.
 */
export type OperationId = keyof typeof tagOf;
export type Tag = (typeof tagOf)[OperationId];
type WriteId = keyof typeof invalidatesOf;
type ReadId = Exclude<OperationId, WriteId>;

/** The query key of a read: `[tag, operationId, params]` (params omitted when there are none). */
export function keyOf<K extends ReadId, P extends object | number | string>(operationId: K, params?: P) {
  const tag = tagOf[operationId];
  return params === undefined ? ([tag, operationId] as const) : ([tag, operationId, params] as const);
}

/** The tags a write changes (openapi.yaml x-invalidates). */
export const tagsChangedBy = (operationId: WriteId): readonly Tag[] => invalidatesOf[operationId];

/** After a successful write: refetch every cached read under the tags it changes. */
export function invalidateAfter(queryClient: QueryClient, operationId: WriteId) {
  return Promise.all(tagsChangedBy(operationId).map((tag) => queryClient.invalidateQueries({ queryKey: [tag] })));
}

export type { ReadId, WriteId };
