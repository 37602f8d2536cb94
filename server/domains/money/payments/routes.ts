import type { FastifyRequest } from 'fastify';
import { badRequest, currentUser, done, type Handlers, ok } from '../../../http';
import { toPaise } from '../../../money';
import * as payments from './service';

/** The site's origin as the payer's browser sees it: PUBLIC_URL, else the request's own. */
const originOf = (req: FastifyRequest) => req.server.config.publicUrl ?? `${req.protocol}://${req.host}`;

export const paymentHandlers: Handlers = {
  async createWalletPayment(req, reply) {
    const b = req.body;
    // The top bar's variant names the amount walletAmount and the payer currentUser.
    const rupees = b.order_amount ?? b.walletAmount;
    if (rupees === undefined)
      throw badRequest('order_amount', 'is required (or walletAmount, as the top bar sends it)');
    if (b.order_amount !== undefined && b.walletAmount !== undefined && b.order_amount !== b.walletAmount) {
      throw badRequest('walletAmount', 'must equal order_amount when both are sent');
    }
    if (b.customer_id !== undefined && b.currentUser !== undefined && b.customer_id !== b.currentUser) {
      throw badRequest('currentUser', 'must equal customer_id when both are sent');
    }
    const data = await payments.startTopUp(
      req.server.db,
      req.server.payments,
      req.server.config.payments,
      currentUser(req),
      {
        amount: toPaise(rupees, b.order_amount !== undefined ? 'order_amount' : 'walletAmount'),
        mode: b.payment_mode,
        customerId: b.customer_id ?? b.currentUser,
        customerRole: b.user === 'ven' ? 'Vendor' : b.customer_role,
        returnTo: b.returnTo,
      },
      originOf(req),
    );
    reply.code(201);
    return ok(data, 'Payment order created.');
  },

  async getPaymentModes(req) {
    const p = req.server.payments;
    return ok({ modes: [...p.modes], defaultMode: p.defaultMode() });
  },

  async checkWalletTransactionStatus(req) {
    const { data, message } = await payments.checkStatus(
      req.server.db,
      req.server.payments,
      currentUser(req),
      req.query.orderID,
    );
    return ok(data, message);
  },

  async paymentWebhook(req) {
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]),
    );
    const message = await payments.webhook(
      req.server.db,
      req.server.payments,
      req.params.provider,
      req.rawBody ?? '',
      headers,
    );
    return done(message);
  },

  async getPaymentIntents(req) {
    return ok(await payments.pageIntents(req.server.db, req.query));
  },

  async getPaymentIntent(req) {
    return ok(await payments.intentDetail(req.server.db, req.params.id));
  },

  async sendPaymentIntentEvent(req) {
    const data = await payments.staffEvent(
      req.server.db,
      req.server.payments,
      currentUser(req),
      req.params.id,
      req.body.event,
      req.body.remark?.trim() || null,
    );
    return ok(data, `${req.body.event} done: the payment is ${data.state}.`);
  },
};
