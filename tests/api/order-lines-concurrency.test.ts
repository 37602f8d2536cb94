// Order lines under concurrency (decision 014): racing cancellations of one line refund once, racing reschedules keep
// the limit of two. PostgreSQL only (PGlite is one connection, so nothing there ever races): the test server's pool
// runs the requests on separate connections, and the line's row lock (applyEvent) is what serialises them.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, orderLines, users } from '../../server/db/schema';
import { applyLineEvent, moveSlotForSeed } from '../../server/domains/commerce/orderLines/service';
import { checkLedger } from '../../server/domains/money/wallets/service';
import { dataOf } from '../support/catalogue';
import { factories } from '../support/factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;

describe.skipIf(skipped)(
  `order lines under concurrency on PostgreSQL${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    let t: TestServer;
    let f: ReturnType<typeof factories>;
    let admin: string;
    let technicianId: number;
    beforeAll(async () => {
      t = await startTestServer();
      f = factories(t);
      admin = await t.tokenFor('A');
      const [tech] = await t.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.mobileNo, accountOf('TE').mobileNo));
      technicianId = tech.id;
    });
    afterAll(() => t?.close());
    afterEach(async () => {
      const report = await checkLedger(t.db);
      expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
    });

    async function placed() {
      const c = await f.customer();
      const tok = await c.token();
      const o = await f.placedOrder(c, 1);
      return { c, tok, orderId: o.orderId, line: o.lines[0] };
    }
    const balance = async (tok: string, mobileNo: string) =>
      dataOf(await t.api('POST', '/api/GetCustomerWalletBalance', { token: tok, body: { CustomerMobileNo: mobileNo } }))
        .balance as number;
    const refundsOf = async (lineId: number) => {
      const [row] = await t.db.select().from(orderLines).where(eq(orderLines.id, lineId));
      const transfers = await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, 'order_refund'));
      return { row, count: transfers.filter((x) => x.reference?.startsWith(`Order ${row.orderId} `)).length };
    };

    it('two cancellations of one line race: one succeeds and refunds once, the other is 409', async () => {
      const o = await placed();
      const before = await balance(o.tok, o.c.mobileNo);
      const body = { OrderId: o.orderId, ServiceId: o.line.serviceId, AcceptedFee: 0 };
      const replies = await Promise.all([
        t.api('POST', '/api/Order/OrderCancellation', { token: o.tok, body }),
        t.api('POST', '/api/Order/OrderCancellation', { token: o.tok, body }),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      const won = replies.find((r) => r.status === 200)!;
      const lost = replies.find((r) => r.status === 409)!;
      expect(lost.body.state).toBe('cancelled');
      const { row, count } = await refundsOf(o.line.id);
      expect(count).toBe(1);
      expect(row.refundTransferId).toBe(won.body.data.refundTransferId);
      expect(await balance(o.tok, o.c.mobileNo)).toBeCloseTo(before + won.body.data.refund, 2);
    });

    it("ten cancellations at once, the customer's and the admin's mixed: one refund, one credit note", async () => {
      const o = await placed();
      const before = await balance(o.tok, o.c.mobileNo);
      const ref = { OrderId: o.orderId, ServiceId: o.line.serviceId };
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2
            ? t.api('POST', '/api/Order/OrderCancellation', { token: o.tok, body: { ...ref, AcceptedFee: 0 } })
            : t.api('POST', '/api/Order/AdminCancelOrderLine', { token: admin, body: { ...ref, Remark: 'Race test' } }),
        ),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(9);
      const { count } = await refundsOf(o.line.id);
      expect(count).toBe(1);
      const refund = replies.find((r) => r.status === 200)!.body.data.refund;
      expect(await balance(o.tok, o.c.mobileNo)).toBeCloseTo(before + refund, 2);
      const notes = dataOf(await t.api('POST', '/api/Customer/GetCancelledOrdersForCustomer', { token: o.tok }));
      expect(notes.items).toHaveLength(1);
      expect(notes.items[0].creditNoteNo).toMatch(/^CN\//);
    });

    it('inside 3 hours, a cancellation accepting no fee races one accepting ₹99: only the one with the fee in force goes through, once', async () => {
      const o = await placed();
      await t.db.transaction((tx) =>
        applyLineEvent(tx, o.line.id, 'ASSIGN', null, { professionalUserId: technicianId }),
      );
      await t.db.transaction((tx) => moveSlotForSeed(tx, o.line.id, new Date(Date.now() + 2 * 3_600_000)));
      const ref = { OrderId: o.orderId, ServiceId: o.line.serviceId };
      const replies = await Promise.all([
        t.api('POST', '/api/Order/OrderCancellation', { token: o.tok, body: { ...ref, AcceptedFee: 0 } }),
        t.api('POST', '/api/Order/OrderCancellation', { token: o.tok, body: { ...ref, AcceptedFee: 99 } }),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(replies.find((r) => r.status === 200)!.body.data.fee).toBe(99);
      expect((await refundsOf(o.line.id)).count).toBe(1);
    });

    it('five reschedules at once: exactly two are taken (the limit), the others are 409', async () => {
      const o = await placed();
      const day = (n: number) =>
        `${new Date(Date.now() + 330 * 60_000 + n * 86_400_000).toISOString().slice(0, 10)}T11:00:00+05:30`;
      const replies = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          t.api('POST', '/api/Order/OrderReschedule', {
            token: o.tok,
            body: { OrderId: o.orderId, ServiceId: o.line.serviceId, RescheduleDate: day(5 + i) },
          }),
        ),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(2);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(3);
      const [row] = await t.db.select().from(orderLines).where(eq(orderLines.id, o.line.id));
      expect(row.rescheduleCount).toBe(2);
    });
  },
);
