import { transitionTestModel } from '../testModel';
import { CUSTOMER_QUERY_EVENTS, customerQueryMachine } from './customerQuery.machine';

/** The customer query model walked by the machine test and, through the real API, by the server's test. */
export const customerQueryModel = transitionTestModel(customerQueryMachine, {
  events: CUSTOMER_QUERY_EVENTS.map((type) => ({ type })),
});

export const customerQueryPaths = () => customerQueryModel.getShortestPaths();
