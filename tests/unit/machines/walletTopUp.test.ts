import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  type CreatedOrder,
  INVALID_AMOUNT,
  messageOf,
  ORDER_FAILED,
  parseTopUpAmount,
  type TopUpMode,
  VERIFICATION_FAILED,
  type WalletTopUpInput,
  walletTopUpMachine,
} from '../../../src/machines/walletTopUp/walletTopUp.machine';
import {
  RETURN_UID,
  TOP_UP_FIXTURES,
  walletTopUpModels,
  walletTopUpPaths,
} from '../../../src/machines/walletTopUp/walletTopUp.model';
import { coverageOf } from '../../support/machine-paths';

interface Deferred<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** The machine with fake actors the test settles by hand, and a log of every side effect it asked for. */
function harness(input: WalletTopUpInput) {
  const effects: string[] = [];
  const pending: { createOrder?: Deferred<CreatedOrder>; verifyPayment?: Deferred<{ message: string }> } = {};
  const machine = walletTopUpMachine.provide({
    actors: {
      createOrder: fromPromise<CreatedOrder, { amount: number; mode: TopUpMode }>(({ input }) => {
        effects.push(`createOrder:${input.amount}:${input.mode}`);
        return new Promise((resolve, reject) => {
          pending.createOrder = { resolve, reject };
        });
      }),
      verifyPayment: fromPromise<{ message: string }, { orderId: string }>(({ input }) => {
        effects.push(`verifyPayment:${input.orderId}`);
        return new Promise((resolve, reject) => {
          pending.verifyPayment = { resolve, reject };
        });
      }),
    },
    actions: {
      rememberOrder: (_, { orderId }) => effects.push(`rememberOrder:${orderId}`),
      redirect: (_, { url }) => effects.push(`redirect:${url}`),
      toastError: (_, { message }) => effects.push(`toastError:${message}`),
      toastSuccess: (_, { message }) => effects.push(`toastSuccess:${message}`),
      close: () => effects.push('close'),
    },
  });
  const actor = createActor(machine, { input }).start();
  /** Settles the invoked call as the model's event says, and waits until the machine has moved on. */
  async function settle(event: { type: string; output?: unknown; error?: unknown }) {
    const [, outcome, , id] = event.type.split('.') as [
      string,
      'done' | 'error',
      string,
      'createOrder' | 'verifyPayment',
    ];
    const call = pending[id];
    expect(call, `${id} was invoked`).toBeDefined();
    pending[id] = undefined;
    if (outcome === 'done') call!.resolve(event.output as never);
    else call!.reject(event.error);
    await waitFor(actor, (s) => !s.matches(id === 'createOrder' ? 'creatingOrder' : 'verifying'), { timeout: 1000 });
  }
  return { actor, effects, settle };
}

describe('wallet top-up machine (model-based)', () => {
  const paths = walletTopUpPaths();

  it('the generated paths, from both entries, cover every state and every transition', () => {
    const { states, transitions } = coverageOf(walletTopUpMachine, paths);
    expect({ states: states.missing, transitions: transitions.missing }).toEqual({ states: [], transitions: [] });
    expect(states.all).toHaveLength(10);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, effects, settle } = harness(path.input);
      const checked: string[] = [];
      const { order } = TOP_UP_FIXTURES;
      // Every state: the actor's value and context are the model's.
      const same = (extra: () => void) => (state: { value: unknown; context: unknown }) => {
        expect(actor.getSnapshot().value).toBe(state.value);
        expect(actor.getSnapshot().context).toEqual(state.context);
        extra();
        checked.push(String(state.value));
      };
      const ctx = () => actor.getSnapshot().context;
      await walletTopUpModels.fresh.testPath(path, {
        states: {
          enteringAmount: same(() => {
            expect(actor.getSnapshot().hasTag('amountForm')).toBe(true);
            expect(ctx().error).toBeNull();
          }),
          invalidAmount: same(() => {
            expect(ctx().error).toBe(INVALID_AMOUNT);
            expect(effects.at(-1)).toBe(`toastError:${INVALID_AMOUNT}`);
          }),
          choosingMode: same(() => expect(ctx().amount).toBe(500.5)),
          creatingOrder: same(() => {
            expect(actor.getSnapshot().hasTag('busy')).toBe(true);
            expect(effects.at(-1)).toBe('createOrder:500.5:sandbox');
          }),
          redirecting: same(() => {
            // The order is remembered before the browser leaves.
            expect(effects.slice(-2)).toEqual([`rememberOrder:${order.orderId}`, `redirect:${order.checkoutUrl}`]);
            expect(actor.getSnapshot().status).toBe('done');
          }),
          failed: same(() => {
            expect(ctx().error).toBe(TOP_UP_FIXTURES.orderError.message);
            expect(effects.at(-1)).toBe(`toastError:${TOP_UP_FIXTURES.orderError.message}`);
          }),
          verifying: same(() => expect(effects).toEqual([`verifyPayment:${RETURN_UID}`])),
          succeeded: same(() => {
            expect(ctx().message).toBe(TOP_UP_FIXTURES.verified.message);
            expect(effects.at(-1)).toBe(`toastSuccess:${TOP_UP_FIXTURES.verified.message}`);
          }),
          verificationFailed: same(() => {
            expect(ctx().error).toBe(TOP_UP_FIXTURES.verifyError.message);
            expect(effects.at(-1)).toBe(`toastError:${TOP_UP_FIXTURES.verifyError.message}`);
          }),
          closed: same(() => {
            expect(effects.at(-1)).toBe('close');
            expect(actor.getSnapshot().status).toBe('done');
            expect(effects.some((e) => e.startsWith('redirect'))).toBe(false);
          }),
        },
        events: {
          ...Object.fromEntries(
            ['SUBMIT_AMOUNT', 'CONFIRM', 'BACK', 'CANCEL', 'RETRY', 'DONE'].map((type) => [
              type,
              ({ event }: { event: never }) => actor.send(event),
            ]),
          ),
          ...Object.fromEntries(
            ['createOrder', 'verifyPayment'].flatMap((id) =>
              ['done', 'error'].map((outcome) => [
                `xstate.${outcome}.actor.${id}`,
                ({ event }: { event: never }) => settle(event),
              ]),
            ),
          ),
        },
      });
      // A state without a check would pass silently.
      expect(checked).toHaveLength(path.steps.length);
      actor.stop();
    });
  }
});

