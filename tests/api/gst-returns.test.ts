// The GST returns of a month (decision 058), through HTTP: orders inside and outside the company's state (Karnataka),
// a credit note netted into B2CS, a B2CL invoice and its CDNUR note, a rate change inside the month, a plan sold and
// a product request to a registered vendor. Every figure is worked by hand in its comment (decision 044); the
// return's tax per head equals the ledger's movement, and the portal JSON meets docs/schemas/gstr1-offline.schema.json.
// On PostgreSQL too (POSTGRES_FILES).
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { eq, sql } from 'drizzle-orm';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCompany } from '../../server/config';
import type { Tx } from '../../server/db/client';
import { services } from '../../server/db/schema';
import { checkLedger } from '../../server/domains/money/wallets/service';
import { gstRollupAgainstRows, gstr1, refreshGstRollup } from '../../server/domains/reports/gst/service';
import { gstinCheckChar } from '../../server/shared/gstin';
import { dataOf } from '../support/catalogue';
import { factories, freshPan, type Row } from '../support/factories';
import { productRequestFactories } from '../support/product-request-factories';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let f: ReturnType<typeof factories>;
let pf: ReturnType<typeof productRequestFactories>;
let accountant: string;
let admin: string;
const key = () => ({ 'idempotency-key': `k-${crypto.randomUUID()}` });

/** Orders `serviceId` for a new customer at a new address in `state`, paid from the wallet. */
async function orderOf(serviceId: number, place: { state: string; city: string; pinCode: string }, funds: number) {
  const c = await f.customer();
  dataOf(
    await t.api('POST', '/api/UpdateCustomerWalletBalance', {
      token: admin,
      body: { MobileNo: c.mobileNo, Amount: funds, Remark: 'Test funds for an order' },
      headers: key(),
    }),
  );
  const token = await c.token();
  const address = dataOf<Row>(
    await t.api('POST', '/api/Order/AddAddressForCustomer', {
      token,
      body: { adress: '1 Test Road', ...place, receiverName: c.fullName, receiverMobileNo: c.mobileNo },
    }),
  );
  const slot = `${new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)}T10:00:00+05:30`;
  dataOf(await t.api('POST', '/api/Cart/AddCart', { token, body: { ServiceId: serviceId, SchedulingDateTime: slot } }));
  return dataOf<{ orderId: number; invoiceNo: string }>(
    await t.api('POST', '/api/Order/OrderPlacedNew?ApiName=Wallet', {
      token,
      body: { AddressId: address.id },
      headers: key(),
    }),
    201,
  );
}

const cancelLine = async (orderId: number, serviceId: number) =>
  dataOf(
    await t.api('POST', '/api/Order/AdminCancelOrderLine', {
      token: admin,
      body: { OrderId: orderId, ServiceId: serviceId, Remark: 'No professional free' },
    }),
  );

const get = (path: string, token = accountant) => t.api('GET', path, { token });

/** What `work` answers inside a transaction that is then rolled back, so the file's documents stay as they were. */
async function rolledBack<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const rollback = new Error('rollback');
  let answer: T | undefined;
  await t.db
    .transaction(async (tx) => {
      answer = await work(tx);
      throw rollback;
    })
    .catch((e) => {
      if (e !== rollback) throw e;
    });
  return answer as T;
}

let vendorGstin: string;
const invoices: string[] = [];
/** One more ₹200 order at 5% in Karnataka, as the month's last one. */
let orderAgain: () => ReturnType<typeof orderOf>;

beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  pf = productRequestFactories(t);
  accountant = await t.tokenFor('AC');
  admin = await t.tokenFor('A');

  // Inside Karnataka, ₹1,000 at 18%: CGST ₹90 + SGST ₹90.
  invoices.push(
    (await f.placedOrder(await f.customer(), 1, { state: 'Karnataka', city: 'Bengaluru', prices: [1000] })).invoiceNo,
  );
  // To Maharashtra, ₹1,000 and ₹500 at 18%: IGST ₹180 + ₹90; the ₹500 line cancelled: credit note of ₹500 + ₹90.
  const mh = await f.placedOrder(await f.customer(), 2, { prices: [1000, 500] });
  invoices.push(mh.invoiceNo);
  const small = mh.services.find((s) => s.price === 500) ?? mh.services[1];
  await cancelLine(mh.orderId, small.id);
  // To Maharashtra, ₹85,000 at 18%: value ₹1,00,300 > ₹1,00,000, so B2CL; IGST ₹15,300. Then cancelled: CDNUR.
  const large = await f.placedOrder(await f.customer(), 1, { prices: [85_000] });
  invoices.push(large.invoiceNo);
  await cancelLine(large.orderId, large.services[0].id);

  // A rate change inside the month: one Karnataka service of ₹200 sold at 18% (₹18 + ₹18), then at 5% (₹5 + ₹5).
  // A pincode no seeded zone holds (the factories' own are 8xxxxx).
  const pinCode = `79${String(Date.now() % 10_000).padStart(4, '0')}`;
  const zone = await f.zone({ state: 'Karnataka', city: 'Bengaluru', pinCode: [pinCode] });
  const category = await f.category({ categoryZoneList: [{ zoneId: zone.id }] });
  const sub = await f.subCategory({ categoryId: category.id });
  const service = await f.service({ subCategoryId: sub.id, price: 200, discount: 0, gst: 18 });
  const place = { state: 'Karnataka', city: 'Bengaluru', pinCode };
  invoices.push((await orderOf(service.id, place, 300)).invoiceNo);
  await t.db.update(services).set({ gstPercent: 5 }).where(eq(services.id, service.id));
  orderAgain = () => orderOf(service.id, place, 300);
  invoices.push((await orderAgain()).invoiceNo);

  // A plan of ₹499 with 18% in it, bought by a customer with no address (the company's state): taxable
  // 499 × 100 / 118 = 422.881… → ₹422.88, GST ₹76.12 = CGST ₹38.06 + SGST ₹38.06.
  const plan = dataOf<Row>(
    await t.api('POST', '/api/AddSubscriptionDetails', {
      token: admin,
      body: { subscriptionName: `GST plan ${Date.now()}`, durationInMonths: 3, price: 499 },
    }),
    201,
  );
  const buyer = await f.customer();
  dataOf(
    await t.api('POST', '/api/UpdateCustomerWalletBalance', {
      token: admin,
      body: { MobileNo: buyer.mobileNo, Amount: 499, Remark: 'Test funds for a plan' },
      headers: key(),
    }),
  );
  dataOf(
    await t.api('PUT', `/api/Customer/TakeSubscription?SubscriptionID=${plan.id}&ApiName=Wallet`, {
      token: await buyer.token(),
      headers: key(),
    }),
    201,
  );

  // A product request of a vendor registered in Maharashtra (27): 2 × ₹590 (18% in it) of HSN 842121 = ₹1,180,
  // taxable ₹1,000, IGST ₹180.
  const pan = freshPan();
  vendorGstin = `27${pan}1Z${gstinCheckChar(`27${pan}1Z`)}`;
  const v = await pf.vendor({ gstno: vendorGstin });
  const product = await pf.product({ quantity: 5, mrp: 590, discount: 0, gst: 18, hsnCode: '842121' });
  const id = await pf.submitted(v, [{ productId: product.id, requestQty: 2 }]);
  dataOf(await pf.decide(id, 'IM', false));
  dataOf(await pf.decide(id, 'A', false));
  await pf.fund(v.id, 2000);
  dataOf(await pf.pay(v, id));
  // A month of documents through HTTP on a shared machine: minutes, not the default minute.
}, 300_000);
afterAll(() => t?.close());

