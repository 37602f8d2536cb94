// Product requests under concurrency (decision 029), on PostgreSQL only (PGlite is one connection,
// so nothing races): the inventory manager's acceptances racing for the last units never oversell; a payment racing
// the vendor's cancellation ends one way only; a request paid twice at once is debited once. After each scenario the
// wallet ledger (checkLedger, as `npm run ledger:check`) and the stock ledger balance.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, productRequests } from '../../server/db/schema';
import { checkLedger, walletBalance } from '../../server/domains/money/wallets/service';
import { stockCheck } from '../../server/domains/supply/products/service';
import { dataOf } from '../support/catalogue';
import { productRequestFactories } from '../support/product-request-factories';
import { startTestServer, type TestServer } from '../support/server';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;
if (!process.env.DATABASE_URL) console.log(`product-requests-concurrency.test.ts skipped: ${skipped}`);

const rowsOf = <T>(res: unknown) => ('rows' in (res as object) ? (res as { rows: T[] }).rows : (res as T[]));

describe.skipIf(skipped)(`product requests under concurrency${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  let t: TestServer;
  let pf: ReturnType<typeof productRequestFactories>;

  beforeAll(async () => {
    t = await startTestServer();
    pf = productRequestFactories(t);
  }, 120_000);
  afterAll(() => t?.close());
  afterEach(async () => {
    const report = await checkLedger(t.db);
    expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
    // The stock ledger (npm run ledger:check checks it too).
    const stock = await stockCheck(t.db);
    expect(stock.checks.filter((c) => c.breaches.length)).toEqual([]);
  });

  const stockOf = async (productId: number) => {
    const [row] = rowsOf<{ on_hand: number; reserved: number }>(
      await t.db.execute(sql`select on_hand, reserved from products where id = ${productId}`),
    );
    return { onHand: Number(row.on_hand), reserved: Number(row.reserved) };
  };

  it('eight IM acceptances racing for the last 5 units: the ones that fit win, never an oversell', async () => {
    const product = await pf.product({ quantity: 5 });
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const v = await pf.vendor();
      ids.push(await pf.submitted(v, [{ productId: product.id, requestQty: 2 }]));
    }
    const replies = await Promise.all(ids.map((id) => pf.decide(id, 'IM', false)));
    const won = replies.filter((r) => r.status === 200);
    const lost = replies.filter((r) => r.status !== 200);
    // 5 units, 2 a request: exactly two fit.
    expect(won).toHaveLength(2);
    for (const r of lost) {
      expect(r.status).toBe(409);
      expect(r.body.detail).toContain(product.productName);
    }
    expect(await stockOf(product.id)).toEqual({ onHand: 5, reserved: 4 });
    const states = await Promise.all(ids.map(async (id) => (await pf.view(t.tokenFor('IM'), id)).state));
    expect(states.filter((s) => s === 'pendingAdmin')).toHaveLength(2);
    expect(states.filter((s) => s === 'pendingIM')).toHaveLength(6);
  });

  it('a payment racing a cancellation: one wins, and money and stock agree with it', async () => {
    for (let round = 0; round < 4; round++) {
      const v = await pf.vendor();
      const product = await pf.product({ quantity: 10, mrp: 100, discount: 0 });
      const id = await pf.submitted(v, [{ productId: product.id, requestQty: 3 }]);
      dataOf(await pf.decide(id, 'IM', false));
      dataOf(await pf.decide(id, 'A', false));
      await pf.fund(v.id, 1000);
      const [paid, cancelled] = await Promise.all([pf.pay(v, id), pf.cancel(v, id)]);
      expect([paid.status, cancelled.status].sort()).toEqual([200, 409]);
      const [row] = await t.db.select().from(productRequests).where(eq(productRequests.id, id));
      if (paid.status === 200) {
        expect(row.state).toBe('issued');
        expect(await walletBalance(t.db, 'vendor', v.id)).toBe(70_000);
        expect(await stockOf(product.id)).toEqual({ onHand: 7, reserved: 0 });
      } else {
        expect(row.state).toBe('cancelled');
        expect(row.transferId).toBeNull();
        expect(await walletBalance(t.db, 'vendor', v.id)).toBe(100_000);
        expect(await stockOf(product.id)).toEqual({ onHand: 10, reserved: 0 });
      }
    }
  });

  it('a request paid five times at once is debited once', async () => {
    const v = await pf.vendor();
    const product = await pf.product({ quantity: 10, mrp: 100, discount: 0 });
    const id = await pf.submitted(v, [{ productId: product.id, requestQty: 2 }]);
    dataOf(await pf.decide(id, 'IM', false));
    dataOf(await pf.decide(id, 'A', false));
    await pf.fund(v.id, 1000);
    const replies = await Promise.all(Array.from({ length: 5 }, () => pf.pay(v, id)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await walletBalance(t.db, 'vendor', v.id)).toBe(80_000);
    const debits = await t.db
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, `Product request ${id}`));
    expect(debits).toHaveLength(1);
    expect(await stockOf(product.id)).toEqual({ onHand: 8, reserved: 0 });
  });

  it('two requests of one vendor paid at once from a wallet that covers one: one paid, one told what is missing', async () => {
    const v = await pf.vendor();
    const product = await pf.product({ quantity: 10, mrp: 100, discount: 0 });
    const a = await pf.submitted(v, [{ productId: product.id, requestQty: 3 }]);
    const b = await pf.submitted(v, [{ productId: product.id, requestQty: 3 }]);
    for (const id of [a, b]) {
      dataOf(await pf.decide(id, 'IM', false));
      dataOf(await pf.decide(id, 'A', false));
    }
    await pf.fund(v.id, 400);
    const replies = await Promise.all([pf.pay(v, a), pf.pay(v, b)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = replies.find((r) => r.status === 409)!;
    expect(refused.body.missingAmount).toBe(200);
    expect(await walletBalance(t.db, 'vendor', v.id)).toBe(10_000);
    expect(await stockOf(product.id)).toEqual({ onHand: 7, reserved: 3 });
  });
});
