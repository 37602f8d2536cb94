import { setup } from 'xstate';

/**
 * A coupon's life (decision 021), with maker-checker approval: marketing makes it (draft), submits it, and an admin who
 * did not make it approves or rejects it. An edit of a submitted, approved, rejected, disabled or expired coupon sends
 * it back for approval. An approved coupon is live within its validity, expires when its end date passes (the
 * system sends EXPIRE) and can be switched off and on (the HomeScreenAdvs toggle). The server persists the state
 * value and applies events through server/workflow/apply.ts; which role may send which event is the coupons
 * service's rule, but the maker-checker rule is the machine's own: APPROVE and REJECT carry `byMaker`.
 */
export type CouponEvent =
  /** Marketing saves changes to the terms (a submitted or decided coupon goes back for approval). */
  | { type: 'EDIT' }
  /** Marketing sends a draft for approval. */
  | { type: 'SUBMIT' }
  /** An admin approves: refused when the admin made the coupon. */
  | { type: 'APPROVE'; byMaker: boolean }
  /** An admin rejects, with a remark: refused when the admin made the coupon. */
  | { type: 'REJECT'; byMaker: boolean }
  /** The system: the end of validity has passed. */
  | { type: 'EXPIRE' }
  /** The toggle off. */
  | { type: 'DISABLE' }
  /** The toggle on again (the server expires it instead when its validity has ended). */
  | { type: 'ENABLE' }
  /** HomeScreenAdvsDelete: kept for its redemptions, gone from every list. */
  | { type: 'DELETE' };

export type CouponEventType = CouponEvent['type'];

export const COUPON_EVENT_TYPES: readonly CouponEventType[] = [
  'EDIT',
  'SUBMIT',
  'APPROVE',
  'REJECT',
  'EXPIRE',
  'DISABLE',
  'ENABLE',
  'DELETE',
];

/** One event of each type as a checker (not the maker) sends it: what the model-based tests walk. */
export const COUPON_EVENTS: readonly CouponEvent[] = COUPON_EVENT_TYPES.map((type) =>
  type === 'APPROVE' || type === 'REJECT' ? { type, byMaker: false } : { type },
) as CouponEvent[];

export type CouponState = 'draft' | 'pending' | 'approved' | 'rejected' | 'expired' | 'disabled' | 'deleted';

export const COUPON_STATES: readonly CouponState[] = [
  'draft',
  'pending',
  'approved',
  'rejected',
  'expired',
  'disabled',
  'deleted',
];

/** What staff call each state. */
export const COUPON_STATE_LABELS: Record<CouponState, string> = {
  draft: 'Draft',
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
  disabled: 'Switched off',
  deleted: 'Deleted',
};

export const couponMachine = setup({
  types: {
    events: {} as CouponEvent,
  },
  guards: {
    notByMaker: ({ event }) => (event.type === 'APPROVE' || event.type === 'REJECT' ? !event.byMaker : false),
  },
}).createMachine({
  id: 'coupon',
  initial: 'draft',
  states: {
    draft: {
      on: { EDIT: 'draft', SUBMIT: 'pending', DELETE: 'deleted' },
    },
    pending: {
      on: {
        EDIT: 'pending',
        APPROVE: { target: 'approved', guard: 'notByMaker' },
        REJECT: { target: 'rejected', guard: 'notByMaker' },
        DELETE: 'deleted',
      },
    },
    approved: {
      on: { EDIT: 'pending', EXPIRE: 'expired', DISABLE: 'disabled', DELETE: 'deleted' },
    },
    rejected: {
      on: { EDIT: 'pending', DELETE: 'deleted' },
    },
    disabled: {
      on: { ENABLE: 'approved', EXPIRE: 'expired', EDIT: 'pending', DELETE: 'deleted' },
    },
    expired: {
      on: { EDIT: 'pending', DELETE: 'deleted' },
    },
    deleted: { type: 'final' },
  },
});

/** The event types `state` accepts now from a checker (for the reply and the screens' buttons), in a stable order. */
export function couponAllowedEvents(state: CouponState | string): CouponEventType[] {
  const snapshot = couponMachine.resolveState({ value: state });
  return COUPON_EVENTS.filter((e) => snapshot.can(e)).map((e) => e.type);
}
