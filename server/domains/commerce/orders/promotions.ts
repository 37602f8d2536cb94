import { mulDivHalfUp } from '../../../money';

/**
 * Promotions at checkout (decision 026), pure: which one promotion each line gets — a special package, the
 * customer's subscription or a coupon — and how much it takes off. A line never gets two.
 *
 * - Every amount here is taken off the line's value after the catalogue discount (its "base"), before GST.
 * - A package whose lines are all in the cart prices them together at the package's price: the difference is shared
 *   across them in proportion to their bases (largest remainder, so the shares add up to the paisa). Package lines
 *   take no other promotion. A package that would cost more than its lines takes nothing off.
 * - A subscription discount: 'P' percent of the base (half-up), 'F' paise off each unit (at most the base).
 * - A coupon applies to the other lines in its scope (its services or categories; none listed = every service).
 *   The order's value before GST (Σ bases of every line) must reach its minimum. 'P': percent of each eligible base
 *   (half-up), and when the sum passes the cap the cap is shared out instead; 'F': the flat amount (at most the
 *   eligible bases) shared out. Each line then takes the better of its coupon share and its subscription discount
 *   (the subscription on a tie: it keeps the coupon for another order); a share a line does not take is not moved
 *   to another line.
 */

export interface PromoLine {
  serviceId: number;
  categoryId: number;
  quantity: number;
  /** The line's value after the catalogue discount, before GST. */
  basePaise: number;
  packageId: number | null;
}

export interface PackageTerms {
  id: number;
  name: string;
  pricePaise: number;
  /** Every service of the package: it is whole when each is in the cart under this package. */
  serviceIds: number[];
}

export interface SubscriptionTerms {
  name: string;
  /** Per service: 'P' percent or 'F' paise off each unit. */
  discounts: Map<number, { discountType: 'P' | 'F'; discount: number }>;
}

export interface CouponTerms {
  id: number;
  code: string;
  discountType: 'P' | 'F';
  percent: number | null;
  flatPaise: number | null;
  capPaise: number | null;
  minOrderPaise: number;
  /** The services and categories it applies to; both empty: every service. */
  serviceIds: number[];
  categoryIds: number[];
}

export interface Promotions {
  packages?: PackageTerms[];
  subscription?: SubscriptionTerms | null;
  coupon?: CouponTerms | null;
}

export type PromoKind = 'package' | 'subscription' | 'coupon';

export interface LinePromotion {
  kind: PromoKind | null;
  label: string | null;
  packageId: number | null;
  discountPaise: number;
}

/** Why a coupon takes nothing off this cart (null when it does). */
export type CouponMiss =
  | { code: 'belowMinimum'; minOrderPaise: number; orderPaise: number }
  | { code: 'notForThese' }
  | { code: 'betterPlan' };

export interface PromotionResult {
  lines: LinePromotion[];
  coupon: { id: number; code: string; discountPaise: number; miss: CouponMiss | null } | null;
}

/** Shares `total` across `weights` in proportion, by largest remainder (the shares add up to `total`). */
export function share(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((s, v) => s + v, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i] += 1;
    left -= 1;
  }
  return out;
}

const none = (): LinePromotion => ({ kind: null, label: null, packageId: null, discountPaise: 0 });

export function applyPromotions(lines: PromoLine[], p: Promotions): PromotionResult {
  const out = lines.map(none);

  // Packages: whole ones only.
  const inPackage = new Set<number>();
  for (const pkg of p.packages ?? []) {
    const idx = lines.map((l, i) => (l.packageId === pkg.id ? i : -1)).filter((i) => i >= 0);
    const present = new Set(idx.map((i) => lines[i].serviceId));
    if (pkg.serviceIds.length === 0 || !pkg.serviceIds.every((s) => present.has(s))) continue;
    for (const i of idx) inPackage.add(i);
    const bases = idx.map((i) => lines[i].basePaise);
    const off = bases.reduce((s, b) => s + b, 0) - pkg.pricePaise;
    const shares = share(Math.max(0, off), bases);
    idx.forEach((i, n) => {
      out[i] = { kind: 'package', label: pkg.name, packageId: pkg.id, discountPaise: shares[n] };
    });
  }

  // The subscription's discount per line.
  const plan = lines.map((l, i) => {
    const d = inPackage.has(i) ? undefined : p.subscription?.discounts.get(l.serviceId);
    if (!d) return 0;
    return d.discountType === 'P'
      ? mulDivHalfUp(l.basePaise, d.discount, 100)
      : Math.min(l.basePaise, d.discount * l.quantity);
  });

  // The coupon's share per line.
  const c = p.coupon ?? null;
  let couponShares = lines.map(() => 0);
  let miss: CouponMiss | null = null;
  if (c) {
    const scoped = c.serviceIds.length === 0 && c.categoryIds.length === 0;
    const eligible = lines.map(
      (l, i) =>
        !inPackage.has(i) && (scoped || c.serviceIds.includes(l.serviceId) || c.categoryIds.includes(l.categoryId)),
    );
    const orderPaise = lines.reduce((s, l) => s + l.basePaise, 0);
    if (orderPaise < c.minOrderPaise) miss = { code: 'belowMinimum', minOrderPaise: c.minOrderPaise, orderPaise };
    else if (!eligible.some(Boolean)) miss = { code: 'notForThese' };
    else {
      const bases = lines.map((l, i) => (eligible[i] ? l.basePaise : 0));
      if (c.discountType === 'P') {
        couponShares = bases.map((b) => mulDivHalfUp(b, c.percent ?? 0, 100));
        const sum = couponShares.reduce((s, v) => s + v, 0);
        if (c.capPaise !== null && sum > c.capPaise) couponShares = share(c.capPaise, bases);
      } else {
        const eligibleSum = bases.reduce((s, b) => s + b, 0);
        couponShares = share(Math.min(c.flatPaise ?? 0, eligibleSum), bases);
      }
    }
  }

  let couponTotal = 0;
  lines.forEach((_, i) => {
    if (inPackage.has(i)) return;
    if (couponShares[i] > plan[i]) {
      out[i] = { kind: 'coupon', label: c!.code, packageId: null, discountPaise: couponShares[i] };
      couponTotal += couponShares[i];
    } else if (plan[i] > 0) {
      out[i] = { kind: 'subscription', label: p.subscription!.name, packageId: null, discountPaise: plan[i] };
    }
  });
  if (c && !miss && couponTotal === 0) miss = { code: 'betterPlan' };
  return {
    lines: out,
    coupon: c ? { id: c.id, code: c.code, discountPaise: couponTotal, miss } : null,
  };
}
