// Orders and money under concurrency (decision 014), on PostgreSQL only (PGlite is one connection, so nothing races):
// wallet-paid placements racing on one wallet, one Idempotency-Key sent to two server processes at once, and 100
// placements at once numbering their invoices without a gap. checkLedger after each scenario.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCompany, loadPayments } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/client';
import { cities, orders, states, users } from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo';
import { addToCart } from '../../server/domains/commerce/cart/service';
import { placeOrder } from '../../server/domains/commerce/orders/service';
import { checkLedger, requestHash, walletBalance } from '../../server/domains/money/wallets/service';
import type { Paise } from '../../server/money';
import { paymentProviders } from '../../server/plugins/payments';
import { fundedCustomer, type ServerProcess, startServerProcess, templateCopy } from '../support/server-processes';
import { TEST_PASSWORD } from '../support/template';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;
if (!process.env.DATABASE_URL) console.log(`orders-concurrency.test.ts skipped: ${skipped}`);

interface Reply {
  status: number;
  body: any;
}

describe.skipIf(skipped)(
  `orders under concurrency, two server processes on one PostgreSQL${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    let servers: ServerProcess[] = [];
    let copy: Awaited<ReturnType<typeof templateCopy>>;
    let database: Database;
    let dataDir: string;
    let admin: string;
    let adminId: number;
    let serviceId: number;
    let pinCode: string;

    beforeAll(async () => {
      copy = await templateCopy(process.env.DATABASE_URL!, 'doorstep_orders');
      database = await openDatabase({ databaseUrl: copy.url });
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-orders-'));
      const env = {
        DATABASE_URL: copy.url,
        DATA_DIR: dataDir,
        SERVE_CLIENT: 'false',
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
      };
      servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
      const a = DEMO_ACCOUNTS.find((x) => x.role === 'A')!;
      const login = data(
        await call(0, 'POST', '/api/adminlogin', { body: { UserName: a.email, Password: TEST_PASSWORD } }),
      );
      admin = login.Token;
      adminId = (await database.db.select({ id: users.id }).from(users).where(eq(users.email, a.email)))[0].id;
      // A zone of Bengaluru with a pincode of its own, a category served there, and one ₹100 service (no discount,
      // 18% GST: ₹118.00 an order).
      pinCode = '569901';
      const [place] = await database.db
        .select({ stateId: cities.stateId, cityId: cities.id })
        .from(cities)
        .innerJoin(states, eq(states.id, cities.stateId))
        .where(and(eq(states.name, 'Karnataka'), eq(cities.name, 'Bengaluru')));
      const zone = data(
        await call(0, 'POST', '/api/Common/AddZone', {
          token: admin,
          body: { zoneName: 'Race zone', ...place, pinCode: [pinCode] },
        }),
        201,
      );
      const category = data(
        await call(0, 'POST', '/api/Common/AddCategory', {
          token: admin,
          body: { categoryName: 'Race category', categoryZoneList: [{ zoneId: zone.id }] },
        }),
        201,
      );
      const sub = data(
        await call(0, 'POST', '/api/Common/AddSubCategory', {
          token: admin,
          body: { subCategoryName: 'Race sub-category', categoryId: category.id },
        }),
        201,
      );
      serviceId = data(
        await call(0, 'POST', '/api/Common/AddService', {
          token: admin,
          body: {
            heading: 'Race service',
            price: 100,
            discount: 0,
            gst: 18,
            professionalType: 'Technician',
            subCategoryId: sub.id,
          },
        }),
        201,
      ).id;
    }, 180_000);

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await database?.close();
      await copy?.drop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    afterEach(async () => {
      const report = await checkLedger(database.db);
      expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
    });

    async function call(
      i: number,
      method: string,
      p: string,
      init: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
    ): Promise<Reply> {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      let body: string | undefined;
      if (init.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.body);
      }
      const res = await fetch(servers[i % 2].url + p, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {}
      return { status: res.status, body: parsed };
    }

    function data(r: Reply, status = 200) {
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      return r.body.data;
    }

    /** Slot `days` ahead at 10:00 India time. */
    const slotAt = (days: number) =>
      new Date(
        `${new Date(Date.now() + days * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10)}T10:00:00+05:30`,
      );

    /** A customer with an address at the zone's pincode, `rupees` in the wallet and, with `cart`, the service in the cart. */
    async function customer(tag: string, rupees: number, cart: boolean) {
      const c = await fundedCustomer(database.db, { tag, pinCode, rupees, adminId });
      if (cart) await addToCart(database.db, c.id, serviceId, slotAt(3));
      return c;
    }

    const signIn = async (c: { mobileNo: string; password: string }, i = 1) =>
      data(await call(i, 'POST', '/api/Userlogin', { body: { MobileNoOrEmail: c.mobileNo, Password: c.password } }))
        .Token as string;

    it('20 wallet-paid placements race on a wallet that affords 5: exactly 5 orders, 15 refused, the wallet at 0', async () => {
      // 5 × ₹118.00 = ₹590.00 in the wallet; each placement names its line (not the cart), over a pool of connections.
      const c = await customer('race', 590, false);
      const providers = paymentProviders(loadPayments({}), { db: database.db, dataDir, sandboxSecret: 'race' });
      const company = loadCompany({});
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          placeOrder(
            database.db,
            providers,
            {
              customerUserId: c.id,
              addressId: c.addressId,
              tipPaise: 0 as Paise,
              mode: 'Wallet',
              useWallet: false,
              idempotency: { key: `race-${i}-${crypto.randomUUID()}`, hash: requestHash('race', c.id, i) },
              actor: { id: c.id },
              items: [{ serviceId, quantity: 1, slotStart: slotAt(3 + (i % 5)) }],
            },
            { company },
          ),
        ),
      );
      const placed = outcomes.filter((o) => o.status === 'fulfilled');
      const refused = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
      expect(placed).toHaveLength(5);
      expect(refused).toHaveLength(15);
      for (const r of refused) expect((r.reason as { statusCode: number }).statusCode).toBe(409);
      expect(await walletBalance(database.db, 'customer', c.id)).toBe(0);
      const rows = await database.db.select().from(orders).where(eq(orders.customerUserId, c.id));
      expect(rows).toHaveLength(5);
      expect(rows.every((o) => o.status === 'order created' && o.invoiceNo)).toBe(true);
    });

    it('one Idempotency-Key sent 20 times at once to both processes places one order and answers alike', async () => {
      const c = await customer('replay', 500, true);
      const token = await signIn(c);
      const headers = { 'idempotency-key': `order-${crypto.randomUUID()}` };
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(i, 'POST', '/api/Order/OrderPlacedNew?ApiName=Wallet', { token, body: {}, headers }),
        ),
      );
      expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 200)).toHaveLength(19);
      expect(new Set(replies.map((r) => r.body.data.orderId)).size).toBe(1);
      expect(new Set(replies.map((r) => r.body.data.invoiceNo)).size).toBe(1);
      expect(await database.db.select().from(orders).where(eq(orders.customerUserId, c.id))).toHaveLength(1);
      expect(await walletBalance(database.db, 'customer', c.id)).toBe(50_000 - 11_800);
    });

    it('100 placements at once number their invoices uniquely and without a gap', async () => {
      const people = [];
      for (let i = 0; i < 100; i++) people.push(await customer(`inv${i}`, 200, true));
      const tokens: string[] = [];
      for (const [i, p] of people.entries()) tokens.push(await signIn(p, i));
      const replies = await Promise.all(
        tokens.map((token, i) =>
          call(i, 'POST', '/api/Order/OrderPlacedNew?ApiName=Wallet', {
            token,
            body: {},
            headers: { 'idempotency-key': `inv-${crypto.randomUUID()}` },
          }),
        ),
      );
      expect(replies.map((r) => r.status)).toEqual(replies.map(() => 201));
      const numbers = (
        await database.db
          .select({ invoiceNo: orders.invoiceNo })
          .from(orders)
          .where(
            inArray(
              orders.customerUserId,
              people.map((p) => p.id),
            ),
          )
      ).map((r) => r.invoiceNo!);
      expect(new Set(numbers).size).toBe(100);
      const series = new Set(numbers.map((n) => n.slice(0, 9)));
      expect(series.size).toBe(1);
      const seq = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
      expect(seq[99] - seq[0]).toBe(99);
      // Every invoice of the series so far is gapless from 1 (the earlier scenarios' too).
      const all = (await database.db.select({ invoiceNo: orders.invoiceNo }).from(orders))
        .map((r) => r.invoiceNo)
        .filter((n): n is string => !!n && n.startsWith([...series][0]))
        .map((n) => Number(n.slice(-6)))
        .sort((a, b) => a - b);
      expect(all).toEqual(all.map((_, i) => i + 1));
    }, 180_000);
  },
);
