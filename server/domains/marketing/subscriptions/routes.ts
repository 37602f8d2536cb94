import type { FastifyRequest } from 'fastify';
import { type CurrentUser, currentUser, done, type Handlers, idempotencyOf, ok } from '../../../http';
import { mulDivHalfUp, paise, toPaise, toRupees } from '../../../money';
import { cachedReply } from '../../../plugins/cache';
import { isAdmin, isStaff } from '../../../roles';
import { customerOf } from '../../platform';
import * as subscriptions from './service';

// Money crosses the HTTP boundary here only: the API speaks rupees, the service and the database paise. A flat ('F')
// discount is rupees in the API and paise in the database; a percentage ('P') is a whole percent in both.

/** The site's origin as the payer's browser sees it: PUBLIC_URL, else the request's own. */
const originOf = (req: FastifyRequest) => req.server.config.publicUrl ?? `${req.protocol}://${req.host}`;

const r2 = (p: number) => toRupees(paise(p));

const discountOut = (d: {
  id: number;
  subscriptionId: number;
  subscriptionName: string;
  serviceId: number;
  serviceName: string;
  servicePricePaise: number;
  serviceDiscountPercent: number;
  serviceAvailable: boolean;
  discountType: 'P' | 'F';
  discount: number;
  status: boolean;
}) => ({
  id: d.id,
  subscriptionId: d.subscriptionId,
  subscriptionName: d.subscriptionName,
  serviceId: d.serviceId,
  serviceName: d.serviceName,
  servicePrice: r2(mulDivHalfUp(d.servicePricePaise, 100 - d.serviceDiscountPercent, 100)),
  serviceAvailable: d.serviceAvailable,
  discountType: d.discountType,
  discount: d.discountType === 'F' ? r2(d.discount) : d.discount,
  status: d.status,
});

const planOut = (p: subscriptions.Plan) => ({
  id: p.id,
  subscriptionName: p.subscriptionName,
  durationInMonths: p.durationInMonths,
  price: r2(p.pricePaise),
  imageUrl: p.imageUrl,
  imageName: p.imageName,
  status: p.status,
  isDelete: p.isDelete,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
  purchases: p.purchases,
  discounts: p.discounts.map(discountOut),
});

const purchaseOut = (p: subscriptions.Purchase) => ({
  id: p.id,
  subscriptionId: p.subscriptionId,
  subscriptionName: p.subscriptionName,
  imageUrl: p.imageUrl,
  customerName: p.customerName,
  customerMobileNo: p.customerMobileNo,
  status: p.status,
  price: r2(p.pricePaise),
  durationInMonths: p.durationInMonths,
  startsAt: p.startsAt,
  endsAt: p.endsAt,
  createdAt: p.createdAt,
  paidBy: p.paidBy,
  paymentOrderId: p.paymentOrderId,
  checkoutUrl: p.checkoutUrl,
  invoiceNo: p.invoiceNo,
  invoiceDate: p.invoicedAt,
  invoiceUrl: p.invoiceNo ? `/api/Customer/GetSubscriptionInvoicePdf?CustomerSubscriptionID=${p.id}` : null,
  ...subscriptions.planTaxFigures(p),
  sacCode: p.sacCode,
  placeOfSupply: p.placeOfSupply,
});

/** The customer a read is about: the caller, the one staff name, or (staff naming none) nobody: everyone's. */
async function customerOrAll(req: FastifyRequest, user: CurrentUser, mobileNo: string | undefined) {
  if (isStaff(user) && !mobileNo) return null;
  return customerOf(req.server.db, user, mobileNo, 'CustomerMobileNo');
}

