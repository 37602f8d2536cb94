import type { CurrentUser } from '../../../http';

/** The professional's own rules (decision 019). */
export const JOB_RULES = {
  /** Wrong completion codes allowed before completion is locked until the admin resets it. */
  maxCompletionAttempts: 5,
  /** A slot is a one-hour window (decision 014): a job is open to take until its slot has ended. */
  slotMs: 3_600_000,
} as const;

export type Caller = Pick<CurrentUser, 'id' | 'role'>;

/** Live events of a job go to the admin's and the call desk's screens, the customer's and the professionals'. */
export const JOB_TAGS = ['Dispatch', 'OrderLines', 'ProfessionalJobs'];
