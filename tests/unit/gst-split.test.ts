// GST on a line and its split (server/domains/commerce/orders/quote.ts), worked by hand: inside the company's state the GST is
// half CGST and half SGST (18% = 9% + 9%), outside it all IGST; and the quote's refusal of impossible input.
import { describe, expect, it } from 'vitest';
import { priceLine, type QuoteInput, type QuoteLineInput, quote } from '../../server/domains/commerce/orders/quote';

const line = (over: Partial<QuoteLineInput> = {}): QuoteLineInput => ({
  serviceId: 1,
  description: 'Sofa cleaning',
  categoryId: 1,
  sacCode: '998533',
  quantity: 1,
  unitPricePaise: 100_000,
  discountPercent: 0,
  gstRate: 18,
  slotStart: new Date('2030-01-01T04:30:00Z'),
  available: true,
  served: true,
  slotProblem: null,
  rateInForce: true,
  ...over,
});
const order = (over: Partial<QuoteInput> = {}): QuoteInput => ({
  lines: [line()],
  intraState: true,
  tipPaise: 0,
  walletBalancePaise: 0,
  useWallet: false,
  ...over,
});
const money = (l: ReturnType<typeof priceLine>) => [
  l.taxablePaise,
  l.cgstPaise,
  l.sgstPaise,
  l.igstPaise,
  l.totalPaise,
];

describe('the GST split', () => {
  it('18% on ₹1,000 inside the state: CGST 9% ₹90 + SGST 9% ₹90, total ₹1,180', () => {
    const l = priceLine({ quantity: 1, unitPricePaise: 100_000, discountPercent: 0, gstRate: 18, intraState: true });
    expect(money(l)).toEqual([100_000, 9_000, 9_000, 0, 118_000]);
    expect(l.gstPaise).toBe(18_000);
  });

  it('18% on ₹1,000 to another state: IGST 18% ₹180, no CGST or SGST', () => {
    const l = priceLine({ quantity: 1, unitPricePaise: 100_000, discountPercent: 0, gstRate: 18, intraState: false });
    expect(money(l)).toEqual([100_000, 0, 0, 18_000, 118_000]);
  });

  it('5% on 2 × ₹750 inside the state: CGST 2.5% ₹37.50 + SGST 2.5% ₹37.50', () => {
    const l = priceLine({ quantity: 2, unitPricePaise: 75_000, discountPercent: 0, gstRate: 5, intraState: true });
    expect(money(l)).toEqual([150_000, 3_750, 3_750, 0, 157_500]);
  });

  it('an odd paisa of GST goes to CGST: 18% of ₹1.50 = 27 paise = 14 + 13', () => {
    const l = priceLine({ quantity: 1, unitPricePaise: 150, discountPercent: 0, gstRate: 18, intraState: true });
    expect([l.gstPaise, l.cgstPaise, l.sgstPaise]).toEqual([27, 14, 13]);
  });

  it('the whole order adds its lines: ₹1,000 at 18% and ₹500 at 5%, inside the state', () => {
    const q = quote(order({ lines: [line(), line({ serviceId: 2, unitPricePaise: 50_000, gstRate: 5 })] }));
    // GST ₹180 + ₹25 = ₹205: CGST ₹90 + ₹12.50, SGST the same.
    expect(q.totals).toMatchObject({
      taxablePaise: 150_000,
      gstPaise: 20_500,
      cgstPaise: 10_250,
      sgstPaise: 10_250,
      igstPaise: 0,
      totalPaise: 170_500,
    });
  });

  it('a line free after its discount pays no GST; a 100% rate doubles the price', () => {
    expect(money(quote(order({ lines: [line({ discountPercent: 100 })] })).lines[0])).toEqual([0, 0, 0, 0, 0]);
    expect(quote(order({ lines: [line({ unitPricePaise: 1_000, gstRate: 100 })] })).totals.totalPaise).toBe(2_000);
  });
});

