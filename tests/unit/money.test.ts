// Rupees and paise at the boundary (server/money.ts), with amounts worked by hand: ₹1 = 100 paise, rounding half-up
// to the paisa, amounts printed the Indian way (lakh grouping: ₹1,23,456.50).
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/http';
import { mulDivHalfUp, paise, priceBreakdown, rupeesText, toPaise, toRupees } from '../../server/money';

/** The 400 that `fn` throws: its field and message. */
function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    const e = err as HttpError;
    return { status: e.statusCode, ...e.errors[0] };
  }
  throw new Error('expected a refusal');
}

describe('paise', () => {
  it('takes whole paise only', () => {
    expect(paise(44_910)).toBe(44_910);
    expect(paise(0)).toBe(0);
    expect(paise(-500)).toBe(-500);
    expect(() => paise(449.1)).toThrow(new RangeError('449.1 is not a whole number of paise'));
    expect(() => paise(Number.NaN)).toThrow(RangeError);
    // 2^53 is past the integers a double holds exactly.
    expect(() => paise(2 ** 53)).toThrow(RangeError);
  });
});

describe('rupees to paise', () => {
  it('reads whole rupees, one or two decimals, and negatives', () => {
    expect(toPaise(449, 'price')).toBe(44_900);
    expect(toPaise(449.5, 'price')).toBe(44_950);
    expect(toPaise(0.05, 'price')).toBe(5);
    expect(toPaise(-12.5, 'price')).toBe(-1_250);
    expect(toPaise(0, 'price')).toBe(0);
  });

  it('refuses what is not an amount, naming the field', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(refusal(() => toPaise(bad, 'price'))).toEqual({
        status: 400,
        field: 'price',
        message: 'must be an amount in rupees',
      });
    }
    // A JSON string is not a number, even one that reads as an amount.
    expect(refusal(() => toPaise('449' as unknown as number, 'tip'))).toEqual({
      status: 400,
      field: 'tip',
      message: 'must be an amount in rupees',
    });
  });

  it('refuses fractions of a paisa and amounts past what paise can count', () => {
    expect(refusal(() => toPaise(1.005, 'price')).message).toBe('must have at most 2 decimal places (paise)');
    // 10^21 prints as 1e+21; 10^20 rupees print in full but are 10^22 paise, past 2^53.
    expect(refusal(() => toPaise(1e21, 'price'))).toMatchObject({ field: 'price', message: 'is out of range' });
    expect(refusal(() => toPaise(1e20, 'price'))).toMatchObject({ field: 'price', message: 'is out of range' });
    // The largest amount the API takes (₹9,99,999.99) is well inside.
    expect(toPaise(999_999.99, 'price')).toBe(99_999_999);
  });
});

describe('paise to rupees', () => {
  it('divides by 100', () => {
    expect(toRupees(paise(44_910))).toBe(449.1);
    expect(toRupees(paise(5))).toBe(0.05);
    expect(toRupees(paise(0))).toBe(0);
  });

  it('prints rupees with the Indian grouping and two decimals', () => {
    expect(rupeesText(12_345_650)).toBe('₹1,23,456.50');
    expect(rupeesText(paise(9_900))).toBe('₹99.00');
    expect(rupeesText(1)).toBe('₹0.01');
  });
});

describe('a × b / c, half-up', () => {
  it('rounds a half paisa up and less than a half down', () => {
    // 18% of ₹0.50 = 9 paise exactly; 18% of ₹1.25 = 22.5 → 23; 18% of ₹1.24 = 22.32 → 22.
    expect(mulDivHalfUp(50, 18, 100)).toBe(9);
    expect(mulDivHalfUp(125, 18, 100)).toBe(23);
    expect(mulDivHalfUp(124, 18, 100)).toBe(22);
    expect(mulDivHalfUp(1, 1, 2)).toBe(1);
    expect(mulDivHalfUp(1, 1, 3)).toBe(0);
    expect(mulDivHalfUp(2, 1, 3)).toBe(1);
    expect(mulDivHalfUp(0, 18, 100)).toBe(0);
  });

  it('refuses a negative amount and a product past 2^53', () => {
    expect(() => mulDivHalfUp(-100, 18, 100)).toThrow(new RangeError('amount out of range'));
    expect(() => mulDivHalfUp(100, -18, 100)).toThrow(RangeError);
    expect(() => mulDivHalfUp(2 ** 40, 2 ** 14, 100)).toThrow(RangeError);
    expect(mulDivHalfUp(2 ** 40, 2 ** 12, 2 ** 12)).toBe(2 ** 40);
  });
});

describe("a service's price breakdown: the discount first, then GST on the discounted price", () => {
  it('₹1,000 less 20% is ₹800; GST 18% of ₹800 is ₹144; the customer pays ₹944', () => {
    expect(priceBreakdown(paise(100_000), 20, 18)).toEqual({
      discountedPaise: 80_000,
      gstPaise: 14_400,
      finalPaise: 94_400,
    });
  });

  it('rounds each step half-up to the paisa: ₹4.99 less 5% = ₹4.7405 → ₹4.74; 18% of it = 85.32 → 85 paise', () => {
    expect(priceBreakdown(paise(499), 5, 18)).toEqual({ discountedPaise: 474, gstPaise: 85, finalPaise: 559 });
  });

  it('no discount and no GST leave the price as it is', () => {
    expect(priceBreakdown(paise(49_900), 0, 0)).toEqual({ discountedPaise: 49_900, gstPaise: 0, finalPaise: 49_900 });
  });
});
