import { setup } from 'xstate';

/**
 * A vendor's product request (decision 029): submitted from the request cart, accepted or rejected by the inventory
 * manager, then by the admin, then paid from the vendor wallet, which issues the stock in the same transaction. A
 * rejection needs a remark and can be sent back for approval (to the inventory manager, because rejecting released
 * the reserved stock). The vendor may cancel until it is paid. The server persists the state value and applies
 * events through server/workflow/apply.ts; ACCEPT and REJECT carry the sender's role, and the machine's guard
 * refuses a role that is not the current approver.
 */
export type ApproverRole = 'IM' | 'A';

export type ProductRequestEvent =
  /** The current approver accepts (the inventory manager's acceptance reserves the stock). */
  | { type: 'ACCEPT'; role: ApproverRole }
  /** The current approver rejects, with a remark (reserved stock is released). */
  | { type: 'REJECT'; role: ApproverRole }
  /** The vendor sends a rejected request back for approval (Vendor/RequestReApprove). */
  | { type: 'REAPPROVE' }
  /** The vendor cancels (Vendor/RequestCancelByVendor); reserved stock is released. */
  | { type: 'CANCEL' }
  /** The vendor pays from their wallet (Vendor/VendorReqWalletPay); the stock is issued. */
  | { type: 'PAY' };

export type ProductRequestEventType = ProductRequestEvent['type'];

export const PRODUCT_REQUEST_EVENT_TYPES: readonly ProductRequestEventType[] = [
  'ACCEPT',
  'REJECT',
  'REAPPROVE',
  'CANCEL',
  'PAY',
];

/** Every event each sender can send: what the model-based tests walk and what the screens ask `can` about. */
export const PRODUCT_REQUEST_EVENTS: readonly ProductRequestEvent[] = [
  { type: 'ACCEPT', role: 'IM' },
  { type: 'ACCEPT', role: 'A' },
  { type: 'REJECT', role: 'IM' },
  { type: 'REJECT', role: 'A' },
  { type: 'REAPPROVE' },
  { type: 'CANCEL' },
  { type: 'PAY' },
];

export const PRODUCT_REQUEST_STATES = [
  'pendingIM',
  'pendingAdmin',
  'approved',
  'rejectedByIM',
  'rejectedByAdmin',
  'issued',
  'cancelled',
] as const;
export type ProductRequestState = (typeof PRODUCT_REQUEST_STATES)[number];

/** What vendors and staff call each state. */
export const PRODUCT_REQUEST_STATE_LABELS: Record<ProductRequestState, string> = {
  pendingIM: 'Waiting for the inventory manager',
  pendingAdmin: 'Waiting for the admin',
  approved: 'Approved, waiting for payment',
  rejectedByIM: 'Rejected by the inventory manager',
  rejectedByAdmin: 'Rejected by the admin',
  issued: 'Paid and issued',
  cancelled: 'Cancelled',
};

/** Whose decision a state waits for, if anyone's. */
export const APPROVER_OF: Partial<Record<ProductRequestState, ApproverRole>> = {
  pendingIM: 'IM',
  pendingAdmin: 'A',
};

/** States in which the request holds reserved stock (released on rejection or cancellation, issued on payment). */
export const HOLDS_STOCK: readonly ProductRequestState[] = ['pendingAdmin', 'approved'];

export const productRequestMachine = setup({
  types: {
    events: {} as ProductRequestEvent,
  },
  guards: {
    byIM: ({ event }) => (event.type === 'ACCEPT' || event.type === 'REJECT') && event.role === 'IM',
    byAdmin: ({ event }) => (event.type === 'ACCEPT' || event.type === 'REJECT') && event.role === 'A',
  },
}).createMachine({
  id: 'productRequest',
  initial: 'pendingIM',
  states: {
    pendingIM: {
      on: {
        ACCEPT: { target: 'pendingAdmin', guard: 'byIM' },
        REJECT: { target: 'rejectedByIM', guard: 'byIM' },
        CANCEL: 'cancelled',
      },
    },
    pendingAdmin: {
      on: {
        ACCEPT: { target: 'approved', guard: 'byAdmin' },
        REJECT: { target: 'rejectedByAdmin', guard: 'byAdmin' },
        CANCEL: 'cancelled',
      },
    },
    approved: {
      on: { PAY: 'issued', CANCEL: 'cancelled' },
    },
    rejectedByIM: {
      on: { REAPPROVE: 'pendingIM', CANCEL: 'cancelled' },
    },
    rejectedByAdmin: {
      on: { REAPPROVE: 'pendingIM', CANCEL: 'cancelled' },
    },
    issued: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

/** The events `state` accepts now (for replies and the screens' buttons), in a stable order. */
export function productRequestAllowedEvents(state: ProductRequestState | string): ProductRequestEvent[] {
  const snapshot = productRequestMachine.resolveState({ value: state });
  return PRODUCT_REQUEST_EVENTS.filter((e) => snapshot.can(e));
}
