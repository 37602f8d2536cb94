import { mulDivHalfUp, type Paise, paise, splitGst } from '../../../money';
import { applyPromotions, type PromoKind, type PromotionResult, type Promotions } from './promotions';

/**
 * The checkout quote (decision 014), pure: the server's one computation of an order's money, used by OrderCheckOut,
 * by placing (recomputed inside the placing transaction) and by the tests. The screens never compute money.
 *
 * Rounding (decision 014): integer paise, half-up, per line.
 * - gross = unit price × quantity;
 * - base = gross × (100 − discount%) / 100, rounded half-up; the discount is gross − base;
 * - the line's one promotion (package, subscription or coupon: promotions.ts) takes its amount off the base:
 *   taxable = base − promotion (GST is charged on what the customer pays);
 * - GST = taxable × rate / 100, rounded half-up;
 * - inside the company's state CGST = GST / 2 rounded half-up and SGST = GST − CGST (so the halves always add up to the
 *   line's GST, and CGST is the larger by at most a paisa); outside it the whole GST is IGST;
 * - line total = taxable + GST; order total = Σ line totals + tip (a tip is not taxed).
 */

/** What the quote needs of a line: its price terms and what the service found about it. */
export interface QuoteLineInput {
  serviceId: number;
  description: string;
  categoryId: number;
  sacCode: string;
  quantity: number;
  unitPricePaise: number;
  discountPercent: number;
  gstRate: number;
  slotStart: Date | null;
  /** The service (and its sub-category and category) is on offer. */
  available: boolean;
  /** The line's category is served at the address's pincode; the message when it is not. */
  served: boolean;
  notServedMessage?: string;
  /** Why the slot cannot be booked (none picked, or a rule it breaks now), or null when it can. */
  slotProblem: string | null;
  /** The line's GST rate is one of the rates in force today. */
  rateInForce: boolean;
  /** The special package the line was added in (null: a normal line). */
  packageId?: number | null;
}

export type ProblemCode = 'unavailable' | 'notServed' | 'slot' | 'gstRate';
export interface LineProblem {
  code: ProblemCode;
  message: string;
}

export interface QuoteLine {
  serviceId: number;
  description: string;
  categoryId: number;
  sacCode: string;
  quantity: number;
  unitPricePaise: Paise;
  grossPaise: Paise;
  discountPercent: number;
  discountPaise: Paise;
  /** The one promotion on the line, what it is called (package name, plan name or coupon code) and its amount. */
  promoKind: PromoKind | null;
  promoLabel: string | null;
  promoDiscountPaise: Paise;
  packageId: number | null;
  taxablePaise: Paise;
  gstRate: number;
  gstPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  totalPaise: Paise;
  slotStart: Date | null;
  problems: LineProblem[];
}

export interface QuoteInput {
  lines: QuoteLineInput[];
  /** The address is in the company's registered state: CGST + SGST; otherwise IGST. */
  intraState: boolean;
  tipPaise: number;
  walletBalancePaise: number;
  /** The customer chose to pay from the wallet (all of it, or the part it covers). */
  useWallet: boolean;
  /** The packages, subscription and coupon the lines may take (promotions.ts). */
  promotions?: Promotions;
}

export interface Quote {
  lines: QuoteLine[];
  intraState: boolean;
  totals: {
    grossPaise: Paise;
    discountPaise: Paise;
    /** Σ the lines' promotions. */
    promoDiscountPaise: Paise;
    taxablePaise: Paise;
    gstPaise: Paise;
    cgstPaise: Paise;
    sgstPaise: Paise;
    igstPaise: Paise;
    tipPaise: Paise;
    /** Σ line totals + tip. */
    totalPaise: Paise;
    walletBalancePaise: Paise;
    /** What the wallet can pay of the total: min(balance, total). */
    walletUsablePaise: Paise;
    /** What the wallet pays when the customer uses it (0 otherwise). */
    walletPaise: Paise;
    /** What is left for a payment provider: total − walletPaise. */
    payablePaise: Paise;
  };
  /** The coupon asked for: what it took off, or why it took nothing (null when none was asked for). */
  coupon: PromotionResult['coupon'];
  /** Lines in the cart and none with a problem. */
  placeable: boolean;
  /** Why it cannot be placed, in the customer's words (empty when placeable). */
  problems: string[];
}

/** A line's value after the catalogue discount, before any promotion and GST. */
export const basePaiseOf = (l: { quantity: number; unitPricePaise: number; discountPercent: number }) =>
  mulDivHalfUp(l.unitPricePaise * l.quantity, 100 - l.discountPercent, 100);

