/**
 * Dispatch: the staff lists of order lines, assigning a professional, and slot capacity. The module's public face:
 * the door and the other modules import this file.
 */

export * from './assign';
export * from './capacity';
export { assertAssignable, refusalsFor, suggestionsFor } from './eligibility';
export * from './lists';
