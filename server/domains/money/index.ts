/**
 * The money domain's door: wallets on a double-entry ledger, and payments through a provider.
 * Other domains, the handler table and the seeds import only this file (docs/architecture.md).
 * It may use the doors of platform, catalogue; never a domain listed after it.
 */
import type { Handlers } from '../../http';
import { paymentHandlers } from './payments/routes';
import { walletHandlers } from './wallets/routes';

export * as payments from './payments/service';
export { reconcileOnce } from './payments/service';
export * as wallets from './wallets/service';
export { walletBalance } from './wallets/service';

/** Every operation of the money domain, by operationId. */
export const handlers: Handlers = {
  ...paymentHandlers,
  ...walletHandlers,
};
