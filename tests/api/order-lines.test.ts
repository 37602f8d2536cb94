import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creditNotes, liveEvents, orderLines, orders, users } from '../../server/db/schema';
import { applyLineEvent, type LineEventExtra, moveSlotForSeed } from '../../server/domains/commerce/orderLines/service';
import { checkLedger } from '../../server/domains/money/wallets/service';
import type { OrderLineEventType } from '../../src/machines/orderLine/orderLine.machine';
import { dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { factories } from '../support/factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let f: ReturnType<typeof factories>;
let admin: string;
let technicianId: number;
beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  admin = await t.tokenFor('A');
  const [tech] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobileNo, accountOf('TE').mobileNo));
  technicianId = tech.id;
});
afterAll(() => t?.close());
afterEach(async () => {
  const report = await checkLedger(t.db);
  expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
});

const HOUR = 3_600_000;

type Customer = Awaited<ReturnType<Factories['customer']>> & { tok: string };
type Factories = ReturnType<typeof factories>;

async function customer(): Promise<Customer> {
  const c = await f.customer();
  return { ...c, tok: await c.token() };
}

/** A wallet-paid order of a new customer (or the given one) with `n` lines, each unassigned, 3 days ahead. */
async function order(c?: Customer, n = 1) {
  const who = c ?? (await customer());
  const placed = await f.placedOrder(who, n);
  return { c: who, ...placed, line: placed.lines[0] };
}

/** `c` books `serviceId` at an address of `pinCode` through the API, paid from the wallet. */
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
    await post('/api/Order/AddAddressForCustomer', c.tok, {
      adress: '7 Rating Street',
      pinCode,
      city: 'Mumbai',
      state: 'Maharashtra',
      receiverName: c.fullName,
      receiverMobileNo: c.mobileNo,
    }),
  );
  dataOf(await post('/api/Cart/AddCart', c.tok, { ServiceId: serviceId, SchedulingDateTime: slotAt(3, 10) }));
  const placed = dataOf(
    await t.api('POST', '/api/Order/OrderPlacedNew?ApiName=Wallet', {
      token: c.tok,
      body: { AddressId: address.id },
      headers: key(),
    }),
    201,
  );
  const lines = await t.db
    .select({ id: orderLines.id, serviceId: orderLines.serviceId })
    .from(orderLines)
    .where(eq(orderLines.orderId, placed.orderId));
  return { orderId: placed.orderId as number, lines };
}

/** Dispatch's events (decisions 016 and 019), through the service the demo seed uses too. */
const event = (lineId: number, type: OrderLineEventType, extra: LineEventExtra = {}) =>
  t.db.transaction((tx) => applyLineEvent(tx, lineId, type, null, extra));
const assign = (lineId: number) => event(lineId, 'ASSIGN', { professionalUserId: technicianId });
async function complete(lineId: number) {
  await assign(lineId);
  await event(lineId, 'ACCEPT');
  await event(lineId, 'COMPLETE');
}
/** Puts the slot `hours` from now (within 3 hours, or in the past), where booking never could. */
const slotIn = (lineId: number, hours: number) =>
  t.db.transaction((tx) => moveSlotForSeed(tx, lineId, new Date(Date.now() + hours * HOUR)));

const post = (path: string, token: string, body?: unknown) => t.api('POST', path, { token, body });
const ref = (o: { orderId: number; line: { serviceId: number } }) => ({
  OrderId: o.orderId,
  ServiceId: o.line.serviceId,
});
const quote = (token: string, body: unknown) => post('/api/Order/OrderCancellationQuote', token, body);
const cancel = (token: string, body: unknown) => post('/api/Order/OrderCancellation', token, body);
const reschedule = (token: string, body: unknown) => post('/api/Order/OrderReschedule', token, body);
const rate = (token: string, body: unknown) =>
  post('/api/Professional/CompleteByProfessionalOrCustRating', token, body);
