import type { components } from '../../../../src/api/schema.gen';
import { COUPON_STATE_LABELS } from '../../../../src/machines/coupon/coupon.machine';
import { currentUser, done, type Handlers, ok } from '../../../http';
import { type Paise, toPaise, toRupees } from '../../../money';
import { historyEntry } from '../../../workflow/apply';
import * as ads from './service';

type TermsBody = components['schemas']['CouponsOffersInput'];

// Money crosses the HTTP boundary here only: the API speaks rupees, the service and the database paise.
function termsIn(t: TermsBody, prefix: string): ads.TermsInput {
  const percent = t.discountType === 'P';
  return {
    couponCode: t.couponCode,
    discountType: t.discountType,
    percent: percent ? t.discount : null,
    flatPaise: percent ? null : toPaise(t.discount, `${prefix}discount`),
    capPaise: t.maxDiscount == null ? null : toPaise(t.maxDiscount, `${prefix}maxDiscount`),
    minOrderPaise: toPaise(t.minOrderValue ?? 0, `${prefix}minOrderValue`),
    validFrom: t.validFrom,
    validTo: t.validTo,
    totalLimit: t.totalLimit,
    perCustomerLimit: t.perCustomerLimit ?? 1,
    serviceId: t.serviceId ?? [],
    categoryId: t.categoryId ?? [],
  };
}

const rupeesOrNull = (p: Paise | null) => (p === null ? null : toRupees(p));

/**
 * The reply's shape (decision 021): approveCO_Status and rejectCO_status are
 * derived from the coupon's state; who made and decided it, and the rejection remark, only for admins and marketing.
 */
export function adOut({ row, offers }: ads.AdView, staff: boolean, now = new Date()) {
  const state = row.state;
  const discount = row.discountType === 'P' ? (row.percent ?? 0) : toRupees(row.flatPaise ?? (0 as Paise));
  const coupon =
    row.advType === 'CO' && state && row.code && row.discountType && row.validFrom && row.validTo
      ? {
          couponId: row.id,
          couponCode: row.code,
          state,
          stateLabel: COUPON_STATE_LABELS[state],
          live: state === 'approved' && row.validFrom <= now && row.validTo > now,
          discountType: row.discountType,
          discount,
          maxDiscount: rupeesOrNull(row.capPaise),
          minOrderValue: toRupees(row.minOrderPaise ?? (0 as Paise)),
          validFrom: ads.indiaDate(row.validFrom),
          validTo: ads.lastDay(row.validTo),
          totalLimit: row.totalLimit ?? 0,
          perCustomerLimit: row.perCustomerLimit ?? 0,
          used: row.used ?? 0,
          appliesToAll: offers.length === 0,
          couponsOffers: offers.map((o) => ({
            id: o.id,
            couponId: o.couponId,
            serviceId: o.serviceId,
            serviceName: o.serviceName,
            categoryId: o.categoryId,
            categoryName: o.categoryName,
            discountType: row.discountType!,
            discount,
            couponCode: row.code!,
          })),
          createdBy: staff ? row.createdBy : null,
          decidedByName: staff ? row.decidedByName : null,
          decidedAt: staff ? row.decidedAt : null,
          rejectRemark: staff ? row.rejectRemark : null,
        }
      : null;
  return {
    id: row.id,
    advType: row.advType,
    description: row.description,
    discountDesc: row.discountDesc,
    imageUrl: row.imageUrl,
    imageName: row.imageName,
    status: row.status,
    addedBy: staff ? row.addedBy : null,
    addedByName: staff ? row.addedByName : null,
    addedByRole: row.addedByRole,
    createDate: row.createDate,
    updatedAt: row.updatedAt,
    approveCO_Status: state === 'approved' || state === 'disabled' || state === 'expired',
    rejectCO_status: state === 'rejected',
    coupon,
  };
}

const page = (p: { items: ads.AdView[]; total: number; page: number; pageSize: number }, staff: boolean) => ({
  ...p,
  items: p.items.map((v) => adOut(v, staff)),
});

