// The cart's words: the header's link, "Add to cart", the slot picker, the visitor's and the customer's cart pages
// (docs/decisions/048-words-in-one-place.md). The visitor cart's toasts stay beside its machine
// (src/machines/localCart CART_TOASTS): re-exported here they would carry the machine into every page with a card.
export const CART = {
  link: (count: number) => `Cart, ${count} item${count === 1 ? '' : 's'}`,
  linkText: 'Cart',
  add: 'Add to cart',
  addNamed: (heading: string) => `Add to cart: ${heading}`,

  slot: {
    day: 'Day',
    chooseDay: 'Choose a day',
    time: 'Time (India)',
    chooseTime: 'Choose a time',
    dayFirst: 'Choose a day first',
    chosen: (slot: string) => `Slot: ${slot} (India time)`,
    none: 'No time slot chosen yet',
    for: (heading: string) => `Time slot for ${heading}`,
    needed: 'Choose a day and a time for this visit',
    missing: 'A time slot is missing',
    missingFor: (heading: string) => `Choose a time slot for ${heading} before checking out.`,
  },

  lines: 'Cart lines',
  each: (price: string) => `${price} each`,
  eachWithGst: (price: string) => `${price} each, GST included`,
  off: (percent: number) => ` · ${percent}% off`,
  gst: (percent: number) => ` · GST ${percent}%`,
  taxable: (taxable: string, gst: string) => ` · taxable ${taxable} + GST ${gst}`,
  withdrawn: ' · no longer offered: remove it to book the rest',
  unavailable: 'Unavailable',
  fewer: (heading: string) => `One fewer ${heading}`,
  more: (heading: string) => `One more ${heading}`,
  quantityOf: (heading: string) => `Quantity of ${heading}`,
  remove: 'Remove',

  summary: 'Summary',
  items: 'Items',
  price: 'Price',
  discount: 'Discount',
  gstRow: 'GST',
  total: 'Total',
  someWithdrawn: (n: number) =>
    `${n === 1 ? 'One service is' : `${n} services are`} no longer offered and left out of the total.`,
  confirmedAtCheckout: 'The amount you pay, with any tip and wallet use, is confirmed at checkout.',
  proceed: 'Proceed to checkout',
  clear: 'Clear cart',
  clearTitle: 'Clear your cart?',
  clearText: 'Every service and its time slot is taken out of your cart.',

  empty: 'Your cart is empty',
  browse: 'Browse services',
  what: 'your cart',
  mine: {
    title: 'My cart',
    lead: 'Pick a time slot for each service, then proceed to checkout.',
    emptyText: 'Add services from their cards or pages, then pick a time slot for each.',
    forCustomers: 'The cart is for customers',
    notStaff: 'Staff, vendor and professional accounts do not book services.',
    dashboard: 'Go to my dashboard',
  },
  visitor: {
    title: 'Your cart',
    lead: 'Kept in this browser. Sign in to pick time slots and book.',
    emptyText: 'Add services from their cards or pages; they wait here until you book.',
    todaysPrices: "At today's prices, GST included. The amount you pay is confirmed at checkout.",
    signIn: 'Sign in to book',
  },
} as const;
