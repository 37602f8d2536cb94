import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMonthLocked, lockMonth, paidDaysForMonth } from '../../server/modules/attendance/service';
import { factories } from '../support/factories';
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
      paidDays: 5,
    });
  });
  it('locks a month once', async () => {
    expect(await isMonthLocked(t.db, 2025, 6)).toBe(false);
    await t.db.transaction((tx) => lockMonth(tx, 2025, 6, null));
    await t.db.transaction((tx) => lockMonth(tx, 2025, 6, null));
    expect(await isMonthLocked(t.db, 2025, 6)).toBe(true);
  });
});
