import { setup } from 'xstate';

/**
 * A customer's query about one of their order lines (decision 014): raised by the customer, then either answered (by
 * the admin here; by the line's professional, decision 020) or deleted by the customer while it is still
 * unanswered. Both ends are final: an answered query is not answered again, and a deleted one stays deleted. The
 * server persists the state value and applies events through server/workflow/apply.ts; who may send which event is
 * the queries service's rule (the machine only says which transitions exist).
 */
export type CustomerQueryEvent =
  /** Staff (or, later, the line's professional) answer the query. */
  | { type: 'ANSWER' }
  /** The customer withdraws their unanswered query. */
  | { type: 'DELETE' };

export type CustomerQueryEventType = CustomerQueryEvent['type'];

export const CUSTOMER_QUERY_EVENTS: readonly CustomerQueryEventType[] = ['ANSWER', 'DELETE'];

export type CustomerQueryState = 'raised' | 'answered' | 'deleted';

export const CUSTOMER_QUERY_STATES: readonly CustomerQueryState[] = ['raised', 'answered', 'deleted'];

/** What the customer and staff call each state. */
export const CUSTOMER_QUERY_STATE_LABELS: Record<CustomerQueryState, string> = {
  raised: 'Awaiting answer',
  answered: 'Answered',
  deleted: 'Deleted',
};

export const customerQueryMachine = setup({
  types: {
    events: {} as CustomerQueryEvent,
  },
}).createMachine({
  id: 'customerQuery',
  initial: 'raised',
  states: {
    raised: {
      on: { ANSWER: 'answered', DELETE: 'deleted' },
    },
    answered: { type: 'final' },
    deleted: { type: 'final' },
  },
});

/** The events `state` accepts now (for the reply and the screens' buttons), in a stable order. */
export function customerQueryAllowedEvents(state: CustomerQueryState | string): CustomerQueryEventType[] {
  const snapshot = customerQueryMachine.resolveState({ value: state });
  return CUSTOMER_QUERY_EVENTS.filter((type) => snapshot.can({ type }));
}
