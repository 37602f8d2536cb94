import { badRequest, currentUser, done, type Handlers, ok } from '../../../http';
import { toRupees } from '../../../money';
import { customerOf } from '../../platform';
import * as cart from './service';

// Money crosses the HTTP boundary here only: the services speak paise, the replies rupees.

/** A slot start from the request (the contract checked its ISO 8601 shape; the slot rules are the service's). */
function slotOf(value: string | null | undefined, field = 'SchedulingDateTime'): Date | null {
  if (value === undefined || value === null || value === '') return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw badRequest(field, 'must be a date and time');
  return at;
}

export const cartHandlers: Handlers = {
  async addCart(req) {
    const db = req.server.db;
    const customer = await customerOf(db, currentUser(req), req.body.MobileNo);
    const { data, message } = await cart.addToCart(
      db,
      customer,
      req.body.ServiceId,
      slotOf(req.body.SchedulingDateTime),
    );
    return ok(data, message);
  },

  async getCartDetails(req) {
    const db = req.server.db;
    const customer = await customerOf(db, currentUser(req), req.body?.MobileNo);
    const { lines, totals, unavailableCount } = await cart.cartDetails(db, customer);
    return ok({
      lines: lines.map((l) => ({
        id: l.id,
        serviceId: l.serviceId,
        heading: l.heading,
        imageUrl: l.imageUrl,
        subCategoryId: l.subCategoryId,
        categoryId: l.categoryId,
        quantity: l.quantity,
        slotStart: l.slotStart,
        available: l.available,
        price: toRupees(l.pricePaise),
        discountPercent: l.discountPercent,
        gstPercent: l.gstPercent,
        grossAmount: toRupees(l.grossPaise),
        taxableAmount: toRupees(l.taxablePaise),
        gstAmount: toRupees(l.gstPaise),
        lineTotal: toRupees(l.totalPaise),
      })),
      totals: {
        quantity: totals.quantity,
        grossAmount: toRupees(totals.grossPaise),
        discountAmount: toRupees(totals.discountPaise),
        taxableAmount: toRupees(totals.taxablePaise),
        gstAmount: toRupees(totals.gstPaise),
        total: toRupees(totals.totalPaise),
      },
      unavailableCount,
    });
  },

  async changeCartQuantity(req) {
    const db = req.server.db;
    const customer = await customerOf(db, currentUser(req), req.body.CustomerMobileNo, 'CustomerMobileNo');
    const { data, message } = await cart.changeQuantity(db, customer, req.body.ServiceId, req.body.flag);
    return ok(data, message);
  },

  async clearCartByService(req) {
    const db = req.server.db;
    const customer = await customerOf(db, currentUser(req), req.body.MobileNo);
    await cart.removeFromCart(db, customer, req.body.ServiceId);
    return done(cart.CART_MESSAGES.removed);
  },

  async clearCart(req) {
    const db = req.server.db;
    const customer = await customerOf(db, currentUser(req), req.body?.MobileNo);
    const n = await cart.emptyCart(db, customer);
    return done(n ? 'Cart cleared' : 'The cart was already empty');
  },

  async setCartSlot(req) {
    const db = req.server.db;
    const customer = await customerOf(db, currentUser(req), req.body.MobileNo);
    const slot = slotOf(req.body.SchedulingDateTime);
    const data = await cart.setSlot(db, customer, req.body.ServiceId, slot);
    return ok(data, slot ? 'Slot set' : 'Slot cleared');
  },

  async mergeCart(req) {
    const user = currentUser(req);
    const data = await cart.mergeCart(req.server.db, user.id, req.body.Lines);
    const message = data.merged
      ? `Your cart now holds the ${data.merged === 1 ? 'service' : `${data.merged} services`} you chose before signing in`
      : 'Nothing to merge';
    return ok(data, message);
  },
};
