import { currentUser, type Handlers, ok } from '../../../http';
import { rupeesText, toPaise } from '../../../money';
import * as referrals from './service';

/** Referral cost, referral histories and payouts (decision 024). */
export const referralHandlers: Handlers = {
  async setReferralCost(req, reply) {
    // Money crosses the HTTP boundary here only: the API speaks rupees, the service and the database paise.
    const cost = toPaise(req.query.ReferralCost, 'ReferralCost');
    const row = await referrals.setCost(req.server.db, cost, currentUser(req));
    reply.code(201);
    return ok(row, `The referral cost is now ${rupeesText(cost)}: new sign-ups with a referral code earn it.`);
  },

  async getReferralCostHistory(req) {
    return ok(await referrals.costHistory(req.server.db, req.query ?? {}));
  },

  async getReferralHistory(req) {
    return ok(await referrals.history(req.server.db, req.query ?? {}));
  },

  async getReferralHistoryForCustomer(req) {
    const { CustomerMobileNo, ...page } = req.query ?? {};
    return ok(await referrals.customerHistory(req.server.db, currentUser(req), CustomerMobileNo, page));
  },

  async getReferralProgramme(req) {
    return ok(await referrals.programme(req.server.db, req.query ?? {}));
  },
};
