// Refund to source (decisions 014 and 030): a cancelled line of a provider-paid order has its wallet refund sent
// back to the payer through the provider adapter, once; a wallet-paid order, a spent refund or another customer's
// line is refused and nothing moves; a provider's refusal leaves the money in the wallet.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, sandboxOrders, sourceRefunds } from '../../server/db/schema';
import { checkLedger, walletBalance } from '../../server/domains/money/wallets/service';
import { paise } from '../../server/money';
import { dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

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

const key = () => ({ 'idempotency-key': `k-${crypto.randomUUID()}` });
/** A customer whose one-line order (₹529.94) was paid with the sandbox provider, then cancelled free of charge. */
async function cancelledProviderOrder() {
  const c = await f.customer();
  const token = await c.token();
  const placed = await f.providerPaidOrder(c);
  const line = { OrderId: placed.orderId, ServiceId: placed.serviceId };
  const cancelled = dataOf(
    await t.api('POST', '/api/Order/OrderCancellation', { token, body: { ...line, AcceptedFee: 0 } }),
  );
  return { c, token, line, refund: cancelled.refund as number, paymentOrderId: placed.paymentOrderId };
}

const send = (token: string, body: unknown) => t.api('POST', '/api/Order/RefundToSource', { token, body });
const cancelledList = async (token: string) =>
  dataOf(await t.api('POST', '/api/Customer/GetCancelledOrdersForCustomer', { token, body: {} })).items;

describe('Order/RefundToSource', () => {
  it('sends the wallet refund back to the provider once: wallet debited, the provider refunds, offered no more', async () => {
    const { c, token, line, refund, paymentOrderId } = await cancelledProviderOrder();
    expect(refund).toBe(529.94);
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(52_994);
    const [before] = await cancelledList(token);
    expect(before.refundToSource).toEqual({
      available: true,
      amount: 529.94,
      provider: 'the sandbox provider',
      status: null,
    });

    const res = await send(token, line);
    expect(dataOf(res)).toMatchObject({ status: 'processed', amount: 529.94, refundId: expect.stringMatching(/^RS/) });
    expect(res.body.message).toContain('₹529.94');
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(0);
    // The sandbox (standing for the provider's own records) holds exactly one refund of the paid amount.
    const [order] = await t.db.select().from(sandboxOrders).where(eq(sandboxOrders.orderId, paymentOrderId));
    expect((order.details as { refunds: { amount: number }[] }).refunds).toEqual([
      expect.objectContaining({ amount: 52_994 }),
    ]);
    const [after] = await cancelledList(token);
    expect(after.refundToSource).toMatchObject({ available: false, amount: 529.94, status: 'processed' });

    // Again: refused, and nothing moves.
    const counts = await tableCounts(t.db);
    const again = await send(token, line);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].field).toBe('ServiceId');
    expect(again.body.detail).toContain('already sent back');
    expect(await tableCounts(t.db)).toEqual(counts);
  });

  it('is refused for a wallet-paid order, a spent refund, a line not cancelled, and another customer', async () => {
    const c = await f.customer();
    const token = await c.token();
    const wallet = await f.placedOrder(c);
    const ref = { OrderId: wallet.orderId, ServiceId: wallet.lines[0].serviceId };
    // Not cancelled yet.
    expect((await send(token, ref)).body.detail).toContain('Only a cancelled visit');
    dataOf(await t.api('POST', '/api/Order/OrderCancellation', { token, body: { ...ref, AcceptedFee: 0 } }));
    const walletPaid = await send(token, ref);
    expect(walletPaid.status).toBe(409);
    expect(walletPaid.body.detail).toContain('paid from the wallet');

    const spent = await cancelledProviderOrder();
    // The customer spends part of the refund (an admin debit stands for a purchase).
    dataOf(
      await t.api('POST', '/api/UpdateCustomerWalletBalance', {
        token: admin,
        body: { MobileNo: spent.c.mobileNo, Amount: 100, Action: 'Debit', Remark: 'Spent elsewhere' },
        headers: key(),
      }),
    );
    const other = await f.customer();
    const otherToken = await other.token();
    const counts = await tableCounts(t.db);
    const refused = await send(spent.token, spent.line);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('part of the refund was spent');
    // Another customer's line is unknown to them; bad input names the field.
    expect((await send(otherToken, spent.line)).status).toBe(404);
    const bad = await send(spent.token, { OrderId: 'x', ServiceId: spent.line.ServiceId });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('OrderId');
    expect(await tableCounts(t.db)).toEqual(counts);
  });

  it('the admin may send it for the customer; a provider refusal leaves the money in the wallet and the offer open', async () => {
    const o = await cancelledProviderOrder();
    // The provider already refunded the payment some other way (its dashboard): it refuses ours.
    const [intentOrder] = await t.db.select().from(sandboxOrders).where(eq(sandboxOrders.orderId, o.paymentOrderId));
    await t.app.payments.sandbox.refund({
      orderId: o.paymentOrderId,
      paymentId: intentOrder.paymentId!,
      amount: paise(52_994),
      refundId: 'DASHBOARD-1',
    });
    const refused = await send(admin, { ...o.line, CustomerMobileNo: o.c.mobileNo });
    expect(refused.status).toBe(502);
    expect(refused.body.detail).toContain('stays in your wallet');
    expect(await walletBalance(t.db, 'customer', o.c.id)).toBe(52_994);
    const [row] = await t.db.select().from(sourceRefunds).where(eq(sourceRefunds.orderId, o.line.OrderId));
    expect(row.status).toBe('failed');
    const kinds = await t.db
      .select({ kind: ledgerTransfers.kind })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, row.reversalTransferId!));
    expect(kinds).toEqual([{ kind: 'source_refund_reversal' }]);
    const [listed] = await cancelledList(o.token);
    expect(listed.refundToSource).toMatchObject({ available: true, status: 'failed' });
  });

  it('two requests racing for one line send it back once (row locks; PostgreSQL runs them at once)', async () => {
    const o = await cancelledProviderOrder();
    const replies = await Promise.all([send(o.token, o.line), send(o.token, o.line), send(o.token, o.line)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await walletBalance(t.db, 'customer', o.c.id)).toBe(0);
    const rows = await t.db.select().from(sourceRefunds).where(eq(sourceRefunds.orderId, o.line.OrderId));
    expect(rows.map((r) => [r.status, r.amountPaise])).toEqual([['processed', 52_994]]);
  });
});
