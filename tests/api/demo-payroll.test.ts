import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUserId } from '../../server/db/seed/demo';
import { seedDemoAttendance } from '../../server/db/seed/demo-attendance';
import { seedDemoPayroll } from '../../server/db/seed/demo-payroll';
import { seedDemoProfessionals } from '../../server/db/seed/demo-professionals';
import { checkLedger } from '../../server/domains/money/wallets/service';
import { isMonthLocked } from '../../server/domains/people/attendance/service';
import { lastFullMonth } from '../../server/domains/people/payroll/service';
import { dataOf } from '../support/catalogue';
import { startTestServer, type TestServer } from '../support/server';

// The demo payroll: structures for the demo professionals and the last full month paid with slips,
// through the payroll service; a second start changes nothing.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoProfessionals(t.db);
  // server/main.ts's order: attendance first (the paid days), then payroll; a second start changes nothing.
  for (let run = 0; run < 2; run++) {
    await seedDemoAttendance(t.db);
    await seedDemoPayroll(t.db);
  }
});
afterAll(() => t?.close());

const rows = async <T>(query: string) => ((await t.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

describe('the demo payroll', () => {
  it('gives every demo professional a structure and pays the last full month once, with slips', async () => {
    const m = lastFullMonth();
    const [{ pros, structured, slips, transfers }] = await rows<{
      pros: number;
      structured: number;
      slips: number;
      transfers: number;
    }>(
      `select (select count(*) from professionals)::int as pros,
        (select count(distinct user_id) from salary_structures)::int as structured,
        (select count(*) from salary_slips where period = '${m.period}')::int as slips,
        (select count(*) from ledger_transfers where kind = 'salary_payment')::int as transfers`,
    );
    expect(pros).toBeGreaterThan(0);
    expect(structured).toBe(pros);
    expect(slips).toBe(pros);
    expect(transfers).toBeLessThanOrEqual(slips);
    // The slips were paid on the demo attendance: someone worked more than the weekly offs.
    const [{ most }] = await rows<{ most: number }>(
      `select max((breakdown->>'paidDays')::numeric)::float as most from salary_slips where period = '${m.period}'`,
    );
    expect(most).toBeGreaterThan(10);
    expect(await isMonthLocked(t.db, m.year, m.month)).toBe(true);
    expect((await checkLedger(t.db)).checks.filter((c) => c.breaches.length)).toEqual([]);
  });

  it('the accountant sees the month paid; a demo technician reads their own slip', async () => {
    const m = lastFullMonth();
    const date = m.period.slice(0, 7);
    const ac = await t.tokenFor('AC');
    const summary = dataOf(await t.api('GET', `/api/Account/GetPayrollSummary?date=${date}`, { token: ac }));
    expect(summary.paidCount).toBe(summary.employees);
    expect(summary.due).toBe(0);
    const te = await demoUserId(t.db, 'TE');
    const [{ has }] = await rows<{ has: number }>(
      `select count(*)::int as has from professionals where user_id = ${te}`,
    );
    if (has) {
      const slip = dataOf(
        await t.api('GET', `/api/Account/GetEmpSalarySlip?id=${te}&date=${date}`, { token: await t.tokenFor('TE') }),
      );
      expect(slip.status).toBe('paid');
      expect(slip.bankReference).toMatch(/^DEMOUTR/);
    }
  });
});
