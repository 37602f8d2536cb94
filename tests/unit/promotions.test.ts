// Promotions at checkout (server/domains/commerce/orders/promotions.ts and the quote): one promotion per line, money to the paisa.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyPromotions,
  type CouponTerms,
  type PromoLine,
  share,
} from '../../server/domains/commerce/orders/promotions';
import { type QuoteLineInput, quote } from '../../server/domains/commerce/orders/quote';

const pl = (over: Partial<PromoLine> = {}): PromoLine => ({
  serviceId: 1,
  categoryId: 1,
  quantity: 1,
  basePaise: 100_000,
  packageId: null,
  ...over,
});

const coupon = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  id: 7,
  code: 'SAVE10',
  discountType: 'P',
  percent: 10,
  flatPaise: null,
  capPaise: null,
  minOrderPaise: 0,
  serviceIds: [],
  categoryIds: [],
  ...over,
});

describe('share', () => {
  it('adds up to the total, in proportion, largest remainder first', () => {
    expect(share(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(share(0, [5, 5])).toEqual([0, 0]);
    expect(share(10, [0, 0])).toEqual([0, 0]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          const out = share(total, weights);
          const sum = weights.reduce((s, w) => s + w, 0);
          expect(out.reduce((s, v) => s + v, 0)).toBe(sum === 0 ? 0 : total);
          for (const v of out) expect(v).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('applyPromotions', () => {
  it('a percentage coupon takes its percent of each line it covers, half-up', () => {
    const r = applyPromotions([pl({ basePaise: 12_345 }), pl({ serviceId: 2, basePaise: 10_000 })], {
      coupon: coupon(),
    });
    expect(r.lines.map((l) => [l.kind, l.discountPaise])).toEqual([
      ['coupon', 1235],
      ['coupon', 1000],
    ]);
    expect(r.coupon).toEqual({ id: 7, code: 'SAVE10', discountPaise: 2235, miss: null });
  });

  it('a cap is shared across the lines in proportion', () => {
    const r = applyPromotions([pl({ basePaise: 300_000 }), pl({ serviceId: 2, basePaise: 100_000 })], {
      coupon: coupon({ capPaise: 10_000 }),
    });
    expect(r.lines.map((l) => l.discountPaise)).toEqual([7500, 2500]);
    expect(r.coupon?.discountPaise).toBe(10_000);
  });

  it('a flat coupon never takes more than the lines it covers', () => {
    const r = applyPromotions([pl({ basePaise: 5000 })], { coupon: coupon({ discountType: 'F', flatPaise: 20_000 }) });
    expect(r.lines[0].discountPaise).toBe(5000);
  });

  it('covers only its services and categories, and says so when it covers none', () => {
    const lines = [pl({ serviceId: 1, categoryId: 10 }), pl({ serviceId: 2, categoryId: 20 })];
    const byService = applyPromotions(lines, { coupon: coupon({ serviceIds: [2] }) });
    expect(byService.lines.map((l) => l.kind)).toEqual([null, 'coupon']);
    const byCategory = applyPromotions(lines, { coupon: coupon({ categoryIds: [10] }) });
    expect(byCategory.lines.map((l) => l.kind)).toEqual(['coupon', null]);
    expect(applyPromotions(lines, { coupon: coupon({ serviceIds: [99] }) }).coupon?.miss).toEqual({
      code: 'notForThese',
    });
  });

  it('refuses an order below the minimum, measured before GST on every line', () => {
    const r = applyPromotions([pl({ basePaise: 49_999 })], { coupon: coupon({ minOrderPaise: 50_000 }) });
    expect(r.coupon?.miss).toEqual({ code: 'belowMinimum', minOrderPaise: 50_000, orderPaise: 49_999 });
    expect(r.lines[0].kind).toBeNull();
  });

  it('gives each line the better of its coupon share and its subscription discount, never both', () => {
    const subscription = {
      name: 'Gold',
      discounts: new Map([
        [1, { discountType: 'P' as const, discount: 20 }],
        [2, { discountType: 'F' as const, discount: 500 }],
      ]),
    };
    const r = applyPromotions([pl({ serviceId: 1 }), pl({ serviceId: 2, quantity: 2 })], {
      coupon: coupon(),
      subscription,
    });
    // Line 1: plan 20% (20,000) beats the coupon's 10,000; line 2: coupon 10,000 beats the plan's 2 × 500.
    expect(r.lines.map((l) => [l.kind, l.discountPaise])).toEqual([
      ['subscription', 20_000],
      ['coupon', 10_000],
    ]);
    expect(r.coupon?.discountPaise).toBe(10_000);
  });

  it('a coupon the plan beats on every line takes nothing, and says why', () => {
    const subscription = { name: 'Gold', discounts: new Map([[1, { discountType: 'P' as const, discount: 50 }]]) };
    const r = applyPromotions([pl()], { coupon: coupon(), subscription });
    expect(r.coupon).toEqual({ id: 7, code: 'SAVE10', discountPaise: 0, miss: { code: 'betterPlan' } });
  });

  it('prices a whole package at its price; a broken one is priced normally and may take a coupon', () => {
    const pkg = { id: 3, name: 'Monsoon care', pricePaise: 150_000, serviceIds: [1, 2] };
    const whole = applyPromotions(
      [pl({ serviceId: 1, packageId: 3, basePaise: 100_000 }), pl({ serviceId: 2, packageId: 3, basePaise: 100_000 })],
      { packages: [pkg], coupon: coupon() },
    );
    expect(whole.lines.map((l) => [l.kind, l.discountPaise])).toEqual([
      ['package', 25_000],
      ['package', 25_000],
    ]);
    expect(whole.coupon?.miss).toEqual({ code: 'notForThese' });
    const broken = applyPromotions([pl({ serviceId: 1, packageId: 3 })], { packages: [pkg], coupon: coupon() });
    expect(broken.lines[0].kind).toBe('coupon');
  });

  it('never takes more than a line is worth, and a line has at most one promotion', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            serviceId: fc.integer({ min: 1, max: 4 }),
            quantity: fc.integer({ min: 1, max: 5 }),
            basePaise: fc.integer({ min: 0, max: 2_000_000 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 1, max: 100 }),
        fc.option(fc.integer({ min: 1, max: 500_000 })),
        fc.integer({ min: 1, max: 100 }),
        (raw, percent, cap, planPercent) => {
          const lines = raw.map((l) => pl({ ...l, categoryId: l.serviceId }));
          const r = applyPromotions(lines, {
            coupon: coupon({ percent, capPaise: cap }),
            subscription: { name: 'P', discounts: new Map([[2, { discountType: 'P', discount: planPercent }]]) },
          });
          r.lines.forEach((p, i) => {
            expect(p.discountPaise).toBeLessThanOrEqual(lines[i].basePaise);
            expect(p.discountPaise).toBeGreaterThanOrEqual(0);
          });
          const couponSum = r.lines.filter((l) => l.kind === 'coupon').reduce((s, l) => s + l.discountPaise, 0);
          expect(r.coupon?.discountPaise).toBe(couponSum);
          if (cap !== null) expect(couponSum).toBeLessThanOrEqual(cap);
        },
      ),
    );
  });
});

describe('the quote with promotions', () => {
  const line = (over: Partial<QuoteLineInput> = {}): QuoteLineInput => ({
    serviceId: 1,
    description: 'AC service',
    categoryId: 1,
    sacCode: '998729',
    quantity: 1,
    unitPricePaise: 100_000,
    discountPercent: 10,
    gstRate: 18,
    slotStart: new Date('2030-01-01T04:30:00Z'),
    available: true,
    served: true,
    slotProblem: null,
    rateInForce: true,
    ...over,
  });

  it('takes the promotion after the catalogue discount and charges GST on what is left', () => {
    const q = quote({
      lines: [line()],
      intraState: false,
      tipPaise: 0,
      walletBalancePaise: 0,
      useWallet: false,
      promotions: { coupon: coupon() },
    });
    // ₹1,000 less 10% = ₹900; the coupon takes 10% of that (₹90); GST 18% on ₹810 = ₹145.80.
    const l = q.lines[0];
    expect([l.discountPaise, l.promoDiscountPaise, l.taxablePaise, l.gstPaise, l.totalPaise]).toEqual([
      10_000, 9000, 81_000, 14_580, 95_580,
    ]);
    expect([l.promoKind, l.promoLabel]).toEqual(['coupon', 'SAVE10']);
    expect(q.totals.promoDiscountPaise).toBe(9000);
    expect(q.totals.grossPaise - q.totals.discountPaise - q.totals.promoDiscountPaise).toBe(q.totals.taxablePaise);
    expect(q.coupon?.discountPaise).toBe(9000);
  });

  it('is the same quote as before when there is no promotion', () => {
    const q = quote({ lines: [line()], intraState: true, tipPaise: 0, walletBalancePaise: 0, useWallet: false });
    expect([q.lines[0].promoKind, q.lines[0].promoDiscountPaise, q.lines[0].taxablePaise, q.coupon]).toEqual([
      null,
      0,
      90_000,
      null,
    ]);
  });
});

describe('share, worked by hand', () => {
  it('gives the leftover paisa to the largest remainder, then to the earlier line on a tie', () => {
    // ₹0.10 across weights 1 and 2: 3.33 and 6.67 paise → 3 and 6, the leftover paisa to the second (0.67 > 0.33).
    expect(share(10, [1, 2])).toEqual([3, 7]);
    // ₹0.10 across 2, 1, 1: 5, 2.5, 2.5 → 5, 2, 2 and the leftover to the earlier of the tied halves.
    expect(share(10, [2, 1, 1])).toEqual([5, 3, 2]);
    // Three leftovers over five equal lines: the first three.
    expect(share(3, [7, 7, 7, 7, 7])).toEqual([1, 1, 1, 0, 0]);
  });

  it('shares nothing of a negative amount', () => {
    expect(share(-5, [1, 1])).toEqual([0, 0]);
  });
});

describe('applyPromotions, worked by hand', () => {
  it('a flat plan discount is per unit: ₹50 off each of 3 units is ₹150', () => {
    const subscription = { name: 'Silver', discounts: new Map([[1, { discountType: 'F' as const, discount: 5_000 }]]) };
    const r = applyPromotions([pl({ quantity: 3, basePaise: 90_000 })], { subscription });
    expect(r.lines[0]).toEqual({ kind: 'subscription', label: 'Silver', packageId: null, discountPaise: 15_000 });
  });

  it('an order exactly at the minimum takes the coupon', () => {
    const r = applyPromotions([pl({ basePaise: 50_000 })], { coupon: coupon({ minOrderPaise: 50_000 }) });
    expect(r.coupon).toEqual({ id: 7, code: 'SAVE10', discountPaise: 5_000, miss: null });
  });

  it('a cap the percentages just reach takes nothing back: each line keeps its own half-up share', () => {
    // 10% of ₹24.85, ₹55.55 and ₹270.35 = 2.485, 5.555 and 27.035 → ₹2.49 + ₹5.56 + ₹27.04 = ₹35.09, the cap.
    // Shared out in proportion the ₹35.09 would be 2.48, 5.56 and 27.05: a paisa moved between lines.
    const r = applyPromotions(
      [pl({ basePaise: 2_485 }), pl({ serviceId: 2, basePaise: 5_555 }), pl({ serviceId: 3, basePaise: 27_035 })],
      { coupon: coupon({ capPaise: 3_509 }) },
    );
    expect(r.lines.map((l) => l.discountPaise)).toEqual([249, 556, 2_704]);
  });

  it("a package's price is shared across its own lines only; the other lines are priced normally", () => {
    const pkg = { id: 3, name: 'Monsoon care', pricePaise: 150_000, serviceIds: [1, 2] };
    const r = applyPromotions(
      [
        pl({ serviceId: 5, basePaise: 40_000 }),
        pl({ serviceId: 1, packageId: 3, basePaise: 120_000 }),
        pl({ serviceId: 2, packageId: 3, basePaise: 80_000 }),
      ],
      { packages: [pkg], coupon: coupon() },
    );
    // ₹2,000 of lines for ₹1,500: ₹500 off, ₹300 and ₹200 by their bases; the line outside takes the coupon's 10%.
    expect(r.lines.map((l) => [l.kind, l.packageId, l.discountPaise])).toEqual([
      ['coupon', null, 4_000],
      ['package', 3, 30_000],
      ['package', 3, 20_000],
    ]);
  });

  it('a package with no services is never whole', () => {
    const r = applyPromotions([pl({ serviceId: 1, packageId: 9 })], {
      packages: [{ id: 9, name: 'Empty', pricePaise: 0, serviceIds: [] }],
    });
    expect(r.lines[0].kind).toBeNull();
  });
});
