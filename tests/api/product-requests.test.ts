import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stockMovements } from '../../server/db/schema';
import { checkLedger } from '../../server/domains/money/wallets/service';
import { stockCheck } from '../../server/domains/supply/products/service';
import { dataOf } from '../support/catalogue';
import { factories } from '../support/factories';
import { productRequestFactories } from '../support/product-request-factories';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let pf: ReturnType<typeof productRequestFactories>;
beforeAll(async () => {
  t = await startTestServer();
  pf = productRequestFactories(t);
});
afterAll(() => t?.close());
afterEach(async () => {
  const report = await checkLedger(t.db);
  expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
  const stock = await stockCheck(t.db);
  expect(stock.checks.filter((c) => c.breaches.length)).toEqual([]);
});

type Vendor = Awaited<ReturnType<typeof pf.vendor>>;

const stockOf = async (productId: number) => {
  const res: unknown = await t.db.execute(sql`select on_hand, reserved from products where id = ${productId}`);
  type Row = { on_hand: number; reserved: number };
  const [row] = (res && typeof res === 'object' && 'rows' in res ? (res as { rows: Row[] }).rows : res) as Row[];
  return { onHand: Number(row.on_hand), reserved: Number(row.reserved) };
};

const checkout = async (v: Vendor) =>
  dataOf(await t.api('GET', `/api/Vendor/GetProductReqCheckoutData?vendorId=${v.id}`, { token: v.token }));

