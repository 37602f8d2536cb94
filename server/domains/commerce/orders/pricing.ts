import type { CompanyConfig } from '../../../config';
import { type Db, type Executor, readTogether } from '../../../db/client';
import { badRequest, HttpError } from '../../../http';
import { type Paise, paise, toRupees } from '../../../money';
import { canonicalStateName, gstStateCode } from '../../../shared/gstin';
import { tax } from '../../catalogue';
import { wallets } from '../../money';
import * as addresses from '../addresses/service';
import * as cart from '../cart/service';
import { assertSlot } from '../cart/slots';
import * as dispatch from '../dispatch/service';
import * as promotions from '../promotions/service';
import * as tips from '../tips/service';
import { type Quote, type QuoteLineInput, quote } from './quote';
import * as repo from './repo';

/** A line given directly instead of from the cart (the demo seed and tests place orders this way). */
export interface OrderItem {
  serviceId: number;
  quantity: number;
  slotStart: Date;
}

export interface QuoteRequest {
  customerUserId: number;
  addressId: number | null;
  tipPaise: Paise;
  useWallet: boolean;
  /** Lines given directly; without them the customer's cart is quoted. */
  items?: OrderItem[];
  /** The coupon the customer applies (decision 026); refused with the reason when it cannot take anything off. */
  couponCode?: string | null;
  now?: Date;
}

export interface PricedOrder {
  quote: Quote;
  address: addresses.AddressRow;
  placeOfSupply: { state: string; code: string | null };
  /** The zone of the address's pincode (null outside every zone): the lines' zone when placed. */
  zoneId: number | null;
  /** The customer's wallet account (null until they have one): paying from it needs no second look-up. */
  walletId: number | null;
}

/** How long the GST rates read for a day are reused: they change by law, with effective dates entered ahead. */
const GST_RATES_TTL_MS = 60_000;
const gstRatesCache = new Map<string, { rates: number[]; until: number }>();

/**
 * The GST rates in force on `at`'s India day (tax.ratesInForce), kept in this process for a minute per day: every
 * quote and placement needs them, and they change only when a rate with its effective date is added (a migration).
 * The key is the India day, so a rate that takes effect at midnight is used from midnight; a rate row changed by hand
 * is picked up within the minute.
 */
async function gstRatesOn(exec: Executor, at: Date): Promise<number[]> {
  // India is UTC+05:30 all year (no daylight saving): its calendar day is UTC's after adding 5½ hours.
  const day = new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
  const now = Date.now();
  const hit = gstRatesCache.get(day);
  if (hit && hit.until > now) return hit.rates;
  const rates = await tax.ratesInForce(exec, at);
  if (gstRatesCache.size > 16) gstRatesCache.clear();
  gstRatesCache.set(day, { rates, until: now + GST_RATES_TTL_MS });
  return rates;
}

async function itemLines(exec: Executor, items: OrderItem[]) {
  const found = new Map(
    (await repo.servicesForLines(exec, [...new Set(items.map((i) => i.serviceId))])).map((s) => [s.serviceId, s]),
  );
  return items.map((i, n) => {
    const s = found.get(i.serviceId);
    if (!s) throw badRequest(`items[${n}].serviceId`, `service ${i.serviceId} does not exist`);
    return {
      serviceId: s.serviceId,
      quantity: i.quantity,
      slotStart: i.slotStart,
      heading: s.heading,
      categoryId: s.categoryId,
      sacCode: s.sacCode,
      pricePaise: s.pricePaise,
      discountPercent: s.discountPercent,
      gstPercent: s.gstPercent,
      available: !!s.available,
      packageId: null,
    };
  });
}

function slotProblem(heading: string, slot: Date | null, now: Date): string | null {
  if (!slot) return `Pick a time slot for ${heading}.`;
  try {
    assertSlot(slot, 'slot', now);
    return null;
  } catch (e) {
    if (e instanceof HttpError)
      return `The slot of ${heading} ${e.errors[0]?.message ?? 'is not valid'}: pick another.`;
    throw e;
  }
}

/** Whether an address is in the company's registered state (CGST + SGST), by state name. */
export const isIntraState = (company: CompanyConfig, stateName: string) =>
  canonicalStateName(stateName) === company.state;

/**
 * The server's quote of the customer's cart (or of given lines) at an address: prices, GST split by the place of
 * supply, the tip, the wallet's part and each line's problems. Reads only; placing recomputes it in its transaction.
 */
