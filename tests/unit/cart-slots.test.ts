import { describe, expect, it } from 'vitest';
import { assertSlot, indiaHour, SLOT_RULES } from '../../server/domains/commerce/cart/slots';
import { HttpError } from '../../server/http';
import {
  CLIENT_SLOT_RULES,
  indiaDayHour,
  slotDays,
  slotHours,
  slotIso,
  slotLabel,
  slotStartOf,
} from '../../src/routes/-components/cart/slots';

// 2026-03-10 09:00 India time = 03:30 UTC.
const now = new Date('2026-03-10T03:30:00Z');
const ist = (isoLocal: string) => new Date(`${isoLocal}+05:30`);

function refusal(slot: Date, at = now) {
  try {
    assertSlot(slot, 'SchedulingDateTime', at);
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    const e = err as HttpError;
    expect(e.statusCode).toBe(400);
    expect(e.errors[0].field).toBe('SchedulingDateTime');
    return e.errors[0].message;
  }
  return null;
}

describe('slot rules', () => {
  it('are the decided constants', () => {
    expect(SLOT_RULES).toMatchObject({
      firstHour: 8,
      lastHour: 19,
      leadHours: 2,
      daysAhead: 30,
      utcOffsetMinutes: 330,
    });
  });

  it('accept a one-hour window starting on the hour between 08:00 and 19:00 India time', () => {
    expect(refusal(ist('2026-03-11T08:00:00'))).toBeNull();
    expect(refusal(ist('2026-03-11T19:00:00'))).toBeNull();
    expect(refusal(ist('2026-03-11T13:00:00'))).toBeNull();
  });

  it('refuse windows that do not start on the hour, naming the rule', () => {
    expect(refusal(ist('2026-03-11T10:30:00'))).toMatch(/on the hour/);
    expect(refusal(ist('2026-03-11T10:00:01'))).toMatch(/on the hour/);
    expect(refusal(new Date(ist('2026-03-11T10:00:00').getTime() + 1))).toMatch(/on the hour/);
  });

  it('refuse 07:00 and 20:00 India time, naming the opening hours', () => {
    expect(refusal(ist('2026-03-11T07:00:00'))).toMatch(/between 08:00 and 20:00 India time/);
    expect(refusal(ist('2026-03-11T20:00:00'))).toMatch(/between 08:00 and 20:00 India time/);
    expect(refusal(ist('2026-03-11T00:00:00'))).toMatch(/between 08:00 and 20:00/);
  });

  it('read the hour in India time, not UTC: 08:00 UTC is 13:30 IST (refused), 02:30 UTC is 08:00 IST (accepted)', () => {
    expect(refusal(new Date('2026-03-11T08:00:00Z'))).toMatch(/on the hour/);
    expect(refusal(new Date('2026-03-11T02:30:00Z'))).toBeNull();
    // 13:30 UTC is 19:00 IST, the last window; 14:30 UTC is 20:00 IST.
    expect(refusal(new Date('2026-03-11T13:30:00Z'))).toBeNull();
    expect(refusal(new Date('2026-03-11T14:30:00Z'))).toMatch(/between 08:00 and 20:00/);
    expect(indiaHour(new Date('2026-03-11T18:30:00Z'))).toEqual({ hour: 0, onTheHour: true });
  });

  it('keep India time all year (no daylight saving): the same UTC offset in January and July', () => {
    const jan = new Date('2026-01-15T02:30:00Z');
    const jul = new Date('2026-07-15T02:30:00Z');
    expect(indiaHour(jan)).toEqual({ hour: 8, onTheHour: true });
    expect(indiaHour(jul)).toEqual({ hour: 8, onTheHour: true });
    expect(refusal(jul, new Date('2026-07-14T03:30:00Z'))).toBeNull();
  });

  it('refuse a slot less than 2 hours from now, and accept one exactly 2 hours away', () => {
    expect(refusal(ist('2026-03-10T10:00:00'))).toMatch(/at least 2 hours from now/);
    expect(refusal(ist('2026-03-10T11:00:00'))).toBeNull();
    expect(refusal(ist('2026-03-10T11:00:00'), new Date(now.getTime() + 1))).toMatch(/at least 2 hours/);
    expect(refusal(ist('2026-03-09T12:00:00'))).toMatch(/at least 2 hours/);
  });

  it('refuse a slot more than 30 days ahead, and accept one exactly 30 days away', () => {
    expect(refusal(ist('2026-04-09T09:00:00'))).toBeNull();
    expect(refusal(ist('2026-04-09T10:00:00'))).toMatch(/at most 30 days ahead/);
  });

  it('refuse something that is not a time', () => {
    expect(refusal(new Date('nonsense'))).toMatch(/date and time/);
  });
});

describe("the pages' slot choices", () => {
  it('follow the same rules as the server', () => {
    expect(CLIENT_SLOT_RULES).toEqual(SLOT_RULES);
  });

  it('offer only slots the server accepts, and every one it accepts', () => {
    for (const at of [now, new Date('2026-03-10T12:45:00Z'), new Date('2026-03-10T18:29:00Z')]) {
      const days = slotDays(at);
      expect(days.length).toBeGreaterThanOrEqual(30);
      let offered = 0;
      for (const day of days) {
        for (let hour = 0; hour < 24; hour++) {
          const start = slotStartOf(day, hour);
          expect(new Date(slotIso(day, hour)).getTime()).toBe(start.getTime());
          const ok = refusal(start, at) === null;
          expect(slotHours(day, at).includes(hour), `${day} ${hour}`).toBe(ok);
          if (ok) offered++;
        }
      }
      // 30 days of 12 windows, give or take the partial first and last days.
      expect(offered).toBeGreaterThan(340);
      expect(offered).toBeLessThanOrEqual(31 * 12);
    }
  });

  it('label a slot in India time', () => {
    expect(slotLabel('2026-03-11T04:30:00Z')).toBe('Wed, 11 Mar, 10:00–11:00');
    expect(indiaDayHour(new Date('2026-03-10T18:30:00Z'))).toEqual({ day: '2026-03-11', hour: 0 });
  });
});