export const homeScreenAdHandlers: Handlers = {
  async homeScreenAdvsInsert(req, reply) {
    const user = currentUser(req);
    const { homeScreenAds, couponsOffers, submit } = req.body;
    const made = await ads.insert(req.server.db, req.server.storage, user, {
      homeScreenAds,
      couponsOffers: couponsOffers && termsIn(couponsOffers, 'couponsOffers.'),
      submit,
    });
    reply.code(201);
    const coupon = made.row.advType === 'CO';
    return ok(
      adOut(made, true),
      coupon
        ? `Coupon ${made.row.code} ${made.row.state === 'pending' ? 'sent for approval' : 'saved as a draft'}.`
        : 'Advertisement added.',
    );
  },

  async getHomeScreenAdvsByAdvType(req) {
    const { AdvType, page: p, pageSize, search, status, state } = req.query;
    const staff = ads.isManager(req.user);
    const data = await ads.list(req.server.db, req.user ?? null, {
      advType: AdvType,
      page: p,
      pageSize,
      search,
      status,
      state,
    });
    return ok(page(data, staff));
  },

  async getHomeScreenAdvsById(req) {
    const v = await ads.byId(req.server.db, req.user ?? null, req.query.id);
    return ok(adOut(v, ads.isManager(req.user)));
  },

  async homeScreenAdvsUpdate(req) {
    const user = currentUser(req);
    const { id, homeScreenAds, couponsOffers } = req.body;
    const v = await ads.update(req.server.db, req.server.storage, user, {
      id,
      homeScreenAds,
      couponsOffers: couponsOffers && termsIn(couponsOffers, 'couponsOffers.'),
    });
    return ok(
      adOut(v, true),
      v.row.advType === 'CO'
        ? v.row.state === 'pending'
          ? `Coupon ${v.row.code} saved and sent for approval.`
          : `Coupon ${v.row.code} saved.`
        : 'Advertisement saved.',
    );
  },

  async homeScreenAdvsDelete(req) {
    const row = await ads.remove(req.server.db, currentUser(req), req.query.id);
    return done(row.advType === 'CO' ? `Coupon ${row.code} deleted.` : 'Advertisement deleted.');
  },

  async updateCouponsOffers(req) {
    const v = await ads.updateTerms(req.server.db, currentUser(req), req.query.id, termsIn(req.body, ''));
    return ok(
      adOut(v, true),
      v.row.state === 'pending' ? `Coupon ${v.row.code} saved and sent for approval.` : `Coupon ${v.row.code} saved.`,
    );
  },

  async submitCoupon(req) {
    const v = await ads.submit(req.server.db, currentUser(req), req.query.id);
    return ok(adOut(v, true), `Coupon ${v.row.code} sent for approval.`);
  },

  async getCouponsOffersMR(req) {
    const { Action, page: p, pageSize, search } = req.query;
    return ok(page(await ads.listCoupons(req.server.db, Action, { page: p, pageSize, search }), true));
  },

  async getCouponsDetails(req) {
    const d = await ads.details(req.server.db, currentUser(req), req.query.id);
    return ok(detailOut(d));
  },

  async couponsAppRejAdmin(req) {
    const { id, AppRej } = req.query;
    const d = await ads.decide(req.server.db, currentUser(req), id, AppRej, req.body?.remark);
    return ok(detailOut(d), AppRej === 'Approve' ? `Coupon ${d.row.code} approved.` : `Coupon ${d.row.code} rejected.`);
  },

  async getCouponsHistory(req) {
    const { Action, couponId, page: p, pageSize, search } = req.query;
    return ok(await ads.history(req.server.db, { action: Action, couponId, page: p, pageSize, search }));
  },
};

function detailOut(d: Awaited<ReturnType<typeof ads.details>>) {
  return {
    ...adOut(d, true),
    allowedEvents: d.allowedEvents,
    byMaker: d.byMaker,
    history: d.history.map(historyEntry),
  };
}
