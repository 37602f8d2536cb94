import { badRequest } from '../../../http';

/** The first instant of an India calendar day given as YYYY-MM-DD. */
export function indiaMidnight(day: string, field: string): Date {
  const at = new Date(`${day}T00:00:00+05:30`);
  if (Number.isNaN(at.getTime())) throw badRequest(field, 'must be a date (YYYY-MM-DD)');
  if (!inRange(at)) throw badRequest(field, 'must be a date between the years 2000 and 2999');
  return at;
}

/** Instants the lists and slots can mean (the database's timestamps are read back as ISO text, years 0000-9999). */
export const inRange = (at: Date) => at.getUTCFullYear() >= 2000 && at.getUTCFullYear() <= 2999;

/** A slot as people read it: "Tue, 24 Nov, 10:00 am" India time (made once: a formatter is slow to create). */
const SLOT_FORMAT = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});
export const slotText = (at: Date) => SLOT_FORMAT.format(at);
