import type { TagOf } from './operations.gen';

/**
 * The operation kit's keys (docs/operation-kit.md). Every cached read is keyed `[tag, operationId, params]`, the tag
 * being the operation's tag in openapi.yaml (tsc refuses any other), so a write refreshes every read of the tags it
 * changes (invalidate.ts), whichever screen made it: an admin's edit shows on the storefront at once.
 */
export type OperationId = keyof TagOf;
export type Tag = TagOf[OperationId];

/** The query key of a read: `[tag, operationId, params]` (params omitted when there are none). */
export function keyOf<K extends OperationId, P extends object | number | string>(
  tag: TagOf[K],
  operationId: K,
  params?: P,
) {
  return params === undefined ? ([tag, operationId] as const) : ([tag, operationId, params] as const);
}
