// The books and profit per professional (decisions 059 and 060), through the API, reconciled with the ledger and the
// documents: the trial balance's debits equal its credits and each line its accounts' balances; a statement's opening
// plus its entries is its closing, which is the trial balance's line; the day book's totals are the day's transfers;
// profit per professional is worked by hand from orders, a product request and a salary slip made here.
import { eq, sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditNotes, ledgerAccounts, orders, zonePincodes } from '../../server/db/schema';
import { checkLedger } from '../../server/domains/money/wallets/service';
import { natureOf } from '../../server/domains/reports/books/service';
import { dayText, indiaDayOf, indiaMonthOf } from '../../server/shared/indiaTime';
import { dataOf } from '../support/catalogue';
import { factories, payrollFactories, referralFactories } from '../support/factories';
import { productRequestFactories } from '../support/product-request-factories';
import { startTestServer, type TestServer } from '../support/server';
import { vendorFactories } from '../support/vendor-factories';

let t: TestServer;
let f: ReturnType<typeof factories>;
let ac: string;
let admin: string;

const rows = async <T>(query: string) => ((await t.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const num = (v: unknown) => Number(v ?? 0);
const get = async (path: string, token = ac) => dataOf(await t.api('GET', path, { token }));
const today = () => dayText(indiaDayOf(new Date()));
const yesterday = () => dayText(indiaDayOf(new Date()) - 1);
/** 00:00 IST of today, as SQL. */
const todayStart = () => `('${today()}'::date)::timestamp at time zone 'Asia/Kolkata'`;
const paise = (rupees: number) => Math.round(rupees * 100);
/** A balance's debit and credit columns as one signed figure in paise, credit positive (the ledger's sign). */
const signed = (b: { debit: number; credit: number }) => paise(b.credit) - paise(b.debit);

// A customer's order of one ₹1,000 service (no discount, 18% GST, Maharashtra: IGST) with a ₹50 tip, completed by
// the professional; and another customer's order of one ₹200 service they took, cancelled by us (a credit note).
let tipped: Awaited<ReturnType<typeof f.placedOrder>>;
let refunded: Awaited<ReturnType<typeof f.placedOrder>>;
let pro: { id: number; tok: string };
let customerWalletId: number;
let requestInvoice: string;
beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  ac = await t.tokenFor('AC');
  admin = await t.tokenFor('A');
  const r = referralFactories(t);
  const customer = await f.customer();
  tipped = await f.placedOrder(customer, 1, { prices: [1000], tip: 50 });
  refunded = await f.placedOrder(await f.customer(), 1, { prices: [200] });
  // One professional of a vendor serves both orders' zones and services, so parts can be issued to them too.
  const zoneOf = async (orderId: number) => {
    const [o] = await t.db.select({ pinCode: orders.pinCode }).from(orders).where(eq(orders.id, orderId));
    const [z] = await t.db.select().from(zonePincodes).where(eq(zonePincodes.pinCode, o.pinCode));
    return z.zoneId;
  };
  const vendor = await vendorFactories(t).vendorProfile();
  const made = await f.professional({
    vendorId: vendor.id,
    zoneIds: [await zoneOf(tipped.orderId), await zoneOf(refunded.orderId)],
    serviceIds: [tipped.services[0].id, refunded.services[0].id],
  });
  pro = { id: made.id, tok: await made.token() };
  await r.take(pro.tok, tipped.lines[0].id);
  dataOf(await r.complete(pro.tok, tipped.lines[0].id));
  await r.take(pro.tok, refunded.lines[0].id);
  dataOf(
    await t.api('POST', '/api/Order/AdminCancelOrderLine', {
      token: admin,
      body: { OrderId: refunded.orderId, ServiceId: refunded.lines[0].serviceId, Remark: 'Customer moved away' },
    }),
  );
  // Two units of a ₹500 product, 10% off, GST 18% included, issued to the professional and paid by their vendor.
  const pf = productRequestFactories(t);
  const product = await pf.product();
  const v = { id: vendor.id, token: await vendor.token(), professional: { id: pro.id } };
  const requestId = await pf.submitted(v, [{ productId: product.id, requestQty: 2 }]);
  dataOf(await pf.decide(requestId, 'IM', false));
  dataOf(await pf.decide(requestId, 'A', false));
  await pf.fund(vendor.id, 900);
  dataOf(await pf.pay(v, requestId));
  [{ invoice_no: requestInvoice }] = await rows<{ invoice_no: string }>(
    `select invoice_no from product_requests where id = ${requestId}`,
  );
  [{ id: customerWalletId }] = await t.db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.ownerUserId, customer.id));
});
afterAll(() => t?.close());

