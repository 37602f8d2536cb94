// The words a customer reads about subscription plans: the plans on sale, buying one, their own plans
// (docs/decisions/048-words-in-one-place.md). The staff's plan and discount forms keep theirs.
import { formatRupees } from '../../../ui/format';

/** "15% off" or "₹150.00 off each". */
export const discountText = (d: { discountType: 'P' | 'F'; discount: number }) =>
  d.discountType === 'P' ? `${d.discount}% off` : `${formatRupees(d.discount)} off each`;

/** "1 month", "12 months". */
export const monthsText = (n: number) => (n === 1 ? '1 month' : `${n} months`);

export const SUBSCRIPTIONS = {
  title: 'Subscription plans',
  lead: "Pay once for a few months of discounts on the services you book most. At checkout each service takes the better of your plan's discount and a coupon.",
  onSale: 'Plans on sale',
  loading: 'Loading the plans…',
  noneTitle: 'No plans on sale right now',
  noneText: 'Please look again soon.',
  customersOnly: 'Plans are bought with a customer account.',
  signIn: 'Sign in to buy',
  checking: 'Checking your payment…',
  notComplete: 'Your payment is not complete yet',
  checkAgain: 'Check again',

  card: {
    picture: (name: string) => `${name} plan`,
    for: (months: string) => `for ${months}`,
    discountsOf: (name: string) => `Discounts of ${name}`,
    noDiscounts: 'No service discounts yet.',
  },

  buy: {
    wallet: (balance: string) => `My wallet (${balance})`,
    payWith: 'Pay with',
    payHint: 'The plan starts when it is paid and runs for its months.',
    yoursUntil: (day: string) => `Your plan, until ${day}.`,
    awaiting: 'Your plan is waiting for its payment.',
    holding: (name: string, until: string | null) => `You hold ${name}${until ? ` until ${until}` : ''}.`,
    button: (price: string) => `Buy · ${price}`,
    named: (price: string, name: string) => `Buy · ${price} · ${name}`,
    short: 'Your wallet balance is too low: top it up or choose another way to pay.',
  },

  mine: {
    title: 'My plan',
    loading: 'Loading your plans…',
    until: 'until ',
    applies: ': its discounts apply at checkout.',
    finish: 'Finish the payment, or cancel it on the payment page, to buy a plan.',
    continue: 'Continue the payment',
    none: 'You have no plan now. Choose one below.',
    history: 'Your plans',
    pages: 'Pages of your plans',
    bought: (day: string) => `Bought ${day}`,
    status: { active: 'Active', awaitingPayment: 'Awaiting payment', ended: 'Ended', failed: 'Payment failed' },
    paidBy: {
      Wallet: 'from your wallet',
      CF: 'through Cashfree',
      RP: 'through Razorpay',
      sandbox: 'by test payment',
    } as Record<string, string>,
    paidThrough: (by: string) => `through ${by}`,
    invoice: (no: string) => `Tax invoice ${no}`,
    download: 'Download invoice',
    downloadLabel: (no: string) => `Download invoice ${no} (PDF)`,
    gstIncluded: (gst: string) => `incl. GST ${gst}`,
  },
} as const;
