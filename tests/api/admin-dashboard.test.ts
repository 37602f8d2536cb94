// The admin dashboard (GET Reports/AdminDashboard; decision 061): today's orders, unassigned lines by age,
// cancellations and their reasons, the wallet float, what waits for approval, the top services and zones and a 30-day
// trend, over India days; and the dispatch lists' placed and cancelled days its tiles link to.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, salesDaily } from '../../server/db/schema';
import { refreshSalesRollup } from '../../server/domains/reports';
import { dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { candidateFactories, couponFactories, dayFromToday, type Factories, factories } from '../support/factories';
import { productRequestFactories } from '../support/product-request-factories';
import { startTestServer, type TestServer } from '../support/server';

interface Ranked {
  id: number | null;
  name: string;
  lines: number;
  value: number;
}
interface Dashboard {
  today: string;
  from: string;
  to: string;
  todayOrders: {
    orders: number;
    value: number;
    lines: { unassigned: number; assigned: number; completed: number; cancelled: number };
  };
  unassigned: {
    total: number;
    byAge: { age: string; label: string; count: number; placedFrom: string | null; placedTo: string }[];
  };
  cancellations: { count: number; byReason: { reason: string; count: number }[] };
  walletFloat: {
    total: number;
    customers: { amount: number; wallets: number };
    vendors: { amount: number; wallets: number };
  };
  approvals: { coupons: number; productRequests: number; candidates: number };
  topServices: Ranked[];
  topZones: Ranked[];
  trend: { day: string; orders: number; value: number }[];
}

let t: TestServer;
let f: Factories;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  admin = await t.tokenFor('A');
});
afterAll(() => t?.close());

const get = (token: string | null = admin) => t.api('GET', '/api/Reports/AdminDashboard', { token });
const dashboard = async () => dataOf<Dashboard>(await get());

/**
 * Moves an order, its lines and their credit notes `days` India days back (the same time of day), as if placed,
 * invoiced and cancelled then.
 */
async function placedDaysAgo(orderId: number, days: number) {
  const back = sql`interval '1 day' * ${days}`;
  await t.db
    .update(orders)
    .set({ createdAt: sql`created_at - ${back}`, invoiceDate: sql`invoice_date - ${back}` })
    .where(eq(orders.id, orderId));
  await t.db
    .update(orderLines)
    .set({ createdAt: sql`created_at - ${back}`, cancelledAt: sql`cancelled_at - ${back}` })
    .where(eq(orderLines.orderId, orderId));
  await t.db.execute(
    sql`update credit_notes set created_at = created_at - ${back}
         where order_line_id in (select id from order_lines where order_id = ${orderId})`,
  );
}

const cancel = async (orderId: number, serviceId: number, remark: string) =>
  dataOf(
    await t.api('POST', '/api/Order/AdminCancelOrderLine', {
      token: admin,
      body: { OrderId: orderId, ServiceId: serviceId, Remark: remark },
    }),
  );

describe('who may see it', () => {
  it('the admin only; other staff 403, a visitor 401', async () => {
    expect((await get()).status).toBe(200);
    for (const role of ['MR', 'CD', 'AC', 'HR', 'IM', 'Cust'] as const) {
      expect((await get(await t.tokenFor(role))).status, role).toBe(403);
    }
    expect((await get(null)).status).toBe(401);
  });
});

