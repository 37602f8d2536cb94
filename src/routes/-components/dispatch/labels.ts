// Words for the order line machine as staff read it (the dispatch lists, the line page, the call desk).
import {
  ORDER_LINE_STATE_LABELS,
  type OrderLineEventType,
  type OrderLineState,
} from '../../../machines/orderLine/orderLine.machine';
import type { BadgeTone } from '../../../ui';

/** Staff call an unassigned line 'Unassigned' (the customer sees 'Placed'). */
export const STAFF_STATE_LABELS: Record<OrderLineState, string> = {
  ...ORDER_LINE_STATE_LABELS,
  unassigned: 'Unassigned',
};

export const STATE_TONE: Record<OrderLineState, BadgeTone> = {
  awaitingPayment: 'neutral',
  paymentFailed: 'danger',
  unassigned: 'warning',
  assigned: 'info',
  accepted: 'info',
  completed: 'success',
  rated: 'success',
  cancelled: 'neutral',
};

export const EVENT_LABELS: Record<OrderLineEventType, string> = {
  PAYMENT_SETTLED: 'Payment settled',
  PAYMENT_FAILED: 'Payment failed',
  RETRY_PAYMENT: 'Pay again',
  ASSIGN: 'Assign',
  REASSIGN: 'Reassign',
  RELEASE: 'Release (professional switched off)',
  SELF_ASSIGN: 'Taken by a professional',
  ACCEPT: 'Accept',
  REJECT: 'Reject',
  COMPLETE: 'Complete',
  RATE: 'Rate',
  RESCHEDULE: 'Reschedule',
  CANCEL: 'Cancel (customer)',
  ADMIN_CANCEL: 'Cancel (admin)',
};

/** The diagram's words: every state and every event. */
export const DIAGRAM_LABELS: Record<string, string> = { ...STAFF_STATE_LABELS, ...EVENT_LABELS };

/** A state's words; an unknown value (a newer server) shows as it is. */
export const stateLabel = (state: string | null | undefined): string =>
  state ? (STAFF_STATE_LABELS[state as OrderLineState] ?? state) : '—';

/** The log's first entry (the order was placed) is not a machine event. */
const LOG_ONLY: Record<string, string> = { CREATE: 'Order placed' };

export const eventLabel = (event: string): string =>
  EVENT_LABELS[event as OrderLineEventType] ?? LOG_ONLY[event] ?? event;

/** How long a line has waited, from the server's minutes: '45 min', '3 h 05 min', '2 d 4 h'. */
export function formatWaited(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes < 1) return 'under a minute';
  const m = Math.floor(minutes);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} h ${String(m % 60).padStart(2, '0')} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}
