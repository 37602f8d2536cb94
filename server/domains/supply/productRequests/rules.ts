// The request machine's rules (decision 029): who may send which event, and whose requests the caller may touch.
import {
  HOLDS_STOCK,
  PRODUCT_REQUEST_STATE_LABELS,
  type ProductRequestEvent,
  productRequestAllowedEvents,
  productRequestMachine,
} from '../../../../src/machines/productRequest/productRequest.machine';
import type { Executor, Tx } from '../../../db/client';
import { badRequest, type CurrentUser, forbidden, HttpError, notFound } from '../../../http';
import { mulDivHalfUp, paise, toRupees } from '../../../money';
import { applyEvent } from '../../../workflow/apply';
import { wallets } from '../../money';
import { type PersonNotification, planNotice } from '../../platform';
import { moveStock } from '../products/stock';
import * as repo from './repo';

export const ENTITY = repo.ENTITY;

/**
 * Who acts: the signed-in user (or, for the demo seed, the person it acts as); a signed-in caller also carries the
 * name and number their session read.
 */
export type Actor = Pick<CurrentUser, 'id' | 'role'> & Partial<Pick<CurrentUser, 'fullName' | 'mobileNo'>>;

export const r2 = (p: number) => toRupees(paise(p));
export const STOCK_HOLDING = new Set<string>(HOLDS_STOCK);

// ---- money

/**
 * A line's money, GST included in the unit price (what the vendor pays): total = unit × qty,
 * taxable = round(total × 100 / (100 + GST %)) half-up, GST = total − taxable (so the two always add up).
 */
export function lineMoney(unitPricePaise: number, quantity: number, gstPercent: number) {
  const total = unitPricePaise * quantity;
  const taxable = mulDivHalfUp(total, 100, 100 + gstPercent);
  return { totalPaise: paise(total), taxablePaise: paise(taxable), gstPaise: paise(total - taxable) };
}

// ---- events and who may send them

/** An event as the API and the screens name it: `ACCEPT:IM`, `REJECT:A`, `REAPPROVE`, `CANCEL`, `PAY`. */
export const eventKey = (e: ProductRequestEvent) => ('role' in e ? `${e.type}:${e.role}` : e.type);

/** Which events each role sends: the approvers their own decisions, the vendor the rest. */
function sentBy(role: string, e: ProductRequestEvent): boolean {
  if (e.type === 'ACCEPT' || e.type === 'REJECT') return e.role === role;
  return role === 'VE';
}

/** Every event the state accepts, whoever sends it (the 409's allowed events). */
export const allowedKeys = (state: string) => productRequestAllowedEvents(state).map(eventKey);

/** The events `role` may send while the request is in `state` (the detail page's buttons). */
export const allowedFor = (state: string, role: string) =>
  productRequestAllowedEvents(state)
    .filter((e) => sentBy(role, e))
    .map(eventKey);

export function refusal(event: ProductRequestEvent, id: number, state: string) {
  return new HttpError(
    409,
    'Event not allowed',
    `${eventKey(event)} is not allowed while request ${id} is ${state} (${PRODUCT_REQUEST_STATE_LABELS[state as repo.ProductRequestState] ?? state}).`,
    [],
    { state, allowedEvents: allowedKeys(state) },
  );
}

export interface EventExtra {
  remark?: string | null;
  /** The vendor the request must be of: another vendor's request is 404, as if it did not exist. */
  vendorId?: number;
  /** Runs once the row is locked and the machine allowed the event, before the state is written. */
  check?: (row: repo.LockedRequest) => void | Promise<void>;
  /** Columns written with the event. */
  patch?: (row: repo.LockedRequest, next: string) => repo.RequestPatch | Promise<repo.RequestPatch>;
  /** Who is told of the step, written in the step's own statement. */
  notice?: (row: repo.LockedRequest, next: string) => PersonNotification;
}

/**
 * Applies one event to a request inside the caller's transaction, through applyEvent (lock, machine, state, log). The
 * stock follows the machine: entering a state of HOLDS_STOCK reserves every line's units (refused with 409 naming the
 * product when not enough is free), leaving one releases them, and reaching `issued` takes them out of the store.
 * The refusal names the events the state accepts with their roles (ACCEPT:IM), which applyEvent's plain types lack.
 */
export async function applyRequestEvent(
  tx: Tx,
  id: number,
  event: ProductRequestEvent,
  actorId: number | null,
  extra: EventExtra = {},
) {
  let locked: repo.LockedRequest | null = null;
  try {
    return await applyEvent(tx, {
      machine: productRequestMachine,
      entity: ENTITY,
      id,
      event,
      actorId,
      remark: extra.remark ?? null,
      lock: async (t, rid) => {
        locked = await repo.lockRequest(t, rid, wallets.walletIdColumn('vendor'));
        if (!locked || (extra.vendorId !== undefined && locked.vendorUserId !== extra.vendorId)) {
          throw notFound(`Request ${rid}`);
        }
        return locked;
      },
      write: async (t, rid, next, plan) => {
        const row = locked!;
        await extra.check?.(row);
        const patch = (await extra.patch?.(row, next)) ?? {};
        const notice = extra.notice?.(row, next);
        // The request's update, its transition row and the notice: one statement, or part of the stock movement's.
        if (notice) planNotice(plan, notice, notice.body);
        repo.planStep(plan, rid, { ...patch, state: next as repo.ProductRequestState });
        const held = STOCK_HOLDING.has(row.state);
        const holds = STOCK_HOLDING.has(next);
        if (held !== holds || next === 'issued') {
          const kind = next === 'issued' ? 'issued' : holds ? 'reserved' : 'released';
          const lines = row.stockLines;
          await moveStock(t, { kind, lines, requestId: rid, actorId, field: 'IOrderId', reason: null, plan });
        }
      },
    });
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 409 && e.title === 'Event not allowed') {
      throw refusal(event, id, String(e.extra.state));
    }
    throw e;
  }
}

// ---- whose

/** The vendor an operation acts for: a vendor always themselves; staff must name one. */
export async function vendorFor(exec: Executor, user: Actor, vendorId: number | undefined, field: string) {
  const id = user.role === 'VE' ? user.id : vendorId;
  if (id === undefined) throw badRequest(field, 'is required: name the vendor');
  if (user.role === 'VE' && vendorId !== undefined && vendorId !== user.id) {
    throw forbidden(`${field} must be your own: you can only act for your own account.`);
  }
  // A signed-in vendor is their own account, read with their session: no second read.
  if (user.role === 'VE' && user.fullName !== undefined && user.mobileNo !== undefined) {
    return { id: user.id, fullName: user.fullName, mobileNo: user.mobileNo };
  }
  const vendor = await repo.vendorAccount(exec, id);
  if (!vendor) throw notFound(`Vendor ${id}`);
  return vendor;
}

/** Whose requests the caller may see: a vendor only their own (another's is 404, as if it did not exist). */
export const ownRequestsOf = (user: Actor) => (user.role === 'VE' ? user.id : undefined);

/** A request the caller may see. */
export async function requestFor(exec: Executor, user: Actor, id: number) {
  const row = await repo.findRequestRow(exec, id);
  if (!row || (user.role === 'VE' && row.vendorUserId !== user.id)) throw notFound(`Request ${id}`);
  return row;
}
