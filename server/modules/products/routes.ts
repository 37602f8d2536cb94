import type { Handlers } from '../../http';

// The product store (issue 12 §2): products, the stock ledger, the inventory manager's dashboard.
export const productHandlers: Handlers = {};
