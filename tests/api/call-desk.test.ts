import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLineEvent, moveSlotForSeed } from '../../server/domains/commerce/orderLines/service';
import { indiaDay, parseSearch, summary } from '../../server/domains/fieldService/callDesk/service';
import { dataOf } from '../support/catalogue';
import { allowedRoles, bodySchemaOf, operations, sampleOf, urlOf } from '../support/contract';
import { tableCounts } from '../support/counts';
import { factories } from '../support/factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let f: ReturnType<typeof factories>;
let desk: string;
beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  desk = await t.tokenFor('CD');
});
afterAll(() => t?.close());

const HOUR = 3_600_000;
const getSummary = (token: string | undefined) => t.api('GET', '/api/CallDesk/GetSummary', { token });
const find = (token: string | undefined, q: string, extra = '') =>
  t.api('GET', `/api/CallDesk/SearchOrders?q=${encodeURIComponent(q)}${extra}`, { token });
const countOf = (s: any, state: string) => s.byState.find((x: any) => x.state === state).count;
const bucket = (s: any, key: string) => s.unassigned.buckets.find((b: any) => b.key === key).count;

/** Midday of today in India: a slot that is "today's" whatever the hour of the test run. */
const todayNoon = () => new Date(indiaDay(new Date()).from.getTime() + 12 * HOUR);

describe('the India day', () => {
  it('starts at midnight in Kolkata (18:30 UTC the day before)', () => {
    expect(indiaDay(new Date('2026-11-23T18:29:59Z'))).toEqual({
      day: '2026-11-23',
      from: new Date('2026-11-22T18:30:00Z'),
      to: new Date('2026-11-23T18:30:00Z'),
    });
    expect(indiaDay(new Date('2026-11-23T18:30:00Z')).day).toBe('2026-11-24');
  });
});

describe('the summary', () => {
  it("counts today's lines by state (India day) and the unassigned ones by age, the oldest listed first", async () => {
    const before = dataOf(await getSummary(desk));
    expect(before.byState.map((s: any) => s.state)).toEqual([
      'awaitingPayment',
      'unassigned',
      'assigned',
      'accepted',
      'completed',
      'rated',
      'cancelled',
      'paymentFailed',
    ]);
    const tech = await f.professional();
    const c = await f.customer();
    const today = await f.placedOrder(c, 2);
    const later = await f.placedOrder(c); // 3 days ahead: not today's
    await t.db.transaction(async (tx) => {
      for (const l of today.lines) await moveSlotForSeed(tx, l.id, todayNoon());
      await applyLineEvent(tx, today.lines[1].id, 'ASSIGN', null, { professionalUserId: tech.id });
    });
    const after = dataOf(await getSummary(desk));
    expect(countOf(after, 'unassigned') - countOf(before, 'unassigned')).toBe(1);
    expect(countOf(after, 'assigned') - countOf(before, 'assigned')).toBe(1);
    expect(after.totalToday - before.totalToday).toBe(2);
    expect(after.day).toBe(indiaDay(new Date()).day);

    // Two new unassigned lines (today's first and the later one), both waiting under an hour.
    expect(after.unassigned.total - before.unassigned.total).toBe(2);
    expect(bucket(after, 'under1h') - bucket(before, 'under1h')).toBe(2);
    const sum = after.unassigned.buckets.reduce((n: number, b: any) => n + b.count, 0);
    expect(sum).toBe(after.unassigned.total);
    expect(after.unassigned.oldest.length).toBeLessThanOrEqual(5);
    const since = after.unassigned.oldest.map((l: any) => new Date(l.waitingSince).getTime());
    expect(since).toEqual([...since].sort((a, b) => a - b));

    // Seen five hours on, the same lines have waited 4 to 24 hours; a day and more on, over 24 hours.
    const inFive = await summary(t.db, new Date(Date.now() + 5 * HOUR));
    const inTwoDays = await summary(t.db, new Date(Date.now() + 48 * HOUR));
    expect(inFive.unassigned.buckets.find((b) => b.key === 'h4to24')!.count).toBeGreaterThanOrEqual(2);
    expect(inTwoDays.unassigned.buckets.find((b) => b.key === 'over24h')!.count).toBe(inTwoDays.unassigned.total);
    expect(inTwoDays.unassigned.oldest.map((l) => l.lineId)).not.toContain(today.lines[1].id);
    expect(later.lines[0].state).toBe('unassigned');
  });

  it('is for the call desk and the admin only', async () => {
    expect((await getSummary(undefined)).status).toBe(401);
    expect((await getSummary(await t.tokenFor('A'))).status).toBe(200);
    for (const role of ['TE', 'Cust', 'VE', 'IM', 'HR', 'MR', 'AC'] as const) {
      expect((await getSummary(await t.tokenFor(role))).status, role).toBe(403);
    }
  });
});

