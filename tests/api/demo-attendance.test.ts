import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAttendance } from '../../server/db/seed/demo-attendance';
import { seedDemoProfessionals } from '../../server/db/seed/demo-professionals';
import { indiaDay, paidDaysForMonth } from '../../server/domains/people/attendance/service';
import { dataOf } from '../support/catalogue';
import { startTestServer, type TestServer } from '../support/server';

// The demo attendance: two months for every demo professional, holidays, one audited correction;
// a second start changes nothing.

let t: TestServer;
const today = indiaDay(new Date());
const last = today.month === 1 ? { year: today.year - 1, month: 12 } : { year: today.year, month: today.month - 1 };
let before = 0;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoProfessionals(t.db);
  await seedDemoAttendance(t.db);
  before = (await rows<{ n: number }>('select count(*)::int as n from attendance_days'))[0].n;
  await seedDemoAttendance(t.db);
});
afterAll(() => t?.close());

const rows = async <T>(query: string) => ((await t.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

describe('the demo attendance', () => {
  it('gives every professional the last full month, with present days, and the current month so far', async () => {
    const pros = (
      await rows<{ id: number }>(
        'select p.user_id as id from professionals p join users u on u.id = p.user_id and u.active order by 1',
      )
    ).map((r) => r.id);
    expect(pros.length).toBeGreaterThan(0);
    const counts = await paidDaysForMonth(t.db, last.year, last.month, pros);
    for (const id of pros) {
      const c = counts.get(id)!;
      expect(c.present, `professional ${id}`).toBeGreaterThan(10);
      expect(c.present + c.halfDays + c.leave + c.holidays + c.weeklyOffs + c.absent).toBe(c.daysInMonth);
    }
    const perMonth = await rows<{ ym: string; n: number }>(
      `select to_char(day, 'YYYY-MM') as ym, count(distinct user_id)::int as n from attendance_days group by 1 order by 1`,
    );
    const ym = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}`;
    expect(perMonth.find((r) => r.ym === ym(last.year, last.month))?.n).toBe(pros.length);
    if (today.date.slice(8) > '02') {
      expect(perMonth.find((r) => r.ym === ym(today.year, today.month))?.n ?? 0).toBeGreaterThan(0);
    }
    // Nothing after today.
    const [{ later }] = await rows<{ later: number }>(
      `select count(*)::int as later from attendance_days where day > '${today.date}'`,
    );
    expect(later).toBe(0);
  });

  it('keeps the national holidays and one audited correction, and a second run adds nothing', async () => {
    const hr = await t.tokenFor('HR');
    const holidays = dataOf(await t.api('GET', `/api/Hr/GetHolidays?Year=${last.year}`, { token: hr }));
    expect(holidays.map((h: { name: string }) => h.name)).toEqual(
      expect.arrayContaining(['Republic Day', 'Independence Day', 'Gandhi Jayanti']),
    );
    const [{ n }] = await rows<{ n: number }>(
      `select count(*)::int as n from attendance_audit where kind = 'correction' and reason like 'Site visit%'`,
    );
    expect(n).toBe(1);
    const [{ after }] = await rows<{ after: number }>('select count(*)::int as after from attendance_days');
    expect(after).toBe(before);
  });

  it('answers HR through the API: the list of the last full month has every professional', async () => {
    const page = dataOf(
      await t.api('GET', `/api/Hr/GetAttendanceList?Year=${last.year}&month=${last.month}&pageSize=100`, {
        token: await t.tokenFor('HR'),
      }),
    );
    const [{ pros }] = await rows<{ pros: number }>(
      'select count(*)::int as pros from professionals p join users u on u.id = p.user_id and u.active',
    );
    expect(page.total).toBe(pros);
    expect(page.items.every((i: { counts: { present: number } }) => i.counts.present > 0)).toBe(true);
  });
});
