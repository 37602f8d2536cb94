import { transitionTestModel } from '../testModel';
import { type WalletTopUpInput, walletTopUpMachine } from './walletTopUp.machine';

/** The UID the provider sends the browser back with, in the return paths. */
export const RETURN_UID = 'DS-RETURN-1';

export const TOP_UP_FIXTURES = {
  goodAmount: '500.50',
  badAmount: 'abc',
  mode: 'sandbox',
  order: { orderId: 'DS-TEST-1', checkoutUrl: '/api/payments/sandbox/checkout/DS-TEST-1' },
  orderError: { message: 'The payment provider is not available right now.' },
  verified: { message: 'Payment Successful' },
  verifyError: { message: 'No payment was found for this order.' },
} as const;

/**
 * The events the model sends. The `xstate.done.actor.*` / `xstate.error.actor.*` ones stand for the invoked actor
 * (createOrder, verifyPayment) resolving or failing: a test walks them by settling its fake actor.
 */
const events = [
  { type: 'SUBMIT_AMOUNT', amount: TOP_UP_FIXTURES.goodAmount },
  { type: 'SUBMIT_AMOUNT', amount: TOP_UP_FIXTURES.badAmount },
  { type: 'CONFIRM', mode: TOP_UP_FIXTURES.mode },
  { type: 'BACK' },
  { type: 'CANCEL' },
  { type: 'RETRY' },
  { type: 'DONE' },
  { type: 'xstate.done.actor.createOrder', output: TOP_UP_FIXTURES.order },
  { type: 'xstate.error.actor.createOrder', error: TOP_UP_FIXTURES.orderError },
  { type: 'xstate.done.actor.verifyPayment', output: TOP_UP_FIXTURES.verified },
  { type: 'xstate.error.actor.verifyPayment', error: TOP_UP_FIXTURES.verifyError },
];

const modelFor = (input: WalletTopUpInput) => transitionTestModel(walletTopUpMachine, { events, input });

/** A top-up opened from a button, and the provider's return to a page with `?UID=`. */
export const walletTopUpModels = { fresh: modelFor({}), returning: modelFor({ uid: RETURN_UID }) };

export type WalletTopUpPath = ReturnType<(typeof walletTopUpModels)['fresh']['getShortestPaths']>[number] & {
  input: WalletTopUpInput;
};

/** Every generated path of both entries, each with the input its actor must start with. */
export function walletTopUpPaths(): WalletTopUpPath[] {
  return Object.entries(walletTopUpModels).flatMap(([entry, model]) => {
    const input: WalletTopUpInput = entry === 'returning' ? { uid: RETURN_UID } : {};
    return model
      .getShortestPaths()
      .map((path) => Object.assign(path, { input, description: `${entry}: ${path.description}` }));
  });
}
