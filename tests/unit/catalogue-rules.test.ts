// Rules with many cases, tested at the service level where HTTP adds nothing (decision in docs/decisions): the
// API tests keep one case per rule to prove the route names the field.
import { describe, expect, it } from 'vitest';
import { serviceMoney } from '../../server/domains/catalogue/catalogue/service';
import { parsePincodeList } from '../../server/domains/platform/geo/service';
import { HttpError } from '../../server/http';
import { paise, priceBreakdown, toPaise } from '../../server/money';

/** The field and message of the 400 that `fn` throws. */
function refusal(fn: () => unknown): { status: number; field: string | undefined; message: string } {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    const e = err as HttpError;
    return { status: e.statusCode, field: e.errors[0]?.field, message: e.errors[0]?.message ?? e.message };
  }
  throw new Error('expected a refusal');
}

describe('money', () => {
  it('converts rupees to paise exactly and refuses more than 2 decimals', () => {
    expect(toPaise(449.1, 'price')).toBe(44910);
    expect(toPaise(0.29, 'price')).toBe(29);
    expect(toPaise(999999.99, 'price')).toBe(99999999);
    expect(() => toPaise(1.005, 'price')).toThrow(/2 decimal/);
    expect(() => toPaise(1e-7, 'price')).toThrow(/2 decimal/);
    expect(() => toPaise(Number.NaN, 'price')).toThrow();
    expect(() => toPaise(Number.POSITIVE_INFINITY, 'price')).toThrow();
  });

  it('computes discount then GST, each rounded half-up to the paisa', () => {
    expect(priceBreakdown(paise(49900), 10, 18)).toEqual({ discountedPaise: 44910, gstPaise: 8084, finalPaise: 52994 });
    // 0.5 paisa rounds up: 101 x 50% = 50.5 -> 51; 51 x 5% = 2.55 -> 3.
    expect(priceBreakdown(paise(101), 50, 5)).toEqual({ discountedPaise: 51, gstPaise: 3, finalPaise: 54 });
    expect(priceBreakdown(paise(100), 100, 28)).toEqual({ discountedPaise: 0, gstPaise: 0, finalPaise: 0 });
  });
});

describe('service money', () => {
  const ok = { price: paise(49900), discount: 10, gst: 18 };
  // The GST rates in force since 22 September 2025 (the service reads them from gst_rates: tests/api/gst-rates).
  const RATES = [0, 5, 18, 40];

  it('stores paise and whole percentages', () => {
    expect(serviceMoney({ ...ok, visitingCharges: paise(4950) }, RATES)).toEqual({
      pricePaise: 49900,
      discountPercent: 10,
      gstPercent: 18,
      visitingChargesPaise: 4950,
    });
    expect(serviceMoney({ price: paise(1), gst: 0 }, RATES)).toMatchObject({
      discountPercent: 0,
      visitingChargesPaise: 0,
    });
    expect(serviceMoney({ price: paise(100_000_000), gst: 40, discount: 100 }, RATES).pricePaise).toBe(100_000_000);
  });

  it.each([
    [{ price: paise(0) }, 'price'],
    [{ price: paise(-100) }, 'price'],
    [{ price: paise(100_000_001) }, 'price'],
    [{ discount: -1 }, 'discount'],
    [{ discount: 101 }, 'discount'],
    [{ discount: 12.5 }, 'discount'],
    [{ gst: 7 }, 'gst'],
    [{ gst: 18.5 }, 'gst'],
    [{ visitingCharges: paise(-1) }, 'visitingCharges'],
    [{ visitingCharges: paise(10_000_001) }, 'visitingCharges'],
  ])('refuses %o naming %s', (change, field) => {
    expect(refusal(() => serviceMoney({ ...ok, ...change }, RATES))).toMatchObject({ status: 400, field });
  });

  it('accepts every GST rate in force and no other, naming the rates in force', () => {
    for (const gst of RATES) expect(serviceMoney({ ...ok, gst }, RATES).gstPercent).toBe(gst);
    for (const gst of [1, 6, 12, 15, 28, 30]) {
      expect(refusal(() => serviceMoney({ ...ok, gst }, RATES))).toMatchObject({
        field: 'gst',
        message: 'must be one of the GST rates in force today: 0, 5, 18, 40',
      });
    }
  });
});

describe('typed pincode lists (AddZoneNew)', () => {
  it('splits on commas, semicolons, spaces and new lines, and counts repeats once', () => {
    expect(parsePincodeList('560011, 560041;560069\n560082 560011')).toEqual(['560011', '560041', '560069', '560082']);
    expect(parsePincodeList('  560001\t\r\n')).toEqual(['560001']);
  });

  it('names the bad entries (at most five) in one message', () => {
    expect(refusal(() => parsePincodeList('560001, 12345, abcdef'))).toEqual({
      status: 400,
      field: 'pincodes',
      message: '12345, abcdef are not 6-digit pincodes',
    });
    expect(refusal(() => parsePincodeList('060001')).message).toBe('060001 is not a 6-digit pincode');
    expect(refusal(() => parsePincodeList('1 2 3 4 5 6 7')).message).toBe('1, 2, 3, 4, 5 are not 6-digit pincodes');
    expect(refusal(() => parsePincodeList('5600011', 'pinCode')).field).toBe('pinCode');
  });

  it('needs one to 200 pincodes', () => {
    expect(refusal(() => parsePincodeList(' ,; ')).message).toBe('must list at least one pincode');
    const pins = (n: number) => Array.from({ length: n }, (_, i) => String(600000 + i)).join(',');
    expect(parsePincodeList(pins(200))).toHaveLength(200);
    expect(refusal(() => parsePincodeList(pins(201))).message).toBe('must list at most 200 pincodes');
  });
});