describe('the search', () => {
  it('reads what was typed: a mobile number with or without +91 or 0, or an order id with or without #', () => {
    expect(parseSearch('98765 43210')).toEqual({ kind: 'mobile', mobileNo: '9876543210' });
    expect(parseSearch('+91 98765-43210')).toEqual({ kind: 'mobile', mobileNo: '9876543210' });
    expect(parseSearch('09876543210')).toEqual({ kind: 'mobile', mobileNo: '9876543210' });
    expect(parseSearch('#42')).toEqual({ kind: 'orderId', orderId: 42 });
    expect(parseSearch('1234567890')).toEqual({ kind: 'orderId', orderId: 1234567890 });
    for (const bad of ['abc', '0', '#', '5876543210x', '9999999999999']) expect(() => parseSearch(bad), bad).toThrow();
  });

  it("finds a customer's orders by mobile, newest first, with lines, states, professionals and each line's history", async () => {
    const tech = await f.professional({ fullName: 'Imran Shaikh' });
    const c = await f.customer();
    const older = await f.placedOrder(c);
    const newer = await f.placedOrder(c, 2);
    await t.db.transaction(async (tx) => {
      await applyLineEvent(tx, newer.lines[0].id, 'ASSIGN', null, { professionalUserId: tech.id, remark: 'Nearest' });
      await applyLineEvent(tx, newer.lines[0].id, 'ACCEPT', tech.id);
    });
    const res = dataOf(await find(desk, `+91 ${c.mobileNo}`));
    expect(res).toMatchObject({ kind: 'mobile', total: 2, page: 1, pageSize: 5 });
    expect(res.customer).toMatchObject({ id: c.id, fullName: c.fullName, mobileNo: c.mobileNo });
    expect(res.items.map((o: any) => o.orderId)).toEqual([newer.orderId, older.orderId]);
    const [order] = res.items;
    expect(order).toMatchObject({ status: 'order created', customerMobileNo: c.mobileNo, paymentType: 'Wallet' });
    expect(order.total).toBeGreaterThan(0);
    expect(order.lines.map((l: any) => [l.lineId, l.state])).toEqual([
      [newer.lines[0].id, 'accepted'],
      [newer.lines[1].id, 'unassigned'],
    ]);
    expect(order.lines[0].professional).toEqual({ id: tech.id, fullName: 'Imran Shaikh', mobileNo: tech.mobileNo });
    expect(order.lines[1].professional).toBeNull();
    expect(order.lines[0].stateLabel).toEqual(expect.any(String));
    const history = order.lines[0].history.map((h: any) => [h.fromState, h.toState, h.event]);
    expect(history.slice(-2)).toEqual([
      ['unassigned', 'assigned', 'ASSIGN'],
      ['assigned', 'accepted', 'ACCEPT'],
    ]);
    expect(order.lines[0].history.at(-2)).toMatchObject({ remark: 'Nearest', actorName: null });
    expect(order.lines[0].history.at(-1).actorName).toBe('Imran Shaikh');

    const paged = dataOf(await find(desk, c.mobileNo, '&page=2&pageSize=1'));
    expect(paged.items.map((o: any) => o.orderId)).toEqual([older.orderId]);

    const byId = dataOf(await find(await t.tokenFor('A'), `#${older.orderId}`));
    expect(byId).toMatchObject({ kind: 'orderId', total: 1, customer: { id: c.id } });
    expect(byId.items[0].lines.map((l: any) => l.lineId)).toEqual([older.lines[0].id]);
  });

  it('finds nothing without failing, and names q when it is neither a mobile number nor an order id', async () => {
    expect(dataOf(await find(desk, '6999999999'))).toMatchObject({ customer: null, items: [], total: 0 });
    expect(dataOf(await find(desk, '2000000000'))).toMatchObject({ customer: null, items: [], total: 0 });
    // A staff member's mobile number is not a customer's.
    expect(dataOf(await find(desk, accountOf('VE').mobileNo)).customer).toBeNull();
    for (const q of ['abc', '12-ab', '0', '99999999999999']) {
      const res = await find(desk, q);
      expect(res.status, q).toBe(400);
      expect(res.body.errors[0].field, q).toBe('q');
    }
    for (const [url, field] of [
      ['/api/CallDesk/SearchOrders', 'q'],
      [`/api/CallDesk/SearchOrders?q=${'1'.repeat(21)}`, 'q'],
      ['/api/CallDesk/SearchOrders?q=42&pageSize=21', 'pageSize'],
      ['/api/CallDesk/SearchOrders?q=42&page=0', 'page'],
    ] as const) {
      const res = await t.api('GET', url, { token: desk });
      expect(res.status, url).toBe(400);
      expect(JSON.stringify(res.body.errors), url).toContain(field);
    }
  });

  it('is for the call desk and the admin only', async () => {
    expect((await find(undefined, '42')).status).toBe(401);
    for (const role of ['TE', 'Cust', 'VE', 'IM', 'HR', 'MR', 'AC'] as const) {
      expect((await find(await t.tokenFor(role), '42')).status, role).toBe(403);
    }
  });
});