describe('the request cart', () => {
  it('adds per professional and product, adds to an existing line, prices it now and keeps totals exact', async () => {
    const v = await pf.vendor();
    const p = await pf.product({ mrp: 499.99, discount: 7, gst: 18 });
    const line = await pf.addToCart(v, { productId: p.id, professionalId: v.professional.id, requestQty: 2 });
    expect(line).toMatchObject({ productId: p.id, professionalId: v.professional.id, requestQty: 2 });
    const again = await pf.addToCart(v, { productId: p.id, professionalId: v.professional.id, requestQty: 3 });
    expect(again.id).toBe(line.id);
    expect(again.requestQty).toBe(5);
    const c = await checkout(v);
    expect(c.lines).toHaveLength(1);
    const unit = Math.round(49999 * 0.93) / 100; // 7% off, rounded half-up to paise by the store
    expect(c.lines[0].unitPrice).toBeCloseTo(unit, 2);
    const totalPaise = Math.round(c.lines[0].unitPrice * 100) * 5;
    const taxablePaise = Math.round((totalPaise * 100) / 118);
    expect(c.total).toBe(totalPaise / 100);
    expect(c.taxable).toBe(taxablePaise / 100);
    expect(c.gstAmount).toBe((totalPaise - taxablePaise) / 100);
    expect(c.canSubmit).toBe(true);
  });

  it("refuses a professional who is not the vendor's, an unknown or switched-off product and bad quantities", async () => {
    const v = await pf.vendor();
    const other = await pf.vendor();
    const p = await pf.product();
    const add = (body: Record<string, unknown>) =>
      t.api('POST', '/api/Vendor/AddIntoRequestCart', { token: v.token, body });
    let res = await add({ productId: p.id, professionalId: other.professional.id, requestQty: 1 });
    expect(res.status).toBe(404);
    res = await add({ productId: 999999, professionalId: v.professional.id, requestQty: 1 });
    expect(res.status).toBe(404);
    for (const requestQty of [0, -1, 10001, 1.5]) {
      res = await add({ productId: p.id, professionalId: v.professional.id, requestQty });
      expect(res.status, String(requestQty)).toBe(400);
      expect(res.body.errors[0].field).toMatch(/requestQty/);
    }
    res = await add({ productId: p.id, professionalId: v.professional.id });
    expect(res.status).toBe(400);
    await pf.addToCart(v, { productId: p.id, professionalId: v.professional.id, requestQty: 9999 });
    res = await add({ productId: p.id, professionalId: v.professional.id, requestQty: 2 });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].field).toBe('requestQty');
    const off = await pf.product({ status: false });
    res = await add({ productId: off.id, professionalId: v.professional.id, requestQty: 1 });
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain(off.productName);
  });

  it('updates a quantity, deletes a line and empties the cart; never another vendor’s', async () => {
    const v = await pf.vendor();
    const other = await pf.vendor();
    const [a, b] = [await pf.product(), await pf.product()];
    const la = await pf.addToCart(v, { productId: a.id, professionalId: v.professional.id, requestQty: 1 });
    const lb = await pf.addToCart(v, { productId: b.id, professionalId: v.professional.id, requestQty: 1 });
    let res = await t.api('PUT', `/api/Vendor/UpdateVendorCartRquestQty?id=${la.id}&Qty=7`, { token: v.token });
    expect(dataOf(res).requestQty).toBe(7);
    res = await t.api('PUT', `/api/Vendor/UpdateVendorCartRquestQty?id=${la.id}&Qty=0`, { token: v.token });
    expect(res.status).toBe(400);
    // Another vendor: 404 on the line, 403 naming the first vendor.
    res = await t.api('PUT', `/api/Vendor/UpdateVendorCartRquestQty?id=${la.id}&Qty=3`, { token: other.token });
    expect(res.status).toBe(404);
    res = await t.api('POST', `/api/Vendor/DeleteProductCart?id=${la.id}&ProductId=${a.id}&VendorId=${v.id}`, {
      token: other.token,
    });
    expect(res.status).toBe(403);
    res = await t.api('POST', `/api/Vendor/DeleteProductCart?id=${la.id}&ProductId=${a.id}&VendorId=${other.id}`, {
      token: other.token,
    });
    expect(res.status).toBe(404);
    res = await t.api('GET', `/api/Vendor/GetProductReqCheckoutData?vendorId=${v.id}`, { token: other.token });
    expect(res.status).toBe(403);
    res = await t.api('POST', `/api/Vendor/DeleteAllProductsCart?VendorId=${v.id}`, { token: other.token });
    expect(res.status).toBe(403);
    expect((await checkout(v)).lines).toHaveLength(2);
    // The wrong product for the line is 404; the right one removes it.
    res = await t.api('POST', `/api/Vendor/DeleteProductCart?id=${la.id}&ProductId=${b.id}&VendorId=${v.id}`, {
      token: v.token,
    });
    expect(res.status).toBe(404);
    res = await t.api('POST', `/api/Vendor/DeleteProductCart?id=${la.id}&ProductId=${a.id}&VendorId=${v.id}`, {
      token: v.token,
    });
    expect(res.status).toBe(200);
    expect((await checkout(v)).lines.map((l: any) => l.id)).toEqual([lb.id]);
    res = await t.api('POST', `/api/Vendor/DeleteAllProductsCart?VendorId=${v.id}`, { token: v.token });
    expect(res.body.message).toMatch(/1 line/);
    expect((await checkout(v)).lines).toEqual([]);
  });

  it('submits the whole cart as one request with a price snapshot, empties the cart, refuses an empty one', async () => {
    const v = await pf.vendor();
    const [a, b] = [await pf.product({ gst: 5 }), await pf.product({ gst: 40, discount: 0 })];
    await pf.addToCart(v, { productId: a.id, professionalId: v.professional.id, requestQty: 3 });
    await pf.addToCart(v, { productId: b.id, professionalId: v.professional.id, requestQty: 1 });
    const before = await checkout(v);
    const res = await t.api('PUT', `/api/Vendor/RequestProductByVendor?VendorId=${v.id}`, { token: v.token });
    const r = dataOf(res, 201);
    expect(r.state).toBe('pendingIM');
    expect(r.total).toBe(before.total);
    expect(r.taxable).toBe(before.taxable);
    expect(r.gstAmount).toBe(before.gstAmount);
    expect(r.lines).toHaveLength(2);
    for (const l of r.lines) {
      expect(Math.round(l.taxable * 100) + Math.round(l.gstAmount * 100)).toBe(Math.round(l.lineTotal * 100));
      expect(Math.round(l.taxable * 100)).toBe(Math.round((Math.round(l.lineTotal * 100) * 100) / (100 + l.gst)));
    }
    expect(r.history.map((h: any) => [h.event, h.toState])).toEqual([['SUBMIT', 'pendingIM']]);
    expect(r.allowedEvents).toEqual(['CANCEL']);
    expect((await checkout(v)).lines).toEqual([]);
    const again = await t.api('PUT', `/api/Vendor/RequestProductByVendor?VendorId=${v.id}`, { token: v.token });
    expect(again.status).toBe(409);
    // Nothing is held yet: the inventory manager's acceptance reserves.
    expect((await stockOf(a.id)).reserved).toBe(0);
  });

  it('refuses to submit a cart holding a product switched off since it was added (nothing submitted)', async () => {
    const v = await pf.vendor();
    const p = await pf.product();
    await pf.addToCart(v, { productId: p.id, professionalId: v.professional.id, requestQty: 1 });
    await t.db.execute(sql`update products set active = false where id = ${p.id}`);
    const c = await checkout(v);
    expect(c.canSubmit).toBe(false);
    expect(c.lines[0].problem).toContain('switched off');
    const res = await t.api('PUT', `/api/Vendor/RequestProductByVendor?VendorId=${v.id}`, { token: v.token });
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain(p.productName);
    expect((await checkout(v)).lines).toHaveLength(1);
  });
});