export const subscriptionHandlers: Handlers = {
  async addSubscriptionDetails(req, reply) {
    const b = req.body;
    const data = await subscriptions.addPlan(
      req.server.db,
      req.server.storage,
      { ...b, pricePaise: toPaise(b.price, 'price') },
      currentUser(req).id,
    );
    // GetAllsubscription is a cached public read: drop the cached copies.
    req.server.responseCache.bump();
    reply.code(201);
    return ok(planOut(data), `Plan ${data.subscriptionName} added.`);
  },

  async updateSubscriptionDetails(req) {
    const b = req.body;
    const data = await subscriptions.updatePlan(
      req.server.db,
      req.server.storage,
      b.id,
      {
        subscriptionName: b.subscriptionName,
        durationInMonths: b.durationInMonths,
        pricePaise: toPaise(b.price, 'price'),
        imagebase64Data: b.imagebase64Data,
        fileName: req.query.ImageFileName ?? null,
        status: b.status,
        isDelete: b.isDelete,
      },
      currentUser(req).id,
    );
    req.server.responseCache.bump();
    return ok(
      planOut(data),
      data.isDelete ? `Plan ${data.subscriptionName} deleted.` : `Plan ${data.subscriptionName} saved.`,
    );
  },

  async getSubscriptionDetails(req, reply) {
    const q = req.query;
    reply.header('Cache-Control', 'private, no-store');
    const page = await subscriptions.listPlans(req.server.db, q, {
      admin: true,
      status: q.status,
      deleted: q.deleted,
    });
    return ok({ ...page, items: page.items.map(planOut) });
  },

  async deleteSubscriptionDetails(req) {
    const plan = await subscriptions.deletePlan(req.server.db, req.server.storage, req.query.id, currentUser(req).id);
    req.server.responseCache.bump();
    return done(`Plan ${plan.subscriptionName} removed.`);
  },

  async softDeleteSubscriptionDetails(req) {
    const data = await subscriptions.softDeletePlan(req.server.db, req.query.id, currentUser(req).id);
    req.server.responseCache.bump();
    return ok(planOut(data), `Plan ${data.subscriptionName} deleted: those who hold it keep it until it ends.`);
  },

  async addDiscountDetailsForService(req, reply) {
    const b = req.body;
    const data = await subscriptions.addDiscount(
      req.server.db,
      {
        subscriptionId: b.SubscriptionID,
        serviceId: b.ServiceID,
        discountType: b.DiscountType,
        discount: b.discount,
        discountField: 'discount',
      },
      currentUser(req).id,
    );
    req.server.responseCache.bump();
    reply.code(201);
    return ok(discountOut(data), `Discount on ${data.serviceName} added to ${data.subscriptionName}.`);
  },

  async updateDiscountDetailsForService(req) {
    const b = req.body;
    const data = await subscriptions.updateDiscount(
      req.server.db,
      b.id,
      {
        subscriptionId: b.SubscriptionID,
        serviceId: b.ServiceID,
        discountType: b.DiscountType,
        discount: b.Discount,
        discountField: 'Discount',
      },
      currentUser(req).id,
    );
    req.server.responseCache.bump();
    return ok(discountOut(data), `Discount on ${data.serviceName} saved.`);
  },

  async getDiscountDetailsForService(req, reply) {
    const q = req.query;
    reply.header('Cache-Control', 'private, no-store');
    const page = await subscriptions.listDiscounts(req.server.db, {
      ...q,
      subscriptionId: q.SubscriptionID,
      serviceId: q.ServiceID,
    });
    return ok({ ...page, items: page.items.map(discountOut) });
  },

  async deleteDiscountDetailsForService(req) {
    const row = await subscriptions.deleteDiscount(req.server.db, req.query.id, currentUser(req).id);
    req.server.responseCache.bump();
    return done(`Discount on ${row.serviceName} removed from ${row.subscriptionName}.`);
  },

  getAllSubscription: (req, reply) =>
    cachedReply(req, reply, !isAdmin(req.user), async () => {
      const page = await subscriptions.listPlans(req.server.db, req.query, { admin: false });
      return ok({ ...page, items: page.items.map(planOut) });
    }),

  async changeSubscriptionStatus(req) {
    const data = await subscriptions.changePlanStatus(
      req.server.db,
      req.query.id,
      req.query.status,
      currentUser(req).id,
    );
    req.server.responseCache.bump();
    return ok(
      planOut(data),
      data.status ? `${data.subscriptionName} is on sale.` : `${data.subscriptionName} is off sale.`,
    );
  },

  async getSubscriptionHistoryForCustomer(req) {
    const user = currentUser(req);
    const q = req.query;
    const customerUserId = await customerOrAll(req, user, q.CustomerMobileNo);
    const data = await subscriptions.history(req.server.db, customerUserId, { ...q, subscriptionId: q.SubscriptionID });
    return ok({
      ...data,
      items: data.items.map(purchaseOut),
      current: data.current ? purchaseOut(data.current) : null,
    });
  },

  async getSubscriptionBySubscriptionId(req) {
    const user = currentUser(req);
    const customerUserId = await customerOrAll(req, user, req.query.CustomerMobileNo);
    const data = await subscriptions.planForCustomer(req.server.db, user, req.query.SubscriptionID, customerUserId);
    return ok({ plan: planOut(data.plan), purchases: data.purchases.map(purchaseOut) });
  },

  async takeSubscription(req, reply) {
    const user = currentUser(req);
    const q = req.query;
    const customerUserId = await customerOf(req.server.db, user, q.CustomerMobileNo, 'CustomerMobileNo');
    const request = { customerUserId, subscriptionId: q.SubscriptionID, mode: q.ApiName };
    const taken = await subscriptions.takeSubscription(req.server.db, req.server.payments, {
      ...request,
      company: req.server.config.company,
      idempotency: idempotencyOf(req, 'takeSubscription', request),
      actor: user,
      origin: originOf(req),
    });
    reply.code(taken.replayed ? 200 : 201);
    const message =
      taken.status === 'active'
        ? `${taken.subscriptionName} is yours until ${subscriptions.dayText(taken.endsAt!)}.`
        : taken.status === 'awaitingPayment'
          ? `Pay ${taken.subscriptionName} on the payment page.`
          : 'The payment could not be started: your plan was not bought. Please try again.';
    return ok({ ...purchaseOut(taken), replayed: taken.replayed }, message);
  },

  async checkSubscriptionPayment(req) {
    const r = await subscriptions.checkPayment(req.server.db, req.server.payments, currentUser(req), req.query.orderID);
    return ok(purchaseOut(r.data), r.message);
  },
};
