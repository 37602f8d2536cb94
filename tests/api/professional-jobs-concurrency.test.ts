// The professional's jobs under concurrency: two professionals racing for one job, one professional
// taking two jobs of one slot at once, a completion replayed at once, wrong codes at once. PostgreSQL only (PGlite is
// one connection, so nothing there ever races): the line's row lock (applyLineEvent), the professional's row lock
// (dispatch eligibility) and the order's row lock (the tip) are what serialise them.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orderLines, professionalTips } from '../../server/db/schema';
import { checkLedger } from '../../server/domains/money/wallets/service';
import { dataOf } from '../support/catalogue';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;

describe.skipIf(skipped)(
  `professional jobs under concurrency on PostgreSQL${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    let t: TestServer;
    let f: ReturnType<typeof factories>;
    let admin: string;
    beforeAll(async () => {
      t = await startTestServer();
      f = factories(t);
      admin = await t.tokenFor('A');
    });
    afterAll(() => t?.close());
    afterEach(async () => {
      const report = await checkLedger(t.db);
      expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
    });

    let pinSeq = 0;
    const freshPin = () => `83${String((Date.now() + ++pinSeq) % 10_000).padStart(4, '0')}`;
    const slotAt = (days: number, hour: number) => {
      const d = new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
      return `${d}T${String(hour).padStart(2, '0')}:00:00+05:30`;
    };
    const key = () => ({ 'idempotency-key': `k-${crypto.randomUUID()}` });

    /** A zone with one service, `pros` professionals serving it, and a customer there who places orders. */
    async function territory(pros: number) {
      const pinCode = freshPin();
      const zone = await f.zone({ pinCode: [pinCode] });
      const category = await f.category({ categoryZoneList: [{ zoneId: zone.id }] });
      const sub = await f.subCategory({ categoryId: category.id });
      const services = [
        (await f.service({ subCategoryId: sub.id })).id,
        (await f.service({ subCategoryId: sub.id })).id,
      ];
      const list = [];
      for (let i = 0; i < pros; i++) {
        const p = await f.professional({ zoneIds: [zone.id], serviceIds: services });
        list.push({ ...p, tok: await p.token() });
      }
      const c = await f.customer();
      const tok = await c.token();
      dataOf(
        await t.api('POST', '/api/UpdateCustomerWalletBalance', {
          token: admin,
          body: { MobileNo: c.mobileNo, Amount: 10_000, Remark: 'Test funds' },
          headers: key(),
        }),
      );
      const address = dataOf(
        await t.api('POST', '/api/Order/AddAddressForCustomer', {
          token: tok,
          body: {
            adress: '3 Race Road',
            pinCode,
            city: 'Mumbai',
            state: 'Maharashtra',
            receiverName: c.fullName,
            receiverMobileNo: c.mobileNo,
          },
        }),
      );
      async function order(serviceId: number, slot: string, tip = 0) {
        dataOf(
          await t.api('POST', '/api/Cart/AddCart', {
            token: tok,
            body: { ServiceId: serviceId, SchedulingDateTime: slot },
          }),
        );
        const placed = dataOf(
          await t.api('POST', `/api/Order/OrderPlacedNew?ApiName=Wallet${tip ? `&Tip=${tip}` : ''}`, {
            token: tok,
            body: { AddressId: address.id },
            headers: key(),
          }),
          201,
        );
        const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, placed.orderId));
        return { orderId: placed.orderId as number, line };
      }
      return { services, pros: list, customer: { ...c, tok }, addressId: address.id as number, order };
    }

    const take = (tok: string, id: number) =>
      t.api('POST', '/api/Professional/AssignOrderToMyself', { token: tok, body: { id, RejFlag: 0 } });
    const complete = (tok: string, orderId: number, serviceId: number, code: string) =>
      t.api('POST', '/api/Professional/CompleteByProfessionalOrCustRating', {
        token: tok,
        body: { Action: 'Complete', OrderId: orderId, ServiceId: serviceId, CompletionCode: code },
      });
    const events = async (lineId: number, event: string) =>
      (
        (await t.db.execute(
          sql`select count(*)::int as n from transition_log where entity = 'OrderLine' and entity_id = ${lineId} and event = ${event}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0].n;

    it('two professionals take the same job at once: exactly one gets it, the other 409', async () => {
      const tr = await territory(2);
      for (let round = 0; round < 3; round++) {
        const o = await tr.order(tr.services[0], slotAt(3, 9 + round));
        const [a, b] = tr.pros;
        const replies = await Promise.all([take(a.tok, o.line.id), take(b.tok, o.line.id)]);
        expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
        const winner = replies[0].status === 200 ? a : b;
        const [row] = await t.db.select().from(orderLines).where(eq(orderLines.id, o.line.id));
        expect(row).toMatchObject({ state: 'accepted', professionalUserId: winner.id });
        expect(await events(o.line.id, 'SELF_ASSIGN')).toBe(1);
      }
    });

    it('one professional takes two jobs of the same slot at once: one is theirs, the other clashes (409)', async () => {
      // Two professionals serve the zone, so the slot has room for both orders (slot capacity); one of them races.
      const tr = await territory(2);
      const slot = slotAt(4, 10);
      const x = await tr.order(tr.services[0], slot);
      const y = await tr.order(tr.services[1], slot);
      const [p] = tr.pros;
      const replies = await Promise.all([take(p.tok, x.line.id), take(p.tok, y.line.id)]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(replies.find((r) => r.status === 409)!.body.reason).toBe('overlapping_job');
      const held = await t.db.select().from(orderLines).where(eq(orderLines.professionalUserId, p.id));
      expect(held).toHaveLength(1);
    });

    it('a completion replayed at once completes once and owes the tip once', async () => {
      const tr = await territory(1);
      const [p] = tr.pros;
      const o = await tr.order(tr.services[0], slotAt(5, 10), 50);
      dataOf(await take(p.tok, o.line.id));
      const [row] = await t.db.select().from(orderLines).where(eq(orderLines.id, o.line.id));
      const code = row.completionCode!;
      const replies = await Promise.all(
        Array.from({ length: 6 }, () => complete(p.tok, o.orderId, o.line.serviceId, code)),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(5);
      expect(replies.find((r) => r.status === 200)!.body.data.tip).toBe(50);
      expect(await t.db.select().from(professionalTips).where(eq(professionalTips.orderLineId, o.line.id))).toEqual([
        expect.objectContaining({ professionalUserId: p.id, amountPaise: 5_000 }),
      ]);
      expect(await events(o.line.id, 'COMPLETE')).toBe(1);
      const told = await t.db.select().from(notifications).where(eq(notifications.userId, tr.customer.id));
      expect(told.filter((n) => n.kind === 'order_completed')).toHaveLength(1);
    });

    it('wrong codes at once: the count stops at the limit, four say how many are left, the rest are locked', async () => {
      const tr = await territory(1);
      const [p] = tr.pros;
      const o = await tr.order(tr.services[0], slotAt(6, 10));
      dataOf(await take(p.tok, o.line.id));
      const [row] = await t.db.select().from(orderLines).where(eq(orderLines.id, o.line.id));
      const wrong = String((Number(row.completionCode) + 1) % 10_000).padStart(4, '0');
      const replies = await Promise.all(
        Array.from({ length: 8 }, () => complete(p.tok, o.orderId, o.line.serviceId, wrong)),
      );
      expect(
        replies
          .filter((r) => r.status === 409)
          .map((r) => r.body.attemptsLeft)
          .sort(),
      ).toEqual([1, 2, 3, 4]);
      expect(replies.filter((r) => r.status === 423)).toHaveLength(4);
      const [after] = await t.db.select().from(orderLines).where(eq(orderLines.id, o.line.id));
      expect(after).toMatchObject({ state: 'accepted', completionAttempts: 5 });
    });

    it('two lines of one tipped order completed at once by two professionals: the tip is owed once', async () => {
      const tr = await territory(2);
      const [a, b] = tr.pros;
      // One order of two lines: both services in the cart, one slot.
      const slot = slotAt(7, 10);
      for (const s of tr.services) {
        dataOf(
          await t.api('POST', '/api/Cart/AddCart', {
            token: tr.customer.tok,
            body: { ServiceId: s, SchedulingDateTime: slot },
          }),
        );
      }
      const placed = dataOf(
        await t.api('POST', '/api/Order/OrderPlacedNew?ApiName=Wallet&Tip=100', {
          token: tr.customer.tok,
          body: { AddressId: tr.addressId },
          headers: key(),
        }),
        201,
      );
      const lines = await t.db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, placed.orderId))
        .orderBy(orderLines.id);
      dataOf(await take(a.tok, lines[0].id));
      dataOf(await take(b.tok, lines[1].id));
      const coded = await t.db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, placed.orderId))
        .orderBy(orderLines.id);
      const replies = await Promise.all([
        complete(a.tok, placed.orderId, coded[0].serviceId, coded[0].completionCode!),
        complete(b.tok, placed.orderId, coded[1].serviceId, coded[1].completionCode!),
      ]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      expect(replies.map((r) => r.body.data.tip).sort()).toEqual([0, 100]);
      const owed = await t.db
        .select()
        .from(professionalTips)
        .where(sql`${professionalTips.orderLineId} in (${lines[0].id}, ${lines[1].id})`);
      expect(owed).toHaveLength(1);
      expect(owed[0].amountPaise).toBe(10_000);
    });
  },
);
