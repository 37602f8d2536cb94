import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, professionals, serviceRatingStats } from '../../server/db/schema';
import { applyLineEvent } from '../../server/domains/commerce/orderLines/service';
import { dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { factories } from '../support/factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let f: ReturnType<typeof factories>;
let admin: string;
type Professional = Awaited<ReturnType<ReturnType<typeof factories>['professional']>>;
let pro: Professional;
let other: Professional;

beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  admin = await t.tokenFor('A');
  pro = await f.professional({ fullName: 'Ravi Kumar' });
  other = await f.professional({ fullName: 'Suresh Naik' });
});
afterAll(() => t?.close());

const rows = async <T>(query: string) => ((await t.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const details = (token: string | undefined, query = '') =>
  t.api('GET', `/api/Rating/GetRatingDetails${query}`, { token });
const feedback = (token: string | undefined, query: string) =>
  t.api('GET', `/api/Rating/GetFeedbackRatings${query}`, { token });
const hide = (token: string | undefined, id: number | string, body: unknown = { Reason: 'Abusive language' }) =>
  t.api('PUT', `/api/Rating/HideReview?Id=${id}`, { token, body });
const unhide = (token: string | undefined, id: number | string, body: unknown = {}) =>
  t.api('PUT', `/api/Rating/UnhideReview?Id=${id}`, { token, body });
const publicReviews = async (serviceId: number) =>
  dataOf(await t.api('GET', `/api/Order/GetRatingReview?Action=ByService&id=${serviceId}`));

type Customer = Awaited<ReturnType<typeof f.customer>> & { tok: string };

/**
 * A visit rated through the product's doors: the customer orders it (a fresh service, or `again`'s service at its
 * address pincode), dispatch's events move it to completed for `by`, and the customer rates it through the API.
 */
async function ratedLine(o: {
  by: Professional;
  stars: number;
  review: string | null;
  again?: { serviceId: number; pinCode: string };
}) {
  const made = await f.customer();
  const c: Customer = { ...made, tok: await made.token() };
  let orderId: number;
  let lineId: number;
  let serviceId: number;
  if (o.again) {
    ({ orderId, lineId } = await placeFor(c, o.again.serviceId, o.again.pinCode));
    serviceId = o.again.serviceId;
  } else {
    const placed = await f.placedOrder(c);
    orderId = placed.orderId;
    lineId = placed.lines[0].id;
    serviceId = placed.lines[0].serviceId;
  }
  await t.db.transaction(async (tx) => {
    await applyLineEvent(tx, lineId, 'ASSIGN', null, { professionalUserId: o.by.id });
    await applyLineEvent(tx, lineId, 'ACCEPT', o.by.id);
    await applyLineEvent(tx, lineId, 'COMPLETE', o.by.id);
  });
  const rated = await t.api('POST', '/api/Professional/CompleteByProfessionalOrCustRating', {
    token: c.tok,
    body: {
      Action: 'CustRating',
      OrderId: orderId,
      ServiceId: serviceId,
      Rating: o.stars,
      ...(o.review ? { Review: o.review } : {}),
    },
  });
  dataOf(rated);
  const [{ pinCode }] = await t.db.select({ pinCode: orders.pinCode }).from(orders).where(eq(orders.id, orderId));
  return { c, orderId, lineId, serviceId, pinCode };
}

async function placeFor(c: Customer, serviceId: number, pinCode: string) {
  const key = () => ({ 'idempotency-key': `k-${crypto.randomUUID()}` });
  dataOf(
    await t.api('POST', '/api/UpdateCustomerWalletBalance', {
      token: admin,
      body: { MobileNo: c.mobileNo, Amount: 1000, Remark: 'Test funds for an order' },
      headers: key(),
    }),
  );
  const address = dataOf(
    await t.api('POST', '/api/Order/AddAddressForCustomer', {
      token: c.tok,
      body: {
        adress: '7 Rating Street',
        pinCode,
        city: 'Mumbai',
        state: 'Maharashtra',
        receiverName: c.fullName,
        receiverMobileNo: c.mobileNo,
      },
    }),
  );
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  dataOf(
    await t.api('POST', '/api/Cart/AddCart', {
      token: c.tok,
      body: { ServiceId: serviceId, SchedulingDateTime: `${day}T11:00:00+05:30` },
    }),
  );
  const placed = dataOf(
    await t.api('POST', '/api/Order/OrderPlacedNew?ApiName=Wallet', {
      token: c.tok,
      body: { AddressId: address.id },
      headers: key(),
    }),
    201,
  );
  const [line] = await t.db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.orderId, placed.orderId));
  return { orderId: placed.orderId as number, lineId: line.id };
}

