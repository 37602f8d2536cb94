import type { Executor } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import { badRequest, type CurrentUser, conflict, forbidden, type RoleCode } from '../../../http';
import type { Paise } from '../../../money';
import * as repo from './repo';

// Who may do what, the India days of a validity, and the checks every write makes.

/** Who calls: a signed-in user, or a visitor (null). */
export type Viewer = Pick<CurrentUser, 'id' | 'role'> | null;

/** Admins and marketing manage advertisements and coupons and see every one; everyone else sees live ones only. */
export const isManager = (v: Viewer | undefined): boolean => v?.role === 'A' || v?.role === 'MR';

export interface AdView {
  row: repo.AdRow;
  offers: repo.OfferRow[];
}

export interface AdInput {
  advType?: repo.AdvType;
  description: string;
  discountDesc?: string;
  imagebase64Data?: string;
  imageName?: string;
}

/** A coupon's terms as the routes hand them over: money already in paise, days still as text. */
export interface TermsInput {
  couponCode: string;
  discountType: repo.DiscountType;
  /** 'P': the percent as sent (checked here: whole, 1–100). */
  percent: number | null;
  flatPaise: Paise | null;
  capPaise: Paise | null;
  minOrderPaise: Paise;
  validFrom: string;
  validTo: string;
  totalLimit: number;
  perCustomerLimit: number;
  serviceId: number[];
  categoryId: number[];
}

// ---- days (India time; no daylight saving)

const IST = '+05:30';
const DAY_MS = 86_400_000;
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** The India day of an instant, YYYY-MM-DD. */
export const indiaDate = (at: Date) => dayFormat.format(at);

/** The start (00:00 India time) of a day given as YYYY-MM-DD; 400 naming `field` for a day that does not exist. */
function dayStart(day: string, field: string): Date {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00${IST}`) : new Date(Number.NaN);
  if (Number.isNaN(at.getTime()) || indiaDate(at) !== day)
    throw badRequest(field, 'must be a real day, such as 2030-01-31');
  return at;
}

/** The stored validity: from the start of the first day to the start of the day after the last (exclusive). */
export function validityOf(validFrom: string, validTo: string, now: Date, prefix = '') {
  const from = dayStart(validFrom, `${prefix}validFrom`);
  const last = dayStart(validTo, `${prefix}validTo`);
  if (last < from) throw badRequest(`${prefix}validTo`, 'must be on or after validFrom');
  if (validTo < indiaDate(now)) throw badRequest(`${prefix}validTo`, 'must be today or later');
  return { validFrom: from, validTo: new Date(last.getTime() + DAY_MS) };
}

/** The last day a coupon is valid (its stored end is exclusive). */
export const lastDay = (validTo: Date) => indiaDate(new Date(validTo.getTime() - 1));

// ---- checks

export const text = (s: string | undefined) => (s ?? '').trim();

export function checkAd(input: AdInput, prefix = 'homeScreenAds.') {
  const description = text(input.description);
  if (!description) throw badRequest(`${prefix}description`, 'must not be empty');
  return { description, discountDesc: text(input.discountDesc) };
}

/** The terms, checked; codes are kept in capitals (unique in any letter case). */
export async function checkTerms(exec: Executor, t: TermsInput, now: Date, prefix: string) {
  const code = t.couponCode.trim().toUpperCase();
  if (!/^[A-Z0-9_-]{3,24}$/.test(code))
    throw badRequest(`${prefix}couponCode`, 'must be 3 to 24 letters, digits, - or _');
  let percent: number | null = null;
  let flatPaise: Paise | null = null;
  let capPaise: Paise | null = null;
  if (t.discountType === 'P') {
    if (t.percent === null || !Number.isInteger(t.percent) || t.percent < 1 || t.percent > 100) {
      throw badRequest(`${prefix}discount`, 'must be a whole percent from 1 to 100');
    }
    percent = t.percent;
    capPaise = t.capPaise;
    if (capPaise !== null && capPaise <= 0) throw badRequest(`${prefix}maxDiscount`, 'must be more than 0');
  } else {
    if (t.flatPaise === null || t.flatPaise <= 0) throw badRequest(`${prefix}discount`, 'must be an amount in rupees');
    if (t.capPaise !== null)
      throw badRequest(`${prefix}maxDiscount`, 'caps a percentage only; leave it out for a flat discount');
    flatPaise = t.flatPaise;
  }
  if (t.minOrderPaise < 0) throw badRequest(`${prefix}minOrderValue`, 'must be 0 or more');
  if (t.perCustomerLimit > t.totalLimit)
    throw badRequest(`${prefix}perCustomerLimit`, 'must not be more than totalLimit');
  const validity = validityOf(t.validFrom, t.validTo, now, prefix);
  const serviceIds = [...new Set(t.serviceId)];
  const categoryIds = [...new Set(t.categoryId)];
  const services = await repo.existingServices(exec, serviceIds);
  const missingService = serviceIds.find((id) => !services.has(id));
  if (missingService !== undefined) throw badRequest(`${prefix}serviceId`, `service ${missingService} does not exist`);
  const categories = await repo.existingCategories(exec, categoryIds);
  const missingCategory = categoryIds.find((id) => !categories.has(id));
  if (missingCategory !== undefined)
    throw badRequest(`${prefix}categoryId`, `category ${missingCategory} does not exist`);
  return {
    values: {
      code,
      discountType: t.discountType,
      percent,
      flatPaise,
      capPaise,
      minOrderPaise: t.minOrderPaise,
      validFrom: validity.validFrom,
      validTo: validity.validTo,
      totalLimit: t.totalLimit,
      perCustomerLimit: t.perCustomerLimit,
    } satisfies repo.CouponTerms,
    serviceIds,
    categoryIds,
  };
}

const codeTaken = (code: string, field: string) =>
  conflict(field, `The coupon code ${code} is already taken (in any letter case).`);

/** A concurrent save of the same code: the unique index refuses it like the check does. */
export const onCodeRace = (code: string, field: string) => (err: unknown) => {
  if (uniqueViolation(err) === 'coupons_code_uq') throw codeTaken(code, field);
  throw err;
};

export async function assertCodeFree(exec: Executor, code: string, field: string, exceptId?: number) {
  if (await repo.couponWithCode(exec, code, exceptId)) throw codeTaken(code, field);
}

const mayManageAds = (role: RoleCode) => role === 'A';
export const mayManageCoupons = (role: RoleCode) => role === 'A' || role === 'MR';

export function assertMayWrite(user: Viewer, advType: repo.AdvType) {
  if (!user) throw forbidden();
  if (advType === 'AD' && !mayManageAds(user.role)) throw forbidden('Advertisements are managed by the admin.');
  if (advType === 'CO' && !mayManageCoupons(user.role)) throw forbidden('Coupons are made by marketing.');
}