describe('the orders of the last 30 India days', () => {
  // Prices are rupees with no discount and 18% GST (intra-state): a line's total is price × 1.18.
  let a: Awaited<ReturnType<Factories['placedOrder']>>;
  let b: typeof a;
  let c: typeof a;
  let dd: typeof a;
  let e: typeof a;
  let old: typeof a;
  let demoUnassigned: number;

  beforeAll(async () => {
    // The template's demo orders go back to 2001, so the 30 days hold only this file's orders.
    await t.db.execute(
      sql`update orders set created_at = '2001-01-01T12:00:00Z', invoice_date = case when invoice_date is null then null else '2001-01-01T12:00:00Z'::timestamptz end`,
    );
    await t.db.execute(sql`update credit_notes set created_at = '2001-01-02T12:00:00Z'`);
    await t.db.execute(
      sql`update order_lines set created_at = '2001-01-01T12:00:00Z', cancelled_at = case when cancelled_at is null then null else '2001-01-02T12:00:00Z'::timestamptz end`,
    );
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderLines)
      .where(eq(orderLines.state, 'unassigned'));
    demoUnassigned = n;

    const customer = await f.customer();
    a = await f.placedOrder(customer, 1, { prices: [1000] }); // ₹1,180
    b = await f.placedOrder(customer, 1, { prices: [500, 200, 150, 50] }); // ₹590 + 236 + 177 + 59 = ₹1,062
    c = await f.placedOrder(customer, 1, { prices: [300] }); // ₹354, 3 days ago
    dd = await f.placedOrder(customer, 1, { prices: [100] }); // ₹118, yesterday
    e = await f.placedOrder(customer, 1, { prices: [400] }); // ₹472, 10 days ago, cancelled then
    old = await f.placedOrder(customer, 1, { prices: [700] }); // ₹826, 40 days ago: outside the 30 days

    // Today: two of b's lines cancelled for one reason, one completed (the dashboard only reads the state).
    await cancel(b.orderId, b.lines[1].serviceId, 'Customer asked');
    await cancel(b.orderId, b.lines[2].serviceId, 'Customer asked');
    await t.db
      .update(orderLines)
      .set({ state: 'completed', completedAt: new Date() })
      .where(eq(orderLines.id, b.lines[0].id));
    await cancel(e.orderId, e.lines[0].serviceId, 'Customer moved');
    await placedDaysAgo(c.orderId, 3);
    await placedDaysAgo(dd.orderId, 1);
    await placedDaysAgo(e.orderId, 10);
    await placedDaysAgo(old.orderId, 40);
  });

  it("counts today's paid orders, their value and their lines by list", async () => {
    const d = await dashboard();
    expect(d.today).toBe(dayFromToday(0));
    expect(d.todayOrders).toEqual({
      orders: 2,
      value: 2242, // 1,180 + 1,062
      lines: { unassigned: 2, assigned: 0, completed: 1, cancelled: 2 },
    });
  });

  it('ages the unassigned lines by the India days since they were placed', async () => {
    const d = await dashboard();
    expect(d.unassigned.byAge).toEqual([
      { age: 'today', label: 'Placed today', count: 2, placedFrom: dayFromToday(0), placedTo: dayFromToday(0) },
      { age: 'days1to2', label: '1–2 days old', count: 1, placedFrom: dayFromToday(-2), placedTo: dayFromToday(-1) },
      { age: 'days3to7', label: '3–7 days old', count: 1, placedFrom: dayFromToday(-7), placedTo: dayFromToday(-3) },
      // The 40-day-old line and the demo's, moved to 2001.
      {
        age: 'older',
        label: 'Over a week old',
        count: 1 + demoUnassigned,
        placedFrom: null,
        placedTo: dayFromToday(-8),
      },
    ]);
    expect(d.unassigned.total).toBe(5 + demoUnassigned);
  });

  it('counts the lines cancelled in the 30 days by reason, the most frequent first', async () => {
    const d = await dashboard();
    expect(d.cancellations).toEqual({
      count: 3,
      byReason: [
        { reason: 'Customer asked', count: 2 },
        { reason: 'Customer moved', count: 1 },
      ],
    });
  });

  it('ranks the services and zones by the value sold, cancelled lines left out', async () => {
    const d = await dashboard();
    const svc = (o: typeof a, i: number) => o.services[i].id;
    expect(d.topServices.map(({ id, lines, value }) => ({ id, lines, value }))).toEqual([
      { id: svc(a, 0), lines: 1, value: 1180 },
      { id: svc(b, 0), lines: 1, value: 590 },
      { id: svc(c, 0), lines: 1, value: 354 },
      { id: svc(dd, 0), lines: 1, value: 118 },
      { id: svc(b, 3), lines: 1, value: 59 },
    ]);
    expect(d.topServices[0].name).toBe(a.services[0].heading);
    // Each order is in a zone of its own: b's two lines sold make ₹649.
    expect(d.topZones.map((z) => ({ lines: z.lines, value: z.value }))).toEqual([
      { lines: 1, value: 1180 },
      { lines: 2, value: 649 },
      { lines: 1, value: 354 },
      { lines: 1, value: 118 },
    ]);
  });

  it('draws 30 India days of orders and value, quiet days as zeros', async () => {
    const d = await dashboard();
    expect(d.trend).toHaveLength(30);
    expect(d.from).toBe(dayFromToday(-29));
    expect(d.to).toBe(dayFromToday(0));
    expect(d.trend.map((x) => x.day)).toEqual(Array.from({ length: 30 }, (_, i) => dayFromToday(i - 29)));
    const busy = Object.fromEntries(d.trend.filter((x) => x.orders > 0).map((x) => [x.day, [x.orders, x.value]]));
    expect(busy).toEqual({
      [dayFromToday(-10)]: [1, 472], // cancelled since, but paid that day
      [dayFromToday(-3)]: [1, 354],
      [dayFromToday(-1)]: [1, 118],
      [dayFromToday(0)]: [2, 2242],
    });
    expect(d.trend.filter((x) => x.orders === 0).every((x) => x.value === 0)).toBe(true);
  });

  it('reads the same trend and top lists once the sales rollup holds the days (decision 057)', async () => {
    const picked = (d: Dashboard) => ({ trend: d.trend, topServices: d.topServices, topZones: d.topZones });
    const before = picked(await dashboard());
    // A run as if it were tomorrow (India) rolls up the 30 days, today included.
    await refreshSalesRollup(t.db, new Date(Date.now() + 86_400_000));
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(salesDaily);
    expect(n).toBeGreaterThan(0);
    expect(picked(await dashboard())).toEqual(before);
    // The later tests read the rows again.
    await t.db.execute(sql`delete from sales_daily`);
    await t.db.execute(sql`delete from rollup_state`);
  });

  it('the lists its tiles link to show the same lines', async () => {
    const list = async (path: string, q: string) =>
      dataOf<{ items: { lineId: number }[]; total: number }>(await t.api('GET', `${path}?${q}`, { token: admin }));
    const ids = (p: { items: { lineId: number }[] }) => p.items.map((i) => i.lineId).sort((x, y) => x - y);
    const today = `placedFrom=${dayFromToday(0)}&placedTo=${dayFromToday(0)}`;
    expect(ids(await list('/api/GetUnassignedOrders', today))).toEqual([a.lines[0].id, b.lines[3].id]);
    expect(ids(await list('/api/GetCancelledOrders', today))).toEqual([b.lines[1].id, b.lines[2].id]);
    expect(ids(await list('/api/Professional/GetCompletedOrders', today))).toEqual([b.lines[0].id]);
    expect((await list('/api/GetAssignedOrders', today)).total).toBe(0);
    const aged = `placedFrom=${dayFromToday(-7)}&placedTo=${dayFromToday(-3)}`;
    expect(ids(await list('/api/GetUnassignedOrders', aged))).toEqual([c.lines[0].id]);
    const older = await list('/api/GetUnassignedOrders', `placedTo=${dayFromToday(-8)}&pageSize=200`);
    expect(older.total).toBe(1 + demoUnassigned);
    expect(ids(older)).toContain(old.lines[0].id);
    const cancelled = `cancelledFrom=${dayFromToday(-29)}&cancelledTo=${dayFromToday(0)}`;
    expect(ids(await list('/api/GetCancelledOrders', cancelled))).toEqual(
      [b.lines[1].id, b.lines[2].id, e.lines[0].id].sort((x, y) => x - y),
    );
  });

  it('refuses placed or cancelled days the wrong way round, naming the field', async () => {
    const r = await t.api(
      'GET',
      `/api/GetCancelledOrders?cancelledFrom=${dayFromToday(0)}&cancelledTo=${dayFromToday(-1)}`,
      { token: admin },
    );
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe('cancelledTo');
    const p = await t.api('GET', '/api/GetUnassignedOrders?placedFrom=2026-02-30', { token: admin });
    expect(p.status).toBe(400);
  });
});