describe('the trial balance', () => {
  it("has debits equal to credits, each line its accounts' balances summed, wallets one line each", async () => {
    const tb = await get('/api/Reports/TrialBalance');
    expect(tb.asOf).toBe(today());
    expect(tb.totalDebit).toBe(tb.totalCredit);
    expect(tb.totalDebit).toBeGreaterThan(0);
    // The ledger's own sums: a system account is its shards, the wallets of a kind are one line.
    const ledger = await rows<{ key: string; balance: string; n: number }>(
      `select case when owner_user_id is not null then kind || 's' else min(id)::text end as key,
              sum(balance)::text as balance, count(*)::int as n
         from ledger_accounts
        group by owner_user_id is not null, kind, case when owner_user_id is null then coalesce(provider, '') end`,
    );
    expect(tb.lines).toHaveLength(ledger.length);
    for (const l of ledger) {
      const line = tb.lines.find((x: { account: string }) => x.account === l.key);
      expect(line, l.key).toBeDefined();
      expect(signed(line), l.key).toBe(num(l.balance));
      expect(line.accounts, l.key).toBe(num(l.n));
    }
    const byName = (name: string) => tb.lines.find((l: { name: string }) => l.name === name);
    expect(byName('Customer wallets (float)')).toMatchObject({ account: 'customer_wallets', nature: 'liability' });
    expect(byName('Vendor wallets')).toMatchObject({ account: 'vendor_wallets', normalSide: 'Cr' });
    // Revenue is credit-normal with its 16 shards summed; the providers' clearing accounts are assets.
    expect(tb.lines.find((l: { account: string }) => l.account === '7')).toMatchObject({
      nature: 'revenue',
      normalSide: 'Cr',
      accounts: 16,
    });
    expect(tb.lines.find((l: { account: string }) => l.account === '4')).toMatchObject({ nature: 'asset' });
  });

  it("at yesterday's end leaves out what moved today", async () => {
    const [now, before] = [
      await get('/api/Reports/TrialBalance'),
      await get(`/api/Reports/TrialBalance?AsOf=${yesterday()}`),
    ];
    expect(before.totalDebit).toBe(before.totalCredit);
    const moved = await rows<{ key: string; amount: string }>(
      `select case when a.owner_user_id is not null then a.kind || 's' else (case when a.shard > 0 then a.id / 16 else a.id end)::text end as key,
              sum(e.amount)::text as amount
         from ledger_entries e join ledger_accounts a on a.id = e.account_id
         join ledger_transfers t on t.id = e.transfer_id
        where t.created_at >= ${todayStart()}
        group by 1`,
    );
    // Today's order: revenue took ₹1,000 and ₹200 went back by the credit note, at least.
    expect(num(moved.find((m) => m.key === '7')?.amount)).toBeGreaterThanOrEqual(80_000);
    for (const line of now.lines as { account: string; debit: number; credit: number }[]) {
      const old = before.lines.find((l: { account: string }) => l.account === line.account);
      const movedToday = num(moved.find((m) => m.key === line.account)?.amount);
      expect(signed(line) - (old ? signed(old) : 0), line.account).toBe(movedToday);
    }
  });

  it('drills down a wallets line to its wallets, which sum to it', async () => {
    const tb = await get('/api/Reports/TrialBalance');
    const line = tb.lines.find((l: { account: string }) => l.account === 'customer_wallets');
    const wallets = await get('/api/Reports/TrialBalanceWallets?Account=customer_wallets&pageSize=500');
    const [holding] = await rows<{ n: number }>(
      `select count(*)::int as n from ledger_accounts
        where kind = 'customer_wallet' and owner_user_id is not null and balance <> 0`,
    );
    expect(wallets.total).toBe(holding.n);
    expect(wallets.total).toBeLessThanOrEqual(line.accounts);
    expect(signed(wallets)).toBe(signed(line));
    if (wallets.total <= 500) {
      expect(wallets.items.reduce((n: number, w: { debit: number; credit: number }) => n + signed(w), 0)).toBe(
        signed(line),
      );
    }
  });

  it('reads a kind a later migration adds by its name (EPF, ESI, PT payable)', () => {
    expect(['epf_payable', 'esi_payable', 'pt_payable'].map(natureOf)).toEqual(['liability', 'liability', 'liability']);
    expect(natureOf('marketing_expense')).toBe('expense');
    expect(natureOf('company_wallet')).toBe('equity');
  });
});

