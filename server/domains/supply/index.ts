/**
 * The supply domain's door: vendors, the product store and product requests.
 * Other domains, the handler table and the seeds import only this file (docs/architecture.md).
 * It may use the doors of platform, catalogue, money, marketing, people, commerce, fieldService; never a domain listed after it.
 */
import type { Handlers } from '../../http';
import { productRequestHandlers } from './productRequests/routes';
import { productHandlers } from './products/routes';
import { vendorHandlers } from './vendors/routes';

export * as productRequests from './productRequests/service';
export * as products from './products/service';
export * as vendors from './vendors/service';

/** Every operation of the supply domain, by operationId. */
export const handlers: Handlers = {
  ...productHandlers,
  ...productRequestHandlers,
  ...vendorHandlers,
};
