import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  CART_TOASTS,
  type LocalCartEvent,
  type LocalCartInput,
  type LocalCartLine,
  localCartMachine,
  MAX_QUANTITY,
  totalsOf,
} from '../../../src/machines/localCart/localCart.machine';
import { CART_FIXTURES, localCartPaths, NEAR_MAX } from '../../../src/machines/localCart/localCart.model';
import { coverageOf } from '../../support/machine-paths';

/** The machine with its side effects recorded: what it asked to persist and to toast. */
function harness(input?: LocalCartInput) {
  const persisted: LocalCartLine[][] = [];
  const toasts: string[] = [];
  const machine = localCartMachine.provide({
    actions: {
      persist: (_, { lines }) => persisted.push(lines),
      toast: (_, { message }) => toasts.push(message),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, persisted, toasts, lines: () => actor.getSnapshot().context.lines };
}

/** Rules written plainly, as the oracle each step is checked against: the lines and the toast expected. */
function expected(lines: LocalCartLine[], e: LocalCartEvent): { lines: LocalCartLine[]; toast: string | null } {
  switch (e.type) {
    case 'ADD': {
      const line = lines.find((l) => l.id === e.item.id);
      if (!line) return { lines: [...lines, { ...e.item, quantity: 1 }], toast: CART_TOASTS.added };
      if (line.quantity >= MAX_QUANTITY) return { lines, toast: null };
      return {
        lines: lines.map((l) => (l === line ? { ...l, quantity: l.quantity + 1 } : l)),
        toast: CART_TOASTS.increased,
      };
    }
    case 'INCREASE':
      return {
        lines: lines.map((l) => (l.id === e.id ? { ...l, quantity: l.quantity + 1 } : l)),
        toast: CART_TOASTS.increased,
      };
    case 'DECREASE': {
      const line = lines.find((l) => l.id === e.id)!;
      if (line.quantity > 1) {
        return { lines: lines.map((l) => (l === line ? { ...l, quantity: l.quantity - 1 } : l)), toast: null };
      }
      return { lines: lines.filter((l) => l !== line), toast: CART_TOASTS.removed };
    }
    case 'REMOVE':
      return { lines: lines.filter((l) => l.id !== e.id), toast: CART_TOASTS.removed };
    case 'LOAD':
      return { lines: e.lines, toast: null };
  }
}

describe('local cart machine (model-based)', () => {
  const paths = localCartPaths();

  it('the generated paths cover every state and every transition', () => {
    const { states, transitions } = coverageOf(localCartMachine, paths);
    expect({ states: states.missing, transitions: transitions.missing }).toEqual({ states: [], transitions: [] });
    expect(states.all).toEqual(['empty', 'filled']);
  });

  for (const path of paths) {
    it(path.description, () => {
      const { actor, persisted, toasts, lines } = harness();
      let model: LocalCartLine[] = [];
      for (const step of path.steps.slice(1)) {
        const event = step.event as LocalCartEvent;
        const before = { persisted: persisted.length, toasts: toasts.length };
        const want = expected(model, event);
        actor.send(event);
        model = want.lines;
        expect(lines()).toEqual(model);
        expect(actor.getSnapshot().value).toBe(model.length ? 'filled' : 'empty');
        expect(actor.getSnapshot().value).toBe(step.state.value);
        expect(toasts.slice(before.toasts)).toEqual(want.toast ? [want.toast] : []);
        // Every change the customer makes is written to storage; a LOAD came from storage, so it is not written back.
        if (event.type === 'LOAD') expect(persisted.length).toBe(before.persisted);
        else expect(persisted.slice(before.persisted)).toEqual([model]);
      }
    });
  }
});

describe('local cart rules', () => {
  const a = CART_FIXTURES.a;
  const b = CART_FIXTURES.b;

  it('starts from the lines storage held (filled) or empty, dropping lines without a quantity', () => {
    expect(harness().actor.getSnapshot().value).toBe('empty');
    const h = harness({
      lines: [
        { ...a, quantity: 2 },
        { ...b, quantity: 0 },
      ],
    });
    expect(h.actor.getSnapshot().value).toBe('filled');
    expect(h.lines()).toEqual([{ ...a, quantity: 2 }]);
  });

  it('does not take a 100th of one service, and says nothing', () => {
    const h = harness({ lines: [{ ...a, quantity: NEAR_MAX }] });
    h.actor.send({ type: 'ADD', item: a });
    expect(h.lines()[0].quantity).toBe(MAX_QUANTITY);
    expect(h.actor.getSnapshot().can({ type: 'ADD', item: a })).toBe(false);
    expect(h.actor.getSnapshot().can({ type: 'INCREASE', id: a.id })).toBe(false);
    h.actor.send({ type: 'ADD', item: a });
    expect(h.lines()[0].quantity).toBe(MAX_QUANTITY);
    expect(h.toasts).toEqual([CART_TOASTS.increased]);
  });

  it('decreasing from 1 takes the line away; the events on a service not in the cart are not accepted', () => {
    const h = harness({ lines: [{ ...a, quantity: 1 }] });
    const s = h.actor.getSnapshot();
    for (const e of [
      { type: 'DECREASE', id: b.id },
      { type: 'REMOVE', id: b.id },
      { type: 'INCREASE', id: b.id },
    ] as const) {
      expect(s.can(e), e.type).toBe(false);
    }
    h.actor.send({ type: 'DECREASE', id: a.id });
    expect(h.actor.getSnapshot().value).toBe('empty');
    expect(h.toasts).toEqual([CART_TOASTS.removed]);
    expect(h.actor.getSnapshot().can({ type: 'DECREASE', id: a.id })).toBe(false);
  });

  it('totals exact rupees from integer paise (no truncation, no float drift)', () => {
    const lines: LocalCartLine[] = [
      { ...a, pricePaise: 10, quantity: 1 },
      { ...b, pricePaise: 20, quantity: 1 },
      { id: 3, pricePaise: 58_910, quantity: 3, heading: 'C', imageUrl: null },
    ];
    // 0.10 + 0.20 + 3 x 589.10 = 1767.60 exactly (0.1 + 0.2 in floats would be 0.30000000000000004).
    expect(totalsOf(lines)).toEqual({ totalPrice: 1767.6, totalQuantity: 5 });
    expect(totalsOf([])).toEqual({ totalPrice: 0, totalQuantity: 0 });
    expect(totalsOf([{ ...a, pricePaise: 49_999, quantity: 1 }]).totalPrice).toBe(499.99);
  });
});
