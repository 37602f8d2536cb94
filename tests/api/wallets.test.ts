import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, correctTransfer } from '../../server/domains/money/wallets/service';
import { dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { factories } from '../support/factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let admin: string;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.tokenFor('A');
  f = factories(t);
});
afterAll(() => t?.close());
// Every scenario leaves the ledger whole: the same check as `npm run ledger:check`.
afterEach(async () => {
  const report = await checkLedger(t.db);
  expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
});

const key = () => `k-${crypto.randomUUID()}`;
const credit = (body: Record<string, unknown>, idempotencyKey = key()) =>
  t.api('POST', '/api/UpdateCustomerWalletBalance', {
    token: admin,
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });

describe('the demo wallets', () => {
  it("shows 'My Balance' to the vendor, the accountant and the customer from their wallets", async () => {
    const balance = async (role: 'VE' | 'AC' | 'Cust') =>
      dataOf(await t.api('GET', '/api/Wallet/MyBalance', { token: await t.tokenFor(role) })).balance;
    expect(await balance('VE')).toBe(4250);
    expect(await balance('AC')).toBe(250000);
    expect(await balance('Cust')).toBe(500);
    for (const role of ['A', 'IM', 'MR', 'TE', 'CD', 'HR'] as const) {
      const res = await t.api('GET', '/api/Wallet/MyBalance', { token: await t.tokenFor(role) });
      expect(res.status, role).toBe(403);
    }
  });

  it("gives the vendor's history newest first, each row with its balance after and who made it", async () => {
    const vendor = await t.tokenFor('VE');
    const me = dataOf(await t.api('GET', '/api/Auth/Me', { token: vendor }));
    const h = dataOf(await t.api('GET', `/api/Vendor/GetVendorWalletHistById?id=${me.Id}`, { token: vendor }));
    expect(h.balance).toBe(4250);
    expect(h.items.map((r: any) => [r.Type, r.Amount, r.WalletBalanceAfterUpdate, r.DoneBy])).toEqual([
      ['Debit', 750, 4250, 'Asha Admin'],
      ['Credit', 5000, 5000, 'Asha Admin'],
    ]);
    expect(h.items[0].Remark).toBe('Spare parts returned damaged');
  });
});

