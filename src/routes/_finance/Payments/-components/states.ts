// Shared by the payment intent screens: words and tones for the intent machine's states and staff events.
import type { PaymentIntentState } from '../../../../api/payments';
import type { BadgeTone } from '../../../../ui';

export const STATE_LABEL: Record<PaymentIntentState, string> = {
  created: 'Created',
  awaitingPayment: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** The states, for the list's filter. */
export const PAYMENT_INTENT_STATES = Object.keys(STATE_LABEL) as PaymentIntentState[];

export const STATE_TONE: Record<PaymentIntentState, BadgeTone> = {
  created: 'neutral',
  awaitingPayment: 'info',
  paid: 'success',
  failed: 'danger',
  cancelled: 'warning',
  expired: 'neutral',
};

/** The diagram's words: states, every event of the machine, and the two staff may send. */
export const DIAGRAM_LABELS: Record<string, string> = {
  ...STATE_LABEL,
  ORDER_CREATED: 'Order created',
  PROVIDER_PAID: 'Provider: paid',
  PROVIDER_FAILED: 'Provider: failed',
  PROVIDER_CANCELLED: 'Provider: cancelled',
  VERIFY: 'Verify with the provider',
  EXPIRE: 'Expire',
};

export const PROVIDER_LABEL: Record<string, string> = { CF: 'Cashfree', RP: 'Razorpay', sandbox: 'Sandbox' };
