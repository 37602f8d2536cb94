// A coupon's terms in plain words, for the public /Coupons page and the staff's screens.
import type { Coupon } from '../../../api/homeScreenAds';
import { formatRupees } from '../../../ui';
import { COUPONS } from './words';

const W = COUPONS.terms;

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** A YYYY-MM-DD day as people read it: 5 Jan 2030. */
export const dayText = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** "10% off, up to ₹100" or "₹150 off". */
export function offerText(c: Pick<Coupon, 'discountType' | 'discount' | 'maxDiscount'>): string {
  if (c.discountType === 'F') return W.flat(formatRupees(c.discount));
  return W.percent(c.discount, c.maxDiscount !== null ? formatRupees(c.maxDiscount) : null);
}

/** What it applies to: every service, or the services and categories named. */
export function appliesText(c: Pick<Coupon, 'appliesToAll' | 'couponsOffers'>): string {
  if (c.appliesToAll) return W.everyService;
  return c.couponsOffers
    .map((o) =>
      o.serviceId !== null
        ? (o.serviceName ?? W.service(o.serviceId))
        : W.category(o.categoryName ?? W.categoryId(o.categoryId ?? 0)),
    )
    .join(', ');
}

/** The terms, one line each. */
export function termLines(c: Coupon): string[] {
  return [
    c.minOrderValue > 0 ? W.minOrder(formatRupees(c.minOrderValue)) : W.anyOrder,
    W.valid(dayText(c.validFrom), dayText(c.validTo)),
    W.for(appliesText(c)),
    W.limits(c.perCustomerLimit, Math.max(0, c.totalLimit - c.used), c.totalLimit),
  ];
}