describe('admin credits and debits of customer wallets', () => {
  it('credits with a reason, shows it in the history, and debits back to zero but never below', async () => {
    const c = await f.customer();
    const moved = await credit({ MobileNo: c.mobileNo, Amount: 1234.5, Remark: 'Refund of a cancelled visit' });
    expect(dataOf(moved).balance).toBe(1234.5);
    expect(moved.body.message).toContain('₹1,234.50 credited');

    const before = await tableCounts(t.db);
    const over = await credit({ MobileNo: c.mobileNo, Amount: 1234.51, Action: 'Debit', Remark: 'Too much' });
    expect(over.status).toBe(409);
    expect(over.body.errors[0].field).toBe('Amount');
    expect(await tableCounts(t.db)).toEqual(before);

    const all = await credit({ MobileNo: c.mobileNo, Amount: 1234.5, Action: 'Debit', Remark: 'Paid out in cash' });
    expect(dataOf(all).balance).toBe(0);
    const h = dataOf(
      await t.api('GET', `/api/GetWalletHistoryForCustomer?CustomerMobileNo=${c.mobileNo}`, { token: admin }),
    );
    expect(h.items.map((r: any) => [r.Type, r.Amount, r.WalletBalanceAfterUpdate, r.Remark])).toEqual([
      ['Debit', 1234.5, 0, 'Paid out in cash'],
      ['Credit', 1234.5, 1234.5, 'Refund of a cancelled visit'],
    ]);
    expect(h.owner).toMatchObject({ fullName: c.fullName, mobileNo: c.mobileNo, role: 'Cust' });
  });

  it('refuses bad amounts and a missing reason, naming the field, and writes nothing', async () => {
    const c = await f.customer();
    const before = await tableCounts(t.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ MobileNo: c.mobileNo, Amount: 10 }, 'Remark'],
      [{ MobileNo: c.mobileNo, Amount: 10, Remark: 'ok' }, 'Remark'],
      [{ MobileNo: c.mobileNo, Amount: 0, Remark: 'Zero rupees' }, 'Amount'],
      [{ MobileNo: c.mobileNo, Amount: -5, Remark: 'Negative' }, 'Amount'],
      [{ MobileNo: c.mobileNo, Amount: 1.234, Remark: 'Three decimals' }, 'Amount'],
      [{ MobileNo: c.mobileNo, Amount: '10', Remark: 'A string' }, 'Amount'],
      [{ MobileNo: '12345', Amount: 10, Remark: 'Bad number' }, 'MobileNo'],
      [{ MobileNo: c.mobileNo, Amount: 10, Remark: 'Sideways', Action: 'Sideways' }, 'Action'],
    ];
    for (const [body, field] of cases) {
      const res = await credit(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.errors.map((e: any) => e.field)).toContain(field);
    }
    const unknown = await credit({ MobileNo: '6999999999', Amount: 10, Remark: 'Nobody' });
    expect(unknown.status).toBe(404);
    // A first move that is refused does not leave an empty wallet behind either.
    const max = t.app.config.payments.maxWalletBalancePaise / 100;
    const overdraw = await credit({ MobileNo: c.mobileNo, Amount: 10, Action: 'Debit', Remark: 'Nothing there' });
    expect(overdraw.status).toBe(409);
    const overMax = await credit({ MobileNo: c.mobileNo, Amount: max + 1, Remark: 'Past the maximum' });
    expect(overMax.status).toBe(409);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('holds a credit to the maximum wallet balance', async () => {
    const c = await f.customer();
    const max = t.app.config.payments.maxWalletBalancePaise / 100;
    expect(dataOf(await credit({ MobileNo: c.mobileNo, Amount: max, Remark: 'Up to the limit' })).balance).toBe(max);
    const over = await credit({ MobileNo: c.mobileNo, Amount: 0.01, Remark: 'One paisa more' });
    expect(over.status).toBe(409);
    expect(over.body.detail).toContain('maximum balance');
  });

  it('answers a repeated Idempotency-Key with the first result, and refuses it for another request', async () => {
    const c = await f.customer();
    const k = key();
    const body = { MobileNo: c.mobileNo, Amount: 50, Remark: 'Goodwill credit' };
    const first = dataOf(await credit(body, k));
    const before = await tableCounts(t.db);
    const again = dataOf(await credit(body, k));
    expect(again).toEqual(first);
    expect(await tableCounts(t.db)).toEqual(before);
    const other = await credit({ ...body, Amount: 60 }, k);
    expect(other.status).toBe(422);
    expect(other.body.errors[0].field).toBe('Idempotency-Key');
    expect(await tableCounts(t.db)).toEqual(before);
    const bad = await credit(body, 'short');
    expect(bad.status).toBe(400);
  });
});

