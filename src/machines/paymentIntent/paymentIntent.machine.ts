import { setup } from 'xstate';

export type PaymentIntentEvent =
  | { type: 'ORDER_CREATED' }
  | { type: 'PROVIDER_PAID' }
  | { type: 'PROVIDER_FAILED' }
  | { type: 'PROVIDER_CANCELLED' }
  | { type: 'EXPIRE' }
  | { type: 'VERIFY' };

export type PaymentIntentEventType = PaymentIntentEvent['type'];

export const PAYMENT_INTENT_EVENTS: readonly PaymentIntentEventType[] = [
  'ORDER_CREATED',
  'PROVIDER_PAID',
  'PROVIDER_FAILED',
  'PROVIDER_CANCELLED',
  'EXPIRE',
  'VERIFY',
];

export type PaymentIntentState = 'created' | 'awaitingPayment' | 'paid' | 'failed' | 'cancelled' | 'expired';

export const PAYMENT_INTENT_STATES: readonly PaymentIntentState[] = [
  'created',
  'awaitingPayment',
  'paid',
  'failed',
  'cancelled',
  'expired',
];

/** The states a payment intent never leaves: settle answers their stored result on every replay. */
export const FINAL_PAYMENT_INTENT_STATES: readonly PaymentIntentState[] = ['paid', 'failed', 'cancelled', 'expired'];

/**
 * A wallet top-up's payment at the provider (decision 013). The server persists the state value and applies events
 * through server/workflow/apply.ts; the machine only says which transitions exist.
 * EXPIRE is sent by staff and the reconciliation job only after the provider said "not paid" (the server checks
 * that). VERIFY asks for a re-verification with the provider: it changes nothing here, the verification's answer
 * arrives as PROVIDER_PAID / PROVIDER_FAILED / PROVIDER_CANCELLED / EXPIRE.
 */
export const paymentIntentMachine = setup({
  types: {
    events: {} as PaymentIntentEvent,
  },
}).createMachine({
  id: 'paymentIntent',
  initial: 'created',
  states: {
    created: {
      on: {
        ORDER_CREATED: 'awaitingPayment',
        // The provider refused to create the order.
        PROVIDER_FAILED: 'failed',
        EXPIRE: 'expired',
        // A self-transition with a target: `snapshot.can` refuses a transition that has neither target nor action.
        VERIFY: { target: 'created' },
      },
    },
    awaitingPayment: {
      on: {
        PROVIDER_PAID: 'paid',
        PROVIDER_FAILED: 'failed',
        PROVIDER_CANCELLED: 'cancelled',
        EXPIRE: 'expired',
        VERIFY: { target: 'awaitingPayment' },
      },
    },
    paid: { type: 'final' },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
    expired: { type: 'final' },
  },
});

/** The events `state` accepts now (for the 409 answer and the staff screen's buttons), in a stable order. */
export function allowedEvents(state: PaymentIntentState | string): PaymentIntentEventType[] {
  const snapshot = paymentIntentMachine.resolveState({ value: state });
  return PAYMENT_INTENT_EVENTS.filter((type) => snapshot.can({ type }));
}