describe("an account's statement", () => {
  it("of one customer's wallet: the credit, the paid invoice, and a closing balance of zero", async () => {
    const s = await get(`/api/Reports/AccountStatement?Account=${customerWalletId}&FromDate=${today()}`);
    expect(s.opening).toEqual({ debit: 0, credit: 0 });
    // Funds ₹1,180 + ₹50 tip = ₹1,230 credited by the admin, then the order's ₹1,230 paid.
    expect(s.items.map((i: Record<string, unknown>) => [i.document, i.debit, i.credit, i.balance])).toEqual([
      ['Wallet credit by admin', 0, 1230, { debit: 0, credit: 1230 }],
      ['Tax invoice', 1230, 0, { debit: 0, credit: 0 }],
    ]);
    expect(s.items[1].documentNo).toBe(tipped.invoiceNo);
    expect(s).toMatchObject({ totalDebit: 1230, totalCredit: 1230, closing: { debit: 0, credit: 0 }, total: 2 });
  });

  it('of revenue today: the invoice and the credit note, opening + entries = closing = the trial balance', async () => {
    const s = await get(`/api/Reports/AccountStatement?Account=7&FromDate=${today()}&ToDate=${today()}`);
    expect(s).toMatchObject({ account: '7', name: 'Service revenue', nature: 'revenue', accounts: 16 });
    const invoice = s.items.find((i: { documentNo: string }) => i.documentNo === tipped.invoiceNo);
    expect(invoice).toMatchObject({ document: 'Tax invoice', credit: 1000, debit: 0 });
    const [note] = await t.db.select().from(creditNotes).where(eq(creditNotes.orderLineId, refunded.lines[0].id));
    const back = s.items.find((i: { documentNo: string }) => i.documentNo === note.number);
    expect(back).toMatchObject({ document: 'Credit note', debit: 200, credit: 0 });
    // Parts sold to the vendor: ₹900 with GST 18% included is ₹762.71 taxable (decision 029's half-up).
    expect(s.items.find((i: { documentNo: string }) => i.documentNo === requestInvoice)).toMatchObject({
      document: 'Product request invoice',
      credit: 762.71,
    });
    expect(signed(s.opening) + paise(s.totalCredit) - paise(s.totalDebit)).toBe(signed(s.closing));
    // The last row's running balance is the closing balance, and the closing balance today's trial balance line.
    expect(s.items.at(-1).balance).toEqual(s.closing);
    const tb = await get('/api/Reports/TrialBalance');
    expect(signed(s.closing)).toBe(signed(tb.lines.find((l: { account: string }) => l.account === '7')));
    const [{ balance }] = await rows<{ balance: string }>(
      "select sum(balance)::text as balance from ledger_accounts where kind = 'revenue' and owner_user_id is null",
    );
    expect(signed(s.closing)).toBe(num(balance));
  });

  it('of all customer wallets from the start: opening zero, closing their balances summed', async () => {
    const s = await get('/api/Reports/AccountStatement?Account=customer_wallets&pageSize=1');
    expect(s.opening).toEqual({ debit: 0, credit: 0 });
    expect(s.items).toHaveLength(1);
    const [{ balance }] = await rows<{ balance: string }>(
      "select sum(balance)::text as balance from ledger_accounts where kind = 'customer_wallet'",
    );
    expect(signed(s.closing)).toBe(num(balance));
    expect(paise(s.totalCredit) - paise(s.totalDebit)).toBe(num(balance));
    // A later page's running balance continues from the earlier ones.
    const second = await get('/api/Reports/AccountStatement?Account=customer_wallets&pageSize=1&page=2');
    expect(signed(second.items[0].balance)).toBe(
      signed(s.items[0].balance) + paise(second.items[0].credit) - paise(second.items[0].debit),
    );
  });

  it('names a wrong account or date in a 400', async () => {
    for (const [query, field] of [
      ['Account=nonsense', 'Account'],
      ['Account=999999999', 'Account'],
      ['Account=7&FromDate=2026-02-30', 'FromDate'],
      ['Account=7&FromDate=2026-03-02&ToDate=2026-03-01', 'FromDate'],
      ['FromDate=2026-03-01', 'Account'],
    ]) {
      const res = await t.api('GET', `/api/Reports/AccountStatement?${query}`, { token: ac });
      expect(res.status, query).toBe(400);
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        query,
      ).toContain(field);
    }
  });
});