/** The money of one line (no problems): exported for the invoice's own cross-check and the property tests. */
export function priceLine(l: {
  quantity: number;
  unitPricePaise: number;
  discountPercent: number;
  gstRate: number;
  intraState: boolean;
  /** Taken off after the catalogue discount (at most the discounted value). */
  promoDiscountPaise?: number;
}) {
  const grossPaise = paise(l.unitPricePaise * l.quantity);
  const basePaise = basePaiseOf(l);
  const promo = l.promoDiscountPaise ?? 0;
  if (!Number.isSafeInteger(promo) || promo < 0 || promo > basePaise) throw new RangeError(`promotion ${promo}`);
  const taxablePaise = paise(basePaise - promo);
  const gstPaise = paise(mulDivHalfUp(taxablePaise, l.gstRate, 100));
  const { cgstPaise, sgstPaise, igstPaise } = splitGst(gstPaise, l.intraState);
  return {
    grossPaise,
    discountPaise: paise(grossPaise - basePaise),
    promoDiscountPaise: paise(promo),
    taxablePaise,
    gstPaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    totalPaise: paise(taxablePaise + gstPaise),
  };
}

function problemsOf(l: QuoteLineInput): LineProblem[] {
  const problems: LineProblem[] = [];
  if (!l.available) problems.push({ code: 'unavailable', message: `${l.description} is not available now.` });
  if (!l.served) {
    problems.push({
      code: 'notServed',
      message: l.notServedMessage ?? `${l.description} is not offered at this address's pincode.`,
    });
  }
  if (l.slotProblem) problems.push({ code: 'slot', message: l.slotProblem });
  if (!l.rateInForce) {
    problems.push({
      code: 'gstRate',
      message: `${l.description} carries GST at ${l.gstRate}%, a rate no longer in force: it cannot be booked until its rate is updated.`,
    });
  }
  return problems;
}

function checkInput(l: QuoteLineInput) {
  if (!Number.isInteger(l.quantity) || l.quantity < 1) throw new RangeError(`quantity ${l.quantity}`);
  if (!Number.isSafeInteger(l.unitPricePaise) || l.unitPricePaise < 0) throw new RangeError('unit price');
  if (!Number.isInteger(l.discountPercent) || l.discountPercent < 0 || l.discountPercent > 100) {
    throw new RangeError(`discount ${l.discountPercent}`);
  }
  if (!Number.isInteger(l.gstRate) || l.gstRate < 0 || l.gstRate > 100) throw new RangeError(`GST ${l.gstRate}`);
}

export function quote(input: QuoteInput): Quote {
  if (!Number.isSafeInteger(input.tipPaise) || input.tipPaise < 0) throw new RangeError('tip');
  for (const l of input.lines) checkInput(l);
  const promos = applyPromotions(
    input.lines.map((l) => ({
      serviceId: l.serviceId,
      categoryId: l.categoryId,
      quantity: l.quantity,
      basePaise: basePaiseOf(l),
      packageId: l.packageId ?? null,
    })),
    input.promotions ?? {},
  );
  const lines = input.lines.map((l, i): QuoteLine => {
    const promo = promos.lines[i];
    return {
      serviceId: l.serviceId,
      description: l.description,
      categoryId: l.categoryId,
      sacCode: l.sacCode,
      quantity: l.quantity,
      unitPricePaise: paise(l.unitPricePaise),
      discountPercent: l.discountPercent,
      gstRate: l.gstRate,
      slotStart: l.slotStart,
      promoKind: promo.kind,
      promoLabel: promo.label,
      packageId: promo.packageId,
      ...priceLine({ ...l, intraState: input.intraState, promoDiscountPaise: promo.discountPaise }),
      problems: problemsOf(l),
    };
  });
  const sum = (f: (l: QuoteLine) => number) => paise(lines.reduce((s, l) => s + f(l), 0));
  const tipPaise = paise(input.tipPaise);
  const totalPaise = paise(sum((l) => l.totalPaise) + tipPaise);
  const walletBalancePaise = paise(Math.max(0, input.walletBalancePaise));
  const walletUsablePaise = paise(Math.min(walletBalancePaise, totalPaise));
  const walletPaise = input.useWallet ? walletUsablePaise : paise(0);
  const problems: string[] = [];
  if (lines.length === 0) problems.push('Your cart is empty.');
  for (const l of lines) for (const p of l.problems) problems.push(p.message);
  return {
    lines,
    intraState: input.intraState,
    totals: {
      grossPaise: sum((l) => l.grossPaise),
      discountPaise: sum((l) => l.discountPaise),
      promoDiscountPaise: sum((l) => l.promoDiscountPaise),
      taxablePaise: sum((l) => l.taxablePaise),
      gstPaise: sum((l) => l.gstPaise),
      cgstPaise: sum((l) => l.cgstPaise),
      sgstPaise: sum((l) => l.sgstPaise),
      igstPaise: sum((l) => l.igstPaise),
      tipPaise,
      totalPaise,
      walletBalancePaise,
      walletUsablePaise,
      walletPaise,
      payablePaise: paise(totalPaise - walletPaise),
    },
    coupon: promos.coupon,
    placeable: problems.length === 0,
    problems,
  };
}
