// Referrals (decision 024; SetReferralCost, GetReferralHistory, GetReferralHistoryForCustomer and the customer
// signup's referral field): the cost and its history, the payout at the first completed visit (once,
// through the ledger), the self-referral rules, the histories and the programme's figures.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransfers,
  notifications,
  referrals,
  transitionLog,
} from '../../server/db/schema';
import {
  maskMobile,
  normaliseAddress,
  normaliseEmail,
  type Party,
  selfReferralReason,
} from '../../server/domains/marketing/referrals/service';
import { checkLedger, walletBalance } from '../../server/domains/money/wallets/service';
import { dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { factories, referralFactories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let f: ReturnType<typeof factories>;
let rf: ReturnType<typeof referralFactories>;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  rf = referralFactories(t);
  admin = await t.tokenFor('A');
});
afterAll(() => t?.close());

type Customer = Awaited<ReturnType<ReturnType<typeof factories>['customer']>>;

const setCost = (query: string, token: string | null = admin) =>
  t.api('POST', `/api/SetReferralCost${query ? `?${query}` : ''}`, { token });
const costHistory = async () => dataOf(await t.api('GET', '/api/Referral/GetReferralCostHistory', { token: admin }));
const referralOf = async (c: { id: number }) =>
  (await t.db.select().from(referrals).where(eq(referrals.referredUserId, c.id)))[0];
const balance = (c: { id: number }) => walletBalance(t.db, 'customer', c.id);
const logOf = async (referralId: number) =>
  (await t.db.select().from(transitionLog).orderBy(transitionLog.id)).filter(
    (r) => r.entity === 'Referral' && r.entityId === referralId,
  );

let pinSeq = 0;
/** A fresh served pincode (a zone of its own), for addresses the rules compare. */
async function servedPincode() {
  const pinCode = `85${String((Date.now() + ++pinSeq) % 10_000).padStart(4, '0')}`;
  await f.zone({ pinCode: [pinCode] });
  return pinCode;
}
async function addAddress(c: Customer, over: { adress: string; pinCode: string; receiverMobileNo?: string }) {
  return dataOf(
    await t.api('POST', '/api/Order/AddAddressForCustomer', {
      token: await c.token(),
      body: {
        city: 'Mumbai',
        state: 'Maharashtra',
        receiverName: c.fullName,
        receiverMobileNo: c.mobileNo,
        ...over,
      },
    }),
  );
}

