/**
 * The commerce domain's door: the customer's purchase and its fulfilment: customers, addresses, cart, checkout and orders, order lines, promotions, tips, packages, queries and dispatch.
 * Other domains, the handler table and the seeds import only this file (docs/architecture.md).
 * It may use the doors of platform, catalogue, money, marketing, people; never a domain listed after it.
 */
import type { Handlers } from '../../http';
import { addressHandlers } from './addresses/routes';
import { cartHandlers } from './cart/routes';
import { customerHandlers } from './customers/routes';
import { dispatchHandlers } from './dispatch/routes';
import { orderLineHandlers } from './orderLines/routes';
import { orderHandlers } from './orders/routes';
import { packageHandlers } from './packages/routes';
import { queryHandlers } from './queries/routes';
import { tipHandlers } from './tips/routes';

export * as addresses from './addresses/service';
export { signup } from './customers/service';
export { refusalError, refusalsFor } from './dispatch/eligibility';
export * as dispatch from './dispatch/service';
export { lineNamed, stateLabel } from './orderLines/rules';
export * as orderLines from './orderLines/service';
export {
  applyLineEvent,
  cancelLine,
  ENTITY as ORDER_LINE_ENTITY,
  moveSlotForSeed,
  rateLine,
  type Stars,
} from './orderLines/service';
export { retryStaleSourceRefunds } from './orderLines/sourceRefund';
export { invoiceFileName, invoicePdf } from './orders/pdf';
export { isIntraState, placeOrder } from './orders/service';
export { ensureDemoAdvertisement } from './packages/repo';
export * as queries from './queries/service';
export * as tips from './tips/service';

/** Every operation of the commerce domain, by operationId. */
export const handlers: Handlers = {
  ...addressHandlers,
  ...cartHandlers,
  ...customerHandlers,
  ...dispatchHandlers,
  ...orderHandlers,
  ...orderLineHandlers,
  ...packageHandlers,
  ...queryHandlers,
  ...tipHandlers,
};
