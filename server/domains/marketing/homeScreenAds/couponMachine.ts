import { type CouponEvent, couponMachine } from '../../../../src/machines/coupon/coupon.machine';
import type { Db, Tx } from '../../../db/client';
import { notFound } from '../../../http';
import { applyEvent } from '../../../workflow/apply';
import { lastDay } from './common';
import * as repo from './repo';

// The coupon machine: each event a row lock, the machine, the log; and the expiry of coupons past their validity.

interface CouponStep {
  event: CouponEvent;
  actorId: number | null;
  remark?: string | null;
  /** Written with the new state (terms, the decision). */
  set?: Partial<repo.CouponTerms> & { decidedBy?: number; decidedAt?: Date; rejectRemark?: string | null };
}

/** Applies one event to a coupon (row lock, the machine, the log) and keeps the advertisement row in step. */
export function step(tx: Tx, id: number, s: CouponStep) {
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
export async function lockLiveCoupon(tx: Tx, id: number) {
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
