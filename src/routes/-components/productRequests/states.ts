// Words and colours for the product request machine's states and events, shared by every role's screens.
import {
  PRODUCT_REQUEST_STATE_LABELS,
  type ProductRequestState,
} from '../../../machines/productRequest/productRequest.machine';
import type { BadgeTone } from '../../../ui';

export const STATE_LABEL = PRODUCT_REQUEST_STATE_LABELS;

export const STATE_TONE: Record<ProductRequestState, BadgeTone> = {
  pendingIM: 'warning',
  pendingAdmin: 'warning',
  approved: 'info',
  rejectedByIM: 'danger',
  rejectedByAdmin: 'danger',
  issued: 'success',
  cancelled: 'neutral',
};

/** The diagram's words: states, events and the approver guards. */
export const DIAGRAM_LABELS: Record<string, string> = {
  ...PRODUCT_REQUEST_STATE_LABELS,
  SUBMIT: 'Submitted',
  ACCEPT: 'Accept',
  REJECT: 'Reject',
  REAPPROVE: 'Send for re-approval',
  CANCEL: 'Cancel request',
  PAY: 'Pay from wallet',
  byIM: 'inventory manager',
  byAdmin: 'admin',
};
