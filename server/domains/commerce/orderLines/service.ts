import { randomInt } from 'node:crypto';
import {
  type OrderLineEventType,
  orderLineAllowedEvents,
  orderLineMachine,
} from '../../../../src/machines/orderLine/orderLine.machine';
import type { Db, Executor, Tx } from '../../../db/client';
import { badRequest, type CurrentUser, conflict, HttpError, notFound } from '../../../http';
import { mulDivHalfUp, type Paise, paise, rupeesText, toRupees } from '../../../money';
import { isPartyRole } from '../../../roles';
import { applyEvent } from '../../../workflow/apply';
import { wallets } from '../../money';
import { nextDocumentNumber, notifyPerson, publishLive } from '../../platform';
import { assertSlot } from '../cart/slots';
import * as promotions from '../promotions/service';
import * as repo from './repo';
import {
  type CancellationTerms,
  cancellationTerms,
  customerActions,
  firstName,
  LINE_RULES,
  LIST_STATES,
  type LineList,
  ratingSummary,
  rescheduleRefusal,
  sourceRefundOffer,
  stateLabel,
} from './rules';

export const ENTITY = 'OrderLine';

/** Who acts: the signed-in user (or, for the demo seed, the person it acts as). */
export type Actor = Pick<CurrentUser, 'id' | 'role'>;

export interface LineEventExtra {
  remark?: string | null;
  /** ASSIGN and SELF_ASSIGN: the professional (a user id) who takes the line. */
  professionalUserId?: number;
  /** REJECT: why the professional turned it down. */
  reason?: string | null;
  /** Columns written with the event (the cancellation's money, the rating, the new slot). */
  patch?: repo.LinePatch;
  /** Runs after the row is locked and the machine allowed the event, before anything is written: the place for checks
   * that read the locked row (the fee, the reschedule limit). */
  check?: (row: repo.LineRow) => void | Promise<void>;
  now?: Date;
}

/**
 * Applies one event to an order line inside the caller's transaction (decision 014): the row is locked, the machine
 * decides, and the state, the event's own columns and the transition log are written together. Dispatch (decision 016)
 * and the demo seed move lines with it (ASSIGN, ACCEPT, REJECT, COMPLETE); the customer's events below use it too.
 */
export async function applyLineEvent(
  tx: Tx,
  lineId: number,
  event: OrderLineEventType,
  actorId: number | null,
  extra: LineEventExtra = {},
) {
  const now = extra.now ?? new Date();
  let locked: repo.LineRow | null = null;
  return applyEvent(tx, {
    machine: orderLineMachine,
    entity: ENTITY,
    id: lineId,
    event: { type: event },
    actorId,
    remark: extra.remark ?? null,
    lock: async (t, id) => {
      locked = await repo.lockLine(t, id);
      return locked;
    },
    write: async (t, id, next) => {
      const row = locked!;
      await extra.check?.(row);
      const own: repo.LinePatch = {};
      if (event === 'ASSIGN' || event === 'SELF_ASSIGN') {
        if (!extra.professionalUserId) throw badRequest('professionalUserId', 'is required to assign a line');
        own.professionalUserId = extra.professionalUserId;
        own.assignedAt = now;
      } else if (event === 'REJECT') {
        if (row.professionalUserId) {
          await repo.insertRejection(t, {
            orderLineId: id,
            professionalUserId: row.professionalUserId,
            reason: extra.reason ?? null,
            at: now,
          });
        }
        own.professionalUserId = null;
        own.assignedAt = null;
      } else if (event === 'COMPLETE') {
        own.completedAt = now;
      }
      // The code the customer gives at the door exists once someone is coming (lines placed earlier may lack one).
      if ((next === 'assigned' || next === 'accepted') && !row.completionCode && !extra.patch?.completionCode) {
        own.completionCode = newCompletionCode();
      }
      // Wrong codes count against the professional on the job: another one starts afresh (decision 019).
      if (PROFESSIONAL_CHANGES.has(event)) own.completionAttempts = 0;
      await repo.updateLine(t, id, {
        ...own,
        ...extra.patch,
        state: next as repo.LineRow['state'],
        stateChangedAt: now,
      });
    },
  });
}

