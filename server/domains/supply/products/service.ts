// The product store and its stock ledger (decision 028): this file is the module's public face. Prices are integer
// paise inside; the API speaks rupees (the conversion is termsFromApi's, called at the HTTP boundary). Stock changes
// only through moveStock.

export * from './edits';
export * from './ledger';
export * from './productImport';
export * from './reads';
export type { StockMovementKind } from './repo';
export {
  type ApiTerms,
  CSV_MAX_ROWS,
  ENTITY,
  type ProductInput,
  productView,
  type Terms,
  termsFromApi,
} from './terms';
