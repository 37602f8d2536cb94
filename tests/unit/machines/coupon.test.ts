import { describe, expect, it } from 'vitest';
import { createActor, transition } from 'xstate';
import {
  COUPON_EVENT_TYPES,
  COUPON_EVENTS,
  COUPON_STATES,
  type CouponEvent,
  type CouponState,
  couponAllowedEvents,
  couponMachine,
} from '../../../src/machines/coupon/coupon.machine';
import { couponModel, couponPaths } from '../../../src/machines/coupon/coupon.model';
import { coverageOf } from '../../support/machine-paths';

describe('coupon machine (model-based)', () => {
  const paths = couponPaths();

  it('the generated paths cover every state and every transition', () => {
    const { states, transitions } = coverageOf(couponMachine, paths);
    expect({ states: states.missing, transitions: transitions.missing }).toEqual({ states: [], transitions: [] });
    expect([...states.all].sort()).toEqual([...COUPON_STATES].sort());
    expect(transitions.all).toHaveLength(19);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = createActor(couponMachine).start();
      const checked: string[] = [];
      const check = (state: { value: unknown }) => {
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toBe(state.value);
        for (const event of COUPON_EVENTS) {
          expect(snapshot.can(event), `${event.type} in ${snapshot.value}`).toBe(
            couponAllowedEvents(snapshot.value as string).includes(event.type),
          );
        }
        expect(snapshot.status).toBe(snapshot.value === 'deleted' ? 'done' : 'active');
        checked.push(String(state.value));
      };
      await couponModel.testPath(path, {
        states: Object.fromEntries(COUPON_STATES.map((s) => [s, check])),
        events: Object.fromEntries(
          COUPON_EVENT_TYPES.map((type) => [type, ({ event }: { event: never }) => actor.send(event)]),
        ),
      });
      expect(checked).toHaveLength(path.steps.length);
      actor.stop();
    });
  }
});

describe('coupon rules', () => {
  const next = (state: CouponState, event: CouponEvent) => {
    const snapshot = couponMachine.resolveState({ value: state });
    return snapshot.can(event) ? transition(couponMachine, snapshot, event)[0].value : null;
  };

  it('starts as a draft', () => {
    expect(createActor(couponMachine).start().getSnapshot().value).toBe('draft');
  });

  it('maker-checker: the maker can never approve or reject, in any state', () => {
    for (const state of COUPON_STATES) {
      expect(next(state, { type: 'APPROVE', byMaker: true }), state).toBeNull();
      expect(next(state, { type: 'REJECT', byMaker: true }), state).toBeNull();
    }
    expect(next('pending', { type: 'APPROVE', byMaker: false })).toBe('approved');
    expect(next('pending', { type: 'REJECT', byMaker: false })).toBe('rejected');
  });

  it('only a coupon waiting for approval is decided', () => {
    for (const state of COUPON_STATES.filter((s) => s !== 'pending')) {
      expect(next(state, { type: 'APPROVE', byMaker: false }), state).toBeNull();
      expect(next(state, { type: 'REJECT', byMaker: false }), state).toBeNull();
    }
  });

  it('an edit sends a submitted or decided coupon back for approval; a draft stays a draft', () => {
    expect(Object.fromEntries(COUPON_STATES.map((s) => [s, next(s, { type: 'EDIT' })]))).toEqual({
      draft: 'draft',
      pending: 'pending',
      approved: 'pending',
      rejected: 'pending',
      expired: 'pending',
      disabled: 'pending',
      deleted: null,
    });
  });

  it('expiry, the toggle and deletion', () => {
    expect(next('approved', { type: 'EXPIRE' })).toBe('expired');
    expect(next('disabled', { type: 'EXPIRE' })).toBe('expired');
    expect(next('pending', { type: 'EXPIRE' })).toBeNull();
    expect(next('approved', { type: 'DISABLE' })).toBe('disabled');
    expect(next('disabled', { type: 'ENABLE' })).toBe('approved');
    expect(next('expired', { type: 'ENABLE' })).toBeNull();
    expect(COUPON_STATES.filter((s) => next(s, { type: 'DELETE' }) === 'deleted')).toEqual(
      COUPON_STATES.filter((s) => s !== 'deleted'),
    );
  });

  it('lists the events each state accepts from a checker', () => {
    expect(Object.fromEntries(COUPON_STATES.map((s) => [s, couponAllowedEvents(s)]))).toEqual({
      draft: ['EDIT', 'SUBMIT', 'DELETE'],
      pending: ['EDIT', 'APPROVE', 'REJECT', 'DELETE'],
      approved: ['EDIT', 'EXPIRE', 'DISABLE', 'DELETE'],
      rejected: ['EDIT', 'DELETE'],
      expired: ['EDIT', 'DELETE'],
      disabled: ['EDIT', 'EXPIRE', 'ENABLE', 'DELETE'],
      deleted: [],
    });
  });
});
