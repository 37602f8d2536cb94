import { randomInt } from 'node:crypto';
import {
  type OrderLineEventType,
  orderLineAllowedEvents,
  orderLineMachine,
} from '../../../../src/machines/orderLine/orderLine.machine';
import type { Executor, Tx } from '../../../db/client';
import { badRequest, type CurrentUser, HttpError, notFound } from '../../../http';
import { isPartyRole } from '../../../roles';
import { applyEvent } from '../../../workflow/apply';
import { slotText } from '../dispatch/times';
import * as repo from './repo';

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

export { slotText };

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

/** A customer's or the admin's change to a line, for staff, the customer and the line's professional (live). */
export const lineChanged = (kind: string, row: repo.LineRow) => ({
  kind,
  tags: ['Dispatch', 'OrderLines', 'ProfessionalJobs'],
  roles: ['A' as const, 'CD' as const],
  userIds: [row.customerUserId, ...(row.professionalUserId ? [row.professionalUserId] : [])],
  payload: { lineId: row.id, orderId: row.orderId },
});