describe('the referral cost', () => {
  it('is ₹0 until the admin sets one: a referral made then is marked paid at the first visit with nothing moved', async () => {
    expect(await costHistory()).toMatchObject({ current: null, items: [], total: 0 });
    const referrer = await f.customer();
    const referred = await rf.referred(referrer);
    expect(await referralOf(referred)).toMatchObject({ referrerUserId: referrer.id, costPaise: 0, status: 'pending' });
    const done = await rf.completedOrder(referred);
    const row = await referralOf(referred);
    expect(row).toMatchObject({ status: 'paid', transferId: null, orderLineId: done.lines[0].id });
    expect(await balance(referrer)).toBe(0);
    expect((await logOf(row.id)).map((l) => [l.event, l.fromState, l.toState, l.remark])).toEqual([
      ['PAY', 'pending', 'paid', 'Nothing to pay: the referral cost was ₹0'],
    ]);
  });

  it('keeps every change with who made it and when; the newest is in force; a referral keeps the cost of its sign-up', async () => {
    const set = await setCost('ReferralCost=100');
    expect(set.status).toBe(201);
    expect(set.body).toMatchObject({
      message: 'The referral cost is now ₹100.00: new sign-ups with a referral code earn it.',
      data: { cost: 100, setBy: { fullName: 'Asha Admin' } },
    });
    const referrer = await f.customer();
    const first = await rf.referred(referrer);
    dataOf(await setCost('ReferralCost=150.5'), 201);
    const second = await rf.referred(referrer);
    expect((await referralOf(first)).costPaise).toBe(10_000);
    expect((await referralOf(second)).costPaise).toBe(15_050);

    const history = await costHistory();
    expect(history.current).toMatchObject({ cost: 150.5, setBy: { fullName: 'Asha Admin' } });
    expect(history.items.map((c: { cost: number }) => c.cost)).toEqual([150.5, 100]);
    expect(history.total).toBe(2);
    expect(new Date(history.items[0].setAt).getTime()).toBeGreaterThanOrEqual(
      new Date(history.items[1].setAt).getTime(),
    );

    await rf.completedOrder(first);
    await rf.completedOrder(second);
    expect(await balance(referrer)).toBe(25_050);
  });

  it('refuses the cost in force again (409) and bad input, naming ReferralCost, and writes nothing', async () => {
    const [mr, cust] = [await t.tokenFor('MR'), await t.tokenFor('Cust')];
    const before = await tableCounts(t.db);
    const again = await setCost('ReferralCost=150.50');
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([{ field: 'ReferralCost', message: 'The referral cost is already ₹150.50.' }]);
    for (const q of ['ReferralCost=-1', 'ReferralCost=10000.01', 'ReferralCost=1.234', 'ReferralCost=abc', '']) {
      const res = await setCost(q);
      expect(res.status, q).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        q,
      ).toContain('ReferralCost');
    }
    expect((await setCost('ReferralCost=90', mr)).status).toBe(403);
    expect((await setCost('ReferralCost=90', cust)).status).toBe(403);
    expect((await setCost('ReferralCost=90', null)).status).toBe(401);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('the payout', () => {
  let referrer: Customer;
  let referred: Customer;
  it('pays the referrer once, at the first completed visit, through the ledger, and tells them', async () => {
    await rf.referralCost(100);
    referrer = await f.customer();
    referred = await rf.referred(referrer);
    const before = await balance(referrer);
    const first = await rf.completedOrder(referred);
    const row = await referralOf(referred);
    expect(row).toMatchObject({ status: 'paid', costPaise: 10_000, orderLineId: first.lines[0].id });
    expect(row.transferId).not.toBeNull();
    expect(await balance(referrer)).toBe(before + 10_000);

    const [transfer] = await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, row.transferId!));
    expect(transfer).toMatchObject({ kind: 'referral_reward', idempotencyKey: `referral-reward-${row.id}` });
    const legs = await t.db
      .select({ kind: ledgerAccounts.kind, shard: ledgerAccounts.shard, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(eq(ledgerEntries.transferId, row.transferId!));
    expect(legs.map((l) => l.amount).sort((a, b) => a - b)).toEqual([-10_000, 10_000]);
    // Out of marketing's expense account: one of its shards (decision 036).
    expect(legs.find((l) => l.amount < 0)).toMatchObject({ kind: 'marketing_expense' });

    const history = dataOf(
      await t.api('GET', `/api/GetWalletHistoryForCustomer?CustomerMobileNo=${referrer.mobileNo}`, {
        token: await referrer.token(),
      }),
    );
    expect(history.items[0]).toMatchObject({ Kind: 'Referral reward', Amount: 100, Type: 'Credit' });
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, referrer.id), eq(notifications.kind, 'wallet_credited')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'Referral reward', link: '/MyAccounts?tab=referrals' });

    // A second completed visit (another order) pays nothing more.
    await rf.completedOrder(referred);
    expect(await balance(referrer)).toBe(before + 10_000);
    expect((await logOf(row.id)).map((l) => l.event)).toEqual(['PAY']);
    const report = await checkLedger(t.db);
    expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
  });

  it("GetReferralHistoryForCustomer: the customer's code, the reward now, what they earned, and who joined (masked)", async () => {
    const own = dataOf(await t.api('GET', '/api/GetReferralHistoryForCustomer', { token: await referrer.token() }));
    expect(own).toMatchObject({
      referralCode: referrer.referralCode,
      reward: 100,
      earned: 100,
      pending: 0,
      total: 1,
      items: [
        {
          name: 'Customer',
          mobileNo: maskMobile(referred.mobileNo),
          status: 'paid',
          statusLabel: 'Paid',
          amount: 100,
          amountPaid: 100,
        },
      ],
    });
    expect(own.items[0].mobileNo).not.toContain(referred.mobileNo.slice(2, 8));
    // Naming themself is the same; another customer naming them is 403.
    const named = dataOf(
      await t.api('GET', `/api/GetReferralHistoryForCustomer?CustomerMobileNo=${referrer.mobileNo}`, {
        token: await referrer.token(),
      }),
    );
    expect(named.items).toEqual(own.items);
    const other = await t.api('GET', `/api/GetReferralHistoryForCustomer?CustomerMobileNo=${referrer.mobileNo}`, {
      token: await referred.token(),
    });
    expect(other.status).toBe(403);
    expect(other.body.data).toBeUndefined();
    // Staff name the customer; without one it is 400, an unknown one 404.
    for (const role of ['A', 'CD'] as const) {
      const seen = dataOf(
        await t.api('GET', `/api/GetReferralHistoryForCustomer?CustomerMobileNo=${referrer.mobileNo}`, {
          token: await t.tokenFor(role),
        }),
      );
      expect(seen.referralCode).toBe(referrer.referralCode);
    }
    const unnamed = await t.api('GET', '/api/GetReferralHistoryForCustomer', { token: admin });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.errors[0].field).toBe('CustomerMobileNo');
    expect(
      (await t.api('GET', '/api/GetReferralHistoryForCustomer?CustomerMobileNo=6999999999', { token: admin })).status,
    ).toBe(404);
    expect((await t.api('GET', '/api/GetReferralHistoryForCustomer', { token: await t.tokenFor('MR') })).status).toBe(
      403,
    );
  });

  it('GetReferralHistory (admin): who referred whom, the status and the amount paid; searched, filtered and paged', async () => {
    const pending = await rf.referred(referrer);
    const page = dataOf(
      await t.api('GET', `/api/GetReferralHistory?search=${referrer.referralCode}`, { token: admin }),
    );
    expect(page.total).toBe(2);
    // Newest sign-up first.
    expect(page.items.map((r: { referred: { id: number } }) => r.referred.id)).toEqual([pending.id, referred.id]);
    expect(page.items[1]).toMatchObject({
      referrer: { id: referrer.id, fullName: referrer.fullName, referralCode: referrer.referralCode },
      referred: { id: referred.id, mobileNo: referred.mobileNo },
      status: 'paid',
      cost: 100,
      amountPaid: 100,
      refusedReason: null,
    });
    expect(page.items[1].orderId).toEqual(expect.any(Number));
    expect(page.items[0]).toMatchObject({ status: 'pending', amountPaid: 0, settledAt: null, orderId: null });
    const paid = dataOf(
      await t.api('GET', `/api/GetReferralHistory?search=${referrer.mobileNo}&status=paid`, { token: admin }),
    );
    expect(paid.items.map((r: { id: number }) => r.id)).toEqual([page.items[1].id]);
    const one = dataOf(
      await t.api('GET', `/api/GetReferralHistory?search=${referred.mobileNo}&pageSize=1`, { token: admin }),
    );
    expect(one).toMatchObject({ total: 1, pageSize: 1 });
    const settledFirst = dataOf(
      await t.api('GET', `/api/GetReferralHistory?search=${referrer.referralCode}&sort=settledAt&order=desc`, {
        token: admin,
      }),
    );
    expect(settledFirst.items.map((r: { status: string }) => r.status)).toEqual(['paid', 'pending']);
    for (const q of ['status=sent', 'pageSize=0', 'page=0', 'sort=name', 'from=2026-02-30x']) {
      expect((await t.api('GET', `/api/GetReferralHistory?${q}`, { token: admin })).status, q).toBe(400);
    }
    for (const role of ['MR', 'CD', 'Cust'] as const) {
      expect((await t.api('GET', '/api/GetReferralHistory', { token: await t.tokenFor(role) })).status).toBe(403);
    }
  });

  it('a sign-up through the API with a referral code (any letter case) makes the pending referral', async () => {
    const res = await t.api('POST', '/api/Customer/Signup', {
      body: {
        fullName: 'Lata Joshi',
        mobileNo: '7990000001',
        email: 'lata.joshi@example.in',
        city: 'Bengaluru',
        pinCode: '560034',
        referral: referrer.referralCode.toLowerCase(),
        password: 'Lata-pass-2026',
      },
    });
    const made = dataOf<{ Id: number }>(res, 201);
    expect(await referralOf({ id: made.Id })).toMatchObject({
      referrerUserId: referrer.id,
      status: 'pending',
      costPaise: 10_000,
    });
  });
});