/** The events after which someone else (or no one) holds the line. */
const PROFESSIONAL_CHANGES = new Set<OrderLineEventType>(['ASSIGN', 'REASSIGN', 'SELF_ASSIGN', 'REJECT', 'RELEASE']);

/** A random 4-digit completion code (decision 019). */
export const newCompletionCode = () => String(randomInt(0, 10_000)).padStart(4, '0');

/** A slot as the customer reads it: "Tue, 24 Nov, 10:00 am" India time. */
const slotText = (at: Date) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);

export interface LineRef {
  orderId: number;
  serviceId: number;
  /** Staff name the customer; a customer's own is checked by the owner hook, and omitted means the caller. */
  mobileNo?: string;
}

/**
 * The line a caller may act on: a customer only their own (another's is 404, as if it did not exist); staff any,
 * and when they name a customer the line must be that customer's.
 */
export async function lineFor(exec: Executor, user: Actor, ref: LineRef) {
  const line = await repo.findLineOf(exec, ref.orderId, ref.serviceId);
  const missing = notFound(`Order ${ref.orderId} with service ${ref.serviceId}`);
  if (!line) throw missing;
  if (isPartyRole(user.role) && line.customerUserId !== user.id) throw missing;
  if (!isPartyRole(user.role) && ref.mobileNo && line.customerMobileNo !== ref.mobileNo) throw missing;
  return line;
}

/** The machine's refusal, as applyEvent answers it, for callers that check an event before they send it. */
export function refused(event: OrderLineEventType, lineId: number, state: string) {
  return new HttpError(409, 'Event not allowed', `${event} is not allowed while ${ENTITY} ${lineId} is ${state}.`, [], {
    state,
    allowedEvents: orderLineAllowedEvents(state),
  });
}

const termsReply = (t: CancellationTerms, line: { totalPaise: number }, tipPaise: number) => ({
  free: t.free,
  fee: toRupees(t.feePaise),
  refund: toRupees(paise(t.refundPaise + tipPaise)),
  lineTotal: toRupees(paise(line.totalPaise)),
  tipRefund: toRupees(paise(tipPaise)),
  reason: t.reason,
  freeUntil: t.freeUntil,
});

/**
 * The tip goes back with the last line of a paid order that is cancelled (no visit is left to tip for). A completed
 * line is never cancelled, so once any line is completed (its professional is owed the tip, decision 019) the tip is
 * never refunded; the cancellation locks the order row, as the completion does, so the two decisions queue.
 */
async function tipRefundOf(
  exec: Executor,
  order: NonNullable<Awaited<ReturnType<typeof repo.orderOf>>>,
  lineId: number,
) {
  if (order.status !== 'order created' || order.tipPaise === 0) return 0;
  return (await repo.otherLiveLines(exec, order.id, lineId)) === 0 ? order.tipPaise : 0;
}

/** POST Order/OrderCancellationQuote: what cancelling costs now, shown before the customer confirms. */
export async function cancellationQuote(db: Db, user: Actor, ref: LineRef, now = new Date()) {
  const { id } = await lineFor(db, user, ref);
  const line = (await repo.findLine(db, id))!;
  if (!orderLineAllowedEvents(line.state).includes('CANCEL')) throw refused('CANCEL', id, line.state);
  const order = (await repo.orderOf(db, line.orderId))!;
  const paid = order.status === 'order created';
  const terms = cancellationTerms(line, now);
  const tip = await tipRefundOf(db, order, id);
  return {
    lineId: id,
    ...termsReply(paid ? terms : { ...terms, feePaise: paise(0), refundPaise: paise(0) }, line, tip),
  };
}

export interface CancelInput extends LineRef {
  /** The admin's cancellation: always free, remark required. */
  admin: boolean;
  /** The fee the customer was shown and accepted (paise); a different fee now is 409. */
  acceptedFeePaise?: Paise;
  remark?: string | null;
}