describe('GSTR-1 of this month', () => {
  it('lists the registered vendor invoice by invoice in B2B, and the large inter-state one in B2CL', async () => {
    const g = dataOf<Row>(await get('/api/Reports/Gstr1?Month=0&Year=0'));
    expect(g.supplier).toMatchObject({ state: 'Karnataka', stateCode: '29' });
    expect(g.period.b2clLimit).toBe(100000);
    expect(g.b2b).toHaveLength(1);
    expect(g.b2b[0]).toMatchObject({
      gstin: vendorGstin,
      value: 1180,
      placeOfSupply: '27-Maharashtra',
      items: [{ rate: 18, taxableValue: 1000, igst: 180, cgst: 0, sgst: 0, cess: 0 }],
    });
    expect(g.b2cl).toHaveLength(1);
    expect(g.b2cl[0]).toMatchObject({
      number: invoices[2],
      value: 100300,
      placeOfSupply: '27-Maharashtra',
      items: [{ rate: 18, taxableValue: 85000, igst: 15300 }],
    });
    expect(g.cdnur).toHaveLength(1);
    expect(g.cdnur[0]).toMatchObject({
      invoice: invoices[2],
      value: 100300,
      items: [{ taxableValue: 85000, igst: 15300 }],
    });
    expect(g.cdnr).toEqual([]);
  });

  it('adds the rest up in B2CS by place of supply and rate, the credit note netted, the rate change split', async () => {
    const g = dataOf<Row>(await get('/api/Reports/Gstr1'));
    // 29 at 5%: the second ₹200 order. 29 at 18%: ₹1,000 + ₹200 + the plan's ₹422.88 = ₹1,622.88; CGST = SGST =
    // 90 + 18 + 38.06 = ₹146.06. 27 at 18%: ₹1,000 + ₹500 − ₹500 = ₹1,000, IGST 180 + 90 − 90 = ₹180.
    expect(g.b2cs).toEqual([
      {
        supplyType: 'INTER',
        placeOfSupply: '27-Maharashtra',
        rate: 18,
        taxableValue: 1000,
        igst: 180,
        cgst: 0,
        sgst: 0,
        cess: 0,
      },
      {
        supplyType: 'INTRA',
        placeOfSupply: '29-Karnataka',
        rate: 5,
        taxableValue: 200,
        igst: 0,
        cgst: 5,
        sgst: 5,
        cess: 0,
      },
      {
        supplyType: 'INTRA',
        placeOfSupply: '29-Karnataka',
        rate: 18,
        taxableValue: 1622.88,
        igst: 0,
        cgst: 146.06,
        sgst: 146.06,
        cess: 0,
      },
    ]);
    // Table 12, B2B: the vendor's 2 filters. B2C: SAC 998729 (the services) at 5% ₹200; at 18% ₹1,000 + ₹1,000
    // + ₹200 + (₹85,000 − ₹85,000) = ₹2,200, IGST ₹180, CGST = SGST ₹108; SAC 999799 (the plan) ₹422.88.
    expect(g.hsnB2b).toEqual([
      expect.objectContaining({ code: '842121', uqc: 'NOS', quantity: 2, rate: 18, taxableValue: 1000, igst: 180 }),
    ]);
    expect(g.hsnB2c.map((h: Row) => [h.code, h.uqc, h.rate, h.taxableValue, h.igst, h.cgst, h.sgst])).toEqual([
      ['998729', 'NA', 5, 200, 0, 5, 5],
      ['998729', 'NA', 18, 2200, 180, 108, 108],
      ['999799', 'NA', 18, 422.88, 0, 38.06, 38.06],
    ]);
    // Net: 1,000 + 85,000 + 1,000 + 200 + 1,622.88 − 85,000 = ₹3,822.88; IGST 180 + 15,300 + 180 − 15,300 = ₹360.
    expect(g.totals.net).toEqual({ taxableValue: 3822.88, igst: 360, cgst: 151.06, sgst: 151.06, cess: 0 });
  });

  it('counts every document once, in its series, and the tax per head equals the ledger', async () => {
    const g = dataOf<Row>(await get('/api/Reports/Gstr1'));
    // Invoices: 5 orders, the plan and the product request, consecutive in the INV series; 2 credit notes.
    expect(g.documents).toEqual([
      expect.objectContaining({ nature: 'Invoices for outward supply', total: 7, cancelled: 0, netIssued: 7 }),
      expect.objectContaining({ nature: 'Credit Note', total: 2, cancelled: 0, netIssued: 2 }),
    ]);
    expect(g.documents[0].from).toBe(invoices[0]);
    expect(g.checks.filter((c: Row) => !c.ok)).toEqual([]);
    expect(g.checks).toHaveLength(6);
    const report = await checkLedger(t.db);
    expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
  });

  it('shows a check off when the ledger moved tax no document declares', async () => {
    // A stray posting straight into IGST payable (never done by the app), read inside a transaction that is rolled
    // back (the ledger is append-only): the return no longer matches the ledger, and says which head.
    const seen = await rolledBack(async (tx) => {
      const [{ id }] = (
        (await tx.execute(
          sql`insert into ledger_transfers (kind, remark) values ('adjustment', 'test') returning id`,
        )) as unknown as { rows: { id: number }[] }
      ).rows;
      await tx.execute(
        sql`insert into ledger_entries (transfer_id, account_id, amount, balance_after) values (${id}, 14, 1, 0), (${id}, 3, -1, 0)`,
      );
      return (await gstr1(tx, loadCompany({}), { Month: 0, Year: 0 })).checks;
    });
    expect(seen.filter((c) => !c.ok).map((c) => c.name)).toEqual(['Integrated tax equals the ledger']);
  });
});