describe('the decisions', () => {
  it('IM accepts (stock reserved), admin rejects with a remark (released), vendor re-approves, both accept', async () => {
    const v = await pf.vendor();
    const p = await pf.product({ quantity: 10 });
    const id = await pf.submitted(v, [{ productId: p.id, requestQty: 4 }]);
    let res = await pf.decide(id, 'IM', false);
    expect(dataOf(res).state).toBe('pendingAdmin');
    expect(await stockOf(p.id)).toEqual({ onHand: 10, reserved: 4 });
    res = await pf.decide(id, 'A', true);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('remark');
    res = await pf.decide(id, 'A', true, '   ');
    expect(res.status).toBe(400);
    res = await pf.decide(id, 'A', true, 'Quantity too high for one technician');
    const rejected = dataOf(res);
    expect(rejected.state).toBe('rejectedByAdmin');
    expect(rejected.rejectRemark).toBe('Quantity too high for one technician');
    expect(await stockOf(p.id)).toEqual({ onHand: 10, reserved: 0 });
    const asVendor = await pf.view(v.token, id);
    expect(asVendor.allowedEvents).toEqual(['REAPPROVE', 'CANCEL']);
    // Another vendor cannot send it back: it is not theirs to know of.
    const other = await pf.vendor();
    res = await t.api('PUT', `/api/Vendor/RequestReApprove?IOrderId=${id}&ResRole=A`, { token: other.token, body: {} });
    expect(res.status).toBe(404);
    expect((await pf.view(await t.tokenFor('A'), id)).state).toBe('rejectedByAdmin');
    res = await t.api('PUT', `/api/Vendor/RequestReApprove?IOrderId=${id}&ResRole=IM`, { token: v.token, body: {} });
    expect(res.status).toBe(409);
    expect(res.body.allowedEvents).toEqual(['REAPPROVE', 'CANCEL']);
    res = await t.api(
      'PUT',
      `/api/Vendor/RequestReApprove?IOrderId=${id}&ResRole=A&ProfessionalId=${v.professional.id}`,
      { token: v.token, body: {} },
    );
    expect(dataOf(res).state).toBe('pendingIM');
    expect(dataOf(await pf.decide(id, 'IM', false)).state).toBe('pendingAdmin');
    expect(dataOf(await pf.decide(id, 'A', false)).state).toBe('approved');
    expect(await stockOf(p.id)).toEqual({ onHand: 10, reserved: 4 });
    const detail = await pf.view(t.tokenFor('A'), id);
    expect(detail.history.map((h: any) => h.event)).toEqual([
      'SUBMIT',
      'ACCEPT',
      'REJECT',
      'REAPPROVE',
      'ACCEPT',
      'ACCEPT',
    ]);
    expect(detail.history[2]).toMatchObject({
      fromState: 'pendingAdmin',
      toState: 'rejectedByAdmin',
      remark: 'Quantity too high for one technician',
    });
    expect(detail.history[2].actorName).toBeTruthy();
    const moves = await t.db
      .select({ kind: stockMovements.kind })
      .from(stockMovements)
      .where(and(eq(stockMovements.requestId, id), eq(stockMovements.productId, p.id)))
      .orderBy(stockMovements.id);
    expect(moves.map((m) => m.kind)).toEqual(['reserved', 'released', 'reserved']);
  });

  it('tells the vendor of each decision in /Notification and by SMS, and of nothing refused', async () => {
    const v = await pf.vendor();
    const p = await pf.product({ quantity: 10 });
    const id = await pf.submitted(v, [{ productId: p.id, requestQty: 1 }]);
    expect((await pf.decide(id, 'A', false)).status).toBe(409); // the admin before the IM: nobody is told
    expect(dataOf(await pf.decide(id, 'IM', false)).state).toBe('pendingAdmin');
    expect(dataOf(await pf.decide(id, 'A', true, 'Over budget this month')).state).toBe('rejectedByAdmin');
    const second = await pf.submitted(v, [{ productId: p.id, requestQty: 1 }]);
    await pf.decide(second, 'IM', false);
    expect(dataOf(await pf.decide(second, 'A', false)).state).toBe('approved');
    const items = dataOf(await t.api('GET', '/api/Notifications/Mine', { token: v.token })).items as {
      kind: string;
      title: string;
      body: string;
      link: string;
    }[];
    const link = (n: number) => `/TrackRequest/TrackProductRequest?id=${n}`;
    // Newest first.
    expect(items.map(({ kind, title, body, link }) => ({ kind, title, body, link }))).toEqual([
      {
        kind: 'product_request',
        title: `Request ${second} accepted`,
        body: `Request ${second} was accepted by the admin. Pay it from your wallet to have it issued.`,
        link: link(second),
      },
      {
        kind: 'product_request',
        title: `Request ${second} accepted`,
        body: `Request ${second} was accepted by the inventory manager.`,
        link: link(second),
      },
      {
        kind: 'product_request',
        title: `Request ${id} rejected`,
        body: `Request ${id} was rejected by the admin: Over budget this month`,
        link: link(id),
      },
      {
        kind: 'product_request',
        title: `Request ${id} accepted`,
        body: `Request ${id} was accepted by the inventory manager.`,
        link: link(id),
      },
    ]);
    const res: unknown = await t.db.execute(
      sql`select body from notification_outbox where recipient = ${v.mobileNo} and template = 'product_request'
          order by id`,
    );
    const sms = (res as { rows: { body: string }[] }).rows.map((r) => r.body);
    expect(sms).toEqual([
      `Request ${id} accepted: Request ${id} was accepted by the inventory manager.`,
      `Request ${id} rejected: Request ${id} was rejected by the admin: Over budget this month`,
      `Request ${second} accepted: Request ${second} was accepted by the inventory manager.`,
      `Request ${second} accepted: Request ${second} was accepted by the admin. Pay it from your wallet to have it issued.`,
    ]);
  });

  it('refuses the wrong approver with 409 and the allowed events, and a ResRole not the caller’s with 403', async () => {
    const v = await pf.vendor();
    const id = await pf.submitted(v);
    let res = await pf.decide(id, 'A', false);
    expect(res.status).toBe(409);
    expect(res.body.state).toBe('pendingIM');
    expect(res.body.allowedEvents).toEqual(['ACCEPT:IM', 'REJECT:IM', 'CANCEL']);
    res = await t.api('PUT', `/api/Vendor/RequestRejectAccept?IOrderId=${id}&RejFlag=false&ResRole=IM`, {
      token: await t.tokenFor('A'),
      body: {},
    });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].field).toBe('ResRole');
    res = await t.api('PUT', `/api/Vendor/RequestRejectAccept?IOrderId=${id}&RejFlag=maybe&ResRole=IM`, {
      token: await t.tokenFor('IM'),
      body: {},
    });
    expect(res.status).toBe(400);
    res = await t.api(
      'PUT',
      `/api/Vendor/RequestRejectAccept?IOrderId=${id}&RejFlag=false&ResRole=IM&ProfessionalId=1`,
      { token: await t.tokenFor('IM'), body: {} },
    );
    expect(res.status).toBe(404);
    res = await t.api('PUT', `/api/Vendor/RequestRejectAccept?IOrderId=99999999&RejFlag=false&ResRole=IM`, {
      token: await t.tokenFor('IM'),
      body: {},
    });
    expect(res.status).toBe(404);
    expect((await pf.view(t.tokenFor('IM'), id)).allowedEvents).toEqual(['ACCEPT:IM', 'REJECT:IM']);
    expect((await pf.view(t.tokenFor('A'), id)).allowedEvents).toEqual([]);
  });

  it('refuses an IM acceptance when not enough stock is free, naming the product (nothing changes)', async () => {
    const v = await pf.vendor();
    const p = await pf.product({ quantity: 3 });
    const id = await pf.submitted(v, [{ productId: p.id, requestQty: 5 }]);
    const res = await pf.decide(id, 'IM', false);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(`Only 3 of ${p.productName} are free in the store; 5 were asked for.`);
    const after = await pf.view(v.token, id);
    expect(after.state).toBe('pendingIM');
    // The step's writes share the movement's statement: the refusal undid the log and the vendor's notice too.
    expect(after.history.map((h: { event: string }) => h.event)).toEqual(['SUBMIT']);
    expect(dataOf(await t.api('GET', '/api/Notifications/Mine', { token: v.token })).items).toEqual([]);
    expect(await stockOf(p.id)).toEqual({ onHand: 3, reserved: 0 });
  });

  it('lets the vendor cancel until paid, releasing held stock; another vendor cannot', async () => {
    const v = await pf.vendor();
    const other = await pf.vendor();
    const p = await pf.product({ quantity: 10 });
    const id = await pf.submitted(v, [{ productId: p.id, requestQty: 2 }]);
    await pf.decide(id, 'IM', false);
    let res = await t.api('PUT', `/api/Vendor/RequestCancelByVendor?IOrderId=${id}&VendorId=${other.id}`, {
      token: other.token,
    });
    expect(res.status).toBe(404);
    res = await t.api('PUT', `/api/Vendor/RequestCancelByVendor?IOrderId=${id}&VendorId=${v.id}`, {
      token: other.token,
    });
    expect(res.status).toBe(403);
    res = await pf.cancel(v, id);
    expect(dataOf(res).state).toBe('cancelled');
    expect(await stockOf(p.id)).toEqual({ onHand: 10, reserved: 0 });
    res = await pf.cancel(v, id);
    expect(res.status).toBe(409);
    expect(res.body.allowedEvents).toEqual([]);
  });
});

