import { badRequest } from '../../../http';

/**
 * The booking slot rules (decision 014): one-hour windows that start on the hour, India time (UTC+05:30 all year:
 * India keeps no daylight saving), the first at 08:00 and the last at 19:00 (ending 20:00); at least 2 hours from
 * now and at most 30 days ahead. Pure: the cart, the orders' reschedule and the client's slot picker share them.
 */
export const SLOT_RULES = {
  /** The first window starts at 08:00 India time. */
  firstHour: 8,
  /** The last window starts at 19:00 India time (and ends at 20:00). */
  lastHour: 19,
  /** A slot starts at least this many hours from now. */
  leadHours: 2,
  /** A slot starts at most this many days (of 24 hours) from now. */
  daysAhead: 30,
  /** India Standard Time, UTC+05:30, no daylight saving. */
  utcOffsetMinutes: 330,
} as const;

const HOUR = 3_600_000;

/** The hour of the day (0-23) of an instant in India time, and whether it starts exactly on the hour. */
export function indiaHour(at: Date): { hour: number; onTheHour: boolean } {
  const shifted = new Date(at.getTime() + SLOT_RULES.utcOffsetMinutes * 60_000);
  return {
    hour: shifted.getUTCHours(),
    onTheHour: shifted.getUTCMinutes() === 0 && shifted.getUTCSeconds() === 0 && shifted.getUTCMilliseconds() === 0,
  };
}

/** Refuses a slot start that breaks a rule, with a message that names the rule. */
export function assertSlot(slot: Date, field: string, now: Date = new Date()): void {
  if (!(slot instanceof Date) || Number.isNaN(slot.getTime())) throw badRequest(field, 'must be a date and time');
  const { hour, onTheHour } = indiaHour(slot);
  if (!onTheHour) throw badRequest(field, 'must start on the hour: slots are one-hour windows (India time)');
  if (hour < SLOT_RULES.firstHour || hour > SLOT_RULES.lastHour) {
    throw badRequest(
      field,
      'must be between 08:00 and 20:00 India time: the first slot starts at 08:00, the last at 19:00',
    );
  }
  if (slot.getTime() < now.getTime() + SLOT_RULES.leadHours * HOUR) {
    throw badRequest(field, `must be at least ${SLOT_RULES.leadHours} hours from now`);
  }
  if (slot.getTime() > now.getTime() + SLOT_RULES.daysAhead * 24 * HOUR) {
    throw badRequest(field, `must be at most ${SLOT_RULES.daysAhead} days ahead`);
  }
}
