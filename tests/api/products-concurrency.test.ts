// The stock ledger under concurrency (decision 028), on PostgreSQL only (PGlite is one connection,
// so nothing races): concurrent adjustments never drive stock below zero nor below what is held, adjustments racing
// the inventory manager's acceptances never oversell, and two adds of one name make one product. After each
// scenario the stock ledger's invariants hold (stockCheck, as `npm run ledger:check`).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stockCheck } from '../../server/domains/supply/products/service';
import { productFactories } from '../support/product-factories';
import { productRequestFactories } from '../support/product-request-factories';
import { startTestServer, type TestServer } from '../support/server';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;
if (!process.env.DATABASE_URL) console.log(`products-concurrency.test.ts skipped: ${skipped}`);

describe.skipIf(skipped)(`the stock ledger under concurrency${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  let t: TestServer;
  let p: ReturnType<typeof productFactories>;

  beforeAll(async () => {
    t = await startTestServer();
    p = productFactories(t);
  }, 120_000);
  afterAll(() => t?.close());
  afterEach(async () => {
    const report = await stockCheck(t.db);
    expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
  });

  const adjust = async (productId: number, quantity: number) =>
    t.api('POST', '/api/Vendor/AddStockMovement', {
      token: await t.tokenFor('IM'),
      body: { productId, kind: 'adjusted', quantity, reason: 'Racing count' },
    });

  it('twenty adjustments of -1 on 12 units: 12 win, 8 are refused, stock ends at 0', async () => {
    const product = await p.product({ quantity: 12 });
    const replies = await Promise.all(Array.from({ length: 20 }, () => adjust(product.id, -1)));
    const codes = replies.map((r) => r.status).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(12);
    expect(codes.filter((c) => c === 409)).toHaveLength(8);
    const after = await p.details(product.id);
    expect(after).toMatchObject({ onHand: 0, reserved: 0 });
  });

  it('one Idempotency-Key sent 10 times at once receives the stock once', async () => {
    const product = await p.product({ quantity: 3 });
    const token = await t.tokenFor('IM');
    const headers = { 'idempotency-key': `stock-${crypto.randomUUID()}` };
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.api('POST', '/api/Vendor/AddStockMovement', {
          token,
          body: { productId: product.id, kind: 'received', quantity: 4, reason: 'Retried delivery' },
          headers,
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(await p.details(product.id)).toMatchObject({ onHand: 7, reserved: 0 });
  });

  it('receipts and removals interleaved: the stock is the sum of what was accepted', async () => {
    const product = await p.product({ quantity: 5 });
    const moves = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? 4 : -2));
    const replies = await Promise.all(
      moves.map((q) => (q > 0 ? p.receive(product.id, q).then(() => ({ status: 201 })) : adjust(product.id, q))),
    );
    const accepted = moves.reduce((s, q, i) => s + (replies[i].status === 201 ? q : 0), 5);
    expect(replies.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const after = await p.details(product.id);
    expect(after.onHand).toBe(accepted);
    expect(after.onHand).toBeGreaterThanOrEqual(0);
  });

  it("adjustments racing the inventory manager's acceptances never take stock below what is held", async () => {
    const rf = productRequestFactories(t);
    const product = await p.product({ quantity: 8 });
    const ids: number[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(await rf.submitted(await rf.vendor(), [{ productId: product.id, requestQty: 2 }]));
    const replies = await Promise.all([
      ...ids.map((id) => rf.decide(id, 'IM', false)),
      ...Array.from({ length: 6 }, () => adjust(product.id, -1)),
    ]);
    expect(replies.every((r) => r.status < 500)).toBe(true);
    const accepted = replies.slice(0, 4).filter((r) => r.status === 200).length;
    const removed = replies.slice(4).filter((r) => r.status === 201).length;
    const after = await p.details(product.id);
    expect(after.reserved).toBe(accepted * 2);
    expect(after.onHand).toBe(8 - removed);
    expect(after.reserved).toBeLessThanOrEqual(after.onHand);
  });

  it('two adds of one name at once make one product', async () => {
    const productName = `Race name ${Date.now().toString(36)}`;
    const replies = await Promise.all(
      Array.from({ length: 4 }, async () =>
        t.api('POST', '/api/Vendor/AddProducts', {
          token: await t.tokenFor('IM'),
          body: { productName, hsnCode: '8421', mrp: 100, gst: 18, cost: 60, quantity: 3 },
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });
});
