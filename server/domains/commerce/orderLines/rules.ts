import {
  ORDER_LINE_STATE_LABELS,
  type OrderLineEventType,
  type OrderLineState,
  orderLineAllowedEvents,
} from '../../../../src/machines/orderLine/orderLine.machine';
import { type Paise, paise, toRupees } from '../../../money';
import type { SourceRefundStatus } from './repo';

/**
 * The order line's time and money rules (decision 014), pure so the service, the lists and the tests share them. The
 * machine says which events exist in which state; these say when the clock and the money allow them.
 */
export const LINE_RULES = {
  /** Cancelling is free, and rescheduling allowed, until this many hours before the slot starts. */
  windowHours: 3,
  /** The fee for a cancellation inside the window, once a professional is assigned: ₹99 … */
  feePaise: paise(9_900),
  /** A line may be moved this many times. */
  maxReschedules: 2,
} as const;

const HOUR = 3_600_000;

/** The instant the free window closes: `windowHours` before the slot. */
export const windowClosesAt = (slotStart: Date) => new Date(slotStart.getTime() - LINE_RULES.windowHours * HOUR);

/** True while the slot is more than `windowHours` away. */
export const beforeWindow = (slotStart: Date, now: Date) => now.getTime() < windowClosesAt(slotStart).getTime();

export interface FeeInput {
  state: OrderLineState | string;
  slotStart: Date;
  totalPaise: number;
}

export interface CancellationTerms {
  free: boolean;
  feePaise: Paise;
  refundPaise: Paise;
  /** Why it is free or why a fee applies, in the customer's words. */
  reason: string;
  /** Until when it is free (null once the window is closed or when it is free whatever the time). */
  freeUntil: Date | null;
}

/**
 * What the customer's cancellation costs now: free while no professional is assigned, or while the slot is more than
 * 3 hours away; otherwise ₹99 (never more than the line's total), the rest refunded. An admin's cancellation is
 * always free (`admin`).
 */
export function cancellationTerms(line: FeeInput, now: Date, admin = false): CancellationTerms {
  const total = paise(line.totalPaise);
  if (admin) return { free: true, feePaise: paise(0), refundPaise: total, reason: 'Cancelled by us', freeUntil: null };
  if (line.state === 'unassigned') {
    return {
      free: true,
      feePaise: paise(0),
      refundPaise: total,
      reason: 'Free: no professional has been assigned yet.',
      freeUntil: null,
    };
  }
  if (beforeWindow(line.slotStart, now)) {
    return {
      free: true,
      feePaise: paise(0),
      refundPaise: total,
      reason: `Free: the visit is more than ${LINE_RULES.windowHours} hours away.`,
      freeUntil: windowClosesAt(line.slotStart),
    };
  }
  const fee = paise(Math.min(LINE_RULES.feePaise, total));
  return {
    free: false,
    feePaise: fee,
    refundPaise: paise(total - fee),
    reason: `A cancellation fee applies: a professional is assigned and the visit is less than ${LINE_RULES.windowHours} hours away.`,
    freeUntil: null,
  };
}

/** Why a reschedule is refused now, or null when it is allowed (the machine's own refusal comes first). */
export function rescheduleRefusal(line: { slotStart: Date; rescheduleCount: number }, now: Date): string | null {
  if (line.rescheduleCount >= LINE_RULES.maxReschedules) {
    return `A visit can be moved at most ${LINE_RULES.maxReschedules} times; this one has been moved ${line.rescheduleCount} times.`;
  }
  if (!beforeWindow(line.slotStart, now)) {
    return `A visit can be moved only until ${LINE_RULES.windowHours} hours before it starts.`;
  }
  return null;
}

/** What the customer may do with a line now: the screens show exactly these buttons. */
export type CustomerAction = 'Reschedule' | 'Cancel' | 'Rate' | 'Invoice' | 'Query';

export function customerActions(
  line: { state: string; slotStart: Date; rescheduleCount: number; invoiceNo: string | null },
  now: Date,
): CustomerAction[] {
  const events = new Set<OrderLineEventType>(orderLineAllowedEvents(line.state));
  const actions: CustomerAction[] = [];
  if (events.has('RESCHEDULE') && rescheduleRefusal(line, now) === null) actions.push('Reschedule');
  if (events.has('CANCEL')) actions.push('Cancel');
  if (events.has('RATE')) actions.push('Rate');
  if (line.invoiceNo) actions.push('Invoice');
  if (line.state !== 'awaitingPayment' && line.state !== 'paymentFailed') actions.push('Query');
  return actions;
}

/** The state as the customer reads it; a placed line whose slot has passed is waiting for its visit. */
export function stateLabel(state: string): string {
  return ORDER_LINE_STATE_LABELS[state as OrderLineState] ?? state;
}

/** The customer's lists: which states each shows. */
export const LIST_STATES = {
  upcoming: ['awaitingPayment', 'paymentFailed', 'unassigned', 'assigned', 'accepted'],
  past: ['completed', 'rated'],
  cancelled: ['cancelled'],
} as const satisfies Record<string, readonly OrderLineState[]>;
export type LineList = keyof typeof LIST_STATES;

/** How every list names a line: its order, its service and the slot booked. */
export const lineNamed = (r: {
  id: number;
  orderId: number;
  serviceId: number;
  description: string;
  quantity: number;
  slotStart: Date;
}) => ({
  lineId: r.id,
  orderId: r.orderId,
  serviceId: r.serviceId,
  serviceName: r.description,
  quantity: r.quantity,
  slotStart: r.slotStart,
});

/** A service's rating summary from its stats row: average to one decimal, and the count of each star. */
export function ratingSummary(
  stats: {
    count: number;
    total: number;
    stars1: number;
    stars2: number;
    stars3: number;
    stars4: number;
    stars5: number;
  } | null,
) {
  if (!stats || stats.count === 0) {
    return { average: 0, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };
  }
  return {
    average: Math.round((stats.total * 10) / stats.count) / 10,
    count: stats.count,
    distribution: { 1: stats.stars1, 2: stats.stars2, 3: stats.stars3, 4: stats.stars4, 5: stats.stars5 },
  };
}

const PROVIDER_NAMES: Record<string, string> = {
  sandbox: 'the sandbox provider',
  CF: 'Cashfree',
  RP: 'Razorpay',
};
export const providerName = (code: string) => PROVIDER_NAMES[code] ?? code;

/** What the customer's cancelled list shows of a line's refund to source. */
export function sourceRefundOffer(r: {
  state: string;
  refundPaise: number | null;
  providerPaise: number;
  paymentProvider: string | null;
  sourceRefundStatus: SourceRefundStatus | null;
  sourceRefundPaise: number | null;
}) {
  const status = r.sourceRefundStatus;
  const sent = status !== null && status !== 'failed';
  const offerable = r.state === 'cancelled' && (r.refundPaise ?? 0) > 0 && r.providerPaise > 0 && !!r.paymentProvider;
  return {
    available: offerable && !sent,
    amount: toRupees(paise(sent ? (r.sourceRefundPaise ?? 0) : Math.min(r.refundPaise ?? 0, r.providerPaise))),
    provider: r.paymentProvider ? providerName(r.paymentProvider) : null,
    status,
  };
}
