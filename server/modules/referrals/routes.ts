import type { Handlers } from '../../http';

/** Referral cost, referral histories and payouts (issue 11 §4). */
export const referralHandlers: Handlers = {};
