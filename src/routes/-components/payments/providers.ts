/**
 * The payment providers as customers and staff read them, in one place for every screen that offers or names one
 * (checkout, the invoice's retry, plans, wallet top-ups). The sandbox is this app's own test page (decision 013).
 */
export const PROVIDER_NAME: Record<string, string> = {
  CF: 'Cashfree',
  RP: 'Razorpay',
  sandbox: 'Test payment (no real money)',
};

export const providerName = (mode: string) => PROVIDER_NAME[mode] ?? mode;

/** What happens after "Place order and pay": said plainly for each provider. */
export const payNextText = (mode: string) =>
  mode === 'sandbox'
    ? 'Next you pay on the test payment page: no real money moves.'
    : `Next you pay securely with ${providerName(mode)}.`;
