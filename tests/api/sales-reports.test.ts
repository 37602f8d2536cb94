// The service sales and vendor purchase reports (decision 057) through the API: figures worked by hand from the
// orders and requests made here (18% GST), each report's movement equal to the ledger's (revenue, the CGST, SGST and
// IGST payable heads of decision 053, tips payable, the vendors' wallets), and the daily rollup equal to the rows.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, users } from '../../server/db/schema';
import { applyLineEvent } from '../../server/domains/commerce/orderLines/service';
import { refreshSalesRollup, rollupAgainstRows } from '../../server/domains/reports';
import { indiaToday } from '../../server/shared/indiaTime';
import { cityIds, dataOf } from '../support/catalogue';
import { factories } from '../support/factories';
import { productRequestFactories } from '../support/product-request-factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let f: ReturnType<typeof factories>;
let pf: ReturnType<typeof productRequestFactories>;
let admin: string;
let accountant: string;
beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  pf = productRequestFactories(t);
  admin = await t.tokenFor('A');
  accountant = await t.tokenFor('AC');
});
afterAll(() => t?.close());

type Row = Record<string, any>;
const sales = async (query: string, token = admin) =>
  dataOf<Row>(await t.api('GET', `/api/Common/SalesReportService?${query}`, { token }));
const purchases = async (query: string, token = admin) =>
  dataOf<Row>(await t.api('GET', `/api/Common/PurchaseReportVendor?${query}`, { token }));

/**
 * What the ledger's system accounts of each kind took from transfers of `kinds` (paise, shards summed), and what the
 * vendors' wallets gave: a report's movement between two reads must equal the ledger's.
 */
async function ledger(kinds: string[]) {
  const res: unknown = await t.db.execute(sql`
    select a.kind, sum(e.amount)::text as amount
      from ledger_entries e
      join ledger_transfers tr on tr.id = e.transfer_id
      join ledger_accounts a on a.id = e.account_id
     where tr.kind in (${sql.join(
       kinds.map((k) => sql`${k}`),
       sql`, `,
     )})
     group by a.kind`);
  type R = { kind: string; amount: string };
  const rows = (res && typeof res === 'object' && 'rows' in res ? (res as { rows: R[] }).rows : res) as R[];
  const of = (k: string) => Number(rows.find((r) => r.kind === k)?.amount ?? 0);
  return {
    revenue: of('revenue'),
    cgst: of('cgst_payable'),
    sgst: of('sgst_payable'),
    igst: of('igst_payable'),
    tips: of('tips_payable'),
    vendorWallets: of('vendor_wallet'),
  };
}
/** The category an order's lines were sold under (placedOrder makes one per order). */
const categoryOf = async (o: { lines: { id: number }[] }) =>
  (await t.db.select({ id: orderLines.categoryId }).from(orderLines).where(eq(orderLines.id, o.lines[0].id)))[0].id;
const paise = (rupees: number) => Math.round(rupees * 100);
const delta = (a: Row, b: Row, k: string) => paise(b[k]) - paise(a[k]);

