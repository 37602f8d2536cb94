// The coupon lists' `action` search parameter. Kept apart from the table (validateSearch code lands in the entry
// chunk, so this module imports nothing but a type).
import type { CouponAction } from '../../../api/homeScreenAds';

const ACTIONS: readonly string[] = ['All', 'Draft', 'Pending', 'Approved', 'Live', 'Rejected', 'Expired', 'Disabled'];

/** One of GetCouponsOffersMR's lists, else `fallback`. */
export const couponActionOf = (raw: unknown, fallback: CouponAction): CouponAction =>
  typeof raw === 'string' && ACTIONS.includes(raw) ? (raw as CouponAction) : fallback;
