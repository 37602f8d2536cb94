// Shared by the coupon screens: how staff read a coupon's states and events (src/machines/coupon).
import type { CouponState } from '../../../api/homeScreenAds';
import { COUPON_STATE_LABELS } from '../../../machines/coupon/coupon.machine';
import type { BadgeTone } from '../../../ui';

export const STATE_LABEL: Record<CouponState, string> = COUPON_STATE_LABELS;

export const STATE_TONE: Record<CouponState, BadgeTone> = {
  draft: 'neutral',
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  expired: 'neutral',
  disabled: 'neutral',
  deleted: 'neutral',
};

/** The diagram's and the log's words for states and events. */
export const DIAGRAM_LABELS: Record<string, string> = {
  ...STATE_LABEL,
  CREATE: 'Made',
  EDIT: 'Edit',
  SUBMIT: 'Send for approval',
  APPROVE: 'Approve',
  REJECT: 'Reject',
  EXPIRE: 'Expire (validity ended)',
  DISABLE: 'Switch off',
  ENABLE: 'Switch on',
  DELETE: 'Delete',
};

/** The lists of GetCouponsOffersMR, in the order the filter offers them. */
export const COUPON_ACTIONS = [
  { value: 'Pending', label: 'Waiting for approval' },
  { value: 'Draft', label: 'Drafts' },
  { value: 'Live', label: 'Live now' },
  { value: 'Approved', label: 'Approved' },
  { value: 'Rejected', label: 'Rejected' },
  { value: 'Disabled', label: 'Switched off' },
  { value: 'Expired', label: 'Expired' },
] as const;