describe('the service sales report', () => {
  let ka: Awaited<ReturnType<typeof f.placedOrder>>;
  let mh: Awaited<ReturnType<typeof f.placedOrder>>;
  let before: Row;
  let ledgerBefore: Awaited<ReturnType<typeof ledger>>;

  beforeAll(async () => {
    before = await sales('Type=Day');
    ledgerBefore = await ledger(['order_payment', 'order_refund']);
    // Inside the company's state (Karnataka): ₹1,000 and ₹1.50 at 18% with a ₹50 tip. GST ₹180 = 90 + 90, and
    // 27 paise = 14 + 13 (the odd paisa to CGST, per line).
    ka = await f.placedOrder(await f.customer(), 2, {
      state: 'Karnataka',
      city: 'Bengaluru',
      prices: [1000, 1.5],
      tip: 50,
    });
    // Outside it (Maharashtra): ₹500, IGST ₹90.
    mh = await f.placedOrder(await f.customer(), 1, { prices: [500] });
    // The ₹1.50 line cancelled by the admin, all refunded: a credit note of ₹1.50 taxable, 14 + 13 paise GST.
    const small = ka.lines.find((l) => l.totalPaise === 177)!;
    dataOf(
      await t.api('POST', '/api/Order/AdminCancelOrderLine', {
        token: admin,
        body: { OrderId: ka.orderId, ServiceId: small.serviceId, Remark: 'No professional free' },
      }),
    );
  });

  it("groups a day's sales by category, figures worked by hand", async () => {
    const r = await sales('Type=Day&GroupBy=Category');
    expect(r).toMatchObject({ type: 'Day', groupBy: 'Category', bucket: 'day', from: indiaToday(), to: indiaToday() });
    const row = (categoryId: number) => r.rows.find((x: Row) => x.key === categoryId);
    const kaCategory = await categoryOf(ka);
    expect(row(kaCategory)).toEqual({
      key: kaCategory,
      label: expect.any(String),
      orders: 1,
      lines: 2,
      gross: 1001.5,
      catalogueDiscount: 0,
      couponDiscount: 0,
      planDiscount: 0,
      packageDiscount: 0,
      taxable: 1001.5,
      cgst: 90.14,
      sgst: 90.13,
      igst: 0,
      cancellations: 1,
      creditNotes: 1,
      creditTaxable: 1.5,
      creditCgst: 0.14,
      creditSgst: 0.13,
      creditIgst: 0,
      net: 1000,
    });
    expect(row(await categoryOf(mh))).toMatchObject({ orders: 1, lines: 1, taxable: 500, igst: 90, cgst: 0, net: 500 });
  });

  it('moves its totals as the ledger moves revenue, each GST head and tips payable', async () => {
    const after = await sales('Type=Day&GroupBy=Zone');
    const ledgerAfter = await ledger(['order_payment', 'order_refund']);
    const d = (k: string) => delta(before.totals, after.totals, k);
    // By hand: taxable 1,001.50 + 500 less the ₹1.50 credit note = ₹1,500 net; CGST 90.14 − 0.14, SGST 90.13 −
    // 0.13, IGST 90; tips ₹50 (not revenue).
    expect({
      net: d('net'),
      cgst: d('cgst') - d('creditCgst'),
      sgst: d('sgst') - d('creditSgst'),
      igst: d('igst') - d('creditIgst'),
      tips: d('tips'),
    }).toEqual({
      net: 150_000,
      cgst: 9_000,
      sgst: 9_000,
      igst: 9_000,
      tips: 5_000,
    });
    expect({
      orders: after.totals.orders - before.totals.orders,
      lines: after.totals.lines - before.totals.lines,
    }).toEqual({ orders: 2, lines: 3 });
    expect({
      revenue: ledgerAfter.revenue - ledgerBefore.revenue,
      cgst: ledgerAfter.cgst - ledgerBefore.cgst,
      sgst: ledgerAfter.sgst - ledgerBefore.sgst,
      igst: ledgerAfter.igst - ledgerBefore.igst,
      tips: ledgerAfter.tips - ledgerBefore.tips,
    }).toEqual({ revenue: 150_000, cgst: 9_000, sgst: 9_000, igst: 9_000, tips: 5_000 });
    // The grouping changes the rows, never the totals; the chart's one bucket is the day's total.
    expect(after.totals).toEqual((await sales('Type=Day&GroupBy=Service')).totals);
    expect(after.chart).toEqual([
      { start: indiaToday(), net: after.totals.net, gst: expect.any(Number), tips: after.totals.tips },
    ]);
    const rowsNet = after.rows.reduce((n: number, x: Row) => n + paise(x.net), 0);
    expect(rowsNet).toBe(paise(after.totals.net));
  });

  it('reads the same figures from the daily rollup, which equals the rows, and follows a later assignment', async () => {
    const fromRows = await sales('Type=Day&GroupBy=Category');
    const tomorrow = new Date(Date.now() + 86_400_000);
    await refreshSalesRollup(t.db, tomorrow);
    const today = indiaToday();
    const next = indiaToday(tomorrow);
    const cmp = await rollupAgainstRows(t.db, today, next);
    expect(cmp.rolled.length).toBeGreaterThan(0);
    expect(cmp.rolled).toEqual(cmp.rows);
    const fromRollup = await sales('Type=Day&GroupBy=Category');
    expect(fromRollup.rollupThrough).toBe(next);
    expect({ ...fromRollup, rollupThrough: null }).toEqual({ ...fromRows, rollupThrough: null });

    // The ₹1,000 line is assigned after the sale: the next run recomputes its day, and the professional has it.
    const big = ka.lines.find((l) => l.totalPaise === 118_000)!;
    const [tech] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobileNo, accountOf('TE').mobileNo));
    await t.db.transaction((tx) => applyLineEvent(tx, big.id, 'ASSIGN', null, { professionalUserId: tech.id }));
    await refreshSalesRollup(t.db, tomorrow);
    const again = await rollupAgainstRows(t.db, today, next);
    expect(again.rolled).toEqual(again.rows);
    const byPro = await sales('Type=Day&GroupBy=Professional', accountant);
    expect(byPro.rows.find((x: Row) => x.key === tech.id)).toMatchObject({
      lines: 1,
      taxable: 1000,
      net: 1000,
      cgst: 90,
    });
  });

  it('refuses a wrong period or grouping naming the field, and answers only the admin and the accountant', async () => {
    const refused = async (query: string, field: string) => {
      const r = await t.api('GET', `/api/Common/SalesReportService?${query}`, { token: admin });
      expect(r.status, query).toBe(400);
      expect(r.body.errors?.[0]?.field, query).toBe(field);
    };
    await refused('Month=13', 'Month');
    await refused('Type=Year&Year=1999', 'Year');
    await refused('Type=Week', 'Type');
    await refused('GroupBy=City', 'GroupBy');
    await refused('Type=Day&FromDate=2026-02-30', 'FromDate');
    await refused('Type=Range&FromDate=2026-03-02&ToDate=2026-03-01', 'FromDate');
    const customer = await f.customer();
    expect((await t.api('GET', '/api/Common/SalesReportService', { token: await customer.token() })).status).toBe(403);
    expect((await t.api('GET', '/api/Common/PurchaseReportVendor', { token: await t.tokenFor('VE') })).status).toBe(
      403,
    );
    // The defaults the clients send (Month 0, Year 0, FromDate empty) are this month.
    const month = await sales('Type=Month&Month=0&Year=0&FromDate=', accountant);
    expect(month.from).toBe(`${indiaToday().slice(0, 7)}-01`);
    expect(month.chart.length).toBeGreaterThanOrEqual(28);
  });
});

