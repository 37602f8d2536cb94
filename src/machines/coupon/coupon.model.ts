import { transitionTestModel } from '../testModel';
import { COUPON_EVENTS, couponMachine } from './coupon.machine';

/** The coupon model walked by the machine test and, through the real API, by the server's test. */
export const couponModel = transitionTestModel(couponMachine, { events: COUPON_EVENTS });

export const couponPaths = () => couponModel.getShortestPaths();
