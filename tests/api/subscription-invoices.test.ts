// A plan sold is a taxable supply (decision 054): its price includes 18% GST under SAC 999799, split by the place of
// supply (the customer's first address, else the company's Karnataka), with a tax invoice from the orders' series,
// the ledger's revenue taking the taxable value and each GST head its tax. Amounts worked by hand: ₹1,180 is
// ₹1,000 taxable + ₹180 GST (CGST ₹90 + SGST ₹90 inside Karnataka, IGST ₹180 outside it).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customerAddresses, customerSubscriptions, ledgerAccounts, notifications } from '../../server/db/schema';
import { checkLedger } from '../../server/domains/money/wallets/service';
import { dataOf } from '../support/catalogue';
import { subscriptionFactories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let s: ReturnType<typeof subscriptionFactories>;
beforeAll(async () => {
  t = await startTestServer();
  s = subscriptionFactories(t);
});
afterAll(() => t?.close());
afterEach(async () => {
  const report = await checkLedger(t.db);
  expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
});

const key = () => ({ 'idempotency-key': `k-${crypto.randomUUID()}` });
const take = (token: string, planId: number, mode = 'Wallet') =>
  t.api('PUT', `/api/Customer/TakeSubscription?SubscriptionID=${planId}&ApiName=${mode}`, { token, headers: key() });

/** The GST heads' and revenue's balances in paise (every shard). */
async function heads() {
  const rows = await t.db
    .select({ kind: ledgerAccounts.kind, balance: sql<string>`sum(${ledgerAccounts.balance})::text` })
    .from(ledgerAccounts)
    .where(
      and(
        isNull(ledgerAccounts.ownerUserId),
        inArray(ledgerAccounts.kind, ['revenue', 'cgst_payable', 'sgst_payable', 'igst_payable']),
      ),
    )
    .groupBy(ledgerAccounts.kind);
  const out: Record<string, number> = { revenue: 0, cgst_payable: 0, sgst_payable: 0, igst_payable: 0 };
  for (const r of rows) out[r.kind] = Number(r.balance);
  return out;
}
const moved = (a: Record<string, number>, b: Record<string, number>) =>
  Object.fromEntries(Object.keys(a).map((k) => [k, b[k] - a[k]]));

async function addressIn(customerUserId: number, state: string) {
  await t.db.insert(customerAddresses).values({
    customerUserId,
    address: '12 MG Road',
    pinCode: state === 'Karnataka' ? '560001' : '400001',
    city: state === 'Karnataka' ? 'Bengaluru' : 'Mumbai',
    state,
    receiverName: 'Asha',
    receiverMobileNo: '9800000000',
    isDefault: true,
  });
}

describe('a plan sold has a GST tax invoice', () => {
  it('from the wallet inside Karnataka: ₹1,180 is ₹1,000 + CGST ₹90 + SGST ₹90, numbered once', async () => {
    const plan = await s.plan({ price: 1180, durationInMonths: 3 });
    const c = await s.customer(2000);
    await addressIn(c.id, 'Karnataka');
    const before = await heads();
    const bought = dataOf(await take(c.tok, plan.id), 201);
    expect(bought).toMatchObject({
      price: 1180,
      total: 1180,
      taxableValue: 1000,
      gstRate: 18,
      cgst: 90,
      sgst: 90,
      igst: 0,
      sacCode: '999799',
      placeOfSupply: 'Karnataka',
    });
    expect(bought.invoiceNo).toMatch(/^INV\/\d{4}\/\d{6,}$/);
    expect(bought.invoiceDate).toBe(bought.startsAt);
    expect(bought.invoiceUrl).toBe(`/api/Customer/GetSubscriptionInvoicePdf?CustomerSubscriptionID=${bought.id}`);
    expect(moved(before, await heads())).toEqual({
      revenue: 100_000,
      cgst_payable: 9_000,
      sgst_payable: 9_000,
      igst_payable: 0,
    });
    // The customer is told, with the invoice's number.
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, c.id));
    expect(told.find((n) => n.kind === 'subscription_paid')?.body).toContain(bought.invoiceNo);
    // My plans lists it with the invoice; the PDF opens for the customer and not for another.
    const h = dataOf<{ items: any[] }>(await t.api('GET', '/api/GetSubscriptionHistoryForCustomer', { token: c.tok }));
    expect(h.items[0]).toMatchObject({ id: bought.id, invoiceNo: bought.invoiceNo });
    const pdf = await fetch(new URL(bought.invoiceUrl, t.url), { headers: { authorization: `Bearer ${c.tok}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const other = await s.customer(0);
    expect((await t.api('GET', bought.invoiceUrl, { token: other.tok })).status).toBe(404);
    // The number is the purchase's for good: nothing else took it.
    const rows = await t.db
      .select({ n: customerSubscriptions.invoiceNo })
      .from(customerSubscriptions)
      .where(eq(customerSubscriptions.invoiceNo, bought.invoiceNo));
    expect(rows).toHaveLength(1);
  });

  it('from the wallet outside Karnataka: IGST ₹180; without an address, the company’s state', async () => {
    const plan = await s.plan({ price: 1180, durationInMonths: 1 });
    const c = await s.customer(2000);
    await addressIn(c.id, 'Maharashtra');
    const before = await heads();
    const bought = dataOf(await take(c.tok, plan.id), 201);
    expect(bought).toMatchObject({ taxableValue: 1000, cgst: 0, sgst: 0, igst: 180, placeOfSupply: 'Maharashtra' });
    expect(moved(before, await heads())).toEqual({
      revenue: 100_000,
      cgst_payable: 0,
      sgst_payable: 0,
      igst_payable: 18_000,
    });
    // ₹499 with no address: taxable ₹422.88 (49,900 × 100/118 = 42,288.1), GST ₹76.12, CGST ₹38.06, SGST ₹38.06.
    const cheap = await s.plan({ price: 499 });
    const d = await s.customer(1000);
    const got = dataOf(await take(d.tok, cheap.id), 201);
    expect(got).toMatchObject({ taxableValue: 422.88, cgst: 38.06, sgst: 38.06, igst: 0, placeOfSupply: 'Karnataka' });
  });

  it('through a provider: invoiced at the payment, once; the odd paisa goes to CGST', async () => {
    const plan = await s.plan({ price: 100.1 });
    const c = await s.customer(0);
    const started = dataOf(await take(c.tok, plan.id, 'sandbox'), 201);
    expect(started).toMatchObject({ status: 'awaitingPayment', invoiceNo: null, invoiceUrl: null });
    // 10,010 × 100/118 = 8,483.05 → 8,483 taxable; GST 1,527 → CGST 764, SGST 763.
    expect(started).toMatchObject({ taxableValue: 84.83, cgst: 7.64, sgst: 7.63, igst: 0 });
    const unpaid = await t.api('GET', `/api/Customer/GetSubscriptionInvoicePdf?CustomerSubscriptionID=${started.id}`, {
      token: c.tok,
    });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.errors.map((e: { field: string }) => e.field)).toEqual(['CustomerSubscriptionID']);
    const before = await heads();
    await fetch(new URL(started.checkoutUrl, t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=pay',
      redirect: 'manual',
    });
    const check = () =>
      t.api('PUT', `/api/Customer/CheckSubscriptionPayment?orderID=${started.paymentOrderId}`, {
        token: c.tok,
      });
    const paid = dataOf(await check());
    expect(paid.invoiceNo).toMatch(/^INV\//);
    expect(moved(before, await heads())).toEqual({
      revenue: 8_483,
      cgst_payable: 764,
      sgst_payable: 763,
      igst_payable: 0,
    });
    // Checked again: the same invoice, nothing posted twice.
    const again = dataOf(await check());
    expect(again.invoiceNo).toBe(paid.invoiceNo);
    expect(moved(before, await heads())).toEqual({
      revenue: 8_483,
      cgst_payable: 764,
      sgst_payable: 763,
      igst_payable: 0,
    });
  });
});
