// The coupons a customer reads: the public /Coupons page, one coupon's ticket and its terms (terms.ts, which the
// staff's screens share) (docs/decisions/048-words-in-one-place.md).
export const COUPONS = {
  title: 'Coupons',
  lead: 'Offers you can use today: type the code at checkout.',
  what: 'coupons',
  list: 'Coupons',
  pages: 'Coupon pages',
  noneTitle: 'No coupons right now',
  noneText: 'New offers appear here as soon as they start.',
  browse: 'Browse services',
  termsOf: (code: string) => `Terms of ${code}`,
  usedUp: 'Fully used: it cannot be applied any more.',
  terms: {
    flat: (amount: string) => `${amount} off`,
    percent: (percent: number, max: string | null) => `${percent}% off${max ? `, up to ${max}` : ''}`,
    everyService: 'Every service',
    service: (id: number) => `Service ${id}`,
    category: (name: string) => `${name} (every service)`,
    categoryId: (id: number) => `Category ${id}`,
    minOrder: (amount: string) => `On orders of ${amount} or more (before GST)`,
    anyOrder: 'On any order value',
    valid: (from: string, to: string) => `Valid ${from} to ${to}`,
    for: (what: string) => `For: ${what}`,
    limits: (perCustomer: number, left: number, total: number) =>
      `${perCustomer === 1 ? 'Once' : `Up to ${perCustomer} times`} per customer; ${left} of ${total} left`,
  },
} as const;