describe('GSTR-3B of this month', () => {
  it('declares 3.1(a) net of credit notes and 3.2 per state, matching the ledger', async () => {
    const b = dataOf<Row>(await get('/api/Reports/Gstr3b'));
    expect(b.outwardTaxable).toEqual({ taxableValue: 3822.88, igst: 360, cgst: 151.06, sgst: 151.06, cess: 0 });
    // 3.2: Maharashtra's unregistered supplies: B2CS ₹1,000 (IGST ₹180) + B2CL ₹85,000 − its note ₹85,000.
    expect(b.unregisteredInterState).toEqual([{ placeOfSupply: '27-Maharashtra', taxableValue: 1000, igst: 180 }]);
    expect(b.ledger).toEqual({ cgst: 151.06, sgst: 151.06, igst: 360 });
  });
});

describe('the exports', () => {
  it('writes the offline tool JSON that meets the recorded schema', async () => {
    const res = await get('/api/Reports/Gstr1Json?Month=0&Year=0');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="GSTR1_29AAFCD1234K1ZN_\d{6}\.json"$/,
    );
    const json = res.body;
    const schema = JSON.parse(readFileSync('docs/schemas/gstr1-offline.schema.json', 'utf8'));
    const validate = new Ajv({ allErrors: true, multipleOfPrecision: 9 }).compile(schema);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json.b2b[0]).toMatchObject({ ctin: vendorGstin, inv: [{ pos: '27', val: 1180, rchrg: 'N', inv_typ: 'R' }] });
    expect(json.b2cl[0].inv[0].itms[0].itm_det).toEqual({ rt: 18, txval: 85000, iamt: 15300, csamt: 0 });
    expect(json.b2cs).toContainEqual({
      sply_ty: 'INTRA',
      pos: '29',
      typ: 'OE',
      rt: 18,
      txval: 1622.88,
      camt: 146.06,
      samt: 146.06,
      csamt: 0,
    });
    // The schema refuses what the portal would: an amount with a third decimal.
    json.b2cs[0].txval = 1000.005;
    expect(validate(json)).toBe(false);
  });

  it('writes the Excel workbook, one sheet per section, the template columns first', async () => {
    const res = await fetch(`${t.url}/api/Reports/Gstr1Xlsx`, { headers: { authorization: `Bearer ${accountant}` } });
    expect(res.status).toBe(200);
    const sheets = await readXlsxFile(Buffer.from(await res.arrayBuffer()));
    expect(sheets.map((s) => s.sheet)).toEqual([
      'b2b',
      'b2cl',
      'b2cs',
      'cdnr',
      'cdnur',
      'hsn(b2b)',
      'hsn(b2c)',
      'docs',
    ]);
    const b2cs = sheets.find((s) => s.sheet === 'b2cs')?.data ?? [];
    expect(b2cs[0]).toEqual([
      'Type',
      'Place Of Supply',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
      'Cess Amount',
      'E-Commerce GSTIN',
    ]);
    expect(b2cs.slice(1).map((r) => [r[1], r[3], r[4]])).toEqual([
      ['27-Maharashtra', 18, 1000],
      ['29-Karnataka', 5, 200],
      ['29-Karnataka', 18, 1622.88],
    ]);
  });
});

describe('the calls', () => {
  it('are the accountant’s and the admin’s only, and name a wrong month or year', async () => {
    expect((await get('/api/Reports/Gstr1', admin)).status).toBe(200);
    expect((await get('/api/Reports/Gstr1', await t.tokenFor('HR'))).status).toBe(403);
    expect((await t.api('GET', '/api/Reports/Gstr3b')).status).toBe(401);
    const month = await get('/api/Reports/Gstr1?Month=13');
    expect(month.status).toBe(400);
    expect(month.body.errors[0].field).toBe('Month');
    const year = await get('/api/Reports/Gstr3b?Month=1&Year=1999');
    expect(year.status).toBe(400);
    expect(year.body.errors[0].field).toBe('Year');
  });
});

