import { describe, expect, it } from 'vitest';
import { createActor, transition } from 'xstate';
import {
  CUSTOMER_QUERY_EVENTS,
  CUSTOMER_QUERY_STATES,
  type CustomerQueryEventType,
  type CustomerQueryState,
  customerQueryAllowedEvents,
  customerQueryMachine,
} from '../../../src/machines/customerQuery/customerQuery.machine';
import { customerQueryModel, customerQueryPaths } from '../../../src/machines/customerQuery/customerQuery.model';
import { coverageOf } from '../../support/machine-paths';

const FINAL: readonly CustomerQueryState[] = ['answered', 'deleted'];

describe('customer query machine (model-based)', () => {
  const paths = customerQueryPaths();

  it('the generated paths cover every state and every transition', () => {
    const { states, transitions } = coverageOf(customerQueryMachine, paths);
    expect({ states: states.missing, transitions: transitions.missing }).toEqual({ states: [], transitions: [] });
    expect([...states.all].sort()).toEqual([...CUSTOMER_QUERY_STATES].sort());
    expect(transitions.all).toHaveLength(2);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = createActor(customerQueryMachine).start();
      const checked: string[] = [];
      const check = (state: { value: unknown }) => {
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toBe(state.value);
        for (const type of CUSTOMER_QUERY_EVENTS) {
          expect(snapshot.can({ type }), `${type} in ${snapshot.value}`).toBe(
            customerQueryAllowedEvents(snapshot.value as string).includes(type),
          );
        }
        expect(snapshot.status).toBe(FINAL.includes(snapshot.value as CustomerQueryState) ? 'done' : 'active');
        checked.push(String(state.value));
      };
      await customerQueryModel.testPath(path, {
        states: Object.fromEntries(CUSTOMER_QUERY_STATES.map((s) => [s, check])),
        events: Object.fromEntries(
          CUSTOMER_QUERY_EVENTS.map((type) => [type, ({ event }: { event: never }) => actor.send(event)]),
        ),
      });
      expect(checked).toHaveLength(path.steps.length);
      actor.stop();
    });
  }
});

describe('customer query rules', () => {
  const next = (state: CustomerQueryState, type: CustomerQueryEventType) => {
    const snapshot = customerQueryMachine.resolveState({ value: state });
    return snapshot.can({ type }) ? transition(customerQueryMachine, snapshot, { type })[0].value : null;
  };

  it('a raised query is answered or deleted; nothing follows either', () => {
    expect(Object.fromEntries(CUSTOMER_QUERY_STATES.map((s) => [s, customerQueryAllowedEvents(s)]))).toEqual({
      raised: ['ANSWER', 'DELETE'],
      answered: [],
      deleted: [],
    });
    expect(next('raised', 'ANSWER')).toBe('answered');
    expect(next('raised', 'DELETE')).toBe('deleted');
  });

  it('an answered query is not answered again nor deleted; a deleted one is not answered', () => {
    for (const type of CUSTOMER_QUERY_EVENTS) {
      expect(next('answered', type)).toBeNull();
      expect(next('deleted', type)).toBeNull();
    }
  });
});
