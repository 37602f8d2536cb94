import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMonthLocked, lockMonth, paidDaysForMonth } from '../../server/domains/people/attendance/service';
import { attendanceFactories, factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('paidDaysForMonth', () => {
  it('counts an unmarked past month: Sundays are weekly offs, every other day absent', async () => {
    const p = await factories(t).professional();
    // June 2025: 30 days, Sundays 1, 8, 15, 22, 29.
    const m = await paidDaysForMonth(t.db, 2025, 6, [p.id], new Date('2026-01-01T00:00:00Z'));
    expect(m.get(p.id)).toEqual({
      userId: p.id,
      daysInMonth: 30,
      present: 0,
      halfDays: 0,
      leave: 0,
      holidays: 0,
      weeklyOffs: 5,
      absent: 25,
      notJoined: 0,
      paidDays: 5,
    });
  });
  it('worked example: present, a worked Sunday, a half-day, paid leave, a holiday; absent the rest', async () => {
    const f = factories(t);
    const a = attendanceFactories(t);
    const p = await f.professional();
    const q = await f.professional(); // no record at all
    // January 2025: 31 days, Sundays 5, 12, 19, 26.
    await a.holiday('2025-01-26', 'Republic Day'); // a Sunday: it counts once, as the holiday
    await a.holiday('2025-01-14', 'Makar Sankranti');
    await a.day(p.id, '2025-01-02');
    await a.day(p.id, '2025-01-05'); // worked Sunday: present
    await a.day(p.id, '2025-01-03', { status: 'halfDay', checkIn: '09:00', checkOut: '12:00' });
    await a.day(p.id, '2025-01-06', { status: 'leave' });
    const m = await paidDaysForMonth(t.db, 2025, 1, [p.id, q.id, p.id], new Date('2025-03-01T00:00:00Z'));
    expect(m.size).toBe(2);
    expect(m.get(p.id)).toEqual({
      userId: p.id,
      daysInMonth: 31,
      present: 2,
      halfDays: 1,
      leave: 1,
      holidays: 2,
      weeklyOffs: 2, // the 12th and the 19th (the 5th was worked, the 26th is the holiday)
      absent: 23,
      notJoined: 0,
      paidDays: 2 + 0.5 + 1 + 2 + 2,
    });
    expect(m.get(q.id)).toMatchObject({ present: 0, holidays: 2, weeklyOffs: 3, absent: 26, paidDays: 5 });
  });

  it('a month in progress: days from today on count nowhere unless they are holidays or Sundays', async () => {
    const p = await factories(t).professional();
    // "Today" is 10 January 2025, 11:30 in India: the 1st-9th are past (Sundays the 5th), the 14th is a holiday.
    const m = await paidDaysForMonth(t.db, 2025, 1, [p.id], new Date('2025-01-10T06:00:00Z'));
    expect(m.get(p.id)).toMatchObject({ daysInMonth: 31, absent: 8, weeklyOffs: 3, holidays: 2, present: 0 });
  });

  it('locks a month once', async () => {
    expect(await isMonthLocked(t.db, 2025, 6)).toBe(false);
    await t.db.transaction((tx) => lockMonth(tx, 2025, 6, null));
    await t.db.transaction((tx) => lockMonth(tx, 2025, 6, null));
    expect(await isMonthLocked(t.db, 2025, 6)).toBe(true);
  });
});
