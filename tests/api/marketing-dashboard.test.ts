// The marketing dashboard (GET Marketing/GetMarketingDashboard; decision 025): coupons by state and those
// waiting for approval, redemptions and their discount per coupon over time, advertisements and packages live,
// subscriptions sold, referral sign-ups and payouts, over India days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaToday, resolveRange } from '../../server/domains/marketing/marketingDashboard/service';
import { dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { couponFactories, dayFromToday, marketingDashboardFactories } from '../support/factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

type Bucket = { start: string; count: number; amount: number };
interface Dashboard {
  from: string;
  to: string;
  bucket: 'day' | 'week';
  top: number;
  coupons: {
    total: number;
    byState: { state: string; label: string; count: number }[];
    live: number;
    scheduled: number;
    ended: number;
    pending: { count: number; oldest: { id: number; code: string; makerName: string; waitingSince: string }[] };
  };
  redemptions: {
    count: number;
    discount: number;
    buckets: Bucket[];
    coupons: { couponId: number; code: string; count: number; discount: number; buckets: Bucket[] }[];
  };
  advertisements: { active: number; total: number };
  packages: { active: number; total: number };
  subscriptions: { sold: number; revenue: number; activeNow: number; buckets: Bucket[] };
  referrals: {
    signups: number;
    byStatus: { status: string; count: number }[];
    buckets: Bucket[];
    paid: number;
    paidAmount: number;
    pendingAmount: number;
  };
}

let t: TestServer;
let md: ReturnType<typeof marketingDashboardFactories>;
let marketing: string;
beforeAll(async () => {
  t = await startTestServer();
  md = marketingDashboardFactories(t);
  marketing = await t.tokenFor('MR');
});
afterAll(() => t?.close());

const get = (query = '', token: string | null = marketing) =>
  t.api('GET', `/api/Marketing/GetMarketingDashboard${query ? `?${query}` : ''}`, { token });
const dashboard = async (query = '', token: string | null = marketing) => dataOf<Dashboard>(await get(query, token));
const stateCount = (d: Dashboard, state: string) => d.coupons.byState.find((s) => s.state === state)!.count;
/** An instant given as India time. */
const ist = (local: string) => new Date(`${local}+05:30`);
const DAY = 86_400_000;

describe('who may see it', () => {
  it('marketing and the admin; other roles 403, a visitor 401', async () => {
    expect((await get('', marketing)).status).toBe(200);
    expect((await get('', await t.tokenFor('A'))).status).toBe(200);
    for (const role of ['CD', 'AC', 'HR', 'Cust'] as const) {
      expect((await get('', await t.tokenFor(role))).status, role).toBe(403);
    }
    expect((await get('', null)).status).toBe(401);
  });
});

describe('the range', () => {
  it('is the last 30 India days by default, in day buckets, with the top 5 coupons', async () => {
    const d = await dashboard();
    const today = indiaToday(new Date());
    expect(d.to).toBe(today);
    expect(d.from).toBe(new Date(Date.parse(`${today}T00:00:00Z`) - 29 * DAY).toISOString().slice(0, 10));
    expect(d.bucket).toBe('day');
    expect(d.top).toBe(5);
    expect(d.redemptions.buckets.map((b) => b.start)).toHaveLength(30);
    expect(d.redemptions.buckets[0].start).toBe(d.from);
    expect(d.redemptions.buckets.at(-1)!.start).toBe(d.to);
    expect(d.subscriptions.buckets).toHaveLength(30);
    expect(d.referrals.buckets).toHaveLength(30);
  });

  it('turns India today at 18:30 UTC', () => {
    expect(indiaToday(new Date('2024-03-10T18:29:59Z'))).toBe('2024-03-10');
    expect(indiaToday(new Date('2024-03-10T18:30:00Z'))).toBe('2024-03-11');
    const r = resolveRange({}, new Date('2024-03-10T18:30:00Z'));
    expect([r.from, r.to]).toEqual(['2024-02-11', '2024-03-11']);
    expect(r.start.toISOString()).toBe('2024-02-10T18:30:00.000Z');
    expect(r.end.toISOString()).toBe('2024-03-11T18:30:00.000Z');
  });

  it('takes only `from` up to today, or only `to` with the 29 days before', async () => {
    const d = await dashboard('to=2024-03-31');
    expect([d.from, d.to]).toEqual(['2024-03-02', '2024-03-31']);
    const today = indiaToday(new Date());
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - 9 * DAY).toISOString().slice(0, 10);
    const e = await dashboard(`from=${from}`);
    expect([e.from, e.to]).toEqual([from, today]);
    expect(e.redemptions.buckets).toHaveLength(10);
  });

  it('uses weeks (from Monday) beyond 92 days, or when asked; days up to 92', async () => {
    const days = await dashboard('from=2024-01-01&to=2024-04-01'); // 92 days
    expect(days.bucket).toBe('day');
    expect(days.redemptions.buckets).toHaveLength(92);
    const weeks = await dashboard('from=2024-01-03&to=2024-04-04'); // 93 days, from a Wednesday
    expect(weeks.bucket).toBe('week');
    expect(weeks.redemptions.buckets[0].start).toBe('2024-01-01'); // its Monday
    expect(weeks.redemptions.buckets.at(-1)!.start).toBe('2024-04-01');
    expect(weeks.redemptions.buckets).toHaveLength(14);
    const asked = await dashboard('from=2024-03-01&to=2024-03-14&bucket=week');
    expect(asked.redemptions.buckets.map((b) => b.start)).toEqual(['2024-02-26', '2024-03-04', '2024-03-11']);
    const year = await dashboard('from=2024-01-01&to=2024-12-31&bucket=day'); // a leap year: 366 days
    expect(year.redemptions.buckets).toHaveLength(366);
  });

  it('refuses a bad range naming the field, and writes nothing', async () => {
    const before = await tableCounts(t.db);
    const refused = async (query: string, field: string, message: RegExp) => {
      const r = await get(query);
      expect(r.status, query).toBe(400);
      expect(r.headers.get('content-type'), query).toMatch(/problem\+json/);
      expect(r.body.errors?.[0]?.field, query).toBe(field);
      expect(r.body.errors[0].message, query).toMatch(message);
    };
    await refused('from=2024-03-10&to=2024-03-09', 'from', /on or before the last day \(2024-03-09\)/);
    await refused('from=2023-01-01&to=2024-01-02', 'from', /at most 366 days/);
    await refused('from=1999-12-31&to=2000-01-02', 'from', /between 2000-01-01 and 2099-12-31/);
    await refused('to=2100-01-01', 'to', /between 2000-01-01 and 2099-12-31/);
    for (const q of ['from=2024-02-30', 'to=31-03-2024', 'bucket=month', 'top=0', 'top=11', 'top=2.5']) {
      const r = await get(q);
      expect(r.status, q).toBe(400);
      expect(r.headers.get('content-type'), q).toMatch(/problem\+json/);
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('coupons', () => {
  it('counts every state now but deleted, with the approved split by validity', async () => {
    const before = await dashboard();
    await md.coupon('draft');
    await md.coupon('pending');
    await md.coupon('approved'); // live from today
    await md.coupon('approved');
    await md.coupon('approved', { validFrom: dayFromToday(3), validTo: dayFromToday(9) }); // not started
    const ended = await md.coupon('approved');
    await couponFactories(t).endValidity(ended.id); // past its end, not swept yet: counted as expired
    await md.coupon('rejected');
    await md.coupon('expired');
    await md.coupon('disabled');
    await md.coupon('deleted');
    const after = await dashboard();
    const delta = (s: string) => stateCount(after, s) - stateCount(before, s);
    expect(after.coupons.byState.map((s) => s.state)).toEqual([
      'draft',
      'pending',
      'approved',
      'rejected',
      'expired',
      'disabled',
    ]);
    expect(after.coupons.byState.find((s) => s.state === 'pending')!.label).toBe('Waiting for approval');
    expect(
      Object.fromEntries(['draft', 'pending', 'approved', 'rejected', 'expired', 'disabled'].map((s) => [s, delta(s)])),
    ).toEqual({ draft: 1, pending: 1, approved: 3, rejected: 1, expired: 2, disabled: 1 });
    expect(after.coupons.total - before.coupons.total).toBe(9);
    expect(after.coupons.total).toBe(after.coupons.byState.reduce((n, s) => n + s.count, 0));
    expect(after.coupons.live - before.coupons.live).toBe(2);
    expect(after.coupons.scheduled - before.coupons.scheduled).toBe(1);
    expect(after.coupons.live + after.coupons.scheduled).toBe(stateCount(after, 'approved'));
    expect(after.coupons.pending.count).toBe(stateCount(after, 'pending'));
  });

  it('names the five that have waited longest for approval, oldest first, with their maker', async () => {
    const long = Date.now() - 400 * DAY; // before anything else in this database was sent for approval
    const made = [];
    for (const days of [3, 1, 6, 2, 5, 4]) {
      const c = await md.coupon('pending');
      await md.submittedAt(c.id, new Date(long + days * DAY));
      made.push(c);
    }
    const { oldest } = (await dashboard()).coupons.pending;
    expect(oldest).toHaveLength(5);
    // Waiting since day 1, 2, 3, 4, 5 after `long`: the sixth (day 6) is left out.
    expect(oldest.map((c) => c.id)).toEqual([made[1], made[3], made[0], made[5], made[4]].map((c) => c.id));
    expect(oldest.map((c) => c.code)).toEqual([made[1], made[3], made[0], made[5], made[4]].map((c) => c.code));
    expect(oldest[0].waitingSince).toBe(new Date(long + DAY).toISOString());
    expect(oldest[0].makerName).toBe(accountOf('MR').fullName);
  });
});

describe('redemptions over time (a past range of its own: 1 to 14 March 2021, India days)', () => {
  const range = 'from=2021-03-01&to=2021-03-14';

  it('counts held redemptions per India day, per top coupon and in all, with their discount', async () => {
    const a = await md.coupon('approved', { couponCode: 'DASHA' });
    const b = await md.coupon('approved', { couponCode: 'DASHB' });
    const c = await md.coupon('approved', { couponCode: 'DASHC' });
    // 1 March IST starts at 28 Feb 18:30Z: these two are 28 Feb and 1 March in India.
    await md.redemption(a.id, new Date('2021-02-28T18:29:59Z'), 100_00);
    await md.redemption(a.id, new Date('2021-02-28T18:30:00Z'), 50_00);
    await md.redemption(a.id, ist('2021-03-01T23:59:00'), 25_00);
    await md.redemption(a.id, ist('2021-03-05T10:00:00'), 40_00, { released: true }); // released: not counted
    await md.redemption(b.id, ist('2021-03-05T10:00:00'), 200_00);
    await md.redemption(c.id, ist('2021-03-14T23:59:59'), 10_00);
    await md.redemption(c.id, ist('2021-03-15T00:00:00'), 999_00); // after the range

    const d = await dashboard(range);
    expect(d.redemptions.count).toBe(4);
    expect(d.redemptions.discount).toBe(285);
    const day = (buckets: Bucket[], start: string) => buckets.find((x) => x.start === start)!;
    expect(day(d.redemptions.buckets, '2021-03-01')).toEqual({ start: '2021-03-01', count: 2, amount: 75 });
    expect(day(d.redemptions.buckets, '2021-03-05')).toEqual({ start: '2021-03-05', count: 1, amount: 200 });
    expect(day(d.redemptions.buckets, '2021-03-14')).toEqual({ start: '2021-03-14', count: 1, amount: 10 });
    expect(d.redemptions.buckets.filter((x) => x.count > 0)).toHaveLength(3);
    // The coupons that gave the most discount first.
    expect(d.redemptions.coupons.map((x) => [x.code, x.count, x.discount])).toEqual([
      ['DASHB', 1, 200],
      ['DASHA', 2, 75],
      ['DASHC', 1, 10],
    ]);
    const dashA = d.redemptions.coupons[1];
    expect(dashA.buckets).toHaveLength(14);
    expect(day(dashA.buckets, '2021-03-01')).toEqual({ start: '2021-03-01', count: 2, amount: 75 });
    expect(day(dashA.buckets, '2021-03-05').count).toBe(0);
  });

  it('gives only the top few their own series; the rest is the difference', async () => {
    const d = await dashboard(`${range}&top=1`);
    expect(d.top).toBe(1);
    expect(d.redemptions.coupons.map((x) => x.code)).toEqual(['DASHB']);
    expect(d.redemptions.count).toBe(4);
    const rest = d.redemptions.buckets.map(
      (b, i) => b.count - d.redemptions.coupons.reduce((n, x) => n + x.buckets[i].count, 0),
    );
    expect(rest.reduce((n, x) => n + x, 0)).toBe(3);
  });

  it('sums a week from Monday', async () => {
    const d = await dashboard(`${range}&bucket=week`);
    // 1-7 March is Monday to Sunday; 5 March is in it too. 14 March (Sunday) closes the week of the 8th.
    expect(d.redemptions.buckets).toEqual([
      { start: '2021-03-01', count: 3, amount: 275 },
      { start: '2021-03-08', count: 1, amount: 10 },
    ]);
  });
});

describe('advertisements and packages', () => {
  it('counts the advertisements switched on and the packages not expired, now', async () => {
    const before = await dashboard();
    await md.advertisement();
    await md.advertisement();
    await md.advertisement('off');
    await md.advertisement('deleted');
    await md.coupon('approved'); // a coupon is not an advertisement
    await md.specialPackage();
    await md.specialPackage({ expired: true });
    const after = await dashboard();
    expect(after.advertisements.active - before.advertisements.active).toBe(2);
    expect(after.advertisements.total - before.advertisements.total).toBe(3);
    expect(after.packages.active - before.packages.active).toBe(1);
    expect(after.packages.total - before.packages.total).toBe(2);
  });
});

describe('subscriptions sold', () => {
  it('counts the paid purchases made in the range and their revenue, per India day; and the plans running now', async () => {
    const before = await dashboard();
    const plan = await md.plan({ pricePaise: 499_00 });
    const dearer = await md.plan({ pricePaise: 1_299_50 });
    await md.purchase(plan, ist('2021-03-02T09:00:00'));
    await md.purchase(dearer, ist('2021-03-02T23:00:00'));
    await md.purchase(plan, ist('2021-03-03T00:10:00'));
    await md.purchase(plan, ist('2021-03-04T00:10:00'), { state: 'failed' });
    await md.purchase(plan, ist('2021-03-04T00:20:00'), { state: 'awaitingPayment' });
    await md.purchase(plan, new Date(Date.now() - DAY)); // running now
    await md.purchase(plan, new Date(Date.now() - 400 * DAY), { months: 3 }); // ended

    const d = await dashboard('from=2021-03-01&to=2021-03-14');
    expect(d.subscriptions.sold).toBe(3);
    expect(d.subscriptions.revenue).toBe(2297.5);
    expect(d.subscriptions.buckets.find((b) => b.start === '2021-03-02')).toEqual({
      start: '2021-03-02',
      count: 2,
      amount: 1798.5,
    });
    expect(d.subscriptions.buckets.find((b) => b.start === '2021-03-03')).toEqual({
      start: '2021-03-03',
      count: 1,
      amount: 499,
    });
    expect(d.subscriptions.buckets.find((b) => b.start === '2021-03-04')!.count).toBe(0);
    const after = await dashboard();
    expect(after.subscriptions.activeNow - before.subscriptions.activeNow).toBe(1);
    expect(after.subscriptions.sold - before.subscriptions.sold).toBe(1);
  });
});

describe('referrals', () => {
  it('counts the sign-ups made in the range by status and day, the payouts made in it, and what is still owed', async () => {
    const before = await dashboard();
    await md.referral(ist('2021-03-01T08:00:00'), {
      status: 'paid',
      costPaise: 50_00,
      settledAt: ist('2021-03-03T12:00:00'),
    });
    await md.referral(ist('2021-02-20T08:00:00'), {
      status: 'paid',
      costPaise: 75_00,
      settledAt: ist('2021-03-10T12:00:00'),
    });
    await md.referral(ist('2021-03-01T20:00:00'), { status: 'pending', costPaise: 60_00 });
    await md.referral(ist('2021-03-06T08:00:00'), { status: 'refused', costPaise: 60_00 });
    await md.referral(ist('2021-03-20T08:00:00'), {
      status: 'paid',
      costPaise: 80_00,
      settledAt: ist('2021-03-21T08:00:00'),
    });

    const d = await dashboard('from=2021-03-01&to=2021-03-14');
    expect(d.referrals.signups).toBe(3);
    expect(Object.fromEntries(d.referrals.byStatus.map((s) => [s.status, s.count]))).toEqual({
      pending: 1,
      paid: 1,
      refused: 1,
    });
    expect(d.referrals.buckets.find((b) => b.start === '2021-03-01')).toEqual({
      start: '2021-03-01',
      count: 2,
      amount: 0,
    });
    // Paid in the range: the one signed up on 20 February counts too; the one paid on the 21st does not.
    expect(d.referrals.paid).toBe(2);
    expect(d.referrals.paidAmount).toBe(125);
    const after = await dashboard();
    expect(after.referrals.pendingAmount - before.referrals.pendingAmount).toBe(60);
  });
});
