import type { Handlers } from '../../http';

// Vendor product requests (issue 12 §3): the request cart, the request machine, payment, tracking and invoices.
export const productRequestHandlers: Handlers = {};