/**
 * Cancels one line: the machine allows it (never once completed), the fee is the one the customer accepted, and
 * the refund (line total less the fee, plus the tip when no line of the order is left) goes back to the customer's
 * wallet through the ledger, with a credit note when the order was invoiced, all in the transaction that moves the
 * line to cancelled. The line's row lock makes a second cancellation wait, then find it cancelled (409).
 */
export async function cancelLine(db: Db, user: Actor, input: CancelInput, now = new Date()) {
  const { id } = await lineFor(db, user, input);
  return db.transaction(async (tx) => {
    type Outcome = {
      terms: CancellationTerms;
      tip: number;
      refundTransferId: number | null;
      creditNote: string | null;
    };
    let outcome: Outcome | null = null;
    let lineRow: repo.LineRow | null = null;
    await applyLineEvent(tx, id, input.admin ? 'ADMIN_CANCEL' : 'CANCEL', user.id, {
      remark: input.remark ?? null,
      now,
      check: async (row) => {
        lineRow = row;
        const order = (await repo.orderOf(tx, row.orderId, { lock: true }))!;
        const paid = order.status === 'order created';
        const computed = cancellationTerms(row, now, input.admin);
        const terms = paid ? computed : { ...computed, feePaise: paise(0), refundPaise: paise(0) };
        if (!input.admin && input.acceptedFeePaise !== terms.feePaise) {
          throw new HttpError(
            409,
            'Cancellation fee changed',
            `The cancellation fee is now ${rupeesText(terms.feePaise)} (you accepted ${rupeesText(input.acceptedFeePaise ?? 0)}): nothing was cancelled. Check the new terms and confirm again.`,
            [{ field: 'AcceptedFee', message: `is now ${toRupees(terms.feePaise)}` }],
          );
        }
        const tip = await tipRefundOf(tx, order, row.id);
        // The whole order is cancelled now: its coupon goes back (decision 026).
        if ((await repo.otherLiveLines(tx, order.id, row.id)) === 0) {
          await promotions.releaseCoupon(tx, order.id, 'The whole order was cancelled', now);
        }
        const refund = terms.refundPaise + tip;
        let refundTransferId: number | null = null;
        let creditNote: string | null = null;
        if (refund > 0) {
          const customer = (await repo.personOf(tx, row.customerUserId))!;
          const wallet = await wallets.openWallet(tx, 'customer', customer);
          // The refunded part of the line leaves revenue and GST payable in the line's own proportion; the fee stays.
          const gst = row.cgstPaise + row.sgstPaise + row.igstPaise;
          const gstBack = row.totalPaise === 0 ? 0 : mulDivHalfUp(terms.refundPaise, gst, row.totalPaise);
          const taxableBack = terms.refundPaise - gstBack;
          const posted = await wallets.post(tx, {
            kind: 'order_refund',
            legs: [
              { accountId: wallet, amount: refund },
              { accountId: wallets.systemAccountId('revenue'), amount: -taxableBack },
              { accountId: wallets.systemAccountId('gst_payable'), amount: -gstBack },
              { accountId: wallets.systemAccountId('tips_payable'), amount: -tip },
            ],
            reference: `Order ${row.orderId} · ${row.description}`,
            remark: input.admin ? `Cancelled by us: ${input.remark ?? ''}`.trim() : 'Cancelled by the customer',
            actorId: user.id,
            amountField: 'OrderId',
            amount: paise(refund),
          });
          refundTransferId = posted.transferId;
          if (order.invoiceNo && terms.refundPaise > 0) {
            creditNote = await nextDocumentNumber(tx, 'CN', now);
            await repo.insertCreditNote(tx, {
              number: creditNote,
              orderLineId: row.id,
              taxablePaise: taxableBack,
              gstPaise: gstBack,
              totalPaise: terms.refundPaise,
              createdAt: now,
            });
          }
        }
        outcome = { terms, tip, refundTransferId, creditNote };
      },
    });
    const row = lineRow as repo.LineRow | null;
    const result = outcome as Outcome | null;
    if (!row || !result) throw new Error('cancelLine: the line was not read');
    await repo.updateLine(tx, id, {
      cancelledAt: now,
      cancelledBy: user.id,
      cancelReason: input.remark ?? (input.admin ? 'Cancelled by us' : 'Cancelled by the customer'),
      cancelFeePaise: result.terms.feePaise,
      refundPaise: result.terms.refundPaise + result.tip,
      refundTransferId: result.refundTransferId,
    });
    const customer = (await repo.personOf(tx, row.customerUserId))!;
    const refundTotal = paise(result.terms.refundPaise + result.tip);
    await notifyPerson(tx, {
      userId: customer.id,
      mobileNo: customer.mobileNo,
      kind: 'order_cancelled',
      title: 'Visit cancelled',
      body:
        `${row.description} on ${slotText(row.slotStart)} (order ${row.orderId}) was cancelled` +
        (input.admin ? ' by us' : '') +
        (refundTotal > 0 ? `. ${rupeesText(refundTotal)} was refunded to your wallet.` : '.') +
        (result.terms.feePaise > 0 ? ` Cancellation fee: ${rupeesText(result.terms.feePaise)}.` : ''),
      link: '/MyAccounts?tab=orders&list=cancelled',
    });
    // The last write (publishLive's ordering lock): dispatch lists, the call desk and the line's professional update.
    await publishLive(tx, lineChanged('line_cancelled', row));
    return {
      lineId: id,
      state: 'cancelled',
      fee: toRupees(result.terms.feePaise),
      refund: toRupees(refundTotal),
      refundTransferId: result.refundTransferId,
      creditNoteNo: result.creditNote,
      message:
        refundTotal > 0
          ? `Cancelled. ${rupeesText(refundTotal)} was refunded to your wallet.`
          : 'Cancelled. Nothing had been paid, so nothing was refunded.',
    };
  });
}

