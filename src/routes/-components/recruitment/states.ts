// Words and colours for the recruitment machine's states and events, shared by HR's and the admin's screens.
import {
  RECRUITMENT_EVENT_LABELS,
  RECRUITMENT_STATE_LABELS,
  type RecruitmentState,
} from '../../../machines/recruitment/recruitment.machine';
import type { BadgeTone } from '../../../ui';

export const STATE_LABEL = RECRUITMENT_STATE_LABELS;

export const STATE_TONE: Record<RecruitmentState, BadgeTone> = {
  new: 'neutral',
  screened: 'info',
  interview: 'info',
  finalised: 'info',
  sentForApproval: 'warning',
  approved: 'success',
  appointed: 'success',
  rejected: 'danger',
  adminRejected: 'danger',
};

/** The diagram's and the history's words: states and events (ADD is the step that made the candidate). */
export const DIAGRAM_LABELS: Record<string, string> = {
  ...RECRUITMENT_STATE_LABELS,
  ...RECRUITMENT_EVENT_LABELS,
  ADMIN_REJECT: 'Reject (admin)',
  ADD: 'Added',
};

/** Whether a state is known (a stale or hand-typed `tab` falls back to the page's first list). */
export const isRecruitmentState = (s: unknown): s is RecruitmentState =>
  typeof s === 'string' && s in RECRUITMENT_STATE_LABELS;
