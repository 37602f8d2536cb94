// Output GST per head in the ledger (decision 053), through the API: an order paid inside the company's state moves
// CGST and SGST payable, one outside it IGST payable, a credit note takes back its own split, a product request its
// invoice's; each head moves by exactly the documents' figures, worked by hand, and the ledger check holds.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creditNotes, users } from '../../server/db/schema';
import { creditNoteSplit } from '../../server/domains/commerce/orderLines/cancelling';
import { applyLineEvent, moveSlotForSeed } from '../../server/domains/commerce/orderLines/service';
import { checkLedger, correctTransfer } from '../../server/domains/money/wallets/service';
import { cityIds, dataOf } from '../support/catalogue';
import { factories } from '../support/factories';
import { productRequestFactories } from '../support/product-request-factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let f: ReturnType<typeof factories>;
let pf: ReturnType<typeof productRequestFactories>;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  pf = productRequestFactories(t);
  admin = await t.tokenFor('A');
});
afterAll(() => t?.close());
afterEach(async () => {
  const report = await checkLedger(t.db);
  expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
});

const post = (path: string, token: string, body?: unknown) => t.api('POST', path, { token, body });

/** Each head's balance in paise, its shards summed; and the old single account's. */
async function heads() {
  const res: unknown = await t.db.execute(
    sql`select kind, sum(balance)::text as balance from ledger_accounts
      where owner_user_id is null and kind in ('cgst_payable', 'sgst_payable', 'igst_payable', 'gst_payable')
      group by kind`,
  );
  type R = { kind: string; balance: string };
  const rows = (res && typeof res === 'object' && 'rows' in res ? (res as { rows: R[] }).rows : res) as R[];
  const of = (k: string) => Number(rows.find((r) => r.kind === k)?.balance ?? 0);
  return { cgst: of('cgst_payable'), sgst: of('sgst_payable'), igst: of('igst_payable'), gst: of('gst_payable') };
}
const moved = (a: Awaited<ReturnType<typeof heads>>, b: Awaited<ReturnType<typeof heads>>) => ({
  cgst: b.cgst - a.cgst,
  sgst: b.sgst - a.sgst,
  igst: b.igst - a.igst,
  gst: b.gst - a.gst,
});

/**
 * An order of a new customer at an address in `state`, paid from the wallet, of one service per price (rupees, no
 * discount, 18% GST), 3 days ahead. Answers its id, invoice number and lines in price order, and the customer's token.
 */
async function paidOrder(state: 'Karnataka' | 'Maharashtra', prices: number[]) {
  const c = await f.customer();
  const city = state === 'Karnataka' ? 'Bengaluru' : 'Mumbai';
  const o = await f.placedOrder(c, prices.length, { state, city, prices });
  const lines = [...o.lines].sort((x, y) => x.totalPaise - y.totalPaise);
  return { orderId: o.orderId, invoiceNo: o.invoiceNo, lines, token: await c.token() };
}

const creditNoteOf = async (lineId: number) =>
  (await t.db.select().from(creditNotes).where(eq(creditNotes.orderLineId, lineId)))[0];

describe('an order paid inside the company state', () => {
  it('moves CGST and SGST payable by its invoice lines, split half-up per line; nothing to IGST', async () => {
    const before = await heads();
    // ₹1,000 at 18%: GST ₹180 = CGST ₹90 + SGST ₹90. Two ₹1.50 lines: 27 paise each = 14 + 13 (the odd paisa to
    // CGST, per line). CGST 9,000 + 14 + 14 = 9,028 paise; SGST 9,000 + 13 + 13 = 9,026 (not 9,027 each).
    await paidOrder('Karnataka', [1.5, 1.5, 1000]);
    expect(moved(before, await heads())).toEqual({ cgst: 9_028, sgst: 9_026, igst: 0, gst: 0 });
  });

  it("a cancelled line's credit note takes back its own split, the full line or what the fee leaves", async () => {
    const o = await paidOrder('Karnataka', [1.5, 1000]);
    const start = await heads();
    // The ₹1.50 line cancelled by us, all refunded: its 27 paise go back as 14 + 13.
    const small = o.lines[0];
    const res = await post('/api/Order/AdminCancelOrderLine', admin, {
      OrderId: o.orderId,
      ServiceId: small.serviceId,
      Remark: 'No professional free',
    });
    expect(res.status).toBe(200);
    expect(await creditNoteOf(small.id)).toMatchObject({ gstPaise: 27, cgstPaise: 14, sgstPaise: 13, igstPaise: 0 });
    const afterSmall = await heads();
    expect(moved(start, afterSmall)).toEqual({ cgst: -14, sgst: -13, igst: 0, gst: 0 });

    // The ₹1,180 line cancelled by the customer inside 3 hours once assigned: ₹99 kept, ₹1,081 refunded. GST back =
    // 1,08,100 × 18,000 / 1,18,000 = 16,489.83 → 16,490 paise = CGST 8,245 + SGST 8,245.
    const big = o.lines[1];
    const [tech] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobileNo, accountOf('TE').mobileNo));
    await t.db.transaction((tx) => applyLineEvent(tx, big.id, 'ASSIGN', null, { professionalUserId: tech.id }));
    await t.db.transaction((tx) => applyLineEvent(tx, big.id, 'ACCEPT', null, {}));
    await t.db.transaction((tx) => moveSlotForSeed(tx, big.id, new Date(Date.now() + 2 * 3_600_000)));
    const cancelled = await post('/api/Order/OrderCancellation', o.token, {
      OrderId: o.orderId,
      ServiceId: big.serviceId,
      AcceptedFee: 99,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ fee: 99, refund: 1081 });
    expect(await creditNoteOf(big.id)).toMatchObject({
      taxablePaise: 91_610,
      gstPaise: 16_490,
      cgstPaise: 8_245,
      sgstPaise: 8_245,
      igstPaise: 0,
      totalPaise: 108_100,
    });
    expect(moved(afterSmall, await heads())).toEqual({ cgst: -8_245, sgst: -8_245, igst: 0, gst: 0 });
  });
});

