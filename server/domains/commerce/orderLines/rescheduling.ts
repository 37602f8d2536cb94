import type { Db, Executor } from '../../../db/client';
import { badRequest, conflict } from '../../../http';
import { notifyPerson, publishLive } from '../../platform';
import { assertSlot } from '../cart/slots';
import { type Actor, applyLineEvent, type LineRef, lineChanged, lineFor, slotText } from './events';
import * as repo from './repo';
import { LINE_RULES, rescheduleRefusal } from './rules';

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
