// Home-screen advertisements and coupons (decision 021). An advertisement (advType 'AD') is the admin's and shows on
// the home page while switched on. A coupon (advType 'CO') is a home-screen advertisement with terms (table coupons,
// same id) and the services or categories it applies to (coupon_offers; none = every service). Its life is the coupon
// machine (src/machines/coupon): marketing makes a draft and submits it, an admin who neither made it nor last changed
// its terms approves or rejects it, an edit sends it back for approval, the system expires it after its validity, and
// the HomeScreenAdvs toggle switches it off and on. Every transition goes through server/workflow/apply.ts. Each use
// case has its file; this is the module's public face.

export {
  type AdInput,
  type AdView,
  indiaDate,
  isManager,
  lastDay,
  type TermsInput,
  type Viewer,
  validityOf,
} from './common';
export { expireDue } from './couponMachine';
export { byId, type CouponAction, details, eventsFor, history, type ListQuery, list, listCoupons } from './reads';
export type { AdRow, AdvType, CouponState, OfferRow } from './repo';
export { AD_ENTITY, COUPON_ENTITY } from './repo';
export * from './writes';