/** A customer's or the admin's change to a line, for staff, the customer and the line's professional (live). */
const lineChanged = (kind: string, row: repo.LineRow) => ({
  kind,
  tags: ['Dispatch', 'OrderLines', 'ProfessionalJobs'],
  roles: ['A' as const, 'CD' as const],
  userIds: [row.customerUserId, ...(row.professionalUserId ? [row.professionalUserId] : [])],
  payload: { lineId: row.id, orderId: row.orderId },
});

/** Refuses a slot with no free matching professional (dispatch's capacity rule, passed in: dispatch uses this module). */
export type SlotCapacityCheck = (
  exec: Executor,
  q: { serviceId: number; zoneId: number | null; slotStart: Date; field: string },
) => Promise<void>;

/**
 * POST Order/OrderReschedule: a new valid slot, until 3 hours before the current one, at most twice; an unassigned
 * line only into a slot where a matching professional is free (`capacity`, decision 016).
 */
export async function reschedule(
  db: Db,
  user: Actor,
  ref: LineRef & { slot: Date },
  now = new Date(),
  capacity?: SlotCapacityCheck,
) {
  assertSlot(ref.slot, 'RescheduleDate', now);
  const { id } = await lineFor(db, user, ref);
  return db.transaction(async (tx) => {
    // The row as the event's lock read it, kept by the check for what follows.
    const seen: { before?: repo.LineRow } = {};
    const applied = await applyLineEvent(tx, id, 'RESCHEDULE', user.id, {
      now,
      check: async (row) => {
        seen.before = row;
        const why = rescheduleRefusal(row, now);
        if (why) throw conflict('RescheduleDate', why);
        if (row.slotStart.getTime() === ref.slot.getTime()) {
          throw badRequest('RescheduleDate', 'is the current slot: choose another time');
        }
        // A line still waiting for a professional needs a free one at the new time; an assigned line keeps its own.
        if (capacity && row.state === 'unassigned') {
          await capacity(tx, {
            serviceId: row.serviceId,
            zoneId: row.zoneId,
            slotStart: ref.slot,
            field: 'RescheduleDate',
          });
        }
      },
    });
    const row = seen.before!;
    const count = row.rescheduleCount + 1;
    await repo.updateLine(tx, id, { slotStart: ref.slot, rescheduleCount: count });
    const customer = (await repo.personOf(tx, row.customerUserId))!;
    await notifyPerson(tx, {
      userId: customer.id,
      mobileNo: customer.mobileNo,
      kind: 'order_rescheduled',
      title: 'Visit moved',
      body: `${row.description} (order ${row.orderId}) moved from ${slotText(row.slotStart)} to ${slotText(ref.slot)}.`,
      link: '/MyAccounts?tab=orders',
    });
    await publishLive(tx, lineChanged('line_rescheduled', row));
    return {
      lineId: id,
      state: applied.to,
      slotStart: ref.slot,
      rescheduleCount: count,
      reschedulesLeft: Math.max(0, LINE_RULES.maxReschedules - count),
      message: `Moved to ${slotText(ref.slot)}.`,
    };
  });
}

