import { transitionTestModel } from '../testModel';
import { ORDER_LINE_EVENTS, orderLineMachine } from './orderLine.machine';

/** The order line model walked by the machine test and, through the real API, by the server's test. */
export const orderLineModel = transitionTestModel(orderLineMachine, {
  events: ORDER_LINE_EVENTS.map((type) => ({ type })),
});

export const orderLinePaths = () => orderLineModel.getShortestPaths();
