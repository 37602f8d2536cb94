// A subscription bought twice in parallel: one payment and one plan (decision 023), on PostgreSQL only
// (PGlite is one connection, so nothing races). The server runs on a pool of connections; ten TakeSubscription
// requests for one customer go at once, from the wallet and through the sandbox provider; checkLedger after each.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customerSubscriptions, ledgerTransfers, paymentIntents } from '../../server/db/schema';
import { checkLedger, walletBalance } from '../../server/domains/money/wallets/service';
import { dataOf } from '../support/catalogue';
import { subscriptionFactories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const skipped = !process.env.DATABASE_URL
  ? 'needs PostgreSQL: set DATABASE_URL (.ci/run does when 127.0.0.1:5432 answers)'
  : process.env.TEST_DB !== 'postgres'
    ? 'runs in the api-postgres project (TEST_DB=postgres), not on PGlite'
    : null;
if (!process.env.DATABASE_URL) console.log(`subscriptions-concurrency.test.ts skipped: ${skipped}`);

const PARALLEL = 10;

describe.skipIf(skipped)(`subscriptions under concurrency${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  let t: TestServer;
  let s: ReturnType<typeof subscriptionFactories>;

  beforeAll(async () => {
    t = await startTestServer();
    s = subscriptionFactories(t);
  }, 120_000);
  afterAll(() => t?.close());
  afterEach(async () => {
    const report = await checkLedger(t.db);
    expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
  });

  /** Ten purchases at once by one customer, each with its own Idempotency-Key (ten separate clicks). */
  const race = (token: string, ids: number[], mode: string) =>
    Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.api('PUT', `/api/Customer/TakeSubscription?SubscriptionID=${ids[i % ids.length]}&ApiName=${mode}`, {
          token,
          headers: { 'idempotency-key': `race-${crypto.randomUUID()}` },
        }),
      ),
    );
  const purchasesOf = (customerUserId: number) =>
    t.db.select().from(customerSubscriptions).where(eq(customerSubscriptions.customerUserId, customerUserId));
  const paymentsOf = async (customerUserId: number) => {
    const rows = await purchasesOf(customerUserId);
    const transfers = await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, 'subscription_payment'));
    return transfers.filter((tr) => rows.some((r) => r.transferId === tr.id));
  };

  it(`${PARALLEL} parallel wallet purchases (two plans): one plan and one payment`, async () => {
    const gold = await s.plan({ price: 300 });
    const silver = await s.plan({ price: 200 });
    const c = await s.customer(1000);
    const replies = await race(c.tok, [gold.id, silver.id], 'Wallet');
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses, JSON.stringify(replies.map((r) => r.body))).toEqual([201, ...Array(PARALLEL - 1).fill(409)]);
    for (const r of replies.filter((x) => x.status === 409)) {
      expect(r.body.errors[0].field).toBe('SubscriptionID');
      expect(r.body.detail).toMatch(/^You already hold .+ until /);
    }
    const won = dataOf(replies.find((r) => r.status === 201)!, 201);
    const rows = await purchasesOf(c.id);
    expect(rows.map((r) => [r.id, r.state])).toEqual([[won.id, 'active']]);
    expect(await paymentsOf(c.id)).toHaveLength(1);
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(100_000 - won.price * 100);
  });

  it(`${PARALLEL} parallel provider purchases: one payment opened and, once paid, one plan`, async () => {
    const plan = await s.plan({ price: 250 });
    const c = await s.customer(0);
    const replies = await race(c.tok, [plan.id], 'sandbox');
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses, JSON.stringify(replies.map((r) => r.body))).toEqual([201, ...Array(PARALLEL - 1).fill(409)]);
    const started = dataOf(replies.find((r) => r.status === 201)!, 201);
    const rows = await purchasesOf(c.id);
    expect(rows.map((r) => r.state)).toEqual(['awaitingPayment']);
    const intents = await t.db.select().from(paymentIntents).where(eq(paymentIntents.payerUserId, c.id));
    expect(intents).toHaveLength(1);

    // Paid, and verified ten times at once: one plan, paid once.
    await fetch(new URL(started.checkoutUrl, t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=pay',
      redirect: 'manual',
    });
    const checks = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        t.api('PUT', `/api/Customer/CheckSubscriptionPayment?orderID=${started.paymentOrderId}`, { token: c.tok }),
      ),
    );
    for (const r of checks) expect(dataOf(r).status).toBe('active');
    expect((await purchasesOf(c.id)).map((r) => r.state)).toEqual(['active']);
    expect(await paymentsOf(c.id)).toHaveLength(1);
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(0);
  });

  it('wallet and provider purchases racing: one of them wins, nothing is paid twice', async () => {
    const plan = await s.plan({ price: 100 });
    const c = await s.customer(1000);
    const replies = (await Promise.all([race(c.tok, [plan.id], 'Wallet'), race(c.tok, [plan.id], 'sandbox')])).flat();
    const won = replies.filter((r) => r.status === 201);
    expect(won, JSON.stringify(replies.map((r) => r.body))).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 201).every((r) => r.status === 409)).toBe(true);
    expect(await purchasesOf(c.id)).toHaveLength(1);
    // The wallet paid only if the wallet's purchase won; a provider's purchase awaits its payment.
    const paidByWallet = won[0].body.data.paidBy === 'Wallet';
    expect(await walletBalance(t.db, 'customer', c.id)).toBe(paidByWallet ? 90_000 : 100_000);
    expect(await paymentsOf(c.id)).toHaveLength(paidByWallet ? 1 : 0);
  });
});