describe('wallet top-up details', () => {
  it('parses rupees with at most two decimals, and refuses anything else', () => {
    expect(['500', '500.5', '500.50', ' 500 ', '0.01', '1'].map(parseTopUpAmount)).toEqual([
      500, 500.5, 500.5, 500, 0.01, 1,
    ]);
    for (const bad of ['', '  ', 'abc', '0', '0.00', '-1', '+1', '1e3', '500.123', '5,000', '.5', '5.', 'Infinity']) {
      expect(parseTopUpAmount(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('takes the server’s words from a failure, or a default', () => {
    expect(messageOf({ detail: 'Amount: must be at most ₹50,000', message: 'x' }, 'd')).toBe(
      'Amount: must be at most ₹50,000',
    );
    expect(messageOf(new Error('Network down'), 'd')).toBe('Network down');
    expect(messageOf('plain', 'd')).toBe('plain');
    expect(messageOf(undefined, 'd')).toBe('d');
    expect(messageOf({ message: '  ' }, 'd')).toBe('d');
  });

  it('an unknown UID ends in verification failed; without the server’s words, the default is shown', async () => {
    const { actor, settle, effects } = harness({ uid: 'NO-SUCH-ORDER' });
    expect(effects).toEqual(['verifyPayment:NO-SUCH-ORDER']);
    await settle({ type: 'xstate.error.actor.verifyPayment', error: new TypeError('') });
    expect(actor.getSnapshot().value).toBe('verificationFailed');
    expect(actor.getSnapshot().context.error).toBe(VERIFICATION_FAILED);
    actor.send({ type: 'DONE' });
    expect(effects.at(-1)).toBe('close');
  });

  it('a failed order without a message shows the default, and a retry sends the same amount and mode', async () => {
    const { actor, settle, effects } = harness({});
    actor.send({ type: 'SUBMIT_AMOUNT', amount: ' 250 ' });
    actor.send({ type: 'CONFIRM', mode: 'RP' });
    await settle({ type: 'xstate.error.actor.createOrder', error: {} });
    expect(actor.getSnapshot().context.error).toBe(ORDER_FAILED);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(effects.filter((e) => e.startsWith('createOrder'))).toEqual(['createOrder:250:RP', 'createOrder:250:RP']);
  });

  it('keeps the amount when going back, ignores events a state does not take, and a blank UID starts afresh', () => {
    const { actor } = harness({ uid: '  ' });
    expect(actor.getSnapshot().value).toBe('enteringAmount');
    actor.send({ type: 'CONFIRM', mode: 'CF' });
    actor.send({ type: 'DONE' });
    expect(actor.getSnapshot().value).toBe('enteringAmount');
    actor.send({ type: 'SUBMIT_AMOUNT', amount: '1000' });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().context.amount).toBe(1000);
    expect(actor.getSnapshot().can({ type: 'BACK' })).toBe(false);
  });
});
