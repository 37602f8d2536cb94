// Vendor product requests (decision 029): the vendor's request cart, one request per submitted cart with a price
// snapshot, the request machine (src/machines/productRequest) applied only through server/workflow/apply.ts, the
// stock it holds (through the products module's stock ledger writer) and its payment from the vendor wallet (through
// the wallets ledger), the lists, the tax invoice and the vendor dashboard. This file is the module's public face.
export * from './cart';
export * from './dashboard';
export * from './decisions';
export * from './reads';
export {
  type Actor,
  allowedFor,
  allowedKeys,
  applyRequestEvent,
  ENTITY,
  type EventExtra,
  eventKey,
  lineMoney,
} from './rules';
