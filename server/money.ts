import { badRequest } from './http';

declare const paiseBrand: unique symbol;
/**
 * An amount of money in integer paise: the only money type of services, repos and the database. A plain number
 * (rupees from a request) is not a Paise; it becomes one only through toPaise at the HTTP boundary (routes.ts).
 */
export type Paise = number & { readonly [paiseBrand]: true };

/** An integer count of paise (constants, stored values, results of integer arithmetic). */
export function paise(n: number): Paise {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${n} is not a whole number of paise`);
  return n as Paise;
}

/**
 * The one boundary between rupees (the API: a JSON number with at most 2 decimals) and paise (the database and
 * the services: integers). The conversion reads the number's shortest decimal form, so no float arithmetic
 * touches an amount: 449.1 -> "449.1" -> 44910.
 */
export function toPaise(rupees: number, field: string): Paise {
  if (typeof rupees !== 'number' || !Number.isFinite(rupees)) throw badRequest(field, 'must be an amount in rupees');
  const text = String(rupees);
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) {
    throw badRequest(field, /e\+/i.test(text) ? 'is out of range' : 'must have at most 2 decimal places (paise)');
  }
  const paise = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(paise)) throw badRequest(field, 'is out of range');
  return (m[1] ? -paise : paise) as Paise;
}

/** Paise to the API's rupees (exact for any integer amount: n / 100 is the nearest double to n paise). */
export const toRupees = (amount: Paise) => amount / 100;

/** a x b / c rounded half-up, for non-negative integers, in integer arithmetic (a x b stays below 2^53). */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  const n = a * b;
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('amount out of range');
  const rem = n % c;
  const q = (n - rem) / c;
  return rem * 2 >= c ? q + 1 : q;
}

/**
 * A document's GST per head by the place of supply: inside the company's state half CGST (the odd paisa rounded up)
 * and the rest SGST/UTGST, outside it all IGST. The one split the order lines, requests and plans use (decision 053).
 */
export function splitGst(gstPaise: number, intraState: boolean) {
  const cgstPaise = intraState ? mulDivHalfUp(gstPaise, 1, 2) : 0;
  return {
    cgstPaise: cgstPaise as Paise,
    sgstPaise: (intraState ? gstPaise - cgstPaise : 0) as Paise,
    igstPaise: (intraState ? 0 : gstPaise) as Paise,
  };
}

/** A GST-inclusive amount's taxable value (rounded half-up) and its tax, the rest, so the two add up to it. */
export function backOutGst(totalPaise: number, gstRate: number) {
  const taxablePaise = mulDivHalfUp(totalPaise, 100, 100 + gstRate);
  return { taxablePaise: taxablePaise as Paise, gstPaise: (totalPaise - taxablePaise) as Paise };
}

export interface PriceBreakdown {
  discountedPaise: Paise;
  gstPaise: Paise;
  finalPaise: Paise;
}

/** discount and gst are whole percentages: discounted = price x (100 - d) / 100, gst on the discounted price. */
export function priceBreakdown(pricePaise: Paise, discountPercent: number, gstPercent: number): PriceBreakdown {
  const discountedPaise = paise(mulDivHalfUp(pricePaise, 100 - discountPercent, 100));
  const gstPaise = paise(mulDivHalfUp(discountedPaise, gstPercent, 100));
  return { discountedPaise, gstPaise, finalPaise: paise(discountedPaise + gstPaise) };
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
/** An amount as people read it in messages: ₹1,23,456.50. */
export const rupeesText = (amount: Paise | number) => inr.format(amount / 100);