const upcoming = async (token: string, body: Record<string, unknown> = {}) =>
  dataOf(await post('/api/Customer/GetOrdersForCustomer', token, { when: 'upcoming', ...body }));
const balance = async (c: Customer) =>
  dataOf(await post('/api/GetCustomerWalletBalance', c.tok, { CustomerMobileNo: c.mobileNo })).balance as number;
const lineRow = async (id: number) => (await t.db.select().from(orderLines).where(eq(orderLines.id, id)))[0];

/** A valid slot `days` days ahead at `hour`:00 India time. */
const slotAt = (days: number, hour: number) => {
  const d = new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${d}T${String(hour).padStart(2, '0')}:00:00+05:30`;
};

describe("the customer's lists", () => {
  it('show an upcoming line with its slot, state, amounts, invoice and the actions its state allows', async () => {
    const o = await order();
    const list = await upcoming(o.c.tok);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      lineId: o.line.id,
      orderId: o.orderId,
      serviceId: o.line.serviceId,
      state: 'unassigned',
      stateLabel: 'Placed',
      actions: ['Reschedule', 'Cancel', 'Invoice', 'Query'],
      reschedulesLeft: 2,
      rating: null,
    });
    expect(list.items[0].total).toBeGreaterThan(0);
    expect(list.items[0].invoiceNo).toMatch(/^INV\//);
    const past = dataOf(await post('/api/Customer/GetOrdersForCustomer', o.c.tok, { when: 'past' }));
    expect(past).toMatchObject({ items: [], total: 0 });
    const cancelled = dataOf(await post('/api/Customer/GetCancelledOrdersForCustomer', o.c.tok));
    expect(cancelled.total).toBe(0);
  });

  it('page upcoming lines soonest first and past ones latest first', async () => {
    const o = await order(undefined, 3);
    await slotIn(o.lines[0].id, 30);
    await slotIn(o.lines[2].id, 20);
    const first = await upcoming(o.c.tok, { page: 1, pageSize: 2 });
    expect(first.total).toBe(3);
    expect(first.items.map((l: any) => l.lineId)).toEqual([o.lines[2].id, o.lines[0].id]);
    const second = await upcoming(o.c.tok, { page: 2, pageSize: 2 });
    expect(second.items.map((l: any) => l.lineId)).toEqual([o.lines[1].id]);
    await complete(o.lines[0].id);
    await complete(o.lines[1].id);
    const past = dataOf(await post('/api/Customer/GetOrdersForCustomer', o.c.tok, { when: 'past' }));
    expect(past.items.map((l: any) => [l.lineId, l.actions])).toEqual([
      [o.lines[1].id, ['Rate', 'Invoice', 'Query']],
      [o.lines[0].id, ['Rate', 'Invoice', 'Query']],
    ]);
  });

  it("are the customer's own: another customer sees none, naming another's number is 403, staff name the customer", async () => {
    const o = await order();
    const other = await customer();
    expect((await upcoming(other.tok)).total).toBe(0);
    const named = await post('/api/Customer/GetOrdersForCustomer', other.tok, {
      when: 'upcoming',
      CustomerMobileNo: o.c.mobileNo,
    });
    expect(named.status).toBe(403);
    const namedCancelled = await post('/api/Customer/GetCancelledOrdersForCustomer', other.tok, {
      CustomerMobileNo: o.c.mobileNo,
    });
    expect(namedCancelled.status).toBe(403);
    for (const role of ['A', 'CD'] as const) {
      const staff = await t.tokenFor(role);
      expect((await upcoming(staff, { CustomerMobileNo: o.c.mobileNo })).items[0].lineId).toBe(o.line.id);
      const missing = await post('/api/Customer/GetOrdersForCustomer', staff, { when: 'upcoming' });
      expect(missing.status).toBe(400);
      expect(missing.body.errors[0].field).toBe('CustomerMobileNo');
    }
    for (const role of ['TE', 'VE', 'AC', 'HR'] as const) {
      const res = await post('/api/Customer/GetOrdersForCustomer', await t.tokenFor(role), { when: 'past' });
      expect(res.status, role).toBe(403);
    }
  });

  it('refuse bad input naming the field', async () => {
    const c = await customer();
    for (const [body, field] of [
      [{}, 'when'],
      [{ when: 'later' }, 'when'],
      [{ when: 'past', page: 0 }, 'page'],
      [{ when: 'past', pageSize: 101 }, 'pageSize'],
      [{ when: 'past', CustomerMobileNo: '123' }, 'CustomerMobileNo'],
      [{ when: 'past', extra: 1 }, 'extra'],
    ] as const) {
      const res = await post('/api/Customer/GetOrdersForCustomer', c.tok, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.map((e: any) => e.field)).toContain(field);
    }
  });
});

describe('cancellation', () => {
  it('is free while unassigned: the whole line goes back to the wallet, with a credit note, once', async () => {
    const o = await order();
    const before = await balance(o.c);
    const terms = dataOf(await quote(o.c.tok, ref(o)));
    expect(terms).toMatchObject({ lineId: o.line.id, free: true, fee: 0, tipRefund: 0 });
    expect(terms.refund).toBe(terms.lineTotal);
    const res = await cancel(o.c.tok, { ...ref(o), AcceptedFee: 0 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ lineId: o.line.id, state: 'cancelled', fee: 0, refund: terms.refund });
    expect(res.body.data.creditNoteNo).toMatch(/^CN\/\d{4}\/\d{6}$/);
    expect(await balance(o.c)).toBeCloseTo(before + terms.refund, 2);

    const row = await lineRow(o.line.id);
    expect(row).toMatchObject({ state: 'cancelled', cancelFeePaise: 0, refundPaise: Math.round(terms.refund * 100) });
    expect(row.cancelledBy).toBe(o.c.id);
    expect(row.refundTransferId).not.toBeNull();
    const [note] = await t.db.select().from(creditNotes).where(eq(creditNotes.orderLineId, o.line.id));
    expect(note.totalPaise).toBe(Math.round(terms.refund * 100));
    expect(note.taxablePaise + note.gstPaise).toBe(note.totalPaise);

    const cancelled = dataOf(await post('/api/Customer/GetCancelledOrdersForCustomer', o.c.tok));
    expect(cancelled.items[0]).toMatchObject({
      lineId: o.line.id,
      state: 'cancelled',
      fee: 0,
      refund: terms.refund,
      creditNoteNo: note.number,
      actions: ['Invoice', 'Query'],
    });
    expect((await upcoming(o.c.tok)).total).toBe(0);

    const again = await cancel(o.c.tok, { ...ref(o), AcceptedFee: 0 });
    expect(again.status).toBe(409);
    expect(again.body.state).toBe('cancelled');
    expect(await balance(o.c)).toBeCloseTo(before + terms.refund, 2);
  });

  it('is free for an assigned line more than 3 hours away', async () => {
    const o = await order();
    await assign(o.line.id);
    await slotIn(o.line.id, 3.5);
    const terms = dataOf(await quote(o.c.tok, ref(o)));
    expect(terms).toMatchObject({ free: true, fee: 0 });
    expect(terms.freeUntil).not.toBeNull();
  });

  it('costs ₹99 inside 3 hours once assigned: shown first, refused when the accepted fee differs', async () => {
    const o = await order();
    await assign(o.line.id);
    await event(o.line.id, 'ACCEPT');
    await slotIn(o.line.id, 2);
    const before = await balance(o.c);
    const terms = dataOf(await quote(o.c.tok, ref(o)));
    expect(terms).toMatchObject({ free: false, fee: 99 });
    expect(terms.refund).toBeCloseTo(terms.lineTotal - 99, 2);
    expect(terms.reason).toMatch(/fee/);

    const counts = await tableCounts(t.db);
    const stale = await cancel(o.c.tok, { ...ref(o), AcceptedFee: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].field).toBe('AcceptedFee');
    expect(stale.body.errors[0].message).toBe('is now 99');
    expect(await tableCounts(t.db)).toEqual(counts);

    const res = await cancel(o.c.tok, { ...ref(o), AcceptedFee: 99, Reason: 'Plans changed' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ fee: 99, refund: terms.refund });
    expect(await balance(o.c)).toBeCloseTo(before + terms.refund, 2);
    expect(await lineRow(o.line.id)).toMatchObject({ cancelFeePaise: 9900, cancelReason: 'Plans changed' });
  });

  it('is impossible once completed or rated, and the quote says so too', async () => {
    const o = await order();
    await complete(o.line.id);
    for (const res of [await quote(o.c.tok, ref(o)), await cancel(o.c.tok, { ...ref(o), AcceptedFee: 0 })]) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ state: 'completed', allowedEvents: ['RATE'] });
    }
  });

  it("refuses another customer's line as unknown (404), and a customer naming another's number (403)", async () => {
    const o = await order();
    const other = await customer();
    for (const res of [await quote(other.tok, ref(o)), await cancel(other.tok, { ...ref(o), AcceptedFee: 0 })]) {
      expect(res.status).toBe(404);
    }
    const named = await cancel(other.tok, { ...ref(o), AcceptedFee: 0, CustomerMobileNo: o.c.mobileNo });
    expect(named.status).toBe(403);
    const wrongService = await cancel(o.c.tok, { OrderId: o.orderId, ServiceId: 2_000_000_000, AcceptedFee: 0 });
    expect(wrongService.status).toBe(404);
    expect((await lineRow(o.line.id)).state).toBe('unassigned');
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const o = await order();
    const counts = await tableCounts(t.db);
    for (const [body, field] of [
      [{ ServiceId: o.line.serviceId, AcceptedFee: 0 }, 'OrderId'],
      [{ OrderId: o.orderId, AcceptedFee: 0 }, 'ServiceId'],
      [ref(o), 'AcceptedFee'],
      [{ ...ref(o), AcceptedFee: -1 }, 'AcceptedFee'],
      [{ ...ref(o), AcceptedFee: 1.234 }, 'AcceptedFee'],
      [{ ...ref(o), AcceptedFee: '0' }, 'AcceptedFee'],
      [{ ...ref(o), AcceptedFee: 0, OrderId: 0 }, 'OrderId'],
      [{ ...ref(o), AcceptedFee: 0, Reason: 'x'.repeat(501) }, 'Reason'],
    ] as const) {
      const res = await cancel(o.c.tok, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.map((e: any) => e.field)).toContain(field);
    }
    expect(await tableCounts(t.db)).toEqual(counts);
  });

  it("by the admin: a remark is required, and it is always a full refund, even inside 3 hours; others can't", async () => {
    const o = await order();
    await assign(o.line.id);
    await slotIn(o.line.id, 1);
    const before = await balance(o.c);
    const noRemark = await post('/api/Order/AdminCancelOrderLine', admin, ref(o));
    expect(noRemark.status).toBe(400);
    expect(noRemark.body.errors[0].field).toBe('Remark');
    for (const role of ['CD', 'Cust', 'TE', 'AC'] as const) {
      const res = await post('/api/Order/AdminCancelOrderLine', await t.tokenFor(role), {
        ...ref(o),
        Remark: 'No professional free',
      });
      expect(res.status, role).toBe(403);
    }
    const res = await post('/api/Order/AdminCancelOrderLine', admin, { ...ref(o), Remark: 'No professional free' });
    expect(res.status).toBe(200);
    expect(res.body.data.fee).toBe(0);
    expect(await balance(o.c)).toBeCloseTo(before + res.body.data.refund, 2);
    expect((await lineRow(o.line.id)).cancelReason).toBe('No professional free');
    // Open dispatch screens, the call desk, the customer and the line's professional hear of it live.
    const live = (await t.db.select().from(liveEvents).where(eq(liveEvents.kind, 'line_cancelled'))).find(
      (e) => (e.payload as { lineId?: number }).lineId === o.line.id,
    );
    expect(live).toMatchObject({
      roles: ['A', 'CD'],
      userIds: [o.c.id, technicianId],
      payload: { lineId: o.line.id, orderId: (await lineRow(o.line.id)).orderId },
    });
    expect(live?.tags).toContain('Dispatch');
  });
});

describe('reschedule', () => {
  it('moves a line to a valid slot at most twice, keeping its state', async () => {
    const o = await order();
    await assign(o.line.id);
    const first = await reschedule(o.c.tok, { ...ref(o), RescheduleDate: slotAt(5, 11) });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ state: 'assigned', rescheduleCount: 1, reschedulesLeft: 1 });
    expect(new Date(first.body.data.slotStart).getTime()).toBe(new Date(slotAt(5, 11)).getTime());
    const second = await reschedule(o.c.tok, { ...ref(o), RescheduleDate: slotAt(6, 12) });
    expect(second.body.data).toMatchObject({ rescheduleCount: 2, reschedulesLeft: 0 });
    expect((await upcoming(o.c.tok)).items[0].actions).not.toContain('Reschedule');
    const third = await reschedule(o.c.tok, { ...ref(o), RescheduleDate: slotAt(7, 12) });
    expect(third.status).toBe(409);
    expect(third.body.detail).toMatch(/at most 2 times/);
    expect((await lineRow(o.line.id)).state).toBe('assigned');
  });

  it('is refused within 3 hours of the slot, to an invalid slot, and for a completed line', async () => {
    const o = await order(undefined, 2);
    await slotIn(o.lines[0].id, 2.5);
    const late = await reschedule(o.c.tok, {
      OrderId: o.orderId,
      ServiceId: o.lines[0].serviceId,
      RescheduleDate: slotAt(4, 10),
    });
    expect(late.status).toBe(409);
    expect(late.body.errors[0]).toMatchObject({ field: 'RescheduleDate' });
    expect(late.body.detail).toMatch(/3 hours/);
    const second = { OrderId: o.orderId, ServiceId: o.lines[1].serviceId };
    for (const slot of [slotAt(4, 7), slotAt(4, 20), slotAt(40, 10), `${slotAt(4, 10).slice(0, 14)}30:00+05:30`]) {
      const res = await reschedule(o.c.tok, { ...second, RescheduleDate: slot });
      expect(res.status, slot).toBe(400);
      expect(res.body.errors[0].field).toBe('RescheduleDate');
    }
    const bad = await reschedule(o.c.tok, { ...second, RescheduleDate: 'tomorrow' });
    expect(bad.status).toBe(400);
    await complete(o.lines[1].id);
    const done = await reschedule(o.c.tok, { ...second, RescheduleDate: slotAt(4, 10) });
    expect(done.status).toBe(409);
    expect(done.body.state).toBe('completed');
  });

  it("refuses another customer's line (404)", async () => {
    const o = await order();
    const other = await customer();
    const res = await reschedule(other.tok, { ...ref(o), RescheduleDate: slotAt(5, 11) });
    expect(res.status).toBe(404);
    expect((await lineRow(o.line.id)).rescheduleCount).toBe(0);
  });
});

describe('ratings', () => {
  it('only once the line is completed, only by its customer, only once; the stats follow', async () => {
    const o = await order();
    const body = { Action: 'CustRating', ...ref(o), Rating: 4, Review: 'On time and tidy.' };
    const early = await rate(o.c.tok, body);
    expect(early.status).toBe(409);
    expect(early.body.state).toBe('unassigned');
    await complete(o.line.id);
    const other = await customer();
    expect((await rate(other.tok, body)).status).toBe(404);
    for (const role of ['A', 'CD', 'TE'] as const) {
      expect((await rate(await t.tokenFor(role), body)).status, role).toBe(403);
    }
    const res = await rate(o.c.tok, body);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ lineId: o.line.id, state: 'rated', rating: 4 });
    const again = await rate(o.c.tok, { ...body, Rating: 1 });
    expect(again.status).toBe(409);
    expect(again.body.state).toBe('rated');

    const reviews = dataOf(await t.api('GET', `/api/Order/GetRatingReview?Action=ByService&id=${o.line.serviceId}`));
    expect(reviews).toMatchObject({
      serviceId: o.line.serviceId,
      average: 4,
      count: 1,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 },
    });
    expect(reviews.reviews.items).toEqual([
      expect.objectContaining({ rating: 4, review: 'On time and tidy.', customerName: o.c.fullName.split(' ')[0] }),
    ]);
    expect(JSON.stringify(reviews)).not.toContain(o.c.mobileNo);
    const service = dataOf(await t.api('GET', `/api/Common/GetServicesByID/${o.line.serviceId}`));
    expect(service).toMatchObject({ ratingAverage: 4, ratingCount: 1, rating: { average: 4, count: 1 } });
    const past = dataOf(await post('/api/Customer/GetOrdersForCustomer', o.c.tok, { when: 'past' }));
    expect(past.items[0]).toMatchObject({ state: 'rated', rating: 4, review: 'On time and tidy.' });
  });

  it('average several ratings, newest review first, paged', async () => {
    const o = await order(undefined, 1);
    const serviceId = o.line.serviceId;
    await complete(o.line.id);
    expect((await rate(o.c.tok, { Action: 'CustRating', ...ref(o), Rating: 5 })).status).toBe(200);
    // Two more customers book the same service through the cart and are rated 3 and 4.
    const [{ pinCode }] = await t.db.select({ pinCode: orders.pinCode }).from(orders).where(eq(orders.id, o.orderId));
    for (const stars of [3, 4]) {
      const c = await customer();
      const placed = await placeFor(c, serviceId, pinCode);
      await complete(placed.lines[0].id);
      const r = await rate(c.tok, {
        Action: 'CustRating',
        OrderId: placed.orderId,
        ServiceId: serviceId,
        Rating: stars,
      });
      expect(r.status).toBe(200);
    }
    const page1 = dataOf(
      await t.api('GET', `/api/Order/GetRatingReview?Action=ByService&id=${serviceId}&page=1&pageSize=2`),
    );
    expect(page1).toMatchObject({ average: 4, count: 3, distribution: { 3: 1, 4: 1, 5: 1 } });
    expect(page1.reviews.items.map((r: any) => r.rating)).toEqual([4, 3]);
    expect(page1.reviews.total).toBe(3);
    const page2 = dataOf(
      await t.api('GET', `/api/Order/GetRatingReview?Action=ByService&id=${serviceId}&page=2&pageSize=2`),
    );
    expect(page2.reviews.items.map((r: any) => r.rating)).toEqual([5]);
  });

  it('refuses bad input naming the field', async () => {
    const o = await order();
    await complete(o.line.id);
    for (const [body, field] of [
      [{ ...ref(o), Rating: 5 }, 'Action'],
      [{ Action: 'Finish', ...ref(o), Rating: 5 }, 'Action'],
      [{ Action: 'CustRating', ...ref(o) }, 'Rating'],
      [{ Action: 'CustRating', ...ref(o), Rating: 0 }, 'Rating'],
      [{ Action: 'CustRating', ...ref(o), Rating: 6 }, 'Rating'],
      [{ Action: 'CustRating', ...ref(o), Rating: 4.5 }, 'Rating'],
      [{ Action: 'CustRating', ...ref(o), Rating: 5, Review: 'x'.repeat(1001) }, 'Review'],
    ] as const) {
      const res = await rate(o.c.tok, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.map((e: any) => e.field)).toContain(field);
    }
    expect((await lineRow(o.line.id)).state).toBe('completed');
    for (const q of [
      'Action=ByService',
      'id=1',
      'Action=ByUser&id=1',
      'Action=ByService&id=0',
      'Action=ByService&id=1&pageSize=51',
    ]) {
      expect((await t.api('GET', `/api/Order/GetRatingReview?${q}`)).status, q).toBe(400);
    }
  });
});
