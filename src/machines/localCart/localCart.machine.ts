import { assign, not, setup } from 'xstate';
import { totalsOf } from './localCart.totals';

export { totalsOf };

/**
 * The visitor's cart: lines of a service's id, its unit price and quantity, plus what the /cart page
 * shows (heading, picture). Prices are integer paise inside, so totals are exact; the totals are rupees with paise
 * (we deviate from the specification's truncated integer total: decision 014). Kept in browser storage by the
 * caller: the machine is pure and asks for `persist` and `toast` as actions the caller provides.
 */
export interface LocalCartLine {
  id: number;
  /** The unit price a customer pays (GST included, as the storefront shows it), in integer paise. */
  pricePaise: number;
  quantity: number;
  heading: string;
  imageUrl: string | null;
}

export interface LocalCartContext {
  lines: LocalCartLine[];
  /** The most of one service a cart holds (the server cart's limit, 99). */
  maxQuantity: number;
}

export interface LocalCartInput {
  /** The lines kept in storage, when there are any. */
  lines?: LocalCartLine[];
  maxQuantity?: number;
}

export type LocalCartEvent =
  | { type: 'ADD'; item: Omit<LocalCartLine, 'quantity'> }
  | { type: 'INCREASE'; id: number }
  | { type: 'DECREASE'; id: number }
  | { type: 'REMOVE'; id: number }
  /** Storage changed elsewhere (another tab, or the merge at sign-in emptied it): take its lines. */
  | { type: 'LOAD'; lines: LocalCartLine[] };

/** The cart's toasts, shown bottom-left: the server cart's words too (server/domains/commerce/cart, decision 047). */
export const CART_TOASTS = {
  added: 'Service added to your cart',
  increased: 'Quantity increased',
  removed: 'Service removed from your cart',
} as const;

export const MAX_QUANTITY = 99;

const lineOf = (lines: readonly LocalCartLine[], id: number) => lines.find((l) => l.id === id);
const idOf = (event: LocalCartEvent) => (event.type === 'ADD' ? event.item.id : 'id' in event ? event.id : -1);

/** After a change: the caller's `persist` with the lines as they now are (assign runs first, in order). */
const SAVE = {
  type: 'persist',
  params: ({ context }: { context: LocalCartContext }) => ({ lines: context.lines }),
} as const;

export const localCartMachine = setup({
  types: {
    context: {} as LocalCartContext,
    events: {} as LocalCartEvent,
    input: {} as LocalCartInput | undefined,
  },
  actions: {
    /** Writes the lines to browser storage (provided by the caller). */
    persist: (_, _params: { lines: LocalCartLine[] }) => {},
    /** Shows one of CART_TOASTS bottom-left (provided by the caller). */
    toast: (_, _params: { message: string }) => {},
    addLine: assign({
      lines: ({ context, event }) =>
        event.type === 'ADD' ? [...context.lines, { ...event.item, quantity: 1 }] : context.lines,
    }),
    increase: assign({
      lines: ({ context, event }) =>
        context.lines.map((l) => (l.id === idOf(event) ? { ...l, quantity: l.quantity + 1 } : l)),
    }),
    decrease: assign({
      lines: ({ context, event }) =>
        context.lines.map((l) => (l.id === idOf(event) ? { ...l, quantity: l.quantity - 1 } : l)),
    }),
    removeLine: assign({ lines: ({ context, event }) => context.lines.filter((l) => l.id !== idOf(event)) }),
    load: assign({ lines: ({ event }) => (event.type === 'LOAD' ? event.lines.filter((l) => l.quantity > 0) : []) }),
  },
  guards: {
    hasLines: ({ context }) => context.lines.length > 0,
    loadsLines: ({ event }) => event.type === 'LOAD' && event.lines.length > 0,
    inCart: ({ context, event }) => !!lineOf(context.lines, idOf(event)),
    belowMax: ({ context, event }) => {
      const line = lineOf(context.lines, idOf(event));
      return !!line && line.quantity < context.maxQuantity;
    },
    aboveOne: ({ context, event }) => (lineOf(context.lines, idOf(event))?.quantity ?? 0) > 1,
    /** The event's line is the cart's only line (taking it away empties the cart). */
    onlyLine: ({ context, event }) => context.lines.length === 1 && context.lines[0].id === idOf(event),
  },
}).createMachine({
  id: 'localCart',
  context: ({ input }) => ({
    lines: (input?.lines ?? []).filter((l) => l.quantity > 0),
    maxQuantity: input?.maxQuantity ?? MAX_QUANTITY,
  }),
  initial: 'start',
  states: {
    // What storage held decides where the cart starts.
    start: { always: [{ guard: 'hasLines', target: 'filled' }, { target: 'empty' }] },
    empty: {
      on: {
        ADD: {
          target: 'filled',
          actions: ['addLine', SAVE, { type: 'toast', params: { message: CART_TOASTS.added } }],
        },
        LOAD: { guard: 'loadsLines', target: 'filled', actions: 'load' },
      },
    },
    filled: {
      on: {
        ADD: [
          // Adding a service already in the cart raises its quantity by 1, up to the most a cart holds
          // (then adding is not accepted)...
          {
            guard: 'belowMax',
            actions: ['increase', SAVE, { type: 'toast', params: { message: CART_TOASTS.increased } }],
          },
          // ...otherwise it adds a line.
          {
            guard: not('inCart'),
            actions: ['addLine', SAVE, { type: 'toast', params: { message: CART_TOASTS.added } }],
          },
        ],
        INCREASE: {
          guard: 'belowMax',
          actions: ['increase', SAVE, { type: 'toast', params: { message: CART_TOASTS.increased } }],
        },
        // Decrease works while the quantity is above 0: from 1 it takes the line away (decision 014).
        DECREASE: [
          { guard: 'aboveOne', actions: ['decrease', SAVE] },
          {
            guard: 'onlyLine',
            target: 'empty',
            actions: ['removeLine', SAVE, { type: 'toast', params: { message: CART_TOASTS.removed } }],
          },
          {
            guard: 'inCart',
            actions: ['removeLine', SAVE, { type: 'toast', params: { message: CART_TOASTS.removed } }],
          },
        ],
        REMOVE: [
          {
            guard: 'onlyLine',
            target: 'empty',
            actions: ['removeLine', SAVE, { type: 'toast', params: { message: CART_TOASTS.removed } }],
          },
          {
            guard: 'inCart',
            actions: ['removeLine', SAVE, { type: 'toast', params: { message: CART_TOASTS.removed } }],
          },
        ],
        LOAD: [
          { guard: 'loadsLines', actions: 'load' },
          { target: 'empty', actions: 'load' },
        ],
      },
    },
  },
});
