// Referral payouts under concurrency (decision 024): the referred customer's visits completed at the same
// moment pay the referrer exactly once, whether they are two lines of one order (the order's row lock already orders
// them) or lines of two orders (only the referral's row lock does). PostgreSQL only: PGlite is one connection, so
// nothing there ever races. The ledger's invariants are checked after each scenario.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, notifications, orderLines, referrals, transitionLog } from '../../server/db/schema';
import { checkLedger, walletBalance } from '../../server/domains/money/wallets/service';
import { dataOf } from '../support/catalogue';
import { factories, referralFactories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;

describe.skipIf(skipped)(
  `referral payouts under concurrency on PostgreSQL${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    let t: TestServer;
    let f: ReturnType<typeof factories>;
    let rf: ReturnType<typeof referralFactories>;
    beforeAll(async () => {
      t = await startTestServer();
      f = factories(t);
      rf = referralFactories(t);
      await rf.referralCost(250);
    });
    afterAll(() => t?.close());
    afterEach(async () => {
      const report = await checkLedger(t.db);
      expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
    });

    /** The referral's row and every reward transfer the ledger holds for it. */
    async function outcome(referredId: number) {
      const [row] = await t.db.select().from(referrals).where(eq(referrals.referredUserId, referredId));
      const rewards = await t.db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, `referral-reward-${row.id}`));
      const settled = await t.db
        .select()
        .from(transitionLog)
        .where(and(eq(transitionLog.entity, 'Referral'), eq(transitionLog.entityId, row.id)));
      const told = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, row.referrerUserId), eq(notifications.title, 'Referral reward')));
      // Settled once: one transition, one notification (to a referrer with this one referral) and one transfer.
      expect(settled.map((s) => s.event)).toEqual(['PAY']);
      return { row, rewards, told };
    }

    it("two lines of the referred customer's first order completed at once: exactly one credit", async () => {
      for (let round = 0; round < 3; round++) {
        const referrer = await f.customer();
        const referred = await rf.referred(referrer);
        const placed = await f.placedOrder(referred, 2);
        // Two professionals (one cannot hold two jobs of one slot), each taking one line.
        const [a, b] = [await rf.professionalFor(placed.orderId), await rf.professionalFor(placed.orderId)];
        await rf.take(a.tok, placed.lines[0].id);
        await rf.take(b.tok, placed.lines[1].id);
        const replies = await Promise.all([
          rf.complete(a.tok, placed.lines[0].id),
          rf.complete(b.tok, placed.lines[1].id),
        ]);
        expect(replies.map((r) => r.status)).toEqual([200, 200]);
        const { row, rewards, told } = await outcome(referred.id);
        expect(row.status).toBe('paid');
        expect(rewards).toHaveLength(1);
        expect(told).toHaveLength(1);
        expect(row.transferId).toBe(rewards[0].id);
        expect(placed.lines.map((l) => l.id)).toContain(row.orderLineId);
        expect(await walletBalance(t.db, 'customer', referrer.id)).toBe(25_000);
      }
    });

    it('lines of two different orders completed at once: exactly one credit', async () => {
      const referrer = await f.customer();
      const referred = await rf.referred(referrer);
      const orders = [await f.placedOrder(referred), await f.placedOrder(referred)];
      const pros = [await rf.professionalFor(orders[0].orderId), await rf.professionalFor(orders[1].orderId)];
      await rf.take(pros[0].tok, orders[0].lines[0].id);
      await rf.take(pros[1].tok, orders[1].lines[0].id);
      const replies = await Promise.all(orders.map((o, i) => rf.complete(pros[i].tok, o.lines[0].id)));
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      const { row, rewards, told } = await outcome(referred.id);
      expect(row.status).toBe('paid');
      expect(rewards).toHaveLength(1);
      expect(told).toHaveLength(1);
      expect(await walletBalance(t.db, 'customer', referrer.id)).toBe(25_000);
      const completed = await t.db
        .select({ state: orderLines.state })
        .from(orderLines)
        .where(eq(orderLines.id, orders[1].lines[0].id));
      expect(completed[0].state).toBe('completed');
    });

    it('one referrer, five referred customers completing their first visits at once: five credits, one each', async () => {
      const referrer = await f.customer();
      const people = [];
      for (let i = 0; i < 5; i++) {
        const referred = await rf.referred(referrer);
        const placed = await f.placedOrder(referred);
        const pro = await rf.professionalFor(placed.orderId);
        await rf.take(pro.tok, placed.lines[0].id);
        people.push({ referred, line: placed.lines[0].id, pro });
      }
      const replies = await Promise.all(people.map((p) => rf.complete(p.pro.tok, p.line)));
      expect(replies.map((r) => r.status)).toEqual(Array(5).fill(200));
      for (const p of people) expect((await outcome(p.referred.id)).rewards).toHaveLength(1);
      expect(await walletBalance(t.db, 'customer', referrer.id)).toBe(5 * 25_000);
      const history = dataOf(
        await t.api('GET', '/api/GetReferralHistoryForCustomer', { token: await referrer.token() }),
      );
      expect(history).toMatchObject({ earned: 1250, total: 5 });
    });
  },
);