/** The customer's rating of a completed line (once), with the service's and the professional's figures. */
export async function rate(
  db: Db,
  user: Actor,
  ref: LineRef & { rating: Stars; review: string | null },
  now = new Date(),
) {
  const { id } = await lineFor(db, user, ref);
  await db.transaction((tx) => rateLine(tx, id, { rating: ref.rating, review: ref.review, actorId: user.id, now }));
  return { lineId: id, state: 'rated', rating: ref.rating, message: 'Thank you for rating this visit.' };
}

export type Stars = 1 | 2 | 3 | 4 | 5;

/** RATE inside the caller's transaction: the line's rating and review, and the service's running stats. */
export async function rateLine(
  tx: Tx,
  lineId: number,
  r: { rating: Stars; review: string | null; actorId: number | null; now?: Date },
) {
  const now = r.now ?? new Date();
  let serviceId = 0;
  let professionalUserId: number | null = null;
  await applyLineEvent(tx, lineId, 'RATE', r.actorId, {
    now,
    check: (row) => {
      serviceId = row.serviceId;
      professionalUserId = row.professionalUserId;
    },
    patch: { rating: r.rating, review: r.review, ratedAt: now },
  });
  await repo.addRating(tx, serviceId, r.rating);
  // The professional's average (their detail page, the dispatch ranking) reads one row: kept here, in the same write.
  if (professionalUserId !== null) await repo.addProfessionalRating(tx, professionalUserId, r.rating);
}

/** GET Order/GetRatingReview?Action=ByService: the service's summary and a page of its reviews, newest first. */
export async function ratingReview(db: Db, serviceId: number, q: { page?: number; pageSize?: number }) {
  const [stats, rows, hidden] = [
    await repo.ratingStats(db, serviceId),
    await repo.reviewsPage(db, serviceId, q),
    await repo.hiddenReviewCount(db, serviceId),
  ];
  const summary = ratingSummary(stats);
  return {
    serviceId,
    ...summary,
    reviews: {
      items: rows.map((r) => ({
        id: r.id,
        rating: r.rating ?? 0,
        review: r.review,
        ratedAt: r.ratedAt,
        customerName: firstName(r.fullName),
      })),
      total: summary.count - hidden,
      page: q.page ?? 1,
      pageSize: q.pageSize ?? 10,
    },
  };
}

/** The customer an operation acts for: the caller, or the customer staff name by mobile number. */
async function customerIdOf(db: Db, user: Actor, mobileNo: string | undefined) {
  if (isPartyRole(user.role)) return user.id;
  if (!mobileNo) throw badRequest('CustomerMobileNo', 'is required: say which customer');
  return (await wallets.findOwner(db, 'customer', { mobileNo })).id;
}

function lineDto(r: repo.ListRow, now: Date) {
  return {
    lineId: r.id,
    orderId: r.orderId,
    serviceId: r.serviceId,
    serviceName: r.description,
    quantity: r.quantity,
    slotStart: r.slotStart,
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
