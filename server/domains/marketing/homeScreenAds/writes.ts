import type { CouponEvent } from '../../../../src/machines/coupon/coupon.machine';
import type { Db } from '../../../db/client';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../../http';
import { addedActive, recordTransition } from '../../../plugins/audit';
import { checkOptionalImage, type Storage } from '../../../plugins/storage';
import {
  type AdInput,
  assertCodeFree,
  assertMayWrite,
  checkAd,
  checkTerms,
  lastDay,
  onCodeRace,
  type TermsInput,
  text,
  type Viewer,
} from './common';
import { lockLiveCoupon, step } from './couponMachine';
import { details, eventsFor, makersOf, viewOf } from './reads';
import * as repo from './repo';

// Writes: adding, editing, the coupon's terms, submitting, deciding, removing and switching off and on.

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
          await recordTransition(tx, addedActive(repo.AD_ENTITY, made, actor.id));
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
