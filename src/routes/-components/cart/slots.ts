/**
 * The slot choices the pages offer, by the server's rules (server/domains/commerce/cart/slots.ts SLOT_RULES; a unit test keeps
 * the two equal): one-hour windows on the hour from 08:00 to 19:00 India time, at least 2 hours from now, at most
 * 30 days ahead. The server stays the authority: it refuses anything else, naming the rule.
 */
export const CLIENT_SLOT_RULES = { firstHour: 8, lastHour: 19, leadHours: 2, daysAhead: 30, utcOffsetMinutes: 330 };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const OFFSET = CLIENT_SLOT_RULES.utcOffsetMinutes * 60_000;

/** The instant a slot starts: `day` (YYYY-MM-DD, India) at `hour`:00 India time. */
export const slotStartOf = (day: string, hour: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + hour * HOUR - OFFSET);

/** The ISO string the server is sent: India time with its offset (2026-11-24T10:00:00+05:30). */
export const slotIso = (day: string, hour: number) => `${day}T${String(hour).padStart(2, '0')}:00:00+05:30`;

/** The India day (YYYY-MM-DD) and hour of an instant. */
export function indiaDayHour(at: Date): { day: string; hour: number } {
  const shifted = new Date(at.getTime() + OFFSET);
  return { day: shifted.toISOString().slice(0, 10), hour: shifted.getUTCHours() };
}

const allowed = (start: Date, now: Date) =>
  start.getTime() >= now.getTime() + CLIENT_SLOT_RULES.leadHours * HOUR &&
  start.getTime() <= now.getTime() + CLIENT_SLOT_RULES.daysAhead * DAY;

/** The hours of an India day that are slots one can book now. */
export function slotHours(day: string, now: Date = new Date()): number[] {
  const hours: number[] = [];
  for (let h = CLIENT_SLOT_RULES.firstHour; h <= CLIENT_SLOT_RULES.lastHour; h++) {
    if (allowed(slotStartOf(day, h), now)) hours.push(h);
  }
  return hours;
}

/** The India days that have at least one bookable slot, soonest first. */
export function slotDays(now: Date = new Date()): string[] {
  const first = indiaDayHour(now).day;
  const days: string[] = [];
  for (let i = 0; i <= CLIENT_SLOT_RULES.daysAhead + 1; i++) {
    const day = new Date(Date.parse(`${first}T00:00:00Z`) + i * DAY).toISOString().slice(0, 10);
    if (slotHours(day, now).length) days.push(day);
  }
  return days;
}

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "Tue, 24 Nov" for an India day. */
export const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** "10:00–11:00" for a slot's hour. */
export const hourLabel = (hour: number) =>
  `${String(hour).padStart(2, '0')}:00–${String(hour + 1).padStart(2, '0')}:00`;

/** A slot as people read it: "Tue, 24 Nov, 10:00–11:00 (India time)". */
export function slotLabel(iso: string | Date): string {
  const { day, hour } = indiaDayHour(new Date(iso));
  return `${dayLabel(day)}, ${hourLabel(hour)}`;
}

/** The first line checkout refuses for want of a slot (an unavailable line is refused for another reason). */
export const slotlessLine = <L extends { available: boolean; slotStart: string | null }>(lines: L[]) =>
  lines.find((l) => l.available && !l.slotStart);