describe('the day book', () => {
  it("lists today's transfers with their documents and legs; its totals are the day's", async () => {
    const book = await get(`/api/Reports/DayBook?Date=${today()}&pageSize=500`);
    const [day] = await rows<{ n: number; credits: string; debits: string }>(
      `select count(distinct t.id)::int as n, sum(e.amount) filter (where e.amount > 0)::text as credits,
              (-sum(e.amount) filter (where e.amount < 0))::text as debits
         from ledger_transfers t join ledger_entries e on e.transfer_id = t.id where t.created_at >= ${todayStart()}`,
    );
    expect(book.total).toBe(num(day.n));
    expect(paise(book.totalCredit)).toBe(num(day.credits));
    expect(paise(book.totalDebit)).toBe(num(day.debits));
    const paid = book.items.find((i: { documentNo: string }) => i.documentNo === tipped.invoiceNo);
    // ₹1,230 from the wallet: ₹1,000 revenue, ₹180 IGST (Maharashtra is outside the company's state), ₹50 tips held.
    // Debits first, then credits in the chart's order.
    expect(paid).toMatchObject({ document: 'Tax invoice', kind: 'order_payment', amount: 1230 });
    expect(paid.legs.map((l: { name: string; debit: number; credit: number }) => [l.name, l.debit, l.credit])).toEqual([
      [expect.stringMatching(/^Customer wallet · /), 1230, 0],
      ['Service revenue', 0, 1000],
      ['Tips held for professionals', 0, 50],
      ['IGST payable', 0, 180],
    ]);
    // Every transfer's legs balance.
    if (book.total <= 500) {
      for (const i of book.items as { legs: { debit: number; credit: number }[] }[]) {
        expect(i.legs.reduce((n, l) => n + signed(l), 0)).toBe(0);
      }
    }
  });

  it('is empty on a day with no transfers, and names a wrong date', async () => {
    expect(await get('/api/Reports/DayBook?Date=2001-01-01')).toMatchObject({ total: 0, totalDebit: 0, items: [] });
    const res = await t.api('GET', '/api/Reports/DayBook?Date=01-01-2001', { token: ac });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('Date');
  });
});

