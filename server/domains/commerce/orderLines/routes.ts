import { badRequest, currentUser, type Handlers, ok } from '../../../http';
import { toPaise } from '../../../money';
import { cachedReply } from '../../../plugins/cache';
import { assertSlotHasCapacity } from '../dispatch/service';
import * as lines from './service';
import { refundToSource } from './sourceRefund';

/** A date-time the contract accepted, as an instant (its format is checked; this only turns it into a Date). */
function instant(text: string, field: string): Date {
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) throw badRequest(field, 'must be a date and time');
  return at;
}

/** Whose lines a customer list reads (staff name the customer) and which page: both lists' bodies say it alike. */
const customerPage = (b: { CustomerMobileNo?: string; page?: number; pageSize?: number }) => ({
  mobileNo: b.CustomerMobileNo,
  page: b.page,
  pageSize: b.pageSize,
});

export const orderLineHandlers: Handlers = {
  async getOrdersForCustomer(req) {
    const b = req.body;
    const data = await lines.customerOrders(req.server.db, currentUser(req), { ...customerPage(b), when: b.when });
    return ok(data);
  },

  async getCancelledOrdersForCustomer(req) {
    const data = await lines.cancelledOrders(req.server.db, currentUser(req), customerPage(req.body ?? {}));
    return ok(data);
  },

  async orderCancellationQuote(req) {
    const b = req.body;
    const data = await lines.cancellationQuote(req.server.db, currentUser(req), {
      orderId: b.OrderId,
      serviceId: b.ServiceId,
      mobileNo: b.CustomerMobileNo,
    });
    return ok(data, data.free ? 'Cancelling now is free.' : 'A cancellation fee applies now.');
  },

  async orderCancellation(req) {
    const b = req.body;
    const { message, ...data } = await lines.cancelLine(req.server.db, currentUser(req), {
      orderId: b.OrderId,
      serviceId: b.ServiceId,
      mobileNo: b.CustomerMobileNo,
      admin: false,
      acceptedFeePaise: toPaise(b.AcceptedFee, 'AcceptedFee'),
      remark: b.Reason?.trim() || null,
    });
    return ok(data, message);
  },

  async refundToSource(req) {
    const b = req.body;
    const { data, message } = await refundToSource(req.server.db, req.server.payments, currentUser(req), {
      orderId: b.OrderId,
      serviceId: b.ServiceId,
      mobileNo: b.CustomerMobileNo,
    });
    return ok(data, message);
  },

  async adminCancelOrderLine(req) {
    const b = req.body;
    const remark = b.Remark.trim();
    if (remark.length < 3) throw badRequest('Remark', 'must be at least 3 characters');
    const { message, ...data } = await lines.cancelLine(req.server.db, currentUser(req), {
      orderId: b.OrderId,
      serviceId: b.ServiceId,
      admin: true,
      remark,
    });
    return ok(data, message);
  },

  async orderReschedule(req) {
    const b = req.body;
    const { message, ...data } = await lines.reschedule(
      req.server.db,
      currentUser(req),
      {
        orderId: b.OrderId,
        serviceId: b.ServiceId,
        mobileNo: b.CustomerMobileNo,
        slot: instant(b.RescheduleDate, 'RescheduleDate'),
      },
      new Date(),
      assertSlotHasCapacity,
    );
    return ok(data, message);
  },

  getRatingReview(req, reply) {
    const q = req.query;
    return cachedReply(req, reply, true, async () =>
      ok(await lines.ratingReview(req.server.db, q.id, { page: q.page, pageSize: q.pageSize })),
    );
  },
};
