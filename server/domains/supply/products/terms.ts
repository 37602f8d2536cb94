// A product's price terms, its views and the rules of its fields (decision 028). Prices are integer paise inside;
// the API speaks rupees (the conversion is termsFromApi's, called at the HTTP boundary).
import type { Executor } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import { badRequest, conflict, notFound } from '../../../http';
import { mulDivHalfUp, type Paise, paise, rupeesText, toPaise, toRupees } from '../../../money';
import type { ProductDiscountType } from './repo';
import * as repo from './repo';

export const ENTITY = 'Product';
/** The most rows a CSV export holds. */
export const CSV_MAX_ROWS = 50_000;
/** How many of the lowest products the dashboard lists. */
export const DASHBOARD_LOW_STOCK = 10;

/** A product's price terms as the API sends them: rupees, and a discount whose unit depends on its type. */
export interface ApiTerms {
  mrp: number;
  discount?: number | null;
  discountType?: ProductDiscountType;
  cost: number;
}

export interface Terms {
  mrpPaise: Paise;
  discountType: ProductDiscountType;
  /** A whole percent, or paise off each unit. */
  discount: number;
  actualPricePaise: Paise;
  costPaise: Paise;
}

/**
 * The HTTP boundary of a product's prices: rupees to paise, the discount checked against its type, and actualPrice
 * computed (MRP less the discount, GST included: the MRP already includes it). An empty discount is 0.
 */
export function termsFromApi(t: ApiTerms): Terms {
  const mrpPaise = toPaise(t.mrp, 'mrp');
  if (mrpPaise <= 0) throw badRequest('mrp', 'must be more than 0');
  const costPaise = toPaise(t.cost, 'cost');
  const discountType = t.discountType ?? 'percentage';
  const raw = t.discount ?? 0;
  let discount: number;
  let offPaise: number;
  if (discountType === 'percentage') {
    if (!Number.isInteger(raw) || raw < 0 || raw > 100) {
      throw badRequest('discount', 'must be a whole percent from 0 to 99 when discountType is percentage');
    }
    discount = raw;
    offPaise = mulDivHalfUp(mrpPaise, raw, 100);
  } else {
    discount = toPaise(raw, 'discount');
    offPaise = discount;
  }
  if (offPaise >= mrpPaise) {
    throw badRequest(
      'discount',
      `must leave a price above zero: ${discountType === 'flat' ? rupeesText(discount) : `${discount}%`} off an MRP of ${rupeesText(mrpPaise)} leaves nothing`,
    );
  }
  return { mrpPaise, discountType, discount, actualPricePaise: paise(mrpPaise - offPaise), costPaise };
}

/** The API's discount: a whole percent, or rupees (flat). */
export const apiDiscount = (r: { discountType: ProductDiscountType; discount: number }) =>
  r.discountType === 'flat' ? toRupees(paise(r.discount)) : r.discount;

/** A product as the API shows it. Vendors do not see what the store paid (cost, stock value). */
export function productView(r: repo.ProductRow, viewer: { staff: boolean } = { staff: true }) {
  const available = r.onHand - r.reserved;
  return {
    id: r.id,
    productName: r.productName,
    hsnCode: r.hsnCode,
    description: r.description,
    mrp: toRupees(r.mrpPaise),
    discount: apiDiscount(r),
    discountType: r.discountType,
    actualPrice: toRupees(r.actualPricePaise),
    cost: viewer.staff ? toRupees(r.costPaise) : null,
    gst: r.gstPercent,
    productImageUrl: r.imageUrl,
    productImage: r.imageName,
    quantity: r.onHand,
    onHand: r.onHand,
    reserved: r.reserved,
    available,
    lowStockAt: r.lowStockAt,
    lowStock: available <= r.lowStockAt,
    stockValue: viewer.staff ? toRupees(paise(r.onHand * r.costPaise)) : null,
    status: r.active,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export const storeView = (r: repo.ProductRow) => ({
  id: r.id,
  productName: r.productName,
  description: r.description,
  mrp: toRupees(r.mrpPaise),
  discount: apiDiscount(r),
  discountType: r.discountType,
  actualPrice: toRupees(r.actualPricePaise),
  gst: r.gstPercent,
  productImageUrl: r.imageUrl,
  available: r.onHand - r.reserved,
});

export const nameTaken = (name: string) =>
  conflict('productName', `A product named "${name}" is already in the store: choose another name or update it.`);
export const onNameRace = (name: string) => (err: unknown) => {
  if (uniqueViolation(err) !== null) throw nameTaken(name);
  throw err;
};

export function cleanName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (!name) throw badRequest('productName', 'must not be empty');
  return name;
}

export const cleanDescription = (raw: string | null | undefined) => raw?.trim() || null;

/** An HSN code: 4, 6 or 8 digits (the chapter and heading, then the sub-heading and the tariff item). */
export const HSN = /^[0-9]{4}([0-9]{2}){0,2}$/;
export const HSN_RULE = 'must be an HSN code of 4, 6 or 8 digits';

/**
 * The product's HSN code, which its request invoices print (decision 028). The contract already requires it on
 * add and import and checks its form; this keeps the rule for callers that do not come through HTTP.
 */
export function hsnProblem(raw: string | null | undefined, required: boolean): string | null {
  if (raw == null || raw === '') return required ? 'is required (the HSN code of 4, 6 or 8 digits)' : null;
  return HSN.test(raw) ? null : HSN_RULE;
}

export function checkHsn(raw: string | null | undefined, required: boolean): string | undefined {
  const problem = hsnProblem(raw, required);
  if (problem) throw badRequest('hsnCode', problem);
  return raw || undefined;
}

export interface ProductInput {
  productName: string;
  /** Required on add; omitted on update keeps the product's code. */
  hsnCode?: string;
  description?: string | null;
  terms: Terms;
  gst: number;
  lowStockAt?: number;
  status?: boolean;
  imagebase64Data?: string;
  fileName?: string;
}

export async function getProduct(exec: Executor, id: number) {
  const row = await repo.findProduct(exec, id);
  if (!row) throw notFound(`Product ${id}`);
  return productView(row);
}
