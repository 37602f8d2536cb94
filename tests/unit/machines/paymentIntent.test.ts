import { describe, expect, it } from 'vitest';
import { createActor, transition } from 'xstate';
import {
  allowedEvents,
  FINAL_PAYMENT_INTENT_STATES,
  PAYMENT_INTENT_EVENTS,
  PAYMENT_INTENT_STATES,
  type PaymentIntentState,
  paymentIntentMachine,
} from '../../../src/machines/paymentIntent/paymentIntent.machine';
import { paymentIntentModel, paymentIntentPaths } from '../../../src/machines/paymentIntent/paymentIntent.model';
import { coverageOf } from '../../support/machine-paths';

describe('payment intent machine (model-based)', () => {
  const paths = paymentIntentPaths();

  it('the generated paths cover every state and every transition', () => {
    const { states, transitions } = coverageOf(paymentIntentMachine, paths);
    expect({ states: states.missing, transitions: transitions.missing }).toEqual({ states: [], transitions: [] });
    expect(states.all).toEqual(PAYMENT_INTENT_STATES);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = createActor(paymentIntentMachine).start();
      const checked: string[] = [];
      // The actor is in the model's state, and allows exactly what allowedEvents says for it.
      const check = (state: { value: unknown }) => {
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toBe(state.value);
        for (const type of PAYMENT_INTENT_EVENTS) {
          expect(snapshot.can({ type }), `${type} in ${snapshot.value}`).toBe(
            allowedEvents(snapshot.value).includes(type),
          );
        }
        expect(snapshot.status).toBe(FINAL_PAYMENT_INTENT_STATES.includes(snapshot.value) ? 'done' : 'active');
        checked.push(String(state.value));
      };
      await paymentIntentModel.testPath(path, {
        states: Object.fromEntries(PAYMENT_INTENT_STATES.map((s) => [s, check])),
        events: Object.fromEntries(
          PAYMENT_INTENT_EVENTS.map((type) => [type, ({ event }: { event: never }) => actor.send(event)]),
        ),
      });
      expect(checked).toHaveLength(path.steps.length);
      actor.stop();
    });
  }
});

describe('payment intent rules', () => {
  it('allows the events of each state, in a stable order', () => {
    const allowed = Object.fromEntries(PAYMENT_INTENT_STATES.map((s) => [s, allowedEvents(s)]));
    expect(allowed).toEqual({
      created: ['ORDER_CREATED', 'PROVIDER_FAILED', 'EXPIRE', 'VERIFY'],
      awaitingPayment: ['PROVIDER_PAID', 'PROVIDER_FAILED', 'PROVIDER_CANCELLED', 'EXPIRE', 'VERIFY'],
      paid: [],
      failed: [],
      cancelled: [],
      expired: [],
    });
  });

  it('computes the next state purely from a persisted state value, as the server does', () => {
    const next = (state: PaymentIntentState, type: (typeof PAYMENT_INTENT_EVENTS)[number]) => {
      const snapshot = paymentIntentMachine.resolveState({ value: state });
      return snapshot.can({ type }) ? transition(paymentIntentMachine, snapshot, { type })[0].value : null;
    };
    expect(next('created', 'ORDER_CREATED')).toBe('awaitingPayment');
    expect(next('awaitingPayment', 'PROVIDER_PAID')).toBe('paid');
    expect(next('awaitingPayment', 'VERIFY')).toBe('awaitingPayment');
    expect(next('created', 'VERIFY')).toBe('created');
    // A paid intent is never failed, cancelled, expired or paid twice.
    for (const type of PAYMENT_INTENT_EVENTS) expect(next('paid', type)).toBeNull();
    expect(next('created', 'PROVIDER_PAID')).toBeNull();
    expect(next('created', 'PROVIDER_CANCELLED')).toBeNull();
  });

  it('refuses a state value the machine does not have', () => {
    expect(() => allowedEvents('settled')).toThrow();
  });
});
