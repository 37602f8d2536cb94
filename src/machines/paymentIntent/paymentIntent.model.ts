import { transitionTestModel } from '../testModel';
import { PAYMENT_INTENT_EVENTS, paymentIntentMachine } from './paymentIntent.machine';

/** The payment intent model walked by the machine test and, through the real API, by the server's test. */
export const paymentIntentModel = transitionTestModel(paymentIntentMachine, {
  events: PAYMENT_INTENT_EVENTS.map((type) => ({ type })),
});

export const paymentIntentPaths = () => paymentIntentModel.getShortestPaths();