describe('the exports', () => {
  const file = async (path: string) => {
    const res = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${ac}` } });
    expect(res.status).toBe(200);
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it("the trial balance as XLSX reads back with the screen's lines and totals", async () => {
    const tb = await get(`/api/Reports/TrialBalance?AsOf=${today()}`);
    const { res, bytes } = await file(`/api/Reports/TrialBalance?AsOf=${today()}&Format=xlsx`);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="trial-balance-${today()}.xlsx"`);
    const sheet = await readSheet(bytes);
    expect(sheet[0]).toEqual(['Account', 'Nature', 'Normal side', 'Debit', 'Credit']);
    expect(sheet).toHaveLength(tb.lines.length + 2);
    expect(sheet.at(-1)).toEqual(['Total', null, null, tb.totalDebit, tb.totalCredit]);
    const revenue = tb.lines.find((l: { account: string }) => l.account === '7');
    expect(sheet.find((r) => r[0] === 'Service revenue')).toEqual([
      'Service revenue',
      'revenue',
      'Cr',
      revenue.debit,
      revenue.credit,
    ]);
  });

  it("the day book as CSV: one row per leg, and the day's totals", async () => {
    const book = await get(`/api/Reports/DayBook?Date=${today()}`);
    const { res, bytes } = await file(`/api/Reports/DayBook?Date=${today()}&Format=csv`);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = bytes.toString().trimEnd().split('\r\n');
    expect(lines[0]).toBe('Time (IST),Transfer,Document,Document no,Account,Debit,Credit,Remark');
    expect(lines.at(-1)).toBe(`Total,,,,,${book.totalDebit.toFixed(2)},${book.totalCredit.toFixed(2)},`);
    expect(lines.filter((l) => l.includes(`,Tax invoice,${tipped.invoiceNo},`))).toHaveLength(4);
  });

  it("a wallet's statement as XLSX: opening, entries, total and closing", async () => {
    const { bytes } = await file(`/api/Reports/AccountStatement?Account=${customerWalletId}&Format=xlsx`);
    const sheet = await readSheet(bytes);
    expect(sheet.map((r) => [r[0], r[5], r[6], r[7], r[8]]).slice(1)).toEqual([
      ['Opening balance', null, null, 0, 0],
      [expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/), 0, 1230, 0, 1230],
      [expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/), 1230, 0, 0, 0],
      ['Total', 1230, 1230, null, null],
      ['Closing balance', null, null, 0, 0],
    ]);
  });
});

