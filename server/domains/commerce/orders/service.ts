/**
 * The orders module's use cases, one file each: the quote (pricing.ts), placing (placing.ts), and paying, paying again
 * and the provider's return (paying.ts).
 */
export {
  checkPayment,
  ORDER_PURPOSE,
  orderFor,
  type PayMode,
  type PlaceContext,
  type Placed,
  type RetryRequest,
  retryPayment,
} from './paying';
export { type PlaceRequest, placeOrder } from './placing';
export {
  checkout,
  isIntraState,
  type OrderItem,
  type PricedOrder,
  priceOrder,
  type QuoteRequest,
  quoteOut,
} from './pricing';
