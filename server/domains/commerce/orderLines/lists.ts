import type { Db } from '../../../db/client';
import { badRequest } from '../../../http';
import { paise, toRupees } from '../../../money';
import { isPartyRole } from '../../../roles';
import { firstName } from '../../../shared/person';
import { wallets } from '../../money';
import type { Actor } from './events';
import * as repo from './repo';
import {
  customerActions,
  LINE_RULES,
  LIST_STATES,
  type LineList,
  lineNamed,
  sourceRefundOffer,
  stateLabel,
} from './rules';

/** The customer an operation acts for: the caller, or the customer staff name by mobile number. */
async function customerIdOf(db: Db, user: Actor, mobileNo: string | undefined) {
  if (isPartyRole(user.role)) return user.id;
  if (!mobileNo) throw badRequest('CustomerMobileNo', 'is required: say which customer');
  return (await wallets.findOwner(db, 'customer', { mobileNo })).id;
}

function lineDto(r: repo.ListRow, now: Date) {
  return {
    ...lineNamed(r),
    state: r.state,
    stateLabel: stateLabel(r.state),
    actions: customerActions(r, now),
    reschedulesLeft: Math.max(0, LINE_RULES.maxReschedules - r.rescheduleCount),
    taxable: toRupees(paise(r.taxablePaise)),
    gst: toRupees(paise(r.gstPaise)),
    total: toRupees(paise(r.totalPaise)),
    invoiceNo: r.invoiceNo,
    placedAt: r.placedAt,
    rating: r.rating,
    review: r.review,
    // Given at the door to the professional: shown while the visit is still to come.
    completionCode: OPEN_STATES.has(r.state) ? r.completionCode : null,
    professionalName: r.professionalName ? firstName(r.professionalName) : null,
  };
}

/** The states in which the customer still needs the completion code. */
const OPEN_STATES = new Set(['unassigned', 'assigned', 'accepted']);

/** POST Customer/GetOrdersForCustomer: upcoming (soonest first) or past (latest first) lines, one page. */
export async function customerOrders(
  db: Db,
  user: Actor,
  q: { mobileNo?: string; when: 'upcoming' | 'past'; page?: number; pageSize?: number },
  now = new Date(),
) {
  const customerId = await customerIdOf(db, user, q.mobileNo);
  const list: LineList = q.when;
  const page = await repo.customerLines(db, customerId, LIST_STATES[list], list === 'upcoming' ? 'asc' : 'desc', q);
  return { ...page, items: page.items.map((r) => lineDto(r, now)) };
}

/** POST Customer/GetCancelledOrdersForCustomer: cancelled lines, latest slot first, with refund, fee, credit note. */
export async function cancelledOrders(
  db: Db,
  user: Actor,
  q: { mobileNo?: string; page?: number; pageSize?: number },
  now = new Date(),
) {
  const customerId = await customerIdOf(db, user, q.mobileNo);
  const page = await repo.customerLines(db, customerId, LIST_STATES.cancelled, 'desc', q);
  return {
    ...page,
    items: page.items.map((r) => ({
      ...lineDto(r, now),
      cancelledAt: r.cancelledAt,
      cancelReason: r.cancelReason,
      fee: toRupees(paise(r.cancelFeePaise ?? 0)),
      refund: toRupees(paise(r.refundPaise ?? 0)),
      creditNoteNo: r.creditNoteNo,
      refundToSource: sourceRefundOffer(r),
    })),
  };
}

/** Seed and test data only (see repo.moveSlotForSeed): never called from a route. */
export const moveSlotForSeed = repo.moveSlotForSeed;