const statsOf = async (serviceId: number) =>
  (await t.db.select().from(serviceRatingStats).where(eq(serviceRatingStats.serviceId, serviceId)))[0];
const totalsOf = async (userId: number) =>
  (
    await t.db
      .select({ count: professionals.ratingCount, total: professionals.ratingTotal })
      .from(professionals)
      .where(eq(professionals.userId, userId))
  )[0];

let first: Awaited<ReturnType<typeof ratedLine>>;
let second: Awaited<ReturnType<typeof ratedLine>>;
let third: Awaited<ReturnType<typeof ratedLine>>;
let starsOnly: Awaited<ReturnType<typeof ratedLine>>;

describe('rating details', () => {
  beforeAll(async () => {
    first = await ratedLine({ by: pro, stars: 1, review: 'Rude and useless, a total idiot' });
    second = await ratedLine({ by: pro, stars: 5, review: 'Spotless work, on time', again: first });
    third = await ratedLine({ by: other, stars: 4, review: 'Good, a little late' });
    starsOnly = await ratedLine({ by: other, stars: 3, review: null });
  });

  it('lists every rating newest first with its service, professional, customer and review, for the admin and the call desk', async () => {
    for (const role of ['A', 'CD'] as const) {
      const page = dataOf(await details(await t.tokenFor(role), '?pageSize=4'));
      expect(
        page.items.map((r: any) => r.lineId),
        role,
      ).toEqual([starsOnly.lineId, third.lineId, second.lineId, first.lineId]);
      expect(page.total).toBeGreaterThanOrEqual(4);
      expect(page.items[1]).toMatchObject({
        lineId: third.lineId,
        orderId: third.orderId,
        serviceId: third.serviceId,
        professionalId: other.id,
        professionalName: 'Suresh Naik',
        customerId: third.c.id,
        customerName: third.c.fullName,
        customerMobileNo: third.c.mobileNo,
        rating: 4,
        review: 'Good, a little late',
        reviewHidden: false,
        reviewHiddenAt: null,
        reviewHiddenReason: null,
      });
      expect(typeof page.items[1].serviceName).toBe('string');
    }
  });

  it('filters by service, professional, stars, hidden and a search', async () => {
    const ids = async (q: string) => dataOf(await details(admin, q)).items.map((r: any) => r.lineId);
    expect(await ids(`?ServiceId=${first.serviceId}`)).toEqual([second.lineId, first.lineId]);
    expect(await ids(`?ProfessionalId=${other.id}`)).toEqual([starsOnly.lineId, third.lineId]);
    expect(await ids(`?ProfessionalId=${pro.id}&Stars=5`)).toEqual([second.lineId]);
    expect(await ids(`?ProfessionalId=${pro.id}&Stars=2`)).toEqual([]);
    expect(await ids(`?search=${encodeURIComponent('a little late')}`)).toEqual([third.lineId]);
    expect(await ids(`?search=${third.c.mobileNo}`)).toEqual([third.lineId]);
    expect(await ids(`?ProfessionalId=${pro.id}&search=ravi`)).toEqual([second.lineId, first.lineId]);
    expect(await ids(`?ProfessionalId=${pro.id}&hidden=true`)).toEqual([]);
    const paged = dataOf(await details(admin, `?ProfessionalId=${pro.id}&page=2&pageSize=1`));
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items.map((r: any) => r.lineId)).toEqual([first.lineId]);
  });

  it('shows a professional only the ratings of their own visits, with first names only', async () => {
    const tok = await pro.token();
    const mine = dataOf(await details(tok));
    expect(mine.items.map((r: any) => r.lineId)).toEqual([second.lineId, first.lineId]);
    expect(mine.items[0]).toMatchObject({
      customerId: null,
      customerMobileNo: null,
      customerName: second.c.fullName.split(' ')[0],
    });
    expect(dataOf(await details(tok, `?ProfessionalId=${pro.id}`)).total).toBe(2);
    const theirs = await details(tok, `?ProfessionalId=${other.id}`);
    expect(theirs.status).toBe(403);
    expect(JSON.stringify(theirs.body)).not.toContain('a little late');
  });

  it('refuses visitors (401), other roles (403) and bad filters naming the field (400)', async () => {
    expect((await details(undefined)).status).toBe(401);
    for (const role of ['Cust', 'VE', 'IM', 'HR', 'MR', 'AC'] as const) {
      expect((await details(await t.tokenFor(role))).status, role).toBe(403);
    }
    for (const [q, field] of [
      ['?Stars=6', 'Stars'],
      ['?Stars=0', 'Stars'],
      ['?Stars=x', 'Stars'],
      ['?ServiceId=0', 'ServiceId'],
      ['?ProfessionalId=abc', 'ProfessionalId'],
      ['?hidden=maybe', 'hidden'],
      ['?pageSize=500', 'pageSize'],
    ] as const) {
      const res = await details(admin, q);
      expect(res.status, q).toBe(400);
      expect(JSON.stringify(res.body.errors), q).toContain(field);
    }
  });
});