describe('payment and the invoice', () => {
  async function approved(v: Vendor, quantity = 2, stock = 10) {
    const p = await pf.product({ quantity: stock, mrp: 1000, discount: 0, gst: 18 });
    const id = await pf.submitted(v, [{ productId: p.id, requestQty: quantity }]);
    dataOf(await pf.decide(id, 'IM', false));
    dataOf(await pf.decide(id, 'A', false));
    return { id, p };
  }

  it('refuses an unaffordable payment with the amount missing and moves nothing', async () => {
    const v = await pf.vendor();
    const { id, p } = await approved(v, 3);
    await pf.fund(v.id, 1000);
    const res = await pf.pay(v, id);
    expect(res.status).toBe(409);
    expect(res.body.missingAmount).toBe(2000);
    expect(res.body.detail).toMatch(/Add at least ₹2,000.00/);
    expect(res.body.detail).toMatch(/Add Money To Wallet/);
    expect(res.body.errors[0].field).toBe('VendorId');
    expect((await pf.view(v.token, id)).state).toBe('approved');
    expect(await stockOf(p.id)).toEqual({ onHand: 10, reserved: 3 });
    const inv = await t.api('GET', `/api/Vendor/GetRequestOrderInvoiceData?IOrderId=${id}`, { token: v.token });
    expect(inv.status).toBe(409);
  });

  it('pays once from the wallet: debit, stock issued, invoice with CGST/SGST or IGST and the amount in words', async () => {
    const v = await pf.vendor();
    const { id, p } = await approved(v, 2);
    await pf.fund(v.id, 5000);
    const res = await pf.pay(v, id);
    const paid = dataOf(res);
    expect(paid.state).toBe('issued');
    expect(paid.balance).toBe(3000);
    expect(paid.invoiceNo).toMatch(/^INV\/\d{4}\/\d{6}$/);
    expect(await stockOf(p.id)).toEqual({ onHand: 8, reserved: 0 });
    const again = await pf.pay(v, id);
    expect(again.status).toBe(409);
    const hist = dataOf(await t.api('GET', `/api/Vendor/GetVendorWalletHistById?id=${v.id}`, { token: v.token }));
    expect(hist.balance).toBe(3000);
    expect(hist.items.filter((r: any) => r.Type === 'Debit').map((r: any) => [r.Amount, r.Kind])).toEqual([
      [2000, 'Products from the store'],
    ]);
    const inv = dataOf(await t.api('GET', `/api/Vendor/GetRequestOrderInvoiceData?IOrderId=${id}`, { token: v.token }));
    expect(inv.invoiceNo).toBe(paid.invoiceNo);
    // The demo company is in Karnataka; the vendor in Maharashtra: IGST.
    expect(inv.gstType).toBe('IGST');
    expect(inv.totals).toMatchObject({ invoiceValue: 2000, taxableValue: 1694.92, gst: 305.08, igst: 305.08, cgst: 0 });
    expect(inv.amountInWords).toMatch(/Two Thousand/i);
    const pdf = await t.api('GET', `/api/Vendor/GetRequestOrderInvoicePdf?IOrderId=${id}`, { token: v.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    // The invoice is the vendor's own: another vendor gets 404; staff may read it.
    const other = await pf.vendor();
    expect(
      (await t.api('GET', `/api/Vendor/GetRequestOrderInvoiceData?IOrderId=${id}`, { token: other.token })).status,
    ).toBe(404);
    expect(
      (await t.api('GET', `/api/Vendor/GetRequestOrderInvoicePdf?IOrderId=${id}`, { token: other.token })).status,
    ).toBe(404);
    for (const role of ['A', 'IM', 'AC'] as const) {
      const r = await t.api('GET', `/api/Vendor/GetRequestOrderInvoiceData?IOrderId=${id}`, {
        token: await t.tokenFor(role),
      });
      expect(r.status, role).toBe(200);
    }
  });

  it("prints each line's HSN code as it was at submission (none for a product added before HSN codes)", async () => {
    const v = await pf.vendor();
    const coded = await pf.product({ hsnCode: '84213920', quantity: 10, mrp: 1000, discount: 0, gst: 18 });
    const older = await pf.product({ quantity: 10, mrp: 1000, discount: 0, gst: 18 });
    // A product from before the HSN column: the migration left it without a code.
    await t.db.execute(sql`update products set hsn_code = null where id = ${older.id}`);
    const id = await pf.submitted(v, [
      { productId: coded.id, requestQty: 1 },
      { productId: older.id, requestQty: 1 },
    ]);
    // Changed after submission: the request keeps the code it was submitted with.
    const changed = await t.api('PUT', '/api/Vendor/UpdateProducts', {
      token: await t.tokenFor('IM'),
      body: { id: coded.id, productName: coded.productName, hsnCode: '84219900', mrp: 1000, gst: 18, cost: 300 },
    });
    expect(dataOf(changed).hsnCode).toBe('84219900');
    dataOf(await pf.decide(id, 'IM', false));
    dataOf(await pf.decide(id, 'A', false));
    await pf.fund(v.id, 3000);
    dataOf(await pf.pay(v, id));
    const inv = dataOf(await t.api('GET', `/api/Vendor/GetRequestOrderInvoiceData?IOrderId=${id}`, { token: v.token }));
    expect(inv.lines.map((l: any) => [l.productId, l.hsn])).toEqual(
      expect.arrayContaining([
        [coded.id, '84213920'],
        [older.id, null],
      ]),
    );
    const pdf = await t.api('GET', `/api/Vendor/GetRequestOrderInvoicePdf?IOrderId=${id}`, { token: v.token });
    expect(pdf.status).toBe(200);
  });

  it('splits CGST and SGST for a vendor in the company state', async () => {
    const { cityIds } = await import('../support/catalogue');
    const v = await pf.vendor({ ...(await cityIds(t, 'Karnataka', 'Bengaluru')), pinCode: '560034' });
    const { id } = await approved(v, 1);
    await pf.fund(v.id, 1000);
    dataOf(await pf.pay(v, id));
    const inv = dataOf(await t.api('GET', `/api/Vendor/GetRequestOrderInvoiceData?IOrderId=${id}`, { token: v.token }));
    expect(inv.gstType).toBe('CGST+SGST');
    expect(inv.totals.cgst + inv.totals.sgst).toBeCloseTo(inv.totals.gst, 2);
    expect(inv.totals.igst).toBe(0);
  });
});

describe('tracking and ownership', () => {
  it('lists by action, a vendor only their own, staff any vendor; one request with its lines and history', async () => {
    const v = await pf.vendor();
    const other = await pf.vendor();
    const mine = await pf.submitted(v);
    const theirs = await pf.submitted(other);
    await pf.decide(theirs, 'IM', false);
    const list = async (token: string, q: string) =>
      dataOf(await t.api('GET', `/api/Vendor/TrackRequest?${q}`, { token })).items.map((r: any) => r.IOrderId);
    expect(await list(v.token, 'Action=AllRequest')).toEqual([mine]);
    expect(await list(v.token, `Action=AllRequest&VendorId=${v.id}`)).toEqual([mine]);
    expect(
      (await t.api('GET', `/api/Vendor/TrackRequest?Action=AllRequest&VendorId=${other.id}`, { token: v.token }))
        .status,
    ).toBe(403);
    const im = await t.tokenFor('IM');
    expect(await list(im, 'Action=GetPendingRequestAckFromIM&pageSize=200')).toContain(mine);
    expect(await list(im, 'Action=GetPendingRequestAckFromIM&pageSize=200')).not.toContain(theirs);
    expect(await list(im, 'Action=GetPendingRequestAckFromAdmin&pageSize=200')).toContain(theirs);
    expect(await list(im, `Action=AllRequest&VendorId=${other.id}`)).toEqual([theirs]);
    expect(await list(im, `Action=AllRequest&VendorId=${other.id}&state=pendingIM`)).toEqual([]);
    expect(await list(im, `Action=GetPendingRequestAckFromIM&state=pendingAdmin`)).toEqual([]);
    expect((await t.api('GET', '/api/Vendor/TrackRequest?Action=Nope', { token: im })).status).toBe(400);
    expect((await t.api('GET', '/api/Vendor/TrackRequest', { token: im })).status).toBe(400);
    expect(
      (await t.api('GET', `/api/Vendor/GetViewRequestOrderData?IOrderId=${theirs}`, { token: v.token })).status,
    ).toBe(404);
    const seen = await pf.view(v.token, mine);
    expect(seen.lines[0]).toMatchObject({ professionalId: v.professional.id, quantity: 2 });
    expect(seen.vendorName).toBe(v.fullName);
  });

  it('refuses every vendor operation to the other roles', async () => {
    for (const role of ['Cust', 'TE', 'CD', 'HR', 'MR'] as const) {
      const token = await t.tokenFor(role);
      const res = await t.api('GET', '/api/Vendor/TrackRequest?Action=AllRequest', { token });
      expect(res.status, role).toBe(403);
    }
    const im = await t.tokenFor('IM');
    const res = await t.api('POST', '/api/Vendor/AddIntoRequestCart', {
      token: im,
      body: { productId: 1, professionalId: 1, requestQty: 1 },
    });
    expect(res.status).toBe(403);
  });
});

describe('the vendor dashboard', () => {
  it('shows the wallet, requests by state, products issued this month and the professionals', async () => {
    const v = await pf.vendor();
    const p = await pf.product({ quantity: 10, mrp: 100, discount: 0 });
    const id = await pf.submitted(v, [{ productId: p.id, requestQty: 3 }]);
    await pf.submitted(v);
    dataOf(await pf.decide(id, 'IM', false));
    dataOf(await pf.decide(id, 'A', false));
    await pf.fund(v.id, 1000);
    dataOf(await pf.pay(v, id));
    const d = dataOf(await t.api('GET', '/api/Vendor/GetVendorDashboard', { token: v.token }));
    expect(d.walletBalance).toBe(700);
    expect(d.requestsByState.find((s: any) => s.state === 'issued').count).toBe(1);
    expect(d.requestsByState.find((s: any) => s.state === 'pendingIM').count).toBe(1);
    expect(d.issuedThisMonth).toMatchObject({ requests: 1, units: 3, amount: 300 });
    expect(d.issuedThisMonth.products).toEqual([{ productId: p.id, productName: p.productName, units: 3 }]);
    expect(d.professionals.map((x: any) => x.id)).toEqual([v.professional.id]);
    expect(d.jobsToday).toBe(0);
    const admin = await t.tokenFor('A');
    expect((await t.api('GET', '/api/Vendor/GetVendorDashboard', { token: admin })).status).toBe(400);
    expect(
      dataOf(await t.api('GET', `/api/Vendor/GetVendorDashboard?VendorId=${v.id}`, { token: admin })).vendorId,
    ).toBe(v.id);
    const other = await pf.vendor();
    expect((await t.api('GET', `/api/Vendor/GetVendorDashboard?VendorId=${v.id}`, { token: other.token })).status).toBe(
      403,
    );
  });
});

void factories;
