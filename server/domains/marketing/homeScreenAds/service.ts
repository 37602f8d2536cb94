// Home-screen advertisements and coupons (SPEC §3 home-screen advertisement and coupon offer, §7 Marketing; issue 11
// §1–2; decision 021). An advertisement (advType 'AD') is the admin's and shows on the home page while switched on.
// A coupon (advType 'CO') is a home-screen advertisement with terms (table coupons, same id) and the services or
// categories it applies to (coupon_offers; none = every service). Its life is the coupon machine
// (src/machines/coupon): marketing makes a draft and submits it, an admin who neither made it nor last changed its
// terms approves or rejects it, an edit sends it back for approval, the system expires it after its validity, and the
// HomeScreenAdvs toggle switches it off and on. Every transition goes through server/workflow/apply.ts.
import { type CouponEvent, couponAllowedEvents, couponMachine } from '../../../../src/machines/coupon/coupon.machine';
import type { Db, Executor, Tx } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import { pageOf } from '../../../db/paging';
import { badRequest, type CurrentUser, conflict, forbidden, HttpError, notFound, type RoleCode } from '../../../http';
import type { Paise } from '../../../money';
import { recordTransition } from '../../../plugins/audit';
import { checkOptionalImage, type Storage } from '../../../plugins/storage';
import { applyEvent, transitionsOf } from '../../../workflow/apply';
import * as repo from './repo';

export type { AdRow, AdvType, CouponState, OfferRow } from './repo';
export { AD_ENTITY, COUPON_ENTITY } from './repo';

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

const text = (s: string | undefined) => (s ?? '').trim();

function checkAd(input: AdInput, prefix = 'homeScreenAds.') {
  const description = text(input.description);
  if (!description) throw badRequest(`${prefix}description`, 'must not be empty');
  return { description, discountDesc: text(input.discountDesc) };
}

