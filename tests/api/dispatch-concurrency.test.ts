// Dispatch under concurrency, PostgreSQL only (PGlite is one connection: nothing there ever races).
// The line's row lock (applyEvent) serialises events on one line; the professional's row lock (eligibility.ts)
// serialises assignments of one professional, so the overlap rule holds between two lines in one slot.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf } from '../support/catalogue';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;

describe.skipIf(skipped)(`dispatch under concurrency on PostgreSQL${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  let t: TestServer;
  let f: ReturnType<typeof factories>;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer();
    f = factories(t);
    admin = await t.tokenFor('A');
  });
  afterAll(() => t?.close());

  const rows = async <T = any>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
  const assign = (orderId: number, serviceId: number, technicianId: number) =>
    t.api('POST', `/api/AssignTechnician?TechnicianId=${technicianId}&OrderId=${orderId}&ServiceId=${serviceId}`, {
      token: admin,
      body: {},
    });

  /** An unassigned line in a fresh zone, with its zone. */
  async function placedLine() {
    const c = await f.customer();
    const o = await f.placedOrder(c, 1);
    const [row] = await rows<{ zone_id: number; slot_start: Date }>(
      sql`select zone_id, slot_start from order_lines where id = ${o.lines[0].id}`,
    );
    return { orderId: o.orderId, line: o.lines[0], zoneId: row.zone_id, slotStart: row.slot_start };
  }
  const eventsOf = async (lineId: number) =>
    (
      await rows<{ event: string; actor_id: number | null }>(
        sql`select event, actor_id from transition_log where entity = 'OrderLine' and entity_id = ${lineId} order by id`,
      )
    ).map((r) => r.event);

  it('an admin assignment races a self-assignment of one line: one wins, the other is 409', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await placedLine();
      const self = await f.professional({ zoneIds: [p.zoneId], serviceIds: [p.line.serviceId] });
      const other = await f.professional({ zoneIds: [p.zoneId], serviceIds: [p.line.serviceId] });
      const selfToken = await self.token();
      const [byAdmin, bySelf] = await Promise.all([
        assign(p.orderId, p.line.serviceId, other.id),
        t.api('POST', '/api/Professional/AssignOrderToMyself', {
          token: selfToken,
          body: { id: p.line.id, RejFlag: 0, TechnicianMobileNo: self.mobileNo },
        }),
      ]);
      expect([byAdmin.status, bySelf.status].sort(), JSON.stringify([byAdmin.body, bySelf.body])).toEqual([200, 409]);
      const [line] = await rows<{ state: string; professional_user_id: number }>(
        sql`select state, professional_user_id from order_lines where id = ${p.line.id}`,
      );
      const taken = (await eventsOf(p.line.id)).filter((e) => e === 'ASSIGN' || e === 'SELF_ASSIGN');
      expect(taken).toHaveLength(1);
      if (byAdmin.status === 200) {
        expect(line).toEqual({ state: 'assigned', professional_user_id: other.id });
        expect(taken).toEqual(['ASSIGN']);
      } else {
        expect(line).toEqual({ state: 'accepted', professional_user_id: self.id });
        expect(taken).toEqual(['SELF_ASSIGN']);
      }
    }
  }, 180_000);

  it('two lines in one slot assigned to one professional at once: one is assigned, the other refused as overlapping', async () => {
    const a = await placedLine();
    const b = await placedLine();
    // The same slot, and a professional who serves both zones with both skills.
    await t.db.execute(sql`update order_lines set slot_start = ${a.slotStart} where id = ${b.line.id}`);
    const pro = await f.professional({
      zoneIds: [a.zoneId, b.zoneId],
      serviceIds: [a.line.serviceId, b.line.serviceId],
    });
    const replies = await Promise.all([
      assign(a.orderId, a.line.serviceId, pro.id),
      assign(b.orderId, b.line.serviceId, pro.id),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = replies.find((r) => r.status === 409)!;
    expect(refused.body.reason).toBe('overlapping_job');
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from order_lines where professional_user_id = ${pro.id} and state = 'assigned'`,
    );
    expect(n).toBe(1);
  }, 120_000);

  it('two admins assign one line to two professionals at once: one ASSIGN; a later one is a REASSIGN, never a lost update', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await placedLine();
      const x = await f.professional({ zoneIds: [p.zoneId], serviceIds: [p.line.serviceId] });
      const y = await f.professional({ zoneIds: [p.zoneId], serviceIds: [p.line.serviceId] });
      const replies = await Promise.all([
        assign(p.orderId, p.line.serviceId, x.id),
        assign(p.orderId, p.line.serviceId, y.id),
      ]);
      const ok = replies.filter((r) => r.status === 200).map((r) => dataOf(r));
      expect(ok.length).toBeGreaterThanOrEqual(1);
      for (const r of replies) expect([200, 409]).toContain(r.status);
      const events = (await eventsOf(p.line.id)).filter((e) => e === 'ASSIGN' || e === 'REASSIGN');
      expect(events[0]).toBe('ASSIGN');
      expect(events.filter((e) => e === 'ASSIGN')).toHaveLength(1);
      expect(events).toHaveLength(ok.length);
      // The line holds whoever the last applied event named.
      const [line] = await rows<{ professional_user_id: number }>(
        sql`select professional_user_id from order_lines where id = ${p.line.id}`,
      );
      const last = ok.find((r) => r.event === events[events.length - 1])!;
      expect(line.professional_user_id).toBe(last.professional.userId);
    }
  }, 180_000);
});