describe('an order paid outside the company state', () => {
  it('moves IGST payable by the whole GST, and its credit note takes it back from IGST', async () => {
    const before = await heads();
    // ₹1,000 at 18% to Maharashtra: IGST ₹180.
    const o = await paidOrder('Maharashtra', [1000]);
    const paid = await heads();
    expect(moved(before, paid)).toEqual({ cgst: 0, sgst: 0, igst: 18_000, gst: 0 });
    const res = await post('/api/Order/AdminCancelOrderLine', admin, {
      OrderId: o.orderId,
      ServiceId: o.lines[0].serviceId,
      Remark: 'Customer moved',
    });
    expect(res.status).toBe(200);
    expect(await creditNoteOf(o.lines[0].id)).toMatchObject({ gstPaise: 18_000, igstPaise: 18_000, cgstPaise: 0 });
    expect(moved(paid, await heads())).toEqual({ cgst: 0, sgst: 0, igst: -18_000, gst: 0 });
  });
});

describe('a paid product request', () => {
  /** A request of one unit of each MRP (rupees, GST included at 18%), approved by both and paid. */
  async function paidRequest(v: Awaited<ReturnType<typeof pf.vendor>>, mrps: number[]) {
    const lines = [];
    for (const mrp of mrps) {
      const p = await pf.product({ quantity: 5, mrp, discount: 0, gst: 18 });
      lines.push({ productId: p.id, requestQty: 1 });
    }
    const id = await pf.submitted(v, lines);
    dataOf(await pf.decide(id, 'IM', false));
    dataOf(await pf.decide(id, 'A', false));
    await pf.fund(v.id, 2000);
    dataOf(await pf.pay(v, id));
    return dataOf(await t.api('GET', `/api/Vendor/GetRequestOrderInvoiceData?IOrderId=${id}`, { token: v.token }));
  }

  it('of a vendor in the company state moves CGST and SGST by its invoice, split per line', async () => {
    const v = await pf.vendor({ ...(await cityIds(t, 'Karnataka', 'Bengaluru')), pinCode: '560034' });
    const before = await heads();
    // ₹1,180 with 18% in it: taxable ₹1,000, GST ₹180 = ₹90 + ₹90. Two ₹1.77: taxable ₹1.50, GST 27 paise = 14 + 13
    // each. CGST 9,028, SGST 9,026 paise.
    const inv = await paidRequest(v, [1180, 1.77, 1.77]);
    expect(inv.gstType).toBe('CGST+SGST');
    expect(inv.totals).toMatchObject({ cgst: 90.28, sgst: 90.26, igst: 0, gst: 180.54 });
    expect(moved(before, await heads())).toEqual({ cgst: 9_028, sgst: 9_026, igst: 0, gst: 0 });
  });

  it('of a vendor in another state moves IGST, and its invoice keeps that split if the vendor moves', async () => {
    const v = await pf.vendor();
    const before = await heads();
    const inv = await paidRequest(v, [1180]);
    expect(inv.gstType).toBe('IGST');
    expect(inv.totals).toMatchObject({ igst: 180, cgst: 0, sgst: 0 });
    expect(moved(before, await heads())).toEqual({ cgst: 0, sgst: 0, igst: 18_000, gst: 0 });
    // The vendor's address moves into the company's state: the invoice issued stays IGST, as the ledger took it.
    const ka = await cityIds(t, 'Karnataka', 'Bengaluru');
    await t.db.execute(
      sql`update vendors set state_id = ${ka.stateId}, city_id = ${ka.cityId} where user_id = ${v.id}`,
    );
    const again = dataOf(
      await t.api('GET', `/api/Vendor/GetRequestOrderInvoiceData?IOrderId=${inv.IOrderId}`, { token: v.token }),
    );
    expect(again.gstType).toBe('IGST');
    expect(again.totals).toMatchObject({ igst: 180, cgst: 0 });
  });
});

describe('the GST rules', () => {
  it("splits a credit note's GST as its line's invoice: half-up to CGST inside the state, all IGST outside", () => {
    expect(creditNoteSplit({ igstPaise: 0 }, 16_490)).toEqual({ cgstPaise: 8_245, sgstPaise: 8_245, igstPaise: 0 });
    expect(creditNoteSplit({ igstPaise: 0 }, 27)).toEqual({ cgstPaise: 14, sgstPaise: 13, igstPaise: 0 });
    expect(creditNoteSplit({ igstPaise: 18_000 }, 16_490)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 16_490 });
  });

  it('refuses to correct a transfer that moved output GST: a credit note undoes it', async () => {
    const o = await paidOrder('Karnataka', [1000]);
    const res: unknown = await t.db.execute(sql`select transfer_id from orders where id = ${o.orderId}`);
    type R = { transfer_id: number };
    const [row] = (res && typeof res === 'object' && 'rows' in res ? (res as { rows: R[] }).rows : res) as R[];
    const actor = {
      id: (
        await t.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.mobileNo, accountOf('A').mobileNo))
      )[0].id,
      role: 'A',
    };
    await expect(
      correctTransfer(t.db, { transferId: Number(row.transfer_id), remark: 'Undo', actor: actor as never }),
    ).rejects.toThrow(/moves output GST/);
  });
});