/** The terms, checked; codes are kept in capitals (unique in any letter case). */
async function checkTerms(exec: Executor, t: TermsInput, now: Date, prefix: string) {
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
const onCodeRace = (code: string, field: string) => (err: unknown) => {
  if (uniqueViolation(err) === 'coupons_code_uq') throw codeTaken(code, field);
  throw err;
};

async function assertCodeFree(exec: Executor, code: string, field: string, exceptId?: number) {
  if (await repo.couponWithCode(exec, code, exceptId)) throw codeTaken(code, field);
}

const mayManageAds = (role: RoleCode) => role === 'A';
const mayManageCoupons = (role: RoleCode) => role === 'A' || role === 'MR';

function assertMayWrite(user: Viewer, advType: repo.AdvType) {
  if (!user) throw forbidden();
  if (advType === 'AD' && !mayManageAds(user.role)) throw forbidden('Advertisements are managed by the admin.');
  if (advType === 'CO' && !mayManageCoupons(user.role)) throw forbidden('Coupons are made by marketing.');
}

// ---- reads

async function view(exec: Executor, row: repo.AdRow): Promise<AdView> {
  return { row, offers: row.advType === 'CO' ? await repo.offersOf(exec, [row.id]) : [] };
}

async function views(exec: Executor, rows: repo.AdRow[]): Promise<AdView[]> {
  const offers = await repo.offersOf(
    exec,
    rows.filter((r) => r.advType === 'CO').map((r) => r.id),
  );
  return rows.map((row) => ({ row, offers: offers.filter((o) => o.couponId === row.id) }));
}

async function viewOf(exec: Executor, id: number): Promise<AdView> {
  const row = await repo.findAd(exec, id);
  if (!row) throw notFound(`Advertisement ${id}`);
  return view(exec, row);
}

export interface ListQuery {
  advType: repo.AdvType;
  page?: number;
  pageSize?: number;
  search?: string;
  status?: 'all' | 'active' | 'inactive';
  state?: repo.CouponState;
}

/** GetHomeScreenAdvsByAdvType: live ones for visitors, customers and other roles; every one for admins and marketing. */
export async function list(db: Db, viewer: Viewer, q: ListQuery, now = new Date()) {
  if (q.advType === 'CO') await expireDue(db, now);
  const { page, pageSize, limit, offset } = pageOf(q);
  const manager = isManager(viewer);
  const { rows, total } = await repo.pageAds(db, {
    advType: q.advType,
    liveAt: manager ? undefined : now,
    status: manager ? q.status : undefined,
    states: manager && q.state && q.advType === 'CO' ? [q.state] : undefined,
    search: q.search,
    limit,
    offset,
    orderBy: 'id',
  });
  return { items: await views(db, rows), total, page, pageSize };
}

/** GetHomeScreenAdvsById: a live one for visitors and customers; any not deleted for admins and marketing. */
export async function byId(db: Db, viewer: Viewer, id: number, now = new Date()) {
  await expireDue(db, now);
  const row = await repo.findAd(db, id, isManager(viewer) ? undefined : now);
  if (!row) throw notFound(`Advertisement ${id}`);
  return view(db, row);
}

export type CouponAction = 'All' | 'Draft' | 'Pending' | 'Approved' | 'Live' | 'Rejected' | 'Expired' | 'Disabled';

const ACTION_STATES: Record<Exclude<CouponAction, 'All' | 'Live'>, repo.CouponState> = {
  Draft: 'draft',
  Pending: 'pending',
  Approved: 'approved',
  Rejected: 'rejected',
  Expired: 'expired',
  Disabled: 'disabled',
};

/** Marketing/GetCouponsOffersMR: coupons by state, the most recently changed first. */
export async function listCoupons(
  db: Db,
  action: CouponAction,
  q: { page?: number; pageSize?: number; search?: string },
  now = new Date(),
) {
  await expireDue(db, now);
  const { page, pageSize, limit, offset } = pageOf(q);
  const { rows, total } = await repo.pageAds(db, {
    advType: 'CO',
    states: action === 'All' ? undefined : action === 'Live' ? ['approved'] : [ACTION_STATES[action]],
    validAt: action === 'Live' ? now : undefined,
    search: q.search,
    limit,
    offset,
    orderBy: 'updatedAt',
  });
  return { items: await views(db, rows), total, page, pageSize };
}

/**
 * The people a decision may not come from: the coupon's maker, and whoever changed or submitted its terms since its
 * last decision (an admin who edits a coupon cannot then approve their own terms).
 */
async function makersOf(exec: Executor, id: number, createdBy: number): Promise<Set<number>> {
  const log = await transitionsOf(exec, repo.COUPON_ENTITY, id);
  const makers = new Set([createdBy]);
  for (const t of log) {
    if (t.event === 'APPROVE' || t.event === 'REJECT') {
      makers.clear();
      makers.add(createdBy);
    } else if ((t.event === 'EDIT' || t.event === 'SUBMIT') && t.actorId !== null) makers.add(t.actorId);
  }
  return makers;
}

const MR_EVENTS = new Set(['EDIT', 'SUBMIT', 'DELETE']);

/** The events `user` may send now: marketing edits, submits and deletes; an admin also decides (never their own) and toggles. */
export function eventsFor(state: repo.CouponState, user: Viewer, byMaker: boolean): string[] {
  if (!user || !mayManageCoupons(user.role)) return [];
  return couponAllowedEvents(state).filter((e) => {
    if (e === 'EXPIRE') return false;
    if (user.role === 'MR') return MR_EVENTS.has(e);
    return !(byMaker && (e === 'APPROVE' || e === 'REJECT'));
  });
}

/** GetCouponsDetails: the coupon, the events the caller may send, whether they count as its maker, and its log. */
export async function details(db: Db, user: Viewer, id: number, now = new Date()) {
  await expireDue(db, now);
  const v = await viewOf(db, id);
  if (v.row.advType !== 'CO' || !v.row.state || v.row.createdBy === null) throw notFound(`Coupon ${id}`);
  const byMaker = !!user && (await makersOf(db, id, v.row.createdBy)).has(user.id);
  const history = await transitionsOf(db, repo.COUPON_ENTITY, id);
  return { ...v, byMaker, allowedEvents: eventsFor(v.row.state, user, byMaker), history };
}

/** Marketing/GetCouponsHistory: decisions only, or every transition, newest first. */
export async function history(
  db: Db,
  q: { action?: 'Decisions' | 'All'; couponId?: number; page?: number; pageSize?: number; search?: string },
) {
  const { page, pageSize, limit, offset } = pageOf(q);
  const { rows, total } = await repo.pageHistory(db, {
    decisionsOnly: (q.action ?? 'Decisions') === 'Decisions',
    couponId: q.couponId,
    search: q.search,
    limit,
    offset,
  });
  return { items: rows, total, page, pageSize };
}

// ---- the coupon machine

interface CouponStep {
  event: CouponEvent;
  actorId: number | null;
  remark?: string | null;
  /** Written with the new state (terms, the decision). */
  set?: Partial<repo.CouponTerms> & { decidedBy?: number; decidedAt?: Date; rejectRemark?: string | null };
}

/** Applies one event to a coupon (row lock, the machine, the log) and keeps the advertisement row in step. */
function step(tx: Tx, id: number, s: CouponStep) {
  return applyEvent(tx, {
    machine: couponMachine,
    entity: repo.COUPON_ENTITY,
    id,
    event: s.event,
    actorId: s.actorId,
    remark: s.remark ?? null,
    lock: (t, cid) => repo.lockCoupon(t, cid),
    write: async (t, cid, next) => {
      const state = next as repo.CouponState;
      await repo.updateCoupon(t, cid, { ...s.set, state });
      await repo.updateAd(t, cid, {
        status: state !== 'disabled',
        ...(state === 'deleted' ? { deletedAt: new Date() } : {}),
      });
    },
  });
}

/** Locks a coupon that is not deleted (404 otherwise, and for an advertisement). */
async function lockLiveCoupon(tx: Tx, id: number) {
  const ad = await repo.lockAd(tx, id);
  if (!ad || ad.deletedAt || ad.advType !== 'CO') throw notFound(`Coupon ${id}`);
  const coupon = await repo.lockCoupon(tx, id);
  if (!coupon) throw notFound(`Coupon ${id}`);
  return coupon;
}

/**
 * The system's EXPIRE for every approved or switched-off coupon past its validity (the periodic sweep, and lazily
 * before coupons are read). Each coupon in its own short transaction, re-checked under its lock, so two processes
 * sweeping at once expire each coupon once.
 */
export async function expireDue(db: Db, now = new Date()): Promise<number> {
  const ids = await repo.dueForExpiry(db, now);
  let expired = 0;
  for (const id of ids) {
    expired += await db.transaction(async (tx) => {
      const c = await repo.lockCoupon(tx, id);
      if (!c || (c.state !== 'approved' && c.state !== 'disabled') || c.validTo > now) return 0;
      await step(tx, id, { event: { type: 'EXPIRE' }, actorId: null, remark: `Valid until ${lastDay(c.validTo)}` });
      return 1;
    });
  }
  return expired;
}

// ---- writes

export interface InsertInput {
  homeScreenAds: AdInput;
  couponsOffers?: TermsInput;
  submit?: boolean;
}

/** HomeScreenAdvsInsert: an advertisement (admin), or a coupon made as a draft (marketing or an admin). */
export async function insert(db: Db, storage: Storage, user: Viewer, input: InsertInput, now = new Date()) {
  const advType = input.homeScreenAds.advType ?? 'AD';
  assertMayWrite(user, advType);
  const actor = user!;
  const ad = checkAd(input.homeScreenAds);
  if (advType === 'AD' && input.couponsOffers) throw badRequest('couponsOffers', 'is only for a coupon (advType CO)');
  if (advType === 'AD' && input.submit) throw badRequest('submit', 'is only for a coupon (advType CO)');
  if (advType === 'CO' && !input.couponsOffers)
    throw badRequest('couponsOffers', 'is required for a coupon (advType CO)');
  const terms = input.couponsOffers ? await checkTerms(db, input.couponsOffers, now, 'couponsOffers.') : null;
  if (terms) await assertCodeFree(db, terms.values.code, 'couponsOffers.couponCode');
  const image = await checkOptionalImage(input.homeScreenAds.imagebase64Data, 'homeScreenAds.imagebase64Data');
  const id = await storage
    .withFiles([image && { folder: 'advertisements', file: image }], async ([imageUrl]) => ({
      result: await db.transaction(async (tx) => {
        const made = await repo.insertAd(tx, {
          advType,
          ...ad,
          imageUrl,
          imageName: imageUrl ? text(input.homeScreenAds.imageName) || null : null,
          addedBy: actor.id,
          addedByRole: actor.role,
        });
        if (!terms) {
          await recordTransition(tx, {
            entity: repo.AD_ENTITY,
            entityId: made,
            from: null,
            to: 'active',
            event: 'ADD',
            actorId: actor.id,
          });
          return made;
        }
        await repo.insertCoupon(tx, { adId: made, ...terms.values, createdBy: actor.id, state: 'draft' });
        await repo.replaceOffers(tx, made, terms.serviceIds, terms.categoryIds);
        await recordTransition(tx, {
          entity: repo.COUPON_ENTITY,
          entityId: made,
          from: null,
          to: 'draft',
          event: 'CREATE',
          actorId: actor.id,
          remark: terms.values.code,
        });
        if (input.submit) await step(tx, made, { event: { type: 'SUBMIT' }, actorId: actor.id });
        return made;
      }),
    }))
    .catch(onCodeRace(terms?.values.code ?? '', 'couponsOffers.couponCode'));
  return viewOf(db, id);
}

export interface UpdateInput {
  id: number;
  homeScreenAds: AdInput;
  couponsOffers?: TermsInput;
}

/**
 * HomeScreenAdvsUpdate: an advertisement's text and picture (admin); a coupon's text, picture and (optionally) terms,
 * as an EDIT (back for approval unless it is a draft).
 */
export async function update(db: Db, storage: Storage, user: Viewer, input: UpdateInput, now = new Date()) {
  const current = await repo.findAd(db, input.id);
  if (!current) throw notFound(`Advertisement ${input.id}`);
  assertMayWrite(user, current.advType);
  const actor = user!;
  if (input.homeScreenAds.advType && input.homeScreenAds.advType !== current.advType) {
    throw badRequest(
      'homeScreenAds.advType',
      `cannot change (this is ${current.advType === 'CO' ? 'a coupon' : 'an advertisement'})`,
    );
  }
  if (current.advType === 'AD' && input.couponsOffers)
    throw badRequest('couponsOffers', 'is only for a coupon (advType CO)');
  const ad = checkAd(input.homeScreenAds);
  const terms = input.couponsOffers ? await checkTerms(db, input.couponsOffers, now, 'couponsOffers.') : null;
  if (terms) await assertCodeFree(db, terms.values.code, 'couponsOffers.couponCode', input.id);
  const image = await checkOptionalImage(input.homeScreenAds.imagebase64Data, 'homeScreenAds.imagebase64Data');
  await storage
    .withFiles([image && { folder: 'advertisements', file: image }], async ([imageUrl]) => {
      const replaced = await db.transaction(async (tx) => {
        const locked = await repo.lockAd(tx, input.id);
        if (!locked || locked.deletedAt) throw notFound(`Advertisement ${input.id}`);
        const set = {
          ...ad,
          ...(imageUrl ? { imageUrl, imageName: text(input.homeScreenAds.imageName) || null } : {}),
        };
        if (locked.advType === 'AD') {
          await repo.updateAd(tx, input.id, set);
          const state = locked.status ? 'active' : 'inactive';
          await recordTransition(tx, {
            entity: repo.AD_ENTITY,
            entityId: input.id,
            from: state,
            to: state,
            event: 'EDIT',
            actorId: actor.id,
          });
        } else {
          await step(tx, input.id, {
            event: { type: 'EDIT' },
            actorId: actor.id,
            remark: terms ? 'Text and terms changed' : 'Text changed',
            set: terms?.values,
          });
          await repo.updateAd(tx, input.id, set);
          if (terms) await repo.replaceOffers(tx, input.id, terms.serviceIds, terms.categoryIds);
        }
        return imageUrl ? locked.imageUrl : null;
      });
      return { result: undefined, replaced: [replaced] };
    })
    .catch(onCodeRace(terms?.values.code ?? '', 'couponsOffers.couponCode'));
  return viewOf(db, input.id);
}

/** Marketing/UpdateCouponsOffers: a coupon's terms and offers, as an EDIT. */
export async function updateTerms(db: Db, user: Viewer, id: number, input: TermsInput, now = new Date()) {
  assertMayWrite(user, 'CO');
  const actor = user!;
  const terms = await checkTerms(db, input, now, '');
  await assertCodeFree(db, terms.values.code, 'couponCode', id);
  await db
    .transaction(async (tx) => {
      await lockLiveCoupon(tx, id);
      await step(tx, id, { event: { type: 'EDIT' }, actorId: actor.id, remark: 'Terms changed', set: terms.values });
      await repo.replaceOffers(tx, id, terms.serviceIds, terms.categoryIds);
    })
    .catch(onCodeRace(terms.values.code, 'couponCode'));
  return viewOf(db, id);
}

/** Marketing/SubmitCoupon: a draft goes for approval. */
export async function submit(db: Db, user: Viewer, id: number) {
  assertMayWrite(user, 'CO');
  await db.transaction(async (tx) => {
    await lockLiveCoupon(tx, id);
    await step(tx, id, { event: { type: 'SUBMIT' }, actorId: user!.id });
  });
  return viewOf(db, id);
}

/** Marketing/CouponsAppRejAdmin: an admin who is not its maker approves or rejects a coupon waiting for approval. */
export async function decide(
  db: Db,
  user: Viewer,
  id: number,
  appRej: 'Approve' | 'Reject',
  remarkIn: string | undefined,
  now = new Date(),
) {
  if (user?.role !== 'A') throw forbidden('Only an admin approves or rejects coupons.');
  const remark = text(remarkIn) || null;
  if (appRej === 'Reject' && !remark) throw badRequest('remark', 'is required to reject a coupon: say what to change');
  await db.transaction(async (tx) => {
    const c = await lockLiveCoupon(tx, id);
    const byMaker = (await makersOf(tx, id, c.createdBy)).has(user.id);
    if (c.state === 'pending' && byMaker) {
      throw new HttpError(
        409,
        'Maker-checker',
        'You made or last changed this coupon: another admin must approve or reject it.',
        [{ field: 'AppRej', message: 'not allowed for the maker of the coupon' }],
        { state: c.state, allowedEvents: eventsFor(c.state, user, true) },
      );
    }
    if (c.state === 'pending' && appRej === 'Approve' && c.validTo <= now) {
      throw conflict(
        'validTo',
        `Its validity ended on ${lastDay(c.validTo)}: reject it, or have marketing change the dates.`,
      );
    }
    await step(tx, id, {
      event: { type: appRej === 'Approve' ? 'APPROVE' : 'REJECT', byMaker },
      actorId: user.id,
      remark,
      set: { decidedBy: user.id, decidedAt: now, ...(appRej === 'Reject' ? { rejectRemark: remark } : {}) },
    });
  });
  return details(db, user, id, now);
}

/** HomeScreenAdvsDelete: kept for history (a coupon's redemptions name it), gone from every list. */
export async function remove(db: Db, user: Viewer, id: number) {
  const current = await repo.findAd(db, id);
  if (!current) throw notFound(`Advertisement ${id}`);
  assertMayWrite(user, current.advType);
  await db.transaction(async (tx) => {
    const locked = await repo.lockAd(tx, id);
    if (!locked || locked.deletedAt) throw notFound(`Advertisement ${id}`);
    if (locked.advType === 'CO') {
      await step(tx, id, { event: { type: 'DELETE' }, actorId: user!.id });
      return;
    }
    await repo.updateAd(tx, id, { deletedAt: new Date() });
    await recordTransition(tx, {
      entity: repo.AD_ENTITY,
      entityId: id,
      from: locked.status ? 'active' : 'inactive',
      to: 'deleted',
      event: 'DELETE',
      actorId: user!.id,
    });
  });
  return current;
}

/**
 * The HomeScreenAdvs toggle (DeReActivateAll): flips an advertisement's status; switches an approved coupon off
 * (DISABLE) and a switched-off one on (ENABLE, or EXPIRE when its validity has ended). Any other coupon: 409.
 */
export async function toggle(
  db: Db,
  id: number,
  actorId: number,
  now = new Date(),
): Promise<{ id: number; active: boolean }> {
  return db.transaction(async (tx) => {
    const ad = await repo.lockAd(tx, id);
    if (!ad || ad.deletedAt) throw notFound(`Advertisement ${id}`);
    if (ad.advType === 'AD') {
      const active = !ad.status;
      await repo.updateAd(tx, id, { status: active });
      await recordTransition(tx, {
        entity: repo.AD_ENTITY,
        entityId: id,
        from: active ? 'inactive' : 'active',
        to: active ? 'active' : 'inactive',
        event: active ? 'ACTIVATE' : 'DEACTIVATE',
        actorId,
      });
      return { id, active };
    }
    const c = await repo.lockCoupon(tx, id);
    if (!c) throw notFound(`Coupon ${id}`);
    const event: CouponEvent =
      c.state === 'disabled' ? (c.validTo <= now ? { type: 'EXPIRE' } : { type: 'ENABLE' }) : { type: 'DISABLE' };
    const done = await step(tx, id, {
      event,
      actorId: event.type === 'EXPIRE' ? null : actorId,
      remark: event.type === 'EXPIRE' ? `Valid until ${lastDay(c.validTo)}` : null,
    });
    return { id, active: done.to === 'approved' };
  });
}
