import { transitionTestModel } from '../testModel';
import { PRODUCT_REQUEST_EVENTS, productRequestMachine } from './productRequest.machine';

/** The request model walked by the machine test and, through the real API, by the server's test. */
export const productRequestModel = transitionTestModel(productRequestMachine, { events: PRODUCT_REQUEST_EVENTS });

export const productRequestPaths = () => productRequestModel.getShortestPaths();