describe('a promotion on a line', () => {
  const at = (promoDiscountPaise: number) =>
    priceLine({
      quantity: 1,
      unitPricePaise: 100_000,
      discountPercent: 10,
      gstRate: 18,
      intraState: true,
      promoDiscountPaise,
    });

  it('comes off the discounted value before GST, and may take all of it', () => {
    // ₹1,000 less 10% = ₹900; less ₹100 = ₹800; GST 18% = ₹144 = ₹72 + ₹72.
    expect(money(at(10_000))).toEqual([80_000, 7_200, 7_200, 0, 94_400]);
    expect(money(at(90_000))).toEqual([0, 0, 0, 0, 0]);
  });

  it('is never negative, fractional, or more than the discounted value', () => {
    // Each refusal names what was wrong.
    expect(() => at(-1)).toThrow(new RangeError('promotion -1'));
    expect(() => at(0.5)).toThrow(new RangeError('promotion 0.5'));
    expect(() => at(90_001)).toThrow(new RangeError('promotion 90001'));
  });
});

describe('the quote refuses impossible input', () => {
  const refused = (over: Partial<QuoteLineInput>) => () => quote(order({ lines: [line(over)] }));
  // Each refusal names what was wrong (a fraction of a paisa would fail later anyway, under another name).

  it('a quantity below 1 or not whole', () => {
    expect(refused({ quantity: 0 })).toThrow(new RangeError('quantity 0'));
    expect(refused({ quantity: 1.5 })).toThrow(new RangeError('quantity 1.5'));
  });

  it('a negative or fractional unit price', () => {
    expect(refused({ unitPricePaise: -1 })).toThrow(new RangeError('unit price'));
    expect(refused({ unitPricePaise: 0.5, quantity: 2 })).toThrow(new RangeError('unit price'));
  });

  it('a discount outside 0 to 100%, or not whole', () => {
    expect(refused({ discountPercent: -1 })).toThrow(new RangeError('discount -1'));
    expect(refused({ discountPercent: 101 })).toThrow(new RangeError('discount 101'));
    expect(refused({ discountPercent: 12.5 })).toThrow(new RangeError('discount 12.5'));
  });

  it('a GST rate outside 0 to 100%, or not whole', () => {
    expect(refused({ gstRate: -5 })).toThrow(new RangeError('GST -5'));
    expect(refused({ gstRate: 101 })).toThrow(new RangeError('GST 101'));
    expect(refused({ gstRate: 0.5 })).toThrow(new RangeError('GST 0.5'));
    expect(quote(order({ lines: [line({ gstRate: 0 })] })).totals.gstPaise).toBe(0);
  });

  it('a negative or fractional tip', () => {
    expect(() => quote(order({ tipPaise: -100 }))).toThrow(new RangeError('tip'));
    expect(() => quote(order({ tipPaise: 0.5 }))).toThrow(new RangeError('tip'));
  });
});

describe("a line's problems, in the customer's words", () => {
  it('names the service that is unavailable or not offered at the pincode', () => {
    const q = quote(order({ lines: [line({ available: false, served: false })] }));
    expect(q.problems).toEqual([
      'Sofa cleaning is not available now.',
      "Sofa cleaning is not offered at this address's pincode.",
    ]);
  });
});

describe('a special package in the quote', () => {
  it('prices its lines together when every service of it is in the cart', () => {
    // Two services of ₹1,000 in a ₹1,500 package: ₹250 off each, GST 18% on ₹750 = ₹135 each.
    const q = quote(
      order({
        lines: [line({ serviceId: 1, packageId: 4 }), line({ serviceId: 2, packageId: 4 })],
        promotions: { packages: [{ id: 4, name: 'Festive deep clean', pricePaise: 150_000, serviceIds: [1, 2] }] },
      }),
    );
    expect(q.lines.map((l) => [l.promoKind, l.packageId, l.promoDiscountPaise, l.gstPaise])).toEqual([
      ['package', 4, 25_000, 13_500],
      ['package', 4, 25_000, 13_500],
    ]);
    expect(q.totals.totalPaise).toBe(177_000);
  });
});