describe('the daily rollup (decision 058)', () => {
  const company = loadCompany({});
  const failing = (checks: { name: string; ok: boolean }[]) => checks.filter((c) => !c.ok).map((c) => c.name);

  it('joins a run of numbers across days and counts a number used on two days against two documents', async () => {
    // The first two orders (consecutive numbers) invoiced on 10 and 11 March 2025, India time.
    const at = (day: string) => `2025-03-${day}T10:00:00+05:30`;
    const march = { Month: 3, Year: 2025 };
    const runAt = new Date(at('12'));
    const seen = await rolledBack(async (tx) => {
      await tx.execute(sql`update orders set invoice_date = ${at('10')} where invoice_no = ${invoices[0]}`);
      await tx.execute(sql`update orders set invoice_date = ${at('11')} where invoice_no = ${invoices[1]}`);
      const fromRows = await gstr1(tx, company, march);
      await refreshGstRollup(tx, company, runAt);
      const fromRollup = await gstr1(tx, company, march);
      // The plan's invoice given the first order's number and the 11th (never done by the app); the rollup is
      // cleared so that its next run reads every day again.
      await tx.execute(
        sql`update customer_subscriptions set invoice_no = ${invoices[0]}, invoiced_at = ${at('11')} where invoice_no is not null`,
      );
      await tx.execute(sql`delete from gst_daily`);
      await tx.execute(sql`delete from rollup_state where name = 'gst'`);
      const clashFromRows = await gstr1(tx, company, march);
      await refreshGstRollup(tx, company, runAt);
      const clashFromRollup = await gstr1(tx, company, march);
      return { fromRows, fromRollup, clashFromRows, clashFromRollup };
    });
    const run = expect.objectContaining({ from: invoices[0], to: invoices[1], total: 2 });
    // The ledger moved their tax today, so only the documents' check is read here.
    const invoicesOnce = (checks: { name: string; ok: boolean; detail: string }[]) =>
      checks.find((c) => c.name === 'Every invoice appears once');
    expect(seen.fromRows.documents).toEqual([run]);
    expect(invoicesOnce(seen.fromRows.checks)).toEqual(
      expect.objectContaining({ ok: true, detail: '2 invoices numbered in the month, each in one section.' }),
    );
    expect(seen.fromRollup).toEqual(seen.fromRows);
    // Still two numbers in the series, but three documents in the sections behind them.
    expect(seen.clashFromRows.documents).toEqual([run]);
    expect(invoicesOnce(seen.clashFromRows.checks)).toEqual(
      expect.objectContaining({
        ok: false,
        detail: '2 invoices numbered, 3 in the sections, 3 documents behind them, 0 listed of 0.',
      }),
    );
    expect(seen.clashFromRollup).toEqual(seen.clashFromRows);
  });

  it('answers this month the same from the rollup, and a document written after a run joins at the next', async () => {
    const before = {
      gstr1: dataOf<Row>(await get('/api/Reports/Gstr1')),
      gstr3b: dataOf<Row>(await get('/api/Reports/Gstr3b')),
    };
    // A run as if it were tomorrow (India) puts today's documents in the rollup.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const run = await refreshGstRollup(t.db, company, tomorrow);
    const { rolled, rows } = await gstRollupAgainstRows(t.db, company, run.from, run.to);
    expect(rolled.length).toBeGreaterThan(0);
    expect(rolled).toEqual(rows);
    expect(dataOf<Row>(await get('/api/Reports/Gstr1'))).toEqual(before.gstr1);
    expect(dataOf<Row>(await get('/api/Reports/Gstr3b'))).toEqual(before.gstr3b);

    // An order invoiced after that run is in the rollup's days; the next run reads its day again.
    const extra = await orderAgain();
    await refreshGstRollup(t.db, company, tomorrow);
    const after = dataOf<Row>(await get('/api/Reports/Gstr1'));
    expect(after.documents[0]).toEqual(
      expect.objectContaining({ total: before.gstr1.documents[0].total + 1, to: extra.invoiceNo }),
    );
    expect(failing(after.checks)).toEqual([]);
    const again = await gstRollupAgainstRows(t.db, company, run.from, run.to);
    expect(again.rolled).toEqual(again.rows);
  });
});
