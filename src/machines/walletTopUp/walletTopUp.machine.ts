import { assign, fromPromise, setup } from 'xstate';

/** The payment providers a top-up can go through (decision 013); `sandbox` is the built-in local checkout. */
export type TopUpMode = 'CF' | 'RP' | 'sandbox';

/** The exact words the top-up must show, trailing space included; the screens show them as an error toast. */
export const INVALID_AMOUNT = 'Please add valid amount ';
export const VERIFICATION_FAILED =
  'We could not confirm this payment. If money left your account, it will be refunded.';
export const ORDER_FAILED = 'The payment could not be started. Please try again.';

export interface CreatedOrder {
  orderId: string;
  checkoutUrl: string;
}

export interface WalletTopUpContext {
  /** Rupees, once a valid amount was submitted. */
  amount: number | null;
  mode: TopUpMode | null;
  /** The order being paid for: ours on the way out, the return's UID on the way back. */
  orderId: string | null;
  checkoutUrl: string | null;
  error: string | null;
  /** The server's words when the payment was confirmed. */
  message: string | null;
}

export type WalletTopUpEvent =
  | { type: 'SUBMIT_AMOUNT'; amount: string }
  | { type: 'CONFIRM'; mode: TopUpMode }
  | { type: 'BACK' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'DONE' };

export interface WalletTopUpInput {
  /** The `?UID=` the provider sent the browser back with: the machine then verifies that payment. */
  uid?: string | null;
}

export type WalletTopUpState =
  | 'start'
  | 'enteringAmount'
  | 'invalidAmount'
  | 'choosingMode'
  | 'creatingOrder'
  | 'redirecting'
  | 'failed'
  | 'verifying'
  | 'succeeded'
  | 'verificationFailed'
  | 'closed';

/**
 * Rupees typed by the user, or null when it is not a positive amount with at most two decimals.
 * Plain digits only (no sign, exponent or grouping), so what is shown is what is charged. Upper limits are the
 * server's (WALLET_MAX_TOPUP).
 */
export function parseTopUpAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const amount = Number(trimmed);
  return Number.isFinite(amount) && amount > 0 ? amount : null;
}

/** The words to show for a failed call: the server's message when the error carries one. */
export function messageOf(error: unknown, fallback: string): string {
  if (typeof error === 'string' && error.trim()) return error;
  if (error && typeof error === 'object') {
    for (const key of ['detail', 'message'] as const) {
      const value = (error as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.trim()) return value;
    }
  }
  return fallback;
}

const notProvided = (name: string) => () => {
  throw new Error(`walletTopUp: provide the '${name}' implementation`);
};

/**
 * The wallet top-up every top-up screen runs: amount → provider → our order → the provider's checkout; and, when the
 * provider sends the browser back with `?UID=`, verifying that payment with the server.
 * Side effects are stubs the screen provides: `createOrder` (Excel/Gate1CF) and `verifyPayment`
 * (Customer/CheckWalletTransactionStatus) actors; `rememberOrder`, `redirect`, `toastError`, `toastSuccess` and
 * `close` actions.
 */
export const walletTopUpMachine = setup({
  types: {
    context: {} as WalletTopUpContext,
    events: {} as WalletTopUpEvent,
    input: {} as WalletTopUpInput | undefined,
  },
  actors: {
    createOrder: fromPromise<CreatedOrder, { amount: number; mode: TopUpMode }>(notProvided('createOrder')),
    verifyPayment: fromPromise<{ message: string }, { orderId: string }>(notProvided('verifyPayment')),
  },
  actions: {
    rememberOrder: (_, _params: { orderId: string }) => {},
    redirect: (_, _params: { url: string }) => {},
    toastError: (_, _params: { message: string }) => {},
    toastSuccess: (_, _params: { message: string }) => {},
    // Closes the dialog, or (on a return page) goes to the dashboard without `?UID=`.
    close: () => {},
  },
  guards: {
    returning: ({ context }) => context.orderId !== null,
    validAmount: ({ event }) => event.type === 'SUBMIT_AMOUNT' && parseTopUpAmount(event.amount) !== null,
  },
}).createMachine({
  id: 'walletTopUp',
  context: ({ input }) => ({
    amount: null,
    mode: null,
    orderId: input?.uid?.trim() || null,
    checkoutUrl: null,
    error: null,
    message: null,
  }),
  initial: 'start',
  states: {
    // Where the page opened decides the flow: a return from the provider verifies, anything else starts a top-up.
    start: {
      always: [{ guard: 'returning', target: 'verifying' }, { target: 'enteringAmount' }],
    },
    enteringAmount: {
      tags: ['amountForm'],
      on: {
        SUBMIT_AMOUNT: [
          {
            guard: 'validAmount',
            target: 'choosingMode',
            actions: assign({ amount: ({ event }) => parseTopUpAmount(event.amount), error: null }),
          },
          { target: 'invalidAmount', actions: assign({ error: INVALID_AMOUNT }) },
        ],
        CANCEL: 'closed',
      },
    },
    // The amount form again, with the error to show.
    invalidAmount: {
      tags: ['amountForm'],
      entry: { type: 'toastError', params: ({ context }) => ({ message: context.error! }) },
      on: {
        SUBMIT_AMOUNT: [
          {
            guard: 'validAmount',
            target: 'choosingMode',
            actions: assign({ amount: ({ event }) => parseTopUpAmount(event.amount), error: null }),
          },
          // Submitting another bad amount shows the toast again.
          { target: 'invalidAmount', reenter: true, actions: assign({ error: INVALID_AMOUNT }) },
        ],
        CANCEL: 'closed',
      },
    },
    choosingMode: {
      on: {
        CONFIRM: { target: 'creatingOrder', actions: assign({ mode: ({ event }) => event.mode }) },
        // The amount stays in context so the form shows it again.
        BACK: 'enteringAmount',
        CANCEL: 'closed',
      },
    },
    creatingOrder: {
      tags: ['busy'],
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => ({ amount: context.amount!, mode: context.mode! }),
        onDone: {
          target: 'redirecting',
          actions: assign({
            orderId: ({ event }) => event.output.orderId,
            checkoutUrl: ({ event }) => event.output.checkoutUrl,
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, ORDER_FAILED) }) },
      },
    },
    // The browser leaves for the provider's checkout; nothing happens here after that.
    redirecting: {
      tags: ['busy'],
      type: 'final',
      entry: [
        { type: 'rememberOrder', params: ({ context }) => ({ orderId: context.orderId! }) },
        { type: 'redirect', params: ({ context }) => ({ url: context.checkoutUrl! }) },
      ],
    },
    failed: {
      entry: { type: 'toastError', params: ({ context }) => ({ message: context.error! }) },
      on: {
        RETRY: { target: 'creatingOrder', actions: assign({ error: null }) },
        CANCEL: 'closed',
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verifyPayment',
        src: 'verifyPayment',
        input: ({ context }) => ({ orderId: context.orderId! }),
        onDone: { target: 'succeeded', actions: assign({ message: ({ event }) => event.output.message }) },
        onError: {
          target: 'verificationFailed',
          actions: assign({ error: ({ event }) => messageOf(event.error, VERIFICATION_FAILED) }),
        },
      },
    },
    succeeded: {
      entry: { type: 'toastSuccess', params: ({ context }) => ({ message: context.message! }) },
      on: { DONE: 'closed' },
    },
    verificationFailed: {
      entry: { type: 'toastError', params: ({ context }) => ({ message: context.error! }) },
      on: { DONE: 'closed' },
    },
    closed: { type: 'final', entry: 'close' },
  },
});
