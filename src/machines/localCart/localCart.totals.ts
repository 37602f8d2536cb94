/** A local cart line as the totals read it: its unit price in integer paise and its quantity. */
export interface PricedLine {
  pricePaise: number;
  quantity: number;
}

/** The cart's totals: totalPrice in rupees (exact: paise / 100), totalQuantity a count. */
export function totalsOf(lines: readonly PricedLine[]): { totalPrice: number; totalQuantity: number } {
  let paise = 0;
  let quantity = 0;
  for (const l of lines) {
    paise += l.pricePaise * l.quantity;
    quantity += l.quantity;
  }
  return { totalPrice: paise / 100, totalQuantity: quantity };
}
