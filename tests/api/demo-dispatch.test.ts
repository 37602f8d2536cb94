import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../../server/db/seed/demo-catalogue';
import { seedDemoDispatch } from '../../server/db/seed/demo-dispatch';
import { seedDemoOrders } from '../../server/db/seed/demo-orders';
import { seedDemoProfessionals } from '../../server/db/seed/demo-professionals';
import { JOB_RULES } from '../../server/domains/fieldService/professionalJobs/service';
import { checkLedger } from '../../server/domains/money/wallets/service';
import { dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { accountOf, startTestServer, type TestServer } from '../support/server';

// The demo seeds in server/main.ts's order on the test server's database (reference and demo accounts already in).
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoCatalogue(t.db, path.join(t.dataDir, 'uploads'));
  await seedDemoOrders(t.db, { company: t.app.config.company, customerMobileNo: accountOf('Cust').mobileNo });
  await seedDemoProfessionals(t.db);
  await seedDemoDispatch(t.db, { company: t.app.config.company });
});
afterAll(() => t?.close());

const rows = async <T>(query: string) => ((await t.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

describe('demo dispatch seed', () => {
  it('has jobs in every state, the demo technician’s today and in the coming days, and keeps the money whole', async () => {
    const states = await rows<{ state: string }>('select distinct state from order_lines');
    expect(states.map((s) => s.state)).toEqual(
      expect.arrayContaining(['unassigned', 'assigned', 'accepted', 'completed', 'rated', 'cancelled']),
    );
    const token = await t.tokenFor('TE');
    const board = dataOf(await t.api('GET', '/api/Professional/GetTechnicianDashboard', { token }));
    expect(board.today.length).toBeGreaterThanOrEqual(3);
    expect(board.today.map((j: any) => j.state)).toEqual(expect.arrayContaining(['accepted', 'assigned']));
    // Held jobs whose slot has not ended: today's three (11:00, 14:00 and 17:00 India time) until each slot's hour
    // is over, and the coming days' accepted and assigned ones. Late in India's evening only the latter are left.
    const todayLeft = [11, 14, 17].filter((hour) => {
      const day = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
      const start = new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+05:30`).getTime();
      return start + JOB_RULES.slotMs > Date.now();
    }).length;
    expect(board.counts.upcoming).toBeGreaterThanOrEqual(2 + todayLeft);
    expect(board.counts.rejectedThisMonth).toBe(1);
    expect(board.rating.count).toBeGreaterThan(0);
    const open = dataOf(await t.api('GET', '/api/Professional/GetUnassignedOrdersForProffessional', { token }));
    expect(open.total).toBeGreaterThanOrEqual(2);
    const rejected = dataOf(await t.api('GET', '/api/Professional/GetRejectedOrdersForProffessional', { token }));
    expect(rejected.total).toBe(1);
    const report = await checkLedger(t.db);
    expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
  });

  it("keeps every professional's rating figures equal to their rated lines, with several professionals rated", async () => {
    const figures = await rows<{
      user_id: number;
      rating_count: number;
      rating_total: number;
      n: number;
      total: number;
    }>(
      `select p.user_id, p.rating_count, p.rating_total, coalesce(r.n, 0)::int as n, coalesce(r.total, 0)::int as total
       from professionals p left join (select professional_user_id, count(*) as n, sum(rating) as total from order_lines
       where rating is not null group by professional_user_id) r on r.professional_user_id = p.user_id`,
    );
    for (const f of figures) expect([f.rating_count, f.rating_total]).toEqual([f.n, f.total]);
    expect(figures.filter((f) => f.rating_count > 0).length).toBeGreaterThanOrEqual(4);
    // The customer's open lines carry the code and the professional's first name.
    const mine = dataOf(
      await t.api('POST', '/api/Customer/GetOrdersForCustomer', {
        token: await t.tokenFor('Cust'),
        body: { when: 'upcoming', pageSize: 100 },
      }),
    );
    const held = mine.items.filter((l: any) => l.state === 'accepted' || l.state === 'assigned');
    expect(held.length).toBeGreaterThan(0);
    for (const l of held) {
      expect(l.completionCode).toMatch(/^\d{4}$/);
      expect(l.professionalName).toEqual(expect.any(String));
    }
    // A tip is owed for a completed, tipped visit.
    expect((await rows<{ n: number }>('select count(*)::int as n from professional_tips'))[0].n).toBeGreaterThan(0);
  });

  it('does nothing the second time', async () => {
    const before = await tableCounts(t.db);
    await seedDemoDispatch(t.db, { company: t.app.config.company });
    expect(await tableCounts(t.db)).toEqual(before);
  });
});
