import { describe, expect, it } from 'vitest';
import { createActor, transition } from 'xstate';
import {
  PRODUCT_REQUEST_EVENT_TYPES,
  PRODUCT_REQUEST_EVENTS,
  PRODUCT_REQUEST_STATES,
  type ProductRequestEvent,
  type ProductRequestState,
  productRequestAllowedEvents,
  productRequestMachine,
} from '../../../src/machines/productRequest/productRequest.machine';
import { productRequestModel, productRequestPaths } from '../../../src/machines/productRequest/productRequest.model';
import { coverageOf } from '../../support/machine-paths';

const label = (e: ProductRequestEvent) => ('role' in e ? `${e.type}:${e.role}` : e.type);

describe('product request machine (model-based)', () => {
  const paths = productRequestPaths();

  it('the generated paths cover every state and every transition', () => {
    const { states, transitions } = coverageOf(productRequestMachine, paths);
    expect({ states: states.missing, transitions: transitions.missing }).toEqual({ states: [], transitions: [] });
    expect([...states.all].sort()).toEqual([...PRODUCT_REQUEST_STATES].sort());
    expect(transitions.all).toHaveLength(12);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = createActor(productRequestMachine).start();
      const checked: string[] = [];
      const check = (state: { value: unknown }) => {
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toBe(state.value);
        const allowed = productRequestAllowedEvents(snapshot.value as string).map(label);
        for (const event of PRODUCT_REQUEST_EVENTS) {
          expect(snapshot.can(event), `${label(event)} in ${snapshot.value}`).toBe(allowed.includes(label(event)));
        }
        expect(snapshot.status).toBe(['issued', 'cancelled'].includes(String(snapshot.value)) ? 'done' : 'active');
        checked.push(String(state.value));
      };
      await productRequestModel.testPath(path, {
        states: Object.fromEntries(PRODUCT_REQUEST_STATES.map((s) => [s, check])),
        events: Object.fromEntries(
          PRODUCT_REQUEST_EVENT_TYPES.map((type) => [type, ({ event }: { event: never }) => actor.send(event)]),
        ),
      });
      expect(checked).toHaveLength(path.steps.length);
      actor.stop();
    });
  }
});

describe('product request rules', () => {
  const next = (state: ProductRequestState, event: ProductRequestEvent) => {
    const snapshot = productRequestMachine.resolveState({ value: state });
    return snapshot.can(event) ? transition(productRequestMachine, snapshot, event)[0].value : null;
  };

  it('starts waiting for the inventory manager', () => {
    expect(createActor(productRequestMachine).start().getSnapshot().value).toBe('pendingIM');
  });

  it('only the current approver decides: the inventory manager, then the admin', () => {
    expect(next('pendingIM', { type: 'ACCEPT', role: 'IM' })).toBe('pendingAdmin');
    expect(next('pendingIM', { type: 'ACCEPT', role: 'A' })).toBeNull();
    expect(next('pendingIM', { type: 'REJECT', role: 'A' })).toBeNull();
    expect(next('pendingIM', { type: 'REJECT', role: 'IM' })).toBe('rejectedByIM');
    expect(next('pendingAdmin', { type: 'ACCEPT', role: 'A' })).toBe('approved');
    expect(next('pendingAdmin', { type: 'ACCEPT', role: 'IM' })).toBeNull();
    expect(next('pendingAdmin', { type: 'REJECT', role: 'A' })).toBe('rejectedByAdmin');
    for (const state of PRODUCT_REQUEST_STATES.filter((s) => s !== 'pendingIM' && s !== 'pendingAdmin')) {
      for (const role of ['IM', 'A'] as const) {
        expect(next(state, { type: 'ACCEPT', role }), state).toBeNull();
        expect(next(state, { type: 'REJECT', role }), state).toBeNull();
      }
    }
  });

  it('a rejection goes back to the inventory manager; only an approved request is paid; cancel until paid', () => {
    expect(next('rejectedByIM', { type: 'REAPPROVE' })).toBe('pendingIM');
    expect(next('rejectedByAdmin', { type: 'REAPPROVE' })).toBe('pendingIM');
    expect(PRODUCT_REQUEST_STATES.filter((s) => next(s, { type: 'PAY' }) !== null)).toEqual(['approved']);
    expect(PRODUCT_REQUEST_STATES.filter((s) => next(s, { type: 'CANCEL' }) === 'cancelled')).toEqual(
      PRODUCT_REQUEST_STATES.filter((s) => s !== 'issued' && s !== 'cancelled'),
    );
  });

  it('lists the events each state accepts', () => {
    expect(
      Object.fromEntries(PRODUCT_REQUEST_STATES.map((s) => [s, productRequestAllowedEvents(s).map(label)])),
    ).toEqual({
      pendingIM: ['ACCEPT:IM', 'REJECT:IM', 'CANCEL'],
      pendingAdmin: ['ACCEPT:A', 'REJECT:A', 'CANCEL'],
      approved: ['CANCEL', 'PAY'],
      rejectedByIM: ['REAPPROVE', 'CANCEL'],
      rejectedByAdmin: ['REAPPROVE', 'CANCEL'],
      issued: [],
      cancelled: [],
    });
  });
});