describe('the vendor purchase report', () => {
  /** A request of one unit of each MRP (rupees, GST included at 18%), approved by both and paid from the wallet. */
  async function paidRequest(v: Awaited<ReturnType<typeof pf.vendor>>, mrps: number[]) {
    const lines = [];
    const products = [];
    for (const mrp of mrps) {
      const p = await pf.product({ quantity: 5, mrp, discount: 0, gst: 18 });
      products.push(p);
      lines.push({ productId: p.id, requestQty: 1 });
    }
    const id = await pf.submitted(v, lines);
    dataOf(await pf.decide(id, 'IM', false));
    dataOf(await pf.decide(id, 'A', false));
    await pf.fund(v.id, 2000);
    dataOf(await pf.pay(v, id));
    return products;
  }

  it('sums paid requests by vendor and product as their invoices split GST, as the ledger took them', async () => {
    const before = await purchases('Type=Day');
    const ledgerBefore = await ledger(['product_purchase']);
    const inState = await pf.vendor({ ...(await cityIds(t, 'Karnataka', 'Bengaluru')), pinCode: '560034' });
    const elsewhere = await pf.vendor();
    // ₹1,180 with 18% in it: taxable ₹1,000, GST ₹180 = 90 + 90; two ₹1.77: taxable ₹1.50, GST 27 paise = 14 + 13.
    const made = await paidRequest(inState, [1180, 1.77, 1.77]);
    // Outside the state: ₹1,180 = ₹1,000 + IGST ₹180.
    await paidRequest(elsewhere, [1180]);

    const byVendor = await purchases('Type=Day&GroupBy=Vendor', accountant);
    expect(byVendor.rows.find((x: Row) => x.key === String(inState.id))).toEqual({
      key: String(inState.id),
      label: expect.any(String),
      requests: 1,
      lines: 3,
      quantity: 3,
      taxable: 1003,
      cgst: 90.28,
      sgst: 90.26,
      igst: 0,
      gst: 180.54,
      paidFromWallet: 1183.54,
    });
    expect(byVendor.rows.find((x: Row) => x.key === String(elsewhere.id))).toMatchObject({
      taxable: 1000,
      igst: 180,
      cgst: 0,
      paidFromWallet: 1180,
    });
    const byProduct = await purchases('Type=Day&GroupBy=Product');
    expect(byProduct.rows.find((x: Row) => x.key === String(made[1].id))).toMatchObject({
      quantity: 1,
      taxable: 1.5,
      cgst: 0.14,
      sgst: 0.13,
      paidFromWallet: 1.77,
    });

    const after = await purchases('Type=Month&GroupBy=Month');
    const dayAfter = await purchases('Type=Day');
    const ledgerAfter = await ledger(['product_purchase']);
    const d = (k: string) => delta(before.totals, dayAfter.totals, k);
    expect({
      taxable: d('taxable'),
      cgst: d('cgst'),
      sgst: d('sgst'),
      igst: d('igst'),
      paid: d('paidFromWallet'),
    }).toEqual({
      taxable: 200_300,
      cgst: 9_028,
      sgst: 9_026,
      igst: 18_000,
      paid: 236_354,
    });
    expect({
      revenue: ledgerAfter.revenue - ledgerBefore.revenue,
      cgst: ledgerAfter.cgst - ledgerBefore.cgst,
      sgst: ledgerAfter.sgst - ledgerBefore.sgst,
      igst: ledgerAfter.igst - ledgerBefore.igst,
      paid: ledgerBefore.vendorWallets - ledgerAfter.vendorWallets,
    }).toEqual({ revenue: 200_300, cgst: 9_028, sgst: 9_026, igst: 18_000, paid: 236_354 });
    // By month, this month's row holds the month's totals.
    expect(after.rows).toHaveLength(1);
    expect(after.rows[0]).toMatchObject({
      key: `${indiaToday().slice(0, 7)}-01`,
      paidFromWallet: after.totals.paidFromWallet,
    });
  });
});
