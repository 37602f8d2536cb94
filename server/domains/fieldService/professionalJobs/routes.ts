import { badRequest, currentUser, forbidden, type Handlers, ok } from '../../../http';
import { orderLines as lines } from '../../commerce';
import * as jobs from './service';

/** A job list's query as the service takes it: the contract's ProffessionalMobileNo is the service's mobileNo. */
const listQuery = <Q extends { ProffessionalMobileNo?: string }>(q: Q | undefined) => ({
  ...q,
  mobileNo: q?.ProffessionalMobileNo,
});

export const professionalJobHandlers: Handlers = {
  async getUnassignedOrdersForProfessional(req) {
    return ok(await jobs.unassignedFor(req.server.db, currentUser(req), listQuery(req.query)));
  },

  async getAssignedOrdersForProfessional(req) {
    return ok(await jobs.assignedFor(req.server.db, currentUser(req), listQuery(req.query)));
  },

  async getAcceptedOrdersForProfessional(req) {
    return ok(await jobs.acceptedFor(req.server.db, currentUser(req), listQuery(req.query)));
  },

  async getRejectedOrdersForProfessional(req) {
    return ok(await jobs.rejectedFor(req.server.db, currentUser(req), listQuery(req.query)));
  },

  async getTechnicianDashboard(req) {
    const q = req.query ?? {};
    return ok(await jobs.dashboard(req.server.db, currentUser(req), q.ProffessionalMobileNo));
  },

  async assignOrderToMyself(req) {
    const b = req.body;
    const { message, ...data } = await jobs.moveJob(req.server.db, currentUser(req), {
      lineId: b.id,
      rejFlag: b.RejFlag as 0 | 1,
      reason: b.Reason?.trim() || null,
    });
    return ok(data, message);
  },

  async changeMystatus(req) {
    const { message, ...data } = await jobs.changeMyStatus(req.server.db, currentUser(req), req.body.value);
    // The top bar's toast is a success on response_code '1'.
    return { status: 'true' as const, message, response_code: '1' as const, data };
  },

  async completeByProfessionalOrCustRating(req) {
    const b = req.body;
    const user = currentUser(req);
    if (b.Action === 'Complete') {
      if (user.role !== 'TE') throw forbidden('Only the professional on the job completes it.');
      if (!b.CompletionCode)
        throw badRequest('CompletionCode', "is required: ask the customer for the visit's 4-digit code");
      const { message, ...data } = await jobs.complete(req.server.db, user, {
        orderId: b.OrderId,
        serviceId: b.ServiceId,
        code: b.CompletionCode,
      });
      return ok(data, message);
    }
    if (user.role !== 'Cust') throw forbidden("Only the visit's customer rates it.");
    if (b.Rating === undefined) throw badRequest('Rating', 'is required: give 1 to 5 stars');
    const { message, ...data } = await lines.rate(req.server.db, user, {
      orderId: b.OrderId,
      serviceId: b.ServiceId,
      rating: b.Rating as lines.Stars,
      review: b.Review?.trim() || null,
    });
    // The storefront's cached service reads carry the rating: drop them (this operation is not a Catalogue write).
    req.server.responseCache.bump();
    return ok(data, message);
  },

  async resetCompletionAttempts(req) {
    const b = req.body;
    const data = await jobs.resetAttempts(req.server.db, currentUser(req), b.OrderLineId, b.Remark);
    return ok(data, 'Unlocked: the professional can enter the completion code again.');
  },
};