export async function priceOrder(exec: Executor, company: CompanyConfig, r: QuoteRequest): Promise<PricedOrder> {
  const now = r.now ?? new Date();
  const address = await addresses.addressForOrder(exec, r.customerUserId, r.addressId);
  await tips.assertTipAmount(exec, r.tipPaise, 'Tip');
  const lines = r.items ? await itemLines(exec, r.items) : await cart.cartForCheckout(exec, r.customerUserId);
  const [servedAt, rates, wallet] = await readTogether(exec, [
    () => repo.servedAt(exec, address.pinCode, [...new Set(lines.map((l) => l.categoryId))]),
    () => gstRatesOn(exec, now),
    () => wallets.walletOf(exec, 'customer', r.customerUserId),
  ]);
  const served = servedAt.categories;
  // The pincode's zone came with the served categories (looked up only when there were none).
  const zoneId =
    servedAt.zoneId !== undefined
      ? servedAt.zoneId
      : lines.length
        ? await dispatch.zoneOfPincode(exec, address.pinCode)
        : null;
  // Slot capacity (decision 016): a valid slot of a served line needs a matching professional free in it.
  const checked = lines.filter(
    (l): l is typeof l & { slotStart: Date } =>
      !!l.slotStart && served.get(l.categoryId)?.served === true && !slotProblem(l.heading, l.slotStart, now),
  );
  const problems = await dispatch.slotCapacityProblems(exec, zoneId, checked);
  const full = new Map<number, string>();
  checked.forEach((l, i) => {
    const why = problems[i];
    if (why) full.set(l.serviceId, `${l.heading}: ${why}`);
  });
  const inputs = lines.map((l): QuoteLineInput => {
    const s = served.get(l.categoryId);
    const notServedMessage = !s
      ? undefined
      : s.zoneName === null || s.zoneActive === false
        ? `We do not serve pincode ${address.pinCode} yet, so ${l.heading} cannot be booked at this address.`
        : `${s.name} is not offered in ${s.zoneName} (pincode ${address.pinCode}), so ${l.heading} cannot be booked at this address.`;
    return {
      serviceId: l.serviceId,
      description: l.heading,
      categoryId: l.categoryId,
      sacCode: l.sacCode,
      quantity: l.quantity,
      unitPricePaise: l.pricePaise,
      discountPercent: l.discountPercent,
      gstRate: l.gstPercent,
      slotStart: l.slotStart,
      available: l.available,
      served: s?.served === true,
      notServedMessage,
      slotProblem: slotProblem(l.heading, l.slotStart, now) ?? full.get(l.serviceId) ?? null,
      rateInForce: rates.includes(l.gstPercent),
      packageId: l.packageId,
    };
  });
  const offers = await promotions.promotionsFor(exec, {
    customerUserId: r.customerUserId,
    couponCode: r.couponCode,
    serviceIds: lines.map((l) => l.serviceId),
    packageIds: lines.flatMap((l) => (l.packageId === null ? [] : [l.packageId])),
    at: now,
  });
  const q = quote({
    lines: inputs,
    intraState: isIntraState(company, address.state),
    tipPaise: r.tipPaise,
    walletBalancePaise: wallet?.balance ?? 0,
    useWallet: r.useWallet,
    promotions: offers,
  });
  promotions.refuseCouponMiss(q.coupon);
  return {
    quote: q,
    address,
    placeOfSupply: { state: address.state, code: gstStateCode(address.state) },
    zoneId,
    walletId: wallet?.id ?? null,
  };
}

const r2 = (p: number) => toRupees(paise(p));

/** The quote in rupees, as OrderCheckOut answers it. */
export function quoteOut(p: PricedOrder) {
  const q = p.quote;
  const t = q.totals;
  return {
    address: {
      id: p.address.id,
      receiverName: p.address.receiverName,
      receiverMobileNo: p.address.receiverMobileNo,
      address: p.address.address,
      city: p.address.city,
      state: p.address.state,
      pinCode: p.address.pinCode,
    },
    placeOfSupply: p.placeOfSupply,
    gstType: q.intraState ? ('CGST+SGST' as const) : ('IGST' as const),
    lines: q.lines.map((l) => ({
      serviceId: l.serviceId,
      description: l.description,
      sacCode: l.sacCode,
      quantity: l.quantity,
      unitPrice: r2(l.unitPricePaise),
      gross: r2(l.grossPaise),
      discountPercent: l.discountPercent,
      discount: r2(l.discountPaise),
      promotion: l.promoKind
        ? { kind: l.promoKind, label: l.promoLabel ?? '', discount: r2(l.promoDiscountPaise) }
        : null,
      taxableValue: r2(l.taxablePaise),
      gstRate: l.gstRate,
      gst: r2(l.gstPaise),
      cgst: r2(l.cgstPaise),
      sgst: r2(l.sgstPaise),
      igst: r2(l.igstPaise),
      total: r2(l.totalPaise),
      slotStart: l.slotStart,
      problems: l.problems,
    })),
    totals: {
      gross: r2(t.grossPaise),
      discount: r2(t.discountPaise),
      promoDiscount: r2(t.promoDiscountPaise),
      taxableValue: r2(t.taxablePaise),
      gst: r2(t.gstPaise),
      cgst: r2(t.cgstPaise),
      sgst: r2(t.sgstPaise),
      igst: r2(t.igstPaise),
      tip: r2(t.tipPaise),
      total: r2(t.totalPaise),
      walletBalance: r2(t.walletBalancePaise),
      walletUsable: r2(t.walletUsablePaise),
      wallet: r2(t.walletPaise),
      amountPayable: r2(t.payablePaise),
    },
    coupon: q.coupon
      ? { couponId: q.coupon.id, couponCode: q.coupon.code, discount: r2(q.coupon.discountPaise) }
      : null,
    placeable: q.placeable,
    problems: q.problems,
  };
}

/** Order/OrderCheckOut: the quote for the customer (or staff acting for one). */
export async function checkout(db: Db, company: CompanyConfig, r: QuoteRequest) {
  return quoteOut(await priceOrder(db, company, r));
}