describe('a self-referral is never paid', () => {
  async function refusedFor(referrer: Customer, referred: Customer, reason: RegExp) {
    const before = await balance(referrer);
    await rf.completedOrder(referred);
    const row = await referralOf(referred);
    expect(row.status).toBe('refused');
    expect(row.refusedReason).toMatch(reason);
    expect(row.transferId).toBeNull();
    expect(await balance(referrer)).toBe(before);
    expect((await logOf(row.id)).map((l) => [l.event, l.toState, l.remark])).toEqual([
      ['REFUSE', 'refused', row.refusedReason],
    ]);
    // The customer sees why.
    const mine = dataOf(await t.api('GET', '/api/GetReferralHistoryForCustomer', { token: await referrer.token() }));
    expect(mine.items[0]).toMatchObject({ status: 'refused', statusLabel: 'Not paid', amountPaid: 0 });
    return row;
  }

  it('the same mobile number: the default address of the new account is for the referrer’s number', async () => {
    await rf.referralCost(100);
    const referrer = await f.customer();
    const referred = await rf.referred(referrer);
    await addAddress(referred, {
      adress: '4 Harbour View',
      pinCode: await servedPincode(),
      receiverMobileNo: referrer.mobileNo,
    });
    await refusedFor(referrer, referred, /same mobile number/);
  });

  it('the same e-mail, as one mailbox (a +tag, and Gmail’s dots and googlemail.com)', async () => {
    await rf.referralCost(100);
    const n = Date.now() % 1_000_000;
    const referrer = await f.customer({ email: `ravi.kumar${n}@gmail.com` });
    const referred = await rf.referred(referrer, { email: `Ravi.Kumar.${n}+second@googlemail.com` });
    await refusedFor(referrer, referred, /same e-mail/);
  });

  it('the same default address, spelled differently; another house in the same pincode is paid', async () => {
    await rf.referralCost(100);
    const pinCode = await servedPincode();
    const referrer = await f.customer();
    await addAddress(referrer, { adress: 'Flat 4-B, No. 12, M.G. Road, Opp. City Mall', pinCode });
    const twin = await rf.referred(referrer);
    await addAddress(twin, { adress: 'flat 4b 12 MG Rd opposite city mall', pinCode });
    await refusedFor(referrer, twin, /same default address/);

    const neighbour = await rf.referred(referrer);
    await addAddress(neighbour, { adress: 'Flat 4-C, No. 12, M.G. Road, Opp. City Mall', pinCode });
    const before = await balance(referrer);
    await rf.completedOrder(neighbour);
    expect((await referralOf(neighbour)).status).toBe('paid');
    expect(await balance(referrer)).toBe(before + 10_000);
  });
});

