import { setup } from 'xstate';

/**
 * A candidate's way through recruitment (decision 032): HR screens, interviews and finalises; HR sends the finalised
 * candidate for the admin's approval; the admin approves or rejects (the 'Admin Rejected List'); HR appoints the
 * approved candidate, which makes them a professional (Professional/AddProfessional?CandidateId). Before the admin's
 * turn, HR can reject at any step, with a remark. The server persists the state value and applies every event through
 * server/workflow/apply.ts; the flags of the specification (isScreened, isInterview, isFinalised, isAppointed) are
 * derived from the state (see `recruitmentFlags`), never stored.
 */
export type RecruitmentEvent =
  /** HR: the candidate passed screening (RecruitmentProcess Action=Screen, AccFlag=1). */
  | { type: 'SCREEN' }
  /** HR: the candidate is called for interview (Action=Interview, AccFlag=1). */
  | { type: 'INTERVIEW' }
  /** HR: the candidate passed the interview and is finalised (Action=Finalise, AccFlag=1). */
  | { type: 'FINALISE' }
  /** HR rejects, with a remark (Action=Reject, or any Action with AccFlag=0). */
  | { type: 'REJECT' }
  /** HR sends the finalised candidate to the admin (Hr/SendCandidateForApproval). */
  | { type: 'SEND_FOR_APPROVAL' }
  /** The admin approves (Employee/ApproveRejectCandidate AccFlag=1). */
  | { type: 'APPROVE' }
  /** The admin rejects, with a remark (AccFlag=0): the 'Admin Rejected List'. */
  | { type: 'ADMIN_REJECT' }
  /** HR appoints: Professional/AddProfessional?CandidateId makes the professional in the same transaction. */
  | { type: 'APPOINT' };

export type RecruitmentEventType = RecruitmentEvent['type'];

export const RECRUITMENT_EVENT_TYPES: readonly RecruitmentEventType[] = [
  'SCREEN',
  'INTERVIEW',
  'FINALISE',
  'REJECT',
  'SEND_FOR_APPROVAL',
  'APPROVE',
  'ADMIN_REJECT',
  'APPOINT',
];

export const RECRUITMENT_EVENTS: readonly RecruitmentEvent[] = RECRUITMENT_EVENT_TYPES.map((type) => ({ type }));

/** Who sends each event: HR runs the pipeline, the admin decides on approval. */
export const RECRUITMENT_EVENT_ROLE: Record<RecruitmentEventType, 'HR' | 'A'> = {
  SCREEN: 'HR',
  INTERVIEW: 'HR',
  FINALISE: 'HR',
  REJECT: 'HR',
  SEND_FOR_APPROVAL: 'HR',
  APPROVE: 'A',
  ADMIN_REJECT: 'A',
  APPOINT: 'HR',
};

/** The events that need a remark (a rejection always says why). */
export const REMARK_REQUIRED: readonly RecruitmentEventType[] = ['REJECT', 'ADMIN_REJECT'];

/** The pipeline's steps in order; the states are these and the two rejections. */
const STEPS = ['new', 'screened', 'interview', 'finalised', 'sentForApproval', 'approved', 'appointed'] as const;

export const RECRUITMENT_STATES = [...STEPS, 'rejected', 'adminRejected'] as const;
export type RecruitmentState = (typeof RECRUITMENT_STATES)[number];

/** The steps of the pipeline in order (the diagram's main line and the funnel's steps). */
export const RECRUITMENT_STEPS: readonly RecruitmentState[] = STEPS;

/** States in which the candidate is still in play: the same phone or e-mail cannot be open twice. */
export const OPEN_STATES: readonly RecruitmentState[] = STEPS.filter((s) => s !== 'appointed');

/** What staff call each state. */
export const RECRUITMENT_STATE_LABELS: Record<RecruitmentState, string> = {
  new: 'New',
  screened: 'Screened',
  interview: 'Interview',
  finalised: 'Finalised',
  sentForApproval: 'Sent for approval',
  approved: 'Approved, to appoint',
  appointed: 'Appointed',
  rejected: 'Rejected',
  adminRejected: 'Rejected by the admin',
};

/** What staff call each event (the buttons). */
export const RECRUITMENT_EVENT_LABELS: Record<RecruitmentEventType, string> = {
  SCREEN: 'Screen',
  INTERVIEW: 'Call for interview',
  FINALISE: 'Finalise',
  REJECT: 'Reject',
  SEND_FOR_APPROVAL: 'Send for approval',
  APPROVE: 'Approve',
  ADMIN_REJECT: 'Reject',
  APPOINT: 'Appoint',
};

export const recruitmentMachine = setup({
  types: {
    events: {} as RecruitmentEvent,
  },
}).createMachine({
  id: 'recruitment',
  initial: 'new',
  states: {
    new: {
      on: { SCREEN: 'screened', REJECT: 'rejected' },
    },
    screened: {
      on: { INTERVIEW: 'interview', REJECT: 'rejected' },
    },
    interview: {
      on: { FINALISE: 'finalised', REJECT: 'rejected' },
    },
    finalised: {
      on: { SEND_FOR_APPROVAL: 'sentForApproval', REJECT: 'rejected' },
    },
    sentForApproval: {
      on: { APPROVE: 'approved', ADMIN_REJECT: 'adminRejected' },
    },
    approved: {
      on: { APPOINT: 'appointed' },
    },
    appointed: { type: 'final' },
    rejected: { type: 'final' },
    adminRejected: { type: 'final' },
  },
});

/** The events `state` accepts now (for replies and the screens' buttons), in a stable order. */
export function recruitmentAllowedEvents(state: RecruitmentState | string): RecruitmentEventType[] {
  const snapshot = recruitmentMachine.resolveState({ value: state });
  return RECRUITMENT_EVENT_TYPES.filter((type) => snapshot.can({ type }));
}

/**
 * The specification's flags, derived from the state. A rejected candidate keeps the flags of the step they were
 * rejected at (`rejectedFrom`, the last step's from-state), so a list of rejections can still say how far they got.
 */
export function recruitmentFlags(state: RecruitmentState, rejectedFrom?: RecruitmentState | null) {
  const at = state === 'rejected' ? (rejectedFrom ?? 'new') : state === 'adminRejected' ? 'sentForApproval' : state;
  const reached = RECRUITMENT_STEPS.indexOf(at);
  return {
    isScreened: reached >= RECRUITMENT_STEPS.indexOf('screened'),
    isInterview: reached >= RECRUITMENT_STEPS.indexOf('interview'),
    isFinalised: reached >= RECRUITMENT_STEPS.indexOf('finalised'),
    isAppointed: state === 'appointed',
  };
}
