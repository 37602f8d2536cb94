/** /MyAccounts?tab=orders: which list (upcoming when absent) and its page live in the URL. */
export const ORDER_LISTS = ['upcoming', 'past', 'cancelled'] as const;
export type OrderList = (typeof ORDER_LISTS)[number];

export interface OrdersSearch {
  list?: Exclude<OrderList, 'upcoming'>;
  opage?: number;
}

export function validateOrdersSearch(raw: Record<string, unknown>): OrdersSearch {
  const out: OrdersSearch = {};
  if (raw.list === 'past' || raw.list === 'cancelled') out.list = raw.list;
  const page = Number(raw.opage);
  if (Number.isInteger(page) && page > 1 && page <= 100_000) out.opage = page;
  return out;
}