describe('the self-referral rules (service level)', () => {
  const party = (over: Partial<Party>): Party => ({
    id: 1,
    fullName: 'A',
    mobileNo: '9876500001',
    phone: null,
    email: null,
    address: null,
    ...over,
  });
  it('reads e-mails as mailboxes', () => {
    expect(normaliseEmail(' A.B+x@GMAIL.com ')).toBe('ab@gmail.com');
    expect(normaliseEmail('a.b@googlemail.com')).toBe('ab@gmail.com');
    expect(normaliseEmail('a.b+shop@example.in')).toBe('a.b@example.in');
    expect(normaliseEmail('a.b@example.in')).not.toBe(normaliseEmail('ab@example.in'));
  });
  it('reads address lines as places', () => {
    expect(normaliseAddress('Flat 4-B, No. 12, M.G. Road')).toBe(normaliseAddress('flat 4b 12 mg rd'));
    expect(normaliseAddress('12 Gandhi St & 3rd Cross')).toBe(normaliseAddress('12, Gandhi Street and 3rd cross'));
    expect(normaliseAddress('Bldg 7, Apt 3')).toBe(normaliseAddress('building 7 apartment 3'));
    expect(normaliseAddress('Flat 4-B')).not.toBe(normaliseAddress('Flat 4-C'));
  });
  it('names the rule that matched, or null', () => {
    const home = { address: '12 MG Road', pinCode: '560034', city: 'Bengaluru', receiverMobileNo: '9876500009' };
    const a = party({ id: 1, mobileNo: '9876500001', email: 'a@example.in', address: home });
    expect(selfReferralReason(a, party({ id: 2, mobileNo: '9876500002' }))).toBeNull();
    expect(selfReferralReason(a, party({ id: 2, mobileNo: '9876500002', phone: '+91 98765 00001' }))).toMatch(
      /same mobile number as the referrer \(98XXXXXX01\)/,
    );
    expect(selfReferralReason(a, party({ id: 2, mobileNo: '9876500002', email: 'A+1@example.in' }))).toMatch(/e-mail/);
    expect(
      selfReferralReason(
        a,
        party({
          id: 2,
          mobileNo: '9876500002',
          address: { ...home, address: '12, M.G. Rd.', receiverMobileNo: '9876500002' },
        }),
      ),
    ).toMatch(/default address/);
    expect(
      selfReferralReason(
        a,
        party({
          id: 2,
          mobileNo: '9876500002',
          address: { ...home, pinCode: '560035', receiverMobileNo: '9876500002' },
        }),
      ),
    ).toBeNull();
  });
});

