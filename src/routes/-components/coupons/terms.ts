// A coupon's terms in plain words, for the public /Coupons page and the staff's screens.
import type { Coupon } from '../../../api/homeScreenAds';
import { formatRupees } from '../../../ui';

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
  if (c.discountType === 'F') return `${formatRupees(c.discount)} off`;
  return `${c.discount}% off${c.maxDiscount !== null ? `, up to ${formatRupees(c.maxDiscount)}` : ''}`;
}

/** What it applies to: every service, or the services and categories named. */
export function appliesText(c: Pick<Coupon, 'appliesToAll' | 'couponsOffers'>): string {
  if (c.appliesToAll) return 'Every service';
  return c.couponsOffers
    .map((o) =>
      o.serviceId !== null
        ? (o.serviceName ?? `Service ${o.serviceId}`)
        : `${o.categoryName ?? `Category ${o.categoryId}`} (every service)`,
    )
    .join(', ');
}

/** The terms, one line each. */
export function termLines(c: Coupon): string[] {
  return [
    c.minOrderValue > 0 ? `On orders of ${formatRupees(c.minOrderValue)} or more (before GST)` : 'On any order value',
    `Valid ${dayText(c.validFrom)} to ${dayText(c.validTo)}`,
    `For: ${appliesText(c)}`,
    `${c.perCustomerLimit === 1 ? 'Once' : `Up to ${c.perCustomerLimit} times`} per customer; ${Math.max(0, c.totalLimit - c.used)} of ${c.totalLimit} left`,
  ];
}
