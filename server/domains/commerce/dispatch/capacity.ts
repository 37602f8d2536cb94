import type { Db, Executor } from '../../../db/client';
import { HttpError } from '../../../http';
import { indiaHour, SLOT_RULES } from '../cart/slots';
import { indiaDay } from './eligibility';
import * as repo from './repo';
import { indiaMidnight, slotText } from './times';

/** Slot capacity (decision 016): a slot is offered while a matching professional is free in it. */

/** The zone of a pincode (the order lines' zone at placing), or null. */
export const zoneOfPincode = (exec: Executor, pinCode: string) => repo.zoneOfPincode(exec, pinCode);

const HOUR = 3_600_000;

/** The booking rules' slot starts in [from, to) that are at least the lead time away (pure). */
export function ruleSlots(from: Date, to: Date, now: Date): Date[] {
  const out: Date[] = [];
  const earliest = now.getTime() + SLOT_RULES.leadHours * HOUR;
  const latest = now.getTime() + SLOT_RULES.daysAhead * 24 * HOUR;
  // India is UTC+05:30: its hours start at half past a UTC hour.
  const offset = SLOT_RULES.utcOffsetMinutes * 60_000;
  for (let t = Math.ceil((from.getTime() + offset) / HOUR) * HOUR - offset; t < to.getTime(); t += HOUR) {
    if (t < earliest || t > latest) continue;
    const { hour, onTheHour } = indiaHour(new Date(t));
    if (onTheHour && hour >= SLOT_RULES.firstHour && hour <= SLOT_RULES.lastHour) out.push(new Date(t));
  }
  return out;
}

/**
 * Of `slots`, those in which a matching professional is free for one more line of the service in the zone: the
 * professionals who serve the zone with the skill, active and available, less those holding a job in the slot, must
 * outnumber the unassigned lines already waiting in that slot in the zone for one of them. `limited` is false when
 * no professional serves the zone with the skill at all: dispatch does not cover the pair yet, every slot stays open.
 */
export async function freeOf(
  exec: Executor,
  zoneId: number,
  serviceId: number,
  slots: Date[],
  /** Whether dispatch covers the pair, when the caller has read it already (coveredServices). */
  covered?: boolean,
) {
  if (slots.length === 0) return { limited: false, free: slots };
  const isCovered = covered ?? (await repo.coveredServices(exec, zoneId, [serviceId])).has(serviceId);
  if (!isCovered) return { limited: false, free: slots };
  const from = slots[0];
  const to = new Date(slots[slots.length - 1].getTime() + HOUR);
  const facts = await repo.capacityFacts(exec, zoneId, serviceId, from, to);
  const busy = new Map<number, Set<number>>();
  for (const h of facts.held) {
    const t = h.slotStart.getTime();
    if (!busy.has(t)) busy.set(t, new Set());
    busy.get(t)!.add(h.userId);
  }
  const waiting = new Map(facts.waiting.map((w) => [w.slotStart.getTime(), w.n]));
  const free = slots.filter((s) => {
    const t = s.getTime();
    const freePros = facts.professionals.length - (busy.get(t)?.size ?? 0);
    return freePros > (waiting.get(t) ?? 0);
  });
  return { limited: true, free };
}

/** GET Cart/GetFreeSlots. */
export async function freeSlots(
  db: Db,
  q: { serviceId: number; pinCode: string; from?: string; days?: number },
  now = new Date(),
) {
  const start = q.from ? indiaMidnight(q.from, 'from') : indiaDay(now).start;
  const end = new Date(start.getTime() + (q.days ?? 7) * 86_400_000);
  const at = await repo.zoneAndCoverage(db, q.pinCode, q.serviceId);
  const slots = ruleSlots(start, end, now);
  if (at === null) return { serviceId: q.serviceId, zoneId: null, limited: false, slots };
  const { limited, free } = await freeOf(db, at.zoneId, q.serviceId, slots, at.covered);
  return { serviceId: q.serviceId, zoneId: at.zoneId, limited, slots: free };
}

/**
 * Refuses (409 naming `field`) a slot in which no matching professional is free at the pincode's zone: the cart's
 * slot choice and placing an order call it. A pincode outside every zone, or a zone where nobody has the skill yet,
 * passes (the address and checkout rules refuse what is not served).
 */
export async function assertSlotHasCapacity(
  exec: Executor,
  q: {
    serviceId: number;
    /** A pincode, or a subquery answering one (addresses' defaultPinCodeOf). */
    pinCode?: Parameters<typeof repo.zoneAndCoverage>[1] | null;
    zoneId?: number | null;
    slotStart: Date;
    field: string;
  },
) {
  // By pincode, the zone and whether dispatch covers the service come in one read.
  const at =
    q.zoneId != null
      ? { zoneId: q.zoneId, covered: undefined }
      : q.pinCode
        ? await repo.zoneAndCoverage(exec, q.pinCode, q.serviceId)
        : null;
  if (at === null) return;
  const { free } = await freeOf(exec, at.zoneId, q.serviceId, [q.slotStart], at.covered);
  if (free.length === 0) {
    throw new HttpError(
      409,
      'Slot full',
      `No professional is free for this service at ${slotText(q.slotStart)} in your area: choose another slot.`,
      [
        {
          field: q.field,
          message: `is full: no professional is free at ${slotText(q.slotStart)}; choose another slot`,
        },
      ],
      { reason: 'slot_full' },
    );
  }
}

/**
 * Why each slot is full in the zone, or null where it can be booked (for the checkout quote's line problems), in
 * the order given. Whether dispatch covers each service is read once for all of them.
 */
export async function slotCapacityProblems(
  exec: Executor,
  zoneId: number | null,
  wanted: { serviceId: number; slotStart: Date }[],
): Promise<(string | null)[]> {
  if (zoneId === null || wanted.length === 0) return wanted.map(() => null);
  const covered = await repo.coveredServices(exec, zoneId, [...new Set(wanted.map((w) => w.serviceId))]);
  const out: (string | null)[] = [];
  for (const w of wanted) {
    const { free } = await freeOf(exec, zoneId, w.serviceId, [w.slotStart], covered.has(w.serviceId));
    out.push(
      free.length === 0
        ? `No professional is free at ${slotText(w.slotStart)} in this area: choose another slot.`
        : null,
    );
  }
  return out;
}
