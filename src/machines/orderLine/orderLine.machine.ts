import { setup } from 'xstate';

/**
 * An order line's life (the customer's events and the admin's cancel, decision 014; the staff's and the professional's,
 * decisions 016 and 019). The server persists the state value and applies events through server/workflow/apply.ts;
 * the machine only says which transitions exist. Time rules (the cancellation window, the reschedule limit) are the
 * orders service's, because they read the clock and the slot (decision 014).
 */
export type OrderLineEvent =
  /** The payment of the order was settled (wallet at once, or the provider's payment verified). */
  | { type: 'PAYMENT_SETTLED' }
  /** The provider said the payment failed, was cancelled or expired. */
  | { type: 'PAYMENT_FAILED' }
  /** The customer tries to pay a failed order again (a new payment intent). */
  | { type: 'RETRY_PAYMENT' }
  /** Staff assign the line to a professional. */
  | { type: 'ASSIGN' }
  /** Staff move an assigned or accepted line to another professional (who must accept it). */
  | { type: 'REASSIGN' }
  /** The line goes back to unassigned without a rejection: its professional was switched off (DeReActivateAll). */
  | { type: 'RELEASE' }
  /** A professional takes an unassigned line for themself (assigned and accepted at once). */
  | { type: 'SELF_ASSIGN' }
  /** The assigned professional accepts the job. */
  | { type: 'ACCEPT' }
  /** The assigned professional rejects the job: back to unassigned, and the rejection is remembered. */
  | { type: 'REJECT' }
  /** The professional completes the job. */
  | { type: 'COMPLETE' }
  /** The customer rates a completed line (once). */
  | { type: 'RATE' }
  /** The customer moves the slot: the state stays. */
  | { type: 'RESCHEDULE' }
  /** The customer cancels (free or with a fee, decided by the service). */
  | { type: 'CANCEL' }
  /** The admin cancels (always free for the customer). */
  | { type: 'ADMIN_CANCEL' };

export type OrderLineEventType = OrderLineEvent['type'];

export const ORDER_LINE_EVENTS: readonly OrderLineEventType[] = [
  'PAYMENT_SETTLED',
  'PAYMENT_FAILED',
  'RETRY_PAYMENT',
  'ASSIGN',
  'REASSIGN',
  'RELEASE',
  'SELF_ASSIGN',
  'ACCEPT',
  'REJECT',
  'COMPLETE',
  'RATE',
  'RESCHEDULE',
  'CANCEL',
  'ADMIN_CANCEL',
];

export const ORDER_LINE_STATES = [
  'awaitingPayment',
  'unassigned',
  'assigned',
  'accepted',
  'completed',
  'rated',
  'cancelled',
  'paymentFailed',
] as const;
export type OrderLineState = (typeof ORDER_LINE_STATES)[number];

/** What the customer and staff call each state. */
export const ORDER_LINE_STATE_LABELS: Record<OrderLineState, string> = {
  awaitingPayment: 'Awaiting payment',
  unassigned: 'Placed',
  assigned: 'Assigned',
  accepted: 'Accepted',
  completed: 'Completed',
  rated: 'Rated',
  cancelled: 'Cancelled',
  paymentFailed: 'Payment failed',
};

export const orderLineMachine = setup({
  types: {
    events: {} as OrderLineEvent,
  },
}).createMachine({
  id: 'orderLine',
  initial: 'awaitingPayment',
  states: {
    awaitingPayment: {
      on: { PAYMENT_SETTLED: 'unassigned', PAYMENT_FAILED: 'paymentFailed' },
    },
    paymentFailed: {
      on: { RETRY_PAYMENT: 'awaitingPayment', ADMIN_CANCEL: 'cancelled' },
    },
    unassigned: {
      on: {
        ASSIGN: 'assigned',
        SELF_ASSIGN: 'accepted',
        // A self-transition needs a target: `snapshot.can` refuses one with neither target nor action.
        RESCHEDULE: { target: 'unassigned' },
        CANCEL: 'cancelled',
        ADMIN_CANCEL: 'cancelled',
      },
    },
    assigned: {
      on: {
        ACCEPT: 'accepted',
        REJECT: 'unassigned',
        REASSIGN: { target: 'assigned' },
        RELEASE: 'unassigned',
        RESCHEDULE: { target: 'assigned' },
        CANCEL: 'cancelled',
        ADMIN_CANCEL: 'cancelled',
      },
    },
    accepted: {
      on: {
        COMPLETE: 'completed',
        REJECT: 'unassigned',
        REASSIGN: 'assigned',
        RELEASE: 'unassigned',
        RESCHEDULE: { target: 'accepted' },
        CANCEL: 'cancelled',
        ADMIN_CANCEL: 'cancelled',
      },
    },
    completed: {
      on: { RATE: 'rated' },
    },
    rated: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

/** The events `state` accepts now (for the 409 answer and the screens' buttons), in a stable order. */
export function orderLineAllowedEvents(state: OrderLineState | string): OrderLineEventType[] {
  const snapshot = orderLineMachine.resolveState({ value: state });
  return ORDER_LINE_EVENTS.filter((type) => snapshot.can({ type }));
}