describe('what stands now', () => {
  it('adds a credit to the float of its kind of wallet', async () => {
    const before = await dashboard();
    const customer = await f.customer();
    dataOf(
      await t.api('POST', '/api/UpdateCustomerWalletBalance', {
        token: admin,
        body: { MobileNo: customer.mobileNo, Amount: 250.5, Remark: 'Float test' },
        headers: { 'idempotency-key': `k-${crypto.randomUUID()}` },
      }),
    );
    const pf = productRequestFactories(t);
    const vendor = await pf.vendor();
    await pf.fund(vendor.id, 100);
    const after = await dashboard();
    const w = after.walletFloat;
    expect(w.customers.amount).toBeCloseTo(before.walletFloat.customers.amount + 250.5, 2);
    expect(w.customers.wallets).toBe(before.walletFloat.customers.wallets + 1);
    expect(w.vendors.amount).toBeCloseTo(before.walletFloat.vendors.amount + 100, 2);
    expect(w.vendors.wallets).toBe(before.walletFloat.vendors.wallets + 1);
    expect(w.total).toBeCloseTo(before.walletFloat.total + 350.5, 2);
    expect(w.total).toBeCloseTo(w.customers.amount + w.vendors.amount, 2);
  });

  it('counts coupons, product requests and candidates waiting for the admin, and writes nothing', async () => {
    const before = await dashboard();
    const coupons = couponFactories(t);
    await coupons.coupon({}, { submit: true });
    await coupons.coupon({}, { submit: true });
    await coupons.coupon(); // a draft: not waiting
    const pf = productRequestFactories(t);
    const vendor = await pf.vendor();
    const waiting = await pf.submitted(vendor);
    expect((await pf.decide(waiting, 'IM', false)).status).toBe(200); // passed on to the admin
    await pf.submitted(vendor); // still with the inventory manager: not the admin's yet
    const cf = candidateFactories(t);
    await cf.at('sentForApproval');
    await cf.at('finalised'); // not sent yet
    const after = await dashboard();
    expect(after.approvals).toEqual({
      coupons: before.approvals.coupons + 2,
      productRequests: before.approvals.productRequests + 1,
      candidates: before.approvals.candidates + 1,
    });
    const counts = await tableCounts(t.db);
    await dashboard();
    expect(await tableCounts(t.db)).toEqual(counts);
  });

  it('keeps GetDashboardCount for the other dashboards', async () => {
    const r = await t.api('GET', '/api/GetDashboardCount', { token: admin });
    expect(r.status).toBe(200);
  });
});
