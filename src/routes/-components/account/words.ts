// The words of a customer's My account: its tabs, their visits, addresses, favourites, questions and referrals
// (docs/decisions/048-words-in-one-place.md). A customer's booked service is a "visit" here, as in checkout.
const s = (n: number) => (n === 1 ? '' : 's');

export const ACCOUNT = {
  title: 'My account',
  tabs: {
    orders: 'Orders',
    wallet: 'Wallet',
    addresses: 'Addresses',
    favourites: 'Favourites',
    queries: 'Queries',
    referrals: 'Referrals',
  },
  who: (name: string, mobile: string, email: string | null) => `${name} · ${mobile}${email ? ` · ${email}` : ''}`,
  forCustomers: 'This page is for customers',
  notStaff: 'Staff, vendor and professional accounts are managed from their dashboard.',
  dashboard: 'Go to my dashboard',
  walletBalance: 'Wallet balance',
  walletHistory: 'Wallet history',

  orders: {
    title: 'Your orders',
    lists: 'Order lists',
    list: { upcoming: 'Upcoming', past: 'Past', cancelled: 'Cancelled' },
    loading: 'Loading your orders…',
    none: (list: string) => `No ${list.toLowerCase()} visits`,
    noneUpcoming: 'Services you book appear here until they are carried out.',
    noneOther: 'Nothing here yet.',
    visits: (list: string) => `${list} visits`,
    pages: 'Order pages',
    ist: (slot: string) => `${slot} IST`,
    named: (service: string, order: number) => `${service}, order ${order}`,
    facts: (order: number, slot: string, qty: number, total: string, invoice: string | null) =>
      `Order #${order} · ${slot} · Qty ${qty} · ${total}${invoice ? ` · Invoice ${invoice}` : ''}`,
    professional: 'Your professional: ',
    code: 'Completion code ',
    codeHint: ' · give it to the professional only when the work is done',
    yourRating: (rating: number, review: string | null) =>
      ` Your rating: ${rating} of 5${review ? ` — “${review}”` : ''}`,
    refunded: (refund: string, fee: string | null, creditNote: string | null) =>
      `Refunded ${refund} to your wallet${fee ? ` · cancellation fee ${fee}` : ''}${creditNote ? ` · credit note ${creditNote}` : ''}`,
    reschedule: 'Reschedule',
    cancel: 'Cancel',
    rate: 'Rate',
    invoice: 'Invoice',
    query: 'Raise a query',
    close: 'Close',
  },
  refundToSource: {
    status: {
      requested: 'is being sent back',
      pending: 'is on its way back',
      processed: 'was sent back',
      failed: 'could not be sent back and stayed in your wallet',
    } as Record<string, string>,
    where: (amount: string, status: string, provider: string | null) =>
      `${amount} ${status}${provider ? ` to ${provider}` : ''}`,
    offer: (amount: string, provider: string) => `Send ${amount} back to ${provider}`,
    title: 'Send the refund back to where you paid?',
    of: (service: string, order: number) => `${service}, order #${order}`,
    keep: 'Keep it in my wallet',
    send: (amount: string) => `Send ${amount} back`,
    text: (amount: string, provider: string) =>
      `${amount} leaves your wallet and goes back to the card or UPI you paid with through ${provider}. Banks usually take 5–7 working days to show it.`,
  },
  cancel: {
    title: 'Cancel this visit?',
    on: (service: string, slot: string) => `${service} on ${slot}`,
    keep: 'Keep the visit',
    pay: (fee: string) => `Cancel and pay ${fee}`,
    free: 'Cancel the visit',
    checking: 'Checking the cancellation terms…',
    terms: 'Cancellation terms',
    visitTotal: 'Visit total',
    fee: 'Cancellation fee',
    tip: 'Tip returned',
    refund: 'Refund to your wallet',
    freeUntil: (slot: string) => `Free until ${slot}.`,
  },
  move: {
    title: 'Move this visit',
    now: (service: string, slot: string, left: number) => `${service}, now on ${slot}. ${left} move${s(left)} left.`,
    save: 'Move the visit',
    slotFor: (service: string) => `New slot for ${service}`,
  },
  rate: {
    title: 'Rate this visit',
    yours: 'Your rating',
    stars: (n: number) => `${n} star${s(n)}`,
    review: 'Review (optional)',
    send: 'Send rating',
  },
} as const;
