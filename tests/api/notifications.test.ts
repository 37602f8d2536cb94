import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyPerson } from '../../server/domains/platform/notifications/service';
import { dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { factories } from '../support/factories';
import { ROLE_CODES, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let admin: string;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.tokenFor('A');
  f = factories(t);
});
afterAll(() => t?.close());

const mine = (token: string, query = '') => t.api('GET', `/api/Notifications/Mine${query}`, { token });
const unread = async (token: string) =>
  dataOf(await t.api('GET', '/api/Notifications/UnreadCount', { token })).unread as number;
const markRead = (token: string, body: unknown) => t.api('POST', '/api/Notifications/MarkRead', { token, body });
const rows = async <T>(query: string) => ((await t.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

/** Notifications written the way the product writes them: notifyPerson inside a transaction. */
async function tell(user: { id: number; mobileNo: string }, n: number, title = 'Order placed') {
  for (let i = 1; i <= n; i++) {
    await t.db.transaction((tx) =>
      notifyPerson(tx, {
        userId: user.id,
        mobileNo: user.mobileNo,
        kind: 'order_placed',
        title: `${title} ${i}`,
        body: `Body ${i}`,
        link: '/MyAccounts?tab=orders',
      }),
    );
  }
}

describe('own notifications', () => {
  it('lists only the caller’s own, newest first and paginated, with the unread count', async () => {
    const a = await f.customer();
    const b = await f.customer();
    await tell(a, 3, 'Mine');
    await tell(b, 2, 'Theirs');
    const token = await a.token();
    const page1 = dataOf(await mine(token, '?pageSize=2'));
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2, unread: 3 });
    expect(page1.items.map((n: any) => n.title)).toEqual(['Mine 3', 'Mine 2']);
    expect(page1.items[0]).toMatchObject({
      kind: 'order_placed',
      body: 'Body 3',
      link: '/MyAccounts?tab=orders',
      read: false,
      readAt: null,
    });
    const page2 = dataOf(await mine(token, '?pageSize=2&page=2'));
    expect(page2.items.map((n: any) => n.title)).toEqual(['Mine 1']);
    expect(await unread(token)).toBe(3);
    expect(await unread(await b.token())).toBe(2);
  });

  it('marks one, ignores another person’s ids, then marks all; counts follow', async () => {
    const a = await f.customer();
    const b = await f.customer();
    await tell(a, 3);
    await tell(b, 1);
    const tokenA = await a.token();
    const tokenB = await b.token();
    const [newest, middle] = dataOf(await mine(tokenA)).items;
    const theirs = dataOf(await mine(tokenB)).items[0];

    const one = dataOf(await markRead(tokenA, { ids: [middle.id] }));
    expect(one).toEqual({ marked: 1, unread: 2 });
    const after = dataOf(await mine(tokenA)).items;
    expect(after.find((n: any) => n.id === middle.id)).toMatchObject({ read: true });
    expect(after.find((n: any) => n.id === newest.id)).toMatchObject({ read: false, readAt: null });

    // Another person's notification is never touched: nothing is marked, theirs stays unread.
    expect(dataOf(await markRead(tokenA, { ids: [theirs.id] }))).toEqual({ marked: 0, unread: 2 });
    expect(await unread(tokenB)).toBe(1);

    // Marking an already read one again changes nothing.
    expect(dataOf(await markRead(tokenA, { ids: [middle.id] }))).toEqual({ marked: 0, unread: 2 });

    expect(dataOf(await markRead(tokenA, { all: true }))).toEqual({ marked: 2, unread: 0 });
    expect(dataOf(await mine(tokenA, '?unread=true')).items).toEqual([]);
    expect(await unread(tokenB)).toBe(1);
  });

  it('refuses bad input naming the field, and marks nothing', async () => {
    const a = await f.customer();
    await tell(a, 1);
    const token = await a.token();
    const before = await tableCounts(t.db);
    const cases: [unknown, string][] = [
      [{}, 'ids'],
      [{ ids: [] }, 'ids'],
      [{ ids: ['x'] }, 'ids'],
      [{ ids: [1], all: true }, 'ids'],
      [{ all: 'yes' }, 'all'],
      [{ ids: [1], who: 2 }, 'who'],
    ];
    for (const [body, field] of cases) {
      const res = await markRead(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect((await mine(token, '?pageSize=0')).status).toBe(400);
    expect(await tableCounts(t.db)).toEqual(before);
    expect(await unread(token)).toBe(1);
  });

  it('every signed-in role reads its own; a visitor is refused', async () => {
    for (const role of ROLE_CODES) {
      const token = await t.tokenFor(role);
      expect((await mine(token)).status, role).toBe(200);
      expect((await t.api('GET', '/api/Notifications/UnreadCount', { token })).status, role).toBe(200);
      expect((await markRead(token, { all: true })).status, role).toBe(200);
    }
    expect((await t.api('GET', '/api/Notifications/Mine')).status).toBe(401);
    expect((await t.api('GET', '/api/Notifications/UnreadCount')).status).toBe(401);
    expect((await t.api('POST', '/api/Notifications/MarkRead', { body: { all: true } })).status).toBe(401);
  });
});

describe('wallet credited', () => {
  it('the admin’s credit tells the customer (list and SMS outbox), once even when the request is replayed', async () => {
    const c = await f.customer();
    const key = `k-${crypto.randomUUID()}`;
    const credit = () =>
      t.api('POST', '/api/UpdateCustomerWalletBalance', {
        token: admin,
        body: { MobileNo: c.mobileNo, Amount: 123456.78, Remark: 'Goodwill' },
        headers: { 'idempotency-key': key },
      });
    expect((await credit()).status).toBe(200);
    expect((await credit()).status).toBe(200);
    const items = dataOf(await mine(await c.token())).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'wallet_credited',
      title: 'Wallet credited',
      link: '/MyAccounts?tab=wallet',
    });
    // The balance in the body is written by the transfer's own statement (SQL), in rupeesText's words: lakhs, paise.
    expect(items[0].body).toBe('₹1,23,456.78 was added to your wallet (Goodwill). Balance: ₹1,23,456.78.');
    const sms = await rows<{ template: string; channel: string }>(
      `select template, channel from notification_outbox where recipient = '${c.mobileNo}' and template = 'wallet_credited'`,
    );
    expect(sms).toEqual([{ template: 'wallet_credited', channel: 'sms' }]);

    // A debit tells nothing; a vendor's credit is not a customer notification.
    await t.api('POST', '/api/UpdateCustomerWalletBalance', {
      token: admin,
      body: { MobileNo: c.mobileNo, Amount: 50, Action: 'Debit', Remark: 'Correction' },
      headers: { 'idempotency-key': `k-${crypto.randomUUID()}` },
    });
    expect(await unread(await c.token())).toBe(1);

    // A credit of the wallet that now exists (the statement finds its owner itself) tells them, and only them.
    const other = await f.customer();
    await t.api('POST', '/api/UpdateCustomerWalletBalance', {
      token: admin,
      body: { MobileNo: other.mobileNo, Amount: 1, Remark: 'Opening' },
      headers: { 'idempotency-key': `k-${crypto.randomUUID()}` },
    });
    const again = await t.api('POST', '/api/UpdateCustomerWalletBalance', {
      token: admin,
      body: { MobileNo: c.mobileNo, Amount: 100, Remark: 'Top up' },
      headers: { 'idempotency-key': `k-${crypto.randomUUID()}` },
    });
    expect(again.status).toBe(200);
    const told = dataOf(await mine(await c.token())).items;
    expect(told.map((n: any) => n.body)).toEqual([
      '₹100.00 was added to your wallet (Top up). Balance: ₹1,23,506.78.',
      '₹1,23,456.78 was added to your wallet (Goodwill). Balance: ₹1,23,456.78.',
    ]);
    const texts = await rows<{ body: string }>(
      `select body from notification_outbox where recipient = '${c.mobileNo}' and template = 'wallet_credited' order by id`,
    );
    expect(texts.map((s) => s.body)).toEqual([
      'Wallet credited: ₹1,23,456.78 was added to your wallet (Goodwill). Balance: ₹1,23,456.78.',
      'Wallet credited: ₹100.00 was added to your wallet (Top up). Balance: ₹1,23,506.78.',
    ]);
    expect(await unread(await other.token())).toBe(1);
  });

  it('a customer’s top-up through the sandbox tells them once it is settled', async () => {
    const c = await f.customer();
    const token = await c.token();
    const start = await t.api('POST', '/api/Excel/Gate1CF', { token, body: { TType: 'Wallet', order_amount: 300 } });
    const order = dataOf(start, 201);
    expect(await unread(token)).toBe(0);
    const paid = await fetch(new URL(order.checkoutUrl, t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBeLessThan(400);
    // Settled by the return's verification (the sandbox's webhook may have settled it already: once either way).
    await t.api('PUT', `/api/Customer/CheckWalletTransactionStatus?orderID=${order.order_id}`, { token });
    await t.api('PUT', `/api/Customer/CheckWalletTransactionStatus?orderID=${order.order_id}`, { token });
    const items = dataOf(await mine(token)).items;
    expect(items.map((n: any) => n.kind)).toEqual(['wallet_credited']);
    expect(items[0].body).toContain('₹300.00');
    expect(items[0].body).toContain(order.order_id);
  });
});