describe('profit per professional', () => {
  const month = () => indiaMonthOf(new Date());
  const lastMonth = () => {
    const m = month();
    return m.month === 1 ? { year: m.year - 1, month: 12 } : { year: m.year, month: m.month - 1 };
  };
  const q = (m: { year: number; month: number }) => `Month=${m.month}&Year=${m.year}`;

  it('this month: revenue, tips passed on, parts and the refund, worked by hand', async () => {
    const report = await get(`/api/Reports/ProfitByProfessional?${q(month())}`);
    const row = report.items.find((r: { professionalId: number }) => r.professionalId === pro.id);
    // Revenue ₹1,000 (the completed line's taxable value); tip ₹50 shown but not counted; parts ₹762.71 (2 × ₹450
    // with 18% GST included); refund ₹200 (the credit note's taxable value); no salary paid this month.
    expect(row).toMatchObject({
      lines: 1,
      refundedLines: 1,
      revenue: 1000,
      tips: 50,
      pay: 0,
      parts: 762.71,
      refunds: 200,
      margin: 37.29,
    });
    // The totals are the rows', and the revenue total is the month's completed lines' taxable value.
    const sum = (k: string) => report.items.reduce((n: number, r: Record<string, number>) => n + paise(r[k]), 0) / 100;
    for (const k of ['revenue', 'tips', 'pay', 'parts', 'refunds', 'margin']) expect(report.totals[k], k).toBe(sum(k));
    const m = month();
    const start = `('${m.year}-${String(m.month).padStart(2, '0')}-01'::date)::timestamp at time zone 'Asia/Kolkata'`;
    const [{ revenue }] = await rows<{ revenue: string }>(
      `select coalesce(sum(taxable_paise), 0)::text as revenue from order_lines
        where state in ('completed', 'rated') and professional_user_id is not null
          and completed_at >= ${start} and completed_at < ${start} + interval '1 month'`,
    );
    expect(paise(report.totals.revenue)).toBe(num(revenue));
  });

  it("drills down to the professional's lines, parts and slip, with the row's figures", async () => {
    const d = await get(`/api/Reports/ProfitLines?ProfessionalId=${pro.id}&${q(month())}`);
    expect(d).toMatchObject({
      revenue: 1000,
      tips: 50,
      pay: 0,
      parts: 762.71,
      refunds: 200,
      margin: 37.29,
      slip: null,
    });
    const [note] = await t.db.select().from(creditNotes).where(eq(creditNotes.orderLineId, refunded.lines[0].id));
    expect(
      d.lines.map((l: Record<string, unknown>) => [l.lineId, l.invoiceNo, l.revenue, l.tip, l.creditNoteNo, l.refund]),
    ).toEqual(
      // Completed first, cancelled after: in the order they happened.
      [
        [tipped.lines[0].id, tipped.invoiceNo, 1000, 50, '', 0],
        [refunded.lines[0].id, refunded.invoiceNo, 0, 0, note.number, 200],
      ],
    );
    expect(d.partsIssued).toEqual([
      expect.objectContaining({ invoiceNo: requestInvoice, quantity: 2, taxable: 762.71 }),
    ]);
    const { bytes } = await (async () => {
      const res = await fetch(`${t.url}/api/Reports/ProfitLines?ProfessionalId=${pro.id}&${q(month())}&Format=xlsx`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      return { bytes: Buffer.from(await res.arrayBuffer()) };
    })();
    const sheet = await readSheet(bytes);
    expect(sheet.at(-1)?.slice(6)).toEqual([1000, 50, 200]);
  });

  it("last month: the salary slip's gross and the employer's contributions as pay, a margin below zero", async () => {
    const pay = payrollFactories(t);
    await pay.structure(pro.id, { effectiveFrom: '2024-01-01', basic: 20000, hra: 8000, allowances: 2000 });
    await pay.fundCompany(100000);
    const m = lastMonth();
    dataOf(await pay.pay(pro.id, `${m.year}-${String(m.month).padStart(2, '0')}`));
    const [slip] = await rows<{ gross: string; employer: string }>(
      `select gross_paise::text as gross, employer_paise::text as employer from salary_slips where user_id = ${pro.id}`,
    );
    const cost = num(slip.gross) + num(slip.employer);
    expect(cost).toBeGreaterThan(0);
    const report = await get(`/api/Reports/ProfitByProfessional?${q(m)}`, admin);
    const row = report.items.find((r: { professionalId: number }) => r.professionalId === pro.id);
    expect(row).toMatchObject({ lines: 0, revenue: 0, tips: 0, parts: 0, refunds: 0 });
    expect(paise(row.pay)).toBe(cost);
    expect(paise(row.margin)).toBe(-cost);
    const d = await get(`/api/Reports/ProfitLines?ProfessionalId=${pro.id}&${q(m)}`);
    expect(d.slip).toMatchObject({ gross: num(slip.gross) / 100, employer: num(slip.employer) / 100 });
    expect(d.lines).toEqual([]);
  });

  it('names a wrong month or professional, and is for the admin and the accountant only', async () => {
    for (const [query, field] of [
      ['Month=13', 'Month'],
      ['Month=1&Year=1999', 'Year'],
    ]) {
      const res = await t.api('GET', `/api/Reports/ProfitByProfessional?${query}`, { token: ac });
      expect(res.status, query).toBe(400);
      expect(res.body.errors[0].field, query).toBe(field);
    }
    const notPro = await t.api('GET', '/api/Reports/ProfitLines?ProfessionalId=1', { token: ac });
    expect(notPro.status).toBe(400);
    expect(notPro.body.errors[0].field).toBe('ProfessionalId');
    for (const role of ['HR', 'TE', 'Cust', 'VE'] as const) {
      const token = await t.tokenFor(role);
      for (const path of ['/api/Reports/ProfitByProfessional', '/api/Reports/TrialBalance', '/api/Reports/DayBook']) {
        expect((await t.api('GET', path, { token })).status, `${role} ${path}`).toBe(403);
      }
    }
    expect((await t.api('GET', '/api/Reports/TrialBalance', { token: null })).status).toBe(401);
  });

  it('leaves the ledger whole', async () => {
    expect((await checkLedger(t.db)).checks.filter((c) => c.breaches.length)).toEqual([]);
    // An entry's time is its transfer's (decision 059): the day book and the statements agree on a day.
    const [{ n }] = await rows<{ n: number }>(
      'select count(*)::int as n from ledger_entries e join ledger_transfers t on t.id = e.transfer_id where e.created_at <> t.created_at',
    );
    expect(n).toBe(0);
  });
});

type Side = { debit: number; credit: number };

describe('the rollup (decision 059)', () => {
  const dayBefore = (n: number) => dayText(indiaDayOf(new Date()) - n);
  /** Every page of a statement (two transfers a page), with its head. */
  const allPages = async (account: string, from: string) => {
    const first = await get(`/api/Reports/AccountStatement?Account=${account}&FromDate=${from}&pageSize=2`);
    const items: { transferId: number; debit: number; credit: number; balance: { debit: number; credit: number } }[] = [
      ...first.items,
    ];
    for (let page = 2; items.length < first.total; page++) {
      items.push(
        ...(await get(`/api/Reports/AccountStatement?Account=${account}&FromDate=${from}&pageSize=2&page=${page}`))
          .items,
      );
    }
    const mapped = items.map((i) => ({ id: i.transferId, d: i.debit, c: i.credit, b: i.balance }));
    return { ...(first as { opening: Side; closing: Side; total: number }), items: mapped };
  };
  /** What the books answer for the last four days: trial balances at each day's end and three statements. */
  const books = async () => ({
    balances: await Promise.all([3, 2, 1, 0].map((n) => get(`/api/Reports/TrialBalance?AsOf=${dayBefore(n)}`))),
    revenue: await allPages('7', dayBefore(3)),
    wallets: await allPages('customer_wallets', dayBefore(3)),
    wallet: await allPages(String(customerWalletId), dayBefore(3)),
  });

  it('answers as the entries do, before and after its runs, page by page, and picks up what is posted later', async () => {
    // Spread today's postings over four days: a transfer and its entries move back together, as they were posted.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update ledger_transfers set created_at = created_at - interval '1 day' * (id % 4)`);
      await tx.execute(
        sql`update ledger_entries e set created_at = t.created_at from ledger_transfers t where t.id = e.transfer_id`,
      );
    });
    const before = await books();
    // The ledger's own answer: each statement's transfers are those that move its accounts, oldest first, and each
    // running balance is the one before it plus the transfer's net.
    const moved = await rows<{ id: number }>(
      `select t.id from ledger_transfers t join ledger_entries e on e.transfer_id = t.id
         join ledger_accounts a on a.id = e.account_id and a.kind = 'revenue' and a.owner_user_id is null
        where t.created_at >= ('${dayBefore(3)}'::date)::timestamp at time zone 'Asia/Kolkata'
        group by t.id, t.created_at having sum(e.amount) <> 0 order by t.created_at, t.id`,
    );
    expect(before.revenue.items.map((i) => i.id)).toEqual(moved.map((m) => num(m.id)));
    for (const s of [before.revenue, before.wallets, before.wallet]) {
      let running = signed(s.opening);
      for (const i of s.items) {
        running += paise(i.c) - paise(i.d);
        expect(signed(i.b)).toBe(running);
      }
      expect(running).toBe(signed(s.closing));
    }
    expect(new Set(before.revenue.items.map((i) => i.id)).size).toBeGreaterThan(3);

    // The job's run today rolls up the three days before it; today stays with the entries.
    const { refreshLedgerRollup, ledgerRollupAgainstRows } = await import('../../server/domains/reports');
    expect(await refreshLedgerRollup(t.db)).toEqual({ from: dayBefore(3), to: today() });
    const cmp = await ledgerRollupAgainstRows(t.db, dayBefore(3), today());
    expect(cmp.rolled.length).toBeGreaterThan(3);
    expect(cmp.rolled).toEqual(cmp.rows);
    expect(await books()).toEqual(before);

    // An order placed now is in the books at once (today is read from the entries) ...
    const later = await f.placedOrder(await f.customer(), 1, { prices: [300] });
    const now = await books();
    expect(now.revenue.items.length).toBe(before.revenue.items.length + 1);
    expect(signed(now.balances[3].lines.find((l: { account: string }) => l.account === '7'))).toBe(
      signed(before.balances[3].lines.find((l: { account: string }) => l.account === '7')) + paise(300),
    );
    // ... and a run after midnight rolls today up too, the books unchanged.
    await refreshLedgerRollup(t.db, new Date(Date.now() + 86_400_000));
    expect(await books()).toEqual(now);
    const all = await ledgerRollupAgainstRows(t.db, dayBefore(3), dayBefore(-1));
    expect(all.rolled).toEqual(all.rows);
    expect(all.rolled.some((r) => r.day === today() && r.kind === 'revenue')).toBe(true);
    expect(later.invoiceNo).toBeTruthy();
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});
