import { describe, expect, it } from 'vitest';
import { createActor, transition } from 'xstate';
import {
  ORDER_LINE_EVENTS,
  ORDER_LINE_STATES,
  type OrderLineEventType,
  type OrderLineState,
  orderLineAllowedEvents,
  orderLineMachine,
} from '../../../src/machines/orderLine/orderLine.machine';
import { orderLineModel, orderLinePaths } from '../../../src/machines/orderLine/orderLine.model';
import { coverageOf } from '../../support/machine-paths';

const FINAL: readonly OrderLineState[] = ['rated', 'cancelled'];

describe('order line machine (model-based)', () => {
  const paths = orderLinePaths();

  it('the generated paths cover every state and every transition', () => {
    const { states, transitions } = coverageOf(orderLineMachine, paths);
    expect({ states: states.missing, transitions: transitions.missing }).toEqual({ states: [], transitions: [] });
    expect([...states.all].sort()).toEqual([...ORDER_LINE_STATES].sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = createActor(orderLineMachine).start();
      const checked: string[] = [];
      const check = (state: { value: unknown }) => {
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toBe(state.value);
        for (const type of ORDER_LINE_EVENTS) {
          expect(snapshot.can({ type }), `${type} in ${snapshot.value}`).toBe(
            orderLineAllowedEvents(snapshot.value as string).includes(type),
          );
        }
        expect(snapshot.status).toBe(FINAL.includes(snapshot.value as OrderLineState) ? 'done' : 'active');
        checked.push(String(state.value));
      };
      await orderLineModel.testPath(path, {
        states: Object.fromEntries(ORDER_LINE_STATES.map((s) => [s, check])),
        events: Object.fromEntries(
          ORDER_LINE_EVENTS.map((type) => [type, ({ event }: { event: never }) => actor.send(event)]),
        ),
      });
      expect(checked).toHaveLength(path.steps.length);
      actor.stop();
    });
  }
});

describe('order line rules', () => {
  const next = (state: OrderLineState, type: OrderLineEventType) => {
    const snapshot = orderLineMachine.resolveState({ value: state });
    return snapshot.can({ type }) ? transition(orderLineMachine, snapshot, { type })[0].value : null;
  };

  it('allows the events of each state, in a stable order', () => {
    expect(Object.fromEntries(ORDER_LINE_STATES.map((s) => [s, orderLineAllowedEvents(s)]))).toEqual({
      awaitingPayment: ['PAYMENT_SETTLED', 'PAYMENT_FAILED'],
      unassigned: ['ASSIGN', 'SELF_ASSIGN', 'RESCHEDULE', 'CANCEL', 'ADMIN_CANCEL'],
      assigned: ['REASSIGN', 'RELEASE', 'ACCEPT', 'REJECT', 'RESCHEDULE', 'CANCEL', 'ADMIN_CANCEL'],
      accepted: ['REASSIGN', 'RELEASE', 'REJECT', 'COMPLETE', 'RESCHEDULE', 'CANCEL', 'ADMIN_CANCEL'],
      completed: ['RATE'],
      rated: [],
      cancelled: [],
      paymentFailed: ['RETRY_PAYMENT', 'ADMIN_CANCEL'],
    });
  });

  it('a rejection sends the line back to unassigned; a reschedule keeps the state', () => {
    expect(next('assigned', 'REJECT')).toBe('unassigned');
    expect(next('accepted', 'REJECT')).toBe('unassigned');
    for (const s of ['unassigned', 'assigned', 'accepted'] as const) expect(next(s, 'RESCHEDULE')).toBe(s);
  });

  it('a completed line is never cancelled or rescheduled, and is rated once', () => {
    for (const type of ['CANCEL', 'ADMIN_CANCEL', 'RESCHEDULE'] as const) expect(next('completed', type)).toBeNull();
    expect(next('completed', 'RATE')).toBe('rated');
    for (const type of ORDER_LINE_EVENTS) expect(next('rated', type)).toBeNull();
  });
});