/**
 * The call desk is read-only (decision 018): every operation that is not a GET answers it 403. The
 * exceptions are reads sent by POST (they change nothing), the caller's own session (sign out, own password, own
 * notifications read) and public operations, which take no session at all.
 */
const CD_POST_READS = new Set([
  'getCustomerWalletBalance',
  'getAllCustomers',
  'getCartDetails',
  'getCustomerAddresses',
  'orderCheckOut',
  'getOrdersForCustomer',
  'getCancelledOrdersForCustomer',
  'orderCancellationQuote',
]);
const OWN_SESSION = new Set(['logout', 'changePassword', 'markNotificationsRead']);

describe('the call desk can change nothing', () => {
  const writes = operations.filter((op) => op.method.toUpperCase() !== 'GET');

  it('x-roles lists CD on no write: only on reads sent by POST and on the caller’s own session', () => {
    const withCd = writes
      .filter((op) => {
        const allowed = allowedRoles(op);
        return allowed === 'any' || (allowed !== 'public' && allowed.includes('CD'));
      })
      .map((op) => op.operationId)
      .sort();
    expect(withCd).toEqual([...CD_POST_READS, ...OWN_SESSION].sort());
    // The POST reads are reads: they invalidate nothing.
    for (const op of writes.filter((o) => CD_POST_READS.has(o.operationId))) {
      expect(op.spec['x-invalidates'] ?? [], op.operationId).toEqual([]);
    }
  });

  it('every other operation but a GET answers the call desk 403 and writes nothing', async () => {
    const before = await tableCounts(t.db);
    const walked: string[] = [];
    for (const op of writes) {
      // Public operations (sign-in, sign-up, the payment provider's return) take no session: a role has no say.
      if (allowedRoles(op) === 'public') continue;
      if (CD_POST_READS.has(op.operationId) || OWN_SESSION.has(op.operationId)) continue;
      const body = bodySchemaOf(op) ? sampleOf(bodySchemaOf(op)!) : undefined;
      const res = await t.api(op.method, urlOf(op), { token: desk, body });
      expect(res.status, `${op.operationId} -> ${res.status} ${JSON.stringify(res.body)?.slice(0, 160)}`).toBe(403);
      walked.push(op.operationId);
    }
    expect(walked).toEqual(
      expect.arrayContaining(['orderPlacedNew', 'responseCustomerQuery', 'hideReview', 'addCart']),
    );
    expect(walked.length).toBeGreaterThan(50);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});
