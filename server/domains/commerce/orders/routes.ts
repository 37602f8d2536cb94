import type { FastifyRequest } from 'fastify';
import { currentUser, type Handlers, idempotencyOf, ok, privateDownload } from '../../../http';
import { type Paise, paise, toPaise, toRupees } from '../../../money';
import { subscriptions } from '../../marketing';
import { customerOf } from '../../platform';
import { invoiceOf } from './invoice';
import { invoiceFileName, invoicePdf } from './pdf';
import * as orders from './service';

// Money crosses the HTTP boundary here only: requests speak rupees, services and the database paise.

/** The site's origin as the payer's browser sees it: PUBLIC_URL, else the request's own. */
const originOf = (req: FastifyRequest) => req.server.config.publicUrl ?? `${req.protocol}://${req.host}`;

const tipOf = (rupees: number | undefined): Paise => (rupees === undefined ? paise(0) : toPaise(rupees, 'Tip'));

const placedOut = (p: orders.Placed) => ({
  ...p,
  total: toRupees(p.total),
  wallet: toRupees(p.wallet),
  provider: toRupees(p.provider),
});

export const orderHandlers: Handlers = {
  async orderCheckOut(req) {
    const user = currentUser(req);
    const customerUserId = await customerOf(req.server.db, user, req.query.CustomerMobileNo, 'CustomerMobileNo');
    const body = req.body ?? {};
    const data = await orders.checkout(req.server.db, req.server.config.company, {
      customerUserId,
      addressId: body.AddressId ?? null,
      tipPaise: tipOf(body.Tip),
      useWallet: body.UseWallet ?? false,
      couponCode: req.query.CouponCode ?? null,
    });
    return ok(data, data.placeable ? 'Ready to place.' : data.problems.join(' '));
  },

  async orderPlacedNew(req, reply) {
    const user = currentUser(req);
    const customerUserId = await customerOf(req.server.db, user, req.query.CustomerMobileNo, 'CustomerMobileNo');
    const body = req.body ?? {};
    const request = {
      customerUserId,
      tip: req.query.Tip ?? 0,
      mode: req.query.ApiName,
      addressId: body.AddressId ?? null,
      useWallet: body.UseWallet ?? false,
      couponCode: req.query.CouponCode?.trim() || null,
    };
    const placed = await orders.placeOrder(
      req.server.db,
      req.server.payments,
      {
        customerUserId,
        addressId: request.addressId,
        tipPaise: tipOf(req.query.Tip),
        mode: request.mode,
        useWallet: request.useWallet,
        couponCode: request.couponCode,
        idempotency: idempotencyOf(req, 'orderPlacedNew', request),
        actor: user,
      },
      { company: req.server.config.company, origin: originOf(req) },
    );
    reply.code(placed.replayed ? 200 : 201);
    const message =
      placed.status === 'order created'
        ? `Order ${placed.orderId} placed and paid. Tax invoice ${placed.invoiceNo}.`
        : placed.status === 'awaiting payment'
          ? `Order ${placed.orderId} is waiting for its payment.`
          : `Order ${placed.orderId} is saved, but its payment could not be started at the provider: try again.`;
    return ok(placedOut(placed), message);
  },

  async orderPlacedCheckPaymentGate(req) {
    const { data, message } = await orders.checkPayment(
      req.server.db,
      req.server.payments,
      currentUser(req),
      req.query.orderID,
    );
    return ok(data, message);
  },

  async retryOrderPayment(req) {
    const placed = await orders.retryPayment(
      req.server.db,
      req.server.payments,
      currentUser(req),
      { orderId: req.body.OrderId, mode: req.body.ApiName, useWallet: req.body.UseWallet ?? false },
      { company: req.server.config.company, origin: originOf(req) },
    );
    const message =
      placed.status === 'order created'
        ? `Order ${placed.orderId} paid. Tax invoice ${placed.invoiceNo}.`
        : `Order ${placed.orderId} is waiting for its payment.`;
    return ok(placedOut(placed), message);
  },

  async orderInvoice(req) {
    const data = await invoiceOf(req.server.db, req.server.config.company, currentUser(req), req.query.OrderId);
    return ok(data, `Tax invoice ${data.invoiceNo}`);
  },

  async orderInvoicePdf(req, reply) {
    const invoice = await invoiceOf(req.server.db, req.server.config.company, currentUser(req), req.query.OrderId);
    return privateDownload(reply, 'application/pdf', invoiceFileName(invoice.invoiceNo), await invoicePdf(invoice));
  },

  // A plan's tax invoice (decision 054): marketing owns the purchase, the orders' layout prints it.
  async getSubscriptionInvoicePdf(req, reply) {
    const invoice = await subscriptions.invoiceOf(
      req.server.db,
      req.server.config.company,
      currentUser(req),
      req.query.CustomerSubscriptionID,
    );
    const pdf = await invoicePdf(invoice, { referenceLabel: 'Purchase' });
    return privateDownload(reply, 'application/pdf', invoiceFileName(invoice.invoiceNo), pdf);
  },
};
