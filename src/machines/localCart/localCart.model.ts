import type { AnyMachineSnapshot } from 'xstate';
import { TestModel } from 'xstate/graph';
import { type LocalCartEvent, type LocalCartLine, localCartMachine, MAX_QUANTITY } from './localCart.machine';

/** The two services the model adds (the e2e test maps them to two real services by heading). */
export const CART_FIXTURES = {
  a: { id: 101, pricePaise: 58_910, heading: 'Service A', imageUrl: null },
  b: { id: 202, pricePaise: 29_900, heading: 'Service B', imageUrl: null },
} as const;

/** One short of the most a cart holds: storage that held this lets a path reach the maximum in one step. */
export const NEAR_MAX = MAX_QUANTITY - 1;

const lineA = (quantity: number): LocalCartLine => ({ ...CART_FIXTURES.a, quantity });

/**
 * The events the model sends: adding either service (on its card), and the /cart page's +, − and remove on the
 * first service; LOAD stands for storage changed by another tab (service A one short of the maximum, or emptied).
 */
export const LOCAL_CART_EVENTS: LocalCartEvent[] = [
  { type: 'ADD', item: CART_FIXTURES.a },
  { type: 'ADD', item: CART_FIXTURES.b },
  { type: 'INCREASE', id: CART_FIXTURES.a.id },
  { type: 'DECREASE', id: CART_FIXTURES.a.id },
  { type: 'REMOVE', id: CART_FIXTURES.a.id },
  { type: 'LOAD', lines: [lineA(NEAR_MAX)] },
  { type: 'LOAD', lines: [] },
];

/** A quantity as the rules see it: 1 (decreasing removes), at the maximum (adding does nothing), or in between. */
const quantityClass = (q: number) => (q === 1 ? '1' : q >= MAX_QUANTITY ? 'max' : 'some');

const linesKey = (s: AnyMachineSnapshot) =>
  (s.context.lines as LocalCartLine[]).map((l) => `${l.id}:${quantityClass(l.quantity)}`).join(',');

/**
 * The local cart's test model. Like transitionTestModel (src/machines/testModel.ts), one vertex per (from, event, to,
 * context), so each transition gets a path, and only events the state accepts are tried; but the context is
 * abstracted to each line's id and quantity class, since quantities run to 99 and the rules only tell 1, "some"
 * and the maximum apart. The real maximum (99) is kept, so the e2e walk through the page matches it.
 */
export const localCartModel = new TestModel(localCartMachine, {
  serializeState: (state, event, prev) => {
    const s = state as AnyMachineSnapshot;
    return JSON.stringify([
      prev ? (prev as AnyMachineSnapshot).value : null,
      event?.type ?? null,
      s.value,
      linesKey(s),
    ]);
  },
  serializeEvent: (event) => JSON.stringify(event),
  events: (state) => LOCAL_CART_EVENTS.filter((e) => (state as AnyMachineSnapshot).can(e)),
  input: {},
});

export const localCartPaths = () => localCartModel.getShortestPaths();