describe('GetReferralProgramme', () => {
  it('gives marketing the reward now and the sign-ups per week, every bucket present', async () => {
    const data = dataOf(await t.api('GET', '/api/Referral/GetReferralProgramme', { token: await t.tokenFor('MR') }));
    expect(data).toMatchObject({ bucket: 'week', reward: 100 });
    expect(data.buckets.length).toBeGreaterThanOrEqual(12);
    expect(data.buckets.reduce((n: number, b: { signups: number }) => n + b.signups, 0)).toBe(data.signups);
    const n = await t.db.$count(referrals);
    // Every referral of this file was made today, inside the range.
    expect(data.signups).toBe(n);
    expect(data.totals.paid + data.totals.pending + data.totals.refused).toBe(n);
    expect(data.buckets.at(-1).signups).toBe(n);
    const days = dataOf(
      await t.api('GET', '/api/Referral/GetReferralProgramme?from=2026-01-01&to=2026-01-10', { token: admin }),
    );
    expect(days).toMatchObject({ bucket: 'day', from: '2026-01-01', to: '2026-01-10' });
    expect(days.buckets.map((b: { start: string }) => b.start)).toHaveLength(10);
    for (const q of ['from=2026-02-01&to=2026-01-01', 'from=2024-01-01&to=2026-01-01', 'bucket=month']) {
      expect((await t.api('GET', `/api/Referral/GetReferralProgramme?${q}`, { token: admin })).status, q).toBe(400);
    }
    expect((await t.api('GET', '/api/Referral/GetReferralProgramme', { token: await t.tokenFor('Cust') })).status).toBe(
      403,
    );
  });
});