describe('hiding an abusive review', () => {
  it('takes it out of the service page’s reviews (cached copies too), keeps its stars, and logs who and why', async () => {
    const before = await publicReviews(first.serviceId);
    expect(before.reviews.items.map((r: any) => r.id)).toEqual([second.lineId, first.lineId]);
    expect(before).toMatchObject({ count: 2, average: 3 });
    const stats = await statsOf(first.serviceId);
    const totals = await totalsOf(pro.id);

    const res = await hide(admin, first.lineId, { Reason: '  Insults the professional  ' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      lineId: first.lineId,
      reviewHidden: true,
      reviewHiddenReason: 'Insults the professional',
      reviewHiddenByName: accountOf('A').fullName,
      review: 'Rude and useless, a total idiot',
      rating: 1,
    });

    const after = await publicReviews(first.serviceId);
    expect(after.reviews.items.map((r: any) => r.id)).toEqual([second.lineId]);
    expect(after.reviews.total).toBe(1);
    expect(JSON.stringify(after)).not.toContain('idiot');
    // Honest stars stay (decision 018): the summary, the service's stats and the professional's totals are unchanged.
    expect(after).toMatchObject({ count: 2, average: 3, distribution: { 1: 1, 5: 1 } });
    expect(await statsOf(first.serviceId)).toEqual(stats);
    expect(await totalsOf(pro.id)).toEqual(totals);

    expect(
      await rows(
        `select from_state, to_state, event, remark, actor_id is not null as by from transition_log where entity = 'orderLineReview' and entity_id = ${first.lineId} order by id`,
      ),
    ).toEqual([
      { from_state: 'visible', to_state: 'hidden', event: 'HIDE_REVIEW', remark: 'Insults the professional', by: true },
    ]);
    expect(
      dataOf(await details(admin, `?hidden=true&ProfessionalId=${pro.id}`)).items.map((r: any) => r.lineId),
    ).toEqual([first.lineId]);
    // The professional sees the stars of a hidden review, not its text nor the reason.
    const theirs = dataOf(await details(await pro.token())).items.find((r: any) => r.lineId === first.lineId);
    expect(theirs).toMatchObject({ rating: 1, review: null, reviewHidden: true, reviewHiddenReason: null });

    // Hiding twice is a conflict and writes nothing.
    const counts = await tableCounts(t.db);
    const again = await hide(admin, first.lineId);
    expect(again.status).toBe(409);
    expect(await tableCounts(t.db)).toEqual(counts);
  });

  it('can be undone: the review is public again and the log keeps both', async () => {
    const res = await unhide(admin, first.lineId, { Remark: 'Hidden by mistake' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ reviewHidden: false, reviewHiddenAt: null, reviewHiddenReason: null });
    expect((await publicReviews(first.serviceId)).reviews.items.map((r: any) => r.id)).toEqual([
      second.lineId,
      first.lineId,
    ]);
    expect(
      await rows(
        `select event, remark from transition_log where entity = 'orderLineReview' and entity_id = ${first.lineId} order by id`,
      ),
    ).toEqual([
      { event: 'HIDE_REVIEW', remark: 'Insults the professional' },
      { event: 'UNHIDE_REVIEW', remark: 'Hidden by mistake' },
    ]);
    expect((await unhide(admin, first.lineId)).status).toBe(409);
  });

  it('refuses bad input naming the field, unknown or unrated lines, a rating without text, and everyone but the admin', async () => {
    const counts = await tableCounts(t.db);
    for (const [body, field] of [
      [{}, 'Reason'],
      [{ Reason: '' }, 'Reason'],
      [{ Reason: '   ' }, 'Reason'],
      [{ Reason: 'no' }, 'Reason'],
      [{ Reason: 'x'.repeat(501) }, 'Reason'],
      [{ Reason: 'Abuse', hiddenBy: 1 }, 'hiddenBy'],
    ] as const) {
      const res = await hide(admin, third.lineId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect((await hide(admin, 'abc')).status).toBe(400);
    expect((await unhide(admin, third.lineId, { Remark: 'x'.repeat(501) })).status).toBe(400);
    expect((await hide(admin, 2_000_000_000)).status).toBe(404);
    expect(await tableCounts(t.db)).toEqual(counts);
    // A line that is not rated has no review to hide.
    const unrated = await f.placedOrder(await f.customer());
    expect((await hide(admin, unrated.lines[0].id)).status).toBe(404);
    expect((await hide(admin, starsOnly.lineId)).status).toBe(409);
    expect((await hide(undefined, third.lineId)).status).toBe(401);
    expect((await unhide(undefined, third.lineId)).status).toBe(401);
    const roles = ['CD', 'TE', 'Cust', 'VE', 'IM', 'HR', 'MR', 'AC'] as const;
    // Signed in first: a sign-in writes a session row.
    const tokens = await Promise.all(roles.map((r) => t.tokenFor(r)));
    const before = await tableCounts(t.db);
    for (const [i, role] of roles.entries()) {
      expect((await hide(tokens[i], third.lineId)).status, role).toBe(403);
      expect((await unhide(tokens[i], third.lineId)).status, role).toBe(403);
    }
    const after = await tableCounts(t.db);
    expect(after).toEqual(before);
    expect(dataOf(await details(admin, `?ProfessionalId=${other.id}&hidden=true`)).total).toBe(0);
  });

  it('lets one of two racing hides win; the other gets 409', async () => {
    const [a, b] = await Promise.all([
      hide(admin, third.lineId, { Reason: 'First reason' }),
      hide(admin, third.lineId, { Reason: 'Second reason' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(
      await rows(
        `select count(*)::int as n from transition_log where entity = 'orderLineReview' and entity_id = ${third.lineId}`,
      ),
    ).toEqual([{ n: 1 }]);
    dataOf(await unhide(admin, third.lineId));
  });
});

describe('feedback ratings', () => {
  it('per professional and per service: count and average from the running totals, best first', async () => {
    const byPro = dataOf(await feedback(admin, '?by=professional&pageSize=200'));
    const mine = byPro.items.find((r: any) => r.id === pro.id);
    const theirs = byPro.items.find((r: any) => r.id === other.id);
    expect(mine).toMatchObject({ name: 'Ravi Kumar', detail: pro.mobileNo, count: 2, average: 3 });
    expect(theirs).toMatchObject({ name: 'Suresh Naik', count: 2, average: 3.5 });
    const averages = byPro.items.map((r: any) => r.average);
    expect(averages).toEqual([...averages].sort((x: number, y: number) => y - x));

    const found = dataOf(await feedback(await t.tokenFor('CD'), '?by=professional&search=suresh'));
    expect(found.items.map((r: any) => r.id)).toEqual([other.id]);

    const byService = dataOf(await feedback(admin, `?by=service&sort=count&order=desc&pageSize=200`));
    expect(byService.items.find((r: any) => r.id === first.serviceId)).toMatchObject({ count: 2, average: 3 });
    const counts = byService.items.map((r: any) => r.count);
    expect(counts).toEqual([...counts].sort((x: number, y: number) => y - x));
  });

  it('refuses bad input naming the field, visitors and roles other than the admin and the call desk', async () => {
    for (const [q, field] of [
      ['', 'by'],
      ['?by=zone', 'by'],
      ['?by=service&sort=stars', 'sort'],
      ['?by=service&order=up', 'order'],
    ] as const) {
      const res = await feedback(admin, q);
      expect(res.status, q).toBe(400);
      expect(JSON.stringify(res.body.errors), q).toContain(field);
    }
    expect((await feedback(undefined, '?by=service')).status).toBe(401);
    for (const role of ['TE', 'Cust', 'VE', 'IM', 'HR', 'MR', 'AC'] as const) {
      expect((await feedback(await t.tokenFor(role), '?by=service')).status, role).toBe(403);
    }
  });
});