describe('vendor wallets', () => {
  it('lets the admin top up a vendor by phone or id, and lists vendors with their balances', async () => {
    const v = await f.vendor({ fullName: 'Zeta Supplies' });
    const pay = (body: Record<string, unknown>) =>
      t.api('POST', '/api/Vendor/AdminPayForVendorWallet', {
        token: admin,
        body,
        headers: { 'idempotency-key': key() },
      });
    expect(dataOf(await pay({ Phone: v.mobileNo, Amount: 300, Remark: 'Cash received at the office' })).balance).toBe(
      300,
    );
    expect(dataOf(await pay({ id: v.id, Amount: 200.25, Remark: 'Cheque 000123' })).balance).toBe(500.25);
    const neither = await pay({ Amount: 1, Remark: 'Which vendor?' });
    expect(neither.status).toBe(400);
    expect(neither.body.errors[0].field).toBe('Phone');
    expect((await pay({ Phone: accountOf('Cust').mobileNo, Amount: 1, Remark: 'Not a vendor' })).status).toBe(404);

    const list = dataOf(await t.api('GET', '/api/Wallet/VendorWallets?search=Zeta', { token: admin }));
    expect(list.items).toEqual([expect.objectContaining({ id: v.id, fullName: 'Zeta Supplies', balance: 500.25 })]);
    expect(list.items[0].lastMovedAt).not.toBeNull();
  });

  it('keeps each vendor to their own wallet history, and each customer to their own', async () => {
    const a = await f.vendor();
    const b = await f.vendor();
    const tokenA = await a.token();
    expect((await t.api('GET', `/api/Vendor/GetVendorWalletHistById?id=${a.id}`, { token: tokenA })).status).toBe(200);
    const other = await t.api('GET', `/api/Vendor/GetVendorWalletHistById?id=${b.id}`, { token: tokenA });
    expect(other.status).toBe(403);
    expect(other.body.data).toBeUndefined();

    const c1 = await f.customer();
    const c2 = await f.customer();
    const token1 = await c1.token();
    const own = await t.api('POST', '/api/GetCustomerWalletBalance', {
      token: token1,
      body: { CustomerMobileNo: c1.mobileNo },
    });
    expect(dataOf(own)).toEqual({ balance: 0, asOf: null });
    // The balance and when it last moved, read by one statement; nobody under a number is 404 naming it.
    const before = Date.now();
    await credit({ MobileNo: c1.mobileNo, Amount: 12.5, Remark: 'First credit' });
    const after = dataOf(
      await t.api('POST', '/api/GetCustomerWalletBalance', { token: token1, body: { CustomerMobileNo: c1.mobileNo } }),
    );
    expect(after.balance).toBe(12.5);
    expect(Date.parse(after.asOf)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(after.asOf)).toBeLessThanOrEqual(Date.now() + 1000);
    const nobody = await t.api('POST', '/api/GetCustomerWalletBalance', {
      token: admin,
      body: { CustomerMobileNo: '6999999998' },
    });
    expect(nobody.status).toBe(404);
    expect(nobody.body.detail).toContain('6999999998');
    for (const res of [
      await t.api('POST', '/api/GetCustomerWalletBalance', { token: token1, body: { CustomerMobileNo: c2.mobileNo } }),
      await t.api('GET', `/api/GetWalletHistoryForCustomer?CustomerMobileNo=${c2.mobileNo}`, { token: token1 }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.data).toBeUndefined();
    }
  });
});

describe('the account wallet', () => {
  it("records the accountant's deposit with its bank reference and counts this month's credits", async () => {
    const ac = await t.tokenFor('AC');
    const before = dataOf(await t.api('GET', '/api/Account/GetAccountWalletHist', { token: ac }));
    const res = await t.api('POST', '/api/Account/AddMoneyToAccWallet', {
      token: ac,
      body: { TransAmount: 10000, BankReference: 'UTR 123456', Remark: 'Float for salaries' },
      headers: { 'idempotency-key': key() },
    });
    expect(dataOf(res).balance).toBe(before.balance + 10000);
    const after = dataOf(await t.api('GET', '/api/Account/GetAccountWalletHist', { token: ac }));
    expect(after.balance).toBe(before.balance + 10000);
    expect(after.monthCredits).toBe(before.monthCredits + 10000);
    expect(after.items[0]).toMatchObject({
      Type: 'Credit',
      Amount: 10000,
      Reference: 'UTR 123456',
      WalletAfterUpdate: after.balance,
      DoneBy: 'Arjun Accounts',
    });
    const noRef = await t.api('POST', '/api/Account/AddMoneyToAccWallet', { token: ac, body: { TransAmount: 5 } });
    expect(noRef.status).toBe(400);
    expect(noRef.body.errors[0].field).toBe('BankReference');
  });

  it('exports a history as CSV and filters it by India-time days', async () => {
    const ac = await t.tokenFor('AC');
    const res = await fetch(`${t.url}/api/Account/GetAccountWalletHist?format=csv`, {
      headers: { authorization: `Bearer ${ac}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('CreateDate,Type,Amount,Kind,Reference,Remark,DoneBy,WalletAfterUpdate');
    expect(lines.length).toBeGreaterThan(1);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    const todays = dataOf(
      await t.api('GET', `/api/Account/GetAccountWalletHist?from=${today}&to=${today}`, { token: ac }),
    );
    expect(todays.total).toBeGreaterThan(0);
    const none = dataOf(await t.api('GET', `/api/Account/GetAccountWalletHist?from=${tomorrow}`, { token: ac }));
    expect(none.total).toBe(0);
  });
});

describe('User Management', () => {
  it('lists customers with balances, searched by name or mobile number and sorted', async () => {
    const c = await f.customer({ fullName: 'Yamini Unique' });
    await credit({ MobileNo: c.mobileNo, Amount: 75, Remark: 'Promised credit' });
    const found = dataOf(
      await t.api('POST', '/api/Customer/GetAllCustomers', { token: admin, body: { search: 'yamini' } }),
    );
    expect(found.items).toEqual([expect.objectContaining({ id: c.id, balance: 75, city: 'Bengaluru' })]);
    const byMobile = dataOf(
      await t.api('POST', '/api/Customer/GetAllCustomers', { token: admin, body: { search: c.mobileNo.slice(-6) } }),
    );
    expect(byMobile.items.map((i: any) => i.id)).toContain(c.id);
    const sorted = dataOf(
      await t.api('POST', '/api/Customer/GetAllCustomers', {
        token: admin,
        body: { sort: 'balance', order: 'desc', pageSize: 200 },
      }),
    );
    const balances = sorted.items.map((i: any) => i.balance);
    expect(balances).toEqual([...balances].sort((x: number, y: number) => y - x));
    const cd = await t.tokenFor('CD');
    expect((await t.api('POST', '/api/Customer/GetAllCustomers', { token: cd })).status).toBe(200);
    expect((await t.api('POST', '/api/Customer/GetAllCustomers', { token: await t.tokenFor('AC') })).status).toBe(403);
  });
});

describe('corrections', () => {
  it('reverse a transfer with a new one that names it, once, and never overdraw a wallet', async () => {
    const me = dataOf(await t.api('GET', '/api/Auth/Me', { token: admin }));
    const actor = { id: me.Id, fullName: me.FullName, role: 'A' } as never;
    const c = await f.customer();
    const first = dataOf(await credit({ MobileNo: c.mobileNo, Amount: 100, Remark: 'Credited to the wrong customer' }));
    const fixed = await correctTransfer(t.db, { transferId: first.transferId, remark: 'Wrong customer', actor });
    expect([...fixed.balances.values()]).toContain(0);
    const h = dataOf(
      await t.api('GET', `/api/GetWalletHistoryForCustomer?CustomerMobileNo=${c.mobileNo}`, { token: admin }),
    );
    expect(h.balance).toBe(0);
    expect(h.items[0]).toMatchObject({ Type: 'Debit', Amount: 100, Kind: 'Correction', Remark: 'Wrong customer' });
    await expect(correctTransfer(t.db, { transferId: first.transferId, remark: 'Again', actor })).rejects.toThrow(
      /already corrected/,
    );
    await expect(correctTransfer(t.db, { transferId: fixed.transferId, remark: 'Undo', actor })).rejects.toThrow(
      /not corrected/,
    );

    // Spent since: the correction would overdraw the wallet, so it is refused and nothing moves.
    const second = dataOf(await credit({ MobileNo: c.mobileNo, Amount: 100, Remark: 'Second credit' }));
    await credit({ MobileNo: c.mobileNo, Amount: 80, Action: 'Debit', Remark: 'Spent' });
    const before = await tableCounts(t.db);
    await expect(correctTransfer(t.db, { transferId: second.transferId, remark: 'Too late', actor })).rejects.toThrow(
      /does not hold enough/,
    );
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('the database refuses what must never happen', () => {
  const refused = async (query: ReturnType<typeof sql>) => {
    let error: unknown = null;
    try {
      await t.db.transaction(async (tx) => {
        await tx.execute(query);
      });
    } catch (e) {
      error = e;
    }
    return error;
  };

  it('an UPDATE, DELETE or TRUNCATE of entries or transfers', async () => {
    expect(await refused(sql`update ledger_entries set amount = amount + 1`)).not.toBeNull();
    expect(await refused(sql`delete from ledger_entries`)).not.toBeNull();
    expect(await refused(sql`update ledger_transfers set remark = 'changed'`)).not.toBeNull();
    expect(await refused(sql`delete from ledger_transfers`)).not.toBeNull();
    expect(await refused(sql`truncate ledger_entries cascade`)).not.toBeNull();
  });

  it('a transfer whose entries do not sum to zero, a wallet below zero, a provider payment credited twice', async () => {
    const unbalanced = await refused(sql`
      with t as (insert into ledger_transfers (kind, remark) values ('correction', 'unbalanced') returning id)
      insert into ledger_entries (transfer_id, account_id, amount, balance_after) select id, 3, 100, 100 from t`);
    expect(String((unbalanced as any)?.cause ?? unbalanced)).toMatch(/sum to zero/);
    const overdrawn = await refused(
      sql`update ledger_accounts set balance = -1 where kind in ('customer_wallet', 'vendor_wallet', 'company_wallet')`,
    );
    expect(overdrawn).not.toBeNull();
    const twice = await refused(sql`
      insert into ledger_transfers (kind, provider_payment_id) values ('wallet_topup', 'pay_same'), ('wallet_topup', 'pay_same')`);
    expect(twice).not.toBeNull();
  });
});
