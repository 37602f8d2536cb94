// The professional's jobs (decision 019): their lists, taking, accepting and rejecting jobs, the 'Available' switch,
// completion with the customer's code (attempt limit, tip, notification), ratings into the professional's figures,
// and the dashboard. Through HTTP, on PGlite and PostgreSQL; the ledger is checked after each test.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, notifications, orderLines, professionals, professionalTips } from '../../server/db/schema';
import { moveSlotForSeed } from '../../server/domains/commerce/orderLines/service';
import { checkLedger } from '../../server/domains/money/wallets/service';
import { dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { factories } from '../support/factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let f: ReturnType<typeof factories>;
let admin: string;
let desk: string;

type Pro = Awaited<ReturnType<ReturnType<typeof factories>['professional']>> & { tok: string };

beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  admin = await t.tokenFor('A');
  desk = await t.tokenFor('CD');
});
afterAll(() => t?.close());
afterEach(async () => {
  const report = await checkLedger(t.db);
  expect(report.checks.filter((c) => c.breaches.length)).toEqual([]);
});

let pinSeq = 0;
/** A pincode of the 82xxxx range, used by no other file's factories. */
const freshPin = () => `82${String((Date.now() + ++pinSeq) % 10_000).padStart(4, '0')}`;

/** `days` ahead at `hour`:00 India time, as the API takes it. */
const slotAt = (days: number, hour: number) => {
  const d = new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${d}T${String(hour).padStart(2, '0')}:00:00+05:30`;
};
const key = () => ({ 'idempotency-key': `k-${crypto.randomUUID()}` });

/**
 * A zone (one pincode) whose category has `services` services, `pros` professionals serving the zone with those
 * skills, and a customer with an address there.
 */
async function territory(o: { services?: number; pros?: number } = {}) {
  const pinCode = freshPin();
  const zone = await f.zone({ pinCode: [pinCode] });
  const category = await f.category({ categoryZoneList: [{ zoneId: zone.id }] });
  const sub = await f.subCategory({ categoryId: category.id });
  const services: number[] = [];
  for (let i = 0; i < (o.services ?? 1); i++) services.push((await f.service({ subCategoryId: sub.id })).id);
  const pros: Pro[] = [];
  for (let i = 0; i < (o.pros ?? 2); i++) {
    const p = await f.professional({ zoneIds: [zone.id], serviceIds: services });
    pros.push({ ...p, tok: await p.token() });
  }
  const c = await f.customer();
  const tok = await c.token();
  dataOf(
    await t.api('POST', '/api/UpdateCustomerWalletBalance', {
      token: admin,
      body: { MobileNo: c.mobileNo, Amount: 20_000, Remark: 'Test funds' },
      headers: key(),
    }),
  );
  const address = dataOf(
    await t.api('POST', '/api/Order/AddAddressForCustomer', {
      token: tok,
      body: {
        adress: '7 Job Street',
        pinCode,
        city: 'Mumbai',
        state: 'Maharashtra',
        receiverName: c.fullName,
        receiverMobileNo: c.mobileNo,
      },
    }),
  );
  const customer = { ...c, tok, addressId: address.id as number };

  /** A wallet-paid order of `serviceIds` at `slot` (3 days ahead at 10:00 unless told), with a tip in rupees. */
  async function order(serviceIds = [services[0]], slot = slotAt(3, 10), tip = 0) {
    for (const s of serviceIds) {
      dataOf(
        await t.api('POST', '/api/Cart/AddCart', { token: tok, body: { ServiceId: s, SchedulingDateTime: slot } }),
      );
    }
    const placed = dataOf(
      await t.api('POST', `/api/Order/OrderPlacedNew?ApiName=Wallet${tip ? `&Tip=${tip}` : ''}`, {
        token: tok,
        body: { AddressId: customer.addressId },
        headers: key(),
      }),
      201,
    );
    const lines = await t.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.orderId))
      .orderBy(orderLines.id);
    return { orderId: placed.orderId as number, lines };
  }
  return { zone, services, pros, customer, order };
}

const get = (path: string, token: string) => t.api('GET', path, { token });
const unassigned = (token: string, q = '') => get(`/api/Professional/GetUnassignedOrdersForProffessional${q}`, token);
const assigned = (token: string, q = '') => get(`/api/Professional/GetAssignedOrdersForProffessional${q}`, token);
const accepted = (token: string, q = '') => get(`/api/Professional/GetAcceptedOrdersForProffessional${q}`, token);
const rejected = (token: string, q = '') => get(`/api/Professional/GetRejectedOrdersForProffessional${q}`, token);
const board = (token: string, q = '') => get(`/api/Professional/GetTechnicianDashboard${q}`, token);
const move = (token: string, body: Record<string, unknown>) =>
  t.api('POST', '/api/Professional/AssignOrderToMyself', { token, body });
const take = (p: Pro, lineId: number) => move(p.tok, { id: lineId, RejFlag: 0 });
const reject = (p: Pro, lineId: number, Reason?: string) => move(p.tok, { id: lineId, RejFlag: 1, Reason });
const status = (token: string, value: boolean, mobile?: string) =>
  t.api('PUT', '/api/Professional/ChangeMystatus', {
    token,
    body: mobile ? { value, ProffessionalMobileNo: mobile } : { value },
  });
const completeBody = (orderId: number, serviceId: number, code: string) => ({
  Action: 'Complete',
  OrderId: orderId,
  ServiceId: serviceId,
  CompletionCode: code,
});
const complete = (token: string, orderId: number, serviceId: number, code: string) =>
  t.api('POST', '/api/Professional/CompleteByProfessionalOrCustRating', {
    token,
    body: completeBody(orderId, serviceId, code),
  });
const assign = (orderId: number, serviceId: number, technicianId: number) =>
  t.api('POST', `/api/AssignTechnician?TechnicianId=${technicianId}&ServiceId=${serviceId}&OrderId=${orderId}`, {
    token: admin,
    body: {},
  });
const lineRow = async (id: number) => (await t.db.select().from(orderLines).where(eq(orderLines.id, id)))[0];
/** The customer's view of a line in their upcoming or past list. */
async function customerLine(tok: string, lineId: number) {
  for (const when of ['upcoming', 'past']) {
    const page = dataOf(
      await t.api('POST', '/api/Customer/GetOrdersForCustomer', { token: tok, body: { when, pageSize: 100 } }),
    );
    const found = page.items.find((l: any) => l.lineId === lineId);
    if (found) return found;
  }
  return null;
}
const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('who may call what', () => {
  it('a technician reads only their own lists; staff name a professional; customers and other roles are refused', async () => {
    const { pros } = await territory({ pros: 2 });
    const [p1, p2] = pros;
    expect(dataOf(await unassigned(p1.tok)).items).toBeDefined();
    // Naming themself is the same as leaving it out.
    expect((await unassigned(p1.tok, `?ProffessionalMobileNo=${p1.mobileNo}`)).status).toBe(200);
    // Another professional's number: refused by the owner hook, no data.
    for (const read of [unassigned, assigned, accepted, rejected, board]) {
      const res = await read(p1.tok, `?ProffessionalMobileNo=${p2.mobileNo}`);
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.data).toBeUndefined();
    }
    // Staff must say whom they mean, and the number must be a professional's.
    const missing = await assigned(desk);
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('ProffessionalMobileNo');
    expect((await assigned(desk, `?ProffessionalMobileNo=${accountOf('Cust').mobileNo}`)).status).toBe(404);
    expect((await board(admin, `?ProffessionalMobileNo=${p2.mobileNo}`)).status).toBe(200);
    // Customers and other staff roles are refused by the role gate.
    const cust = await t.tokenFor('Cust');
    expect((await unassigned(cust)).status).toBe(403);
    expect((await board(await t.tokenFor('IM'), `?ProffessionalMobileNo=${p1.mobileNo}`)).status).toBe(403);
    // The call desk reads but never writes.
    expect((await move(desk, { id: 1, RejFlag: 0 })).status).toBe(403);
    expect((await status(desk, false)).status).toBe(403);
    expect(
      (
        await t.api('POST', '/api/Professional/ResetCompletionAttempts', {
          token: desk,
          body: { OrderLineId: 1, Remark: 'Nope' },
        })
      ).status,
    ).toBe(403);
  });

  it('bad input names the field and writes nothing', async () => {
    const { pros } = await territory({ pros: 1 });
    const [p] = pros;
    const before = await tableCounts(t.db);
    for (const [body, field] of [
      [{ id: 1, RejFlag: 2 }, 'RejFlag'],
      [{ id: 0, RejFlag: 0 }, 'id'],
      [{ RejFlag: 0 }, 'id'],
      [{ id: 1, RejFlag: 0, Reason: 'x'.repeat(501) }, 'Reason'],
    ] as const) {
      const res = await move(p.tok, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors.map((e: any) => e.field)).toContain(field);
    }
    const noCode = await t.api('POST', '/api/Professional/CompleteByProfessionalOrCustRating', {
      token: p.tok,
      body: { Action: 'Complete', OrderId: 1, ServiceId: 1 },
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.errors[0].field).toBe('CompletionCode');
    const badCode = await complete(p.tok, 1, 1, '12a4');
    expect(badCode.status).toBe(400);
    expect(badCode.body.errors[0].field).toBe('CompletionCode');
    const noStars = await t.api('POST', '/api/Professional/CompleteByProfessionalOrCustRating', {
      token: await t.tokenFor('Cust'),
      body: { Action: 'CustRating', OrderId: 1, ServiceId: 1 },
    });
    expect(noStars.status).toBe(400);
    expect(noStars.body.errors[0].field).toBe('Rating');
    const noValue = await t.api('PUT', '/api/Professional/ChangeMystatus', { token: p.tok, body: {} });
    expect(noValue.status).toBe(400);
    expect(noValue.body.errors[0].field).toBe('value');
    const range = await accepted(p.tok, '?when=done&from=2026-05-02&to=2026-05-01');
    expect(range.status).toBe(400);
    expect(range.body.errors[0].field).toBe('to');
    expect(await tableCounts(t.db)).toEqual(before);
    // A customer cannot complete, a technician cannot rate.
    const asCustomer = await complete(await t.tokenFor('Cust'), 1, 1, '1234');
    expect(asCustomer.status).toBe(403);
  });
});

describe('open jobs, taking and rejecting', () => {
  it('lists only jobs in their zones and skills, not rejected by them and not clashing with a job they hold', async () => {
    const tr = await territory({ services: 2, pros: 2 });
    const [p1, p2] = tr.pros;
    const outsider = await f.professional();
    const outsiderTok = await outsider.token();
    const first = await tr.order([tr.services[0]], slotAt(3, 10));
    const second = await tr.order([tr.services[1]], slotAt(3, 11));
    const ids = (page: any) => page.items.map((j: any) => j.lineId);

    const mine = dataOf(await unassigned(p1.tok));
    expect(ids(mine)).toEqual([first.lines[0].id, second.lines[0].id]);
    expect(mine.available).toBe(true);
    const job = mine.items[0];
    expect(job).toMatchObject({
      orderId: first.orderId,
      serviceId: tr.services[0],
      state: 'unassigned',
      customerName: tr.customer.fullName.split(' ')[0],
      area: { city: 'Mumbai', zoneName: tr.zone.zoneName },
      address: null,
      receiverMobileNo: null,
      actions: ['Take'],
    });
    expect(job).not.toHaveProperty('completionCode');
    // A professional of another zone and skill sees none of them.
    expect(ids(dataOf(await unassigned(outsiderTok)))).not.toContain(first.lines[0].id);
    // ... and cannot take one: the dispatch rules refuse it with the reasons.
    const refused = await take({ ...outsider, tok: outsiderTok } as Pro, first.lines[0].id);
    expect(refused.status).toBe(409);
    expect(refused.body.reasons).toEqual(expect.arrayContaining(['wrong_zone', 'missing_skill']));
    expect(refused.body.errors[0].field).toBe('id');

    // p1 takes the 10:00 job: it leaves everyone's open list, p1 holds it (accepted at once) with the address.
    const took = dataOf(await take(p1, first.lines[0].id));
    expect(took).toMatchObject({ lineId: first.lines[0].id, event: 'SELF_ASSIGN', state: 'accepted' });
    expect(ids(dataOf(await unassigned(p2.tok)))).toEqual([second.lines[0].id]);
    const held = dataOf(await assigned(p1.tok));
    expect(held.items[0]).toMatchObject({
      lineId: first.lines[0].id,
      state: 'accepted',
      address: expect.stringContaining('7 Job Street'),
      receiverMobileNo: tr.customer.mobileNo,
      actions: ['Complete', 'Reject'],
    });
    // The customer now sees who is coming and the code to give at the door.
    const seen = await customerLine(tr.customer.tok, first.lines[0].id);
    expect(seen.professionalName).toBe(p1.fullName.split(' ')[0]);
    expect(seen.completionCode).toMatch(/^\d{4}$/);
    // A third order in the same slot as p1's job is not offered to p1, but is to p2.
    const clash = await tr.order([tr.services[1]], slotAt(3, 10));
    expect(ids(dataOf(await unassigned(p1.tok)))).not.toContain(clash.lines[0].id);
    expect(ids(dataOf(await unassigned(p2.tok)))).toContain(clash.lines[0].id);
    const overlap = await take(p1, clash.lines[0].id);
    expect(overlap.status).toBe(409);
    expect(overlap.body.reason).toBe('overlapping_job');

    // Another professional can neither act on p1's job nor reject an open one.
    expect((await reject(p2, first.lines[0].id)).status).toBe(404);
    // Taking it is a lost race: 409, and no detail of the job.
    const late = await take(p2, first.lines[0].id);
    expect(late.status).toBe(409);
    expect(late.body.data).toBeUndefined();
    const nothing = await reject(p2, second.lines[0].id);
    expect(nothing.status).toBe(409);
    expect(nothing.body.errors[0].field).toBe('RejFlag');
    // A second take of one's own accepted job: the machine refuses (409), nothing changes.
    expect((await take(p1, first.lines[0].id)).status).toBe(409);

    // p1 rejects it: back to open, offered to p2 (live), listed in p1's rejections, never offered to p1 again.
    const back = dataOf(await reject(p1, first.lines[0].id, 'Van broke down'));
    expect(back).toMatchObject({ event: 'REJECT', state: 'unassigned' });
    expect(ids(dataOf(await unassigned(p1.tok)))).not.toContain(first.lines[0].id);
    expect(ids(dataOf(await unassigned(p2.tok)))).toContain(first.lines[0].id);
    const turnedDown = dataOf(await rejected(p1.tok));
    expect(turnedDown.items[0]).toMatchObject({
      lineId: first.lines[0].id,
      reason: 'Van broke down',
      area: { zoneName: tr.zone.zoneName },
    });
    expect(dataOf(await rejected(p2.tok)).total).toBe(0);
    expect(dataOf(await rejected(desk, `?ProffessionalMobileNo=${p1.mobileNo}`)).total).toBe(1);
    const again = await take(p1, first.lines[0].id);
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('rejected_before');
    const [event] = await t.db
      .select()
      .from(liveEvents)
      .where(eq(liveEvents.kind, 'job_rejected'))
      .orderBy(sql`${liveEvents.id} desc`)
      .limit(1);
    expect(event.roles).toEqual(expect.arrayContaining(['A', 'CD']));
    expect(event.userIds).toEqual(expect.arrayContaining([tr.customer.id, p2.id]));
    expect(event.userIds).not.toContain(outsider.id);
    expect(event.tags).toEqual(expect.arrayContaining(['Dispatch', 'OrderLines', 'ProfessionalJobs']));
    // The history of the line has both moves, with who made them.
    const log = (await t.db.execute(
      sql`select event, actor_id from transition_log where entity = 'OrderLine' and entity_id = ${first.lines[0].id} order by id`,
    )) as unknown as { rows: { event: string; actor_id: number }[] };
    expect(log.rows.slice(-2)).toEqual([
      { event: 'SELF_ASSIGN', actor_id: p1.id },
      { event: 'REJECT', actor_id: p1.id },
    ]);
  });

  it('accepts and rejects a job the admin assigned; only the assignee may', async () => {
    const tr = await territory({ pros: 2 });
    const [p1, p2] = tr.pros;
    const o = await tr.order();
    const line = o.lines[0];
    dataOf(await assign(o.orderId, line.serviceId, p1.id));
    const waiting = dataOf(await assigned(p1.tok, '?state=assigned'));
    expect(waiting.items).toHaveLength(1);
    expect(waiting.items[0]).toMatchObject({ lineId: line.id, actions: ['Accept', 'Reject'], address: null });
    expect(dataOf(await assigned(p1.tok, '?state=accepted')).total).toBe(0);
    expect((await take(p2, line.id)).status).toBe(409);
    expect((await reject(p2, line.id)).status).toBe(404);
    const ok = dataOf(await take(p1, line.id));
    expect(ok).toMatchObject({ event: 'ACCEPT', state: 'accepted' });
    const open = dataOf(await accepted(p1.tok));
    expect(open.items.map((j: any) => j.lineId)).toEqual([line.id]);
    expect(open.items[0].address).toContain('7 Job Street');
    const [live] = await t.db
      .select()
      .from(liveEvents)
      .where(eq(liveEvents.kind, 'job_accepted'))
      .orderBy(sql`${liveEvents.id} desc`)
      .limit(1);
    expect(live.userIds).toEqual(expect.arrayContaining([tr.customer.id]));
    expect(live.payload).toMatchObject({ lineId: line.id, state: 'accepted' });
    dataOf(await reject(p1, line.id));
    expect((await lineRow(line.id)).professionalUserId).toBeNull();
  });
});

describe("the 'Available' switch", () => {
  it("answers response_code '1', is shown in the lists and dashboard, and while off no job can be taken", async () => {
    const tr = await territory({ pros: 1 });
    const [p] = tr.pros;
    const o = await tr.order();
    const off = await status(p.tok, false, p.mobileNo);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ status: 'true', response_code: '1', data: { available: false } });
    expect(off.body.message).toMatch(/unavailable/);
    expect(dataOf(await unassigned(p.tok)).available).toBe(false);
    expect(dataOf(await board(p.tok)).available).toBe(false);
    const refused = await take(p, o.lines[0].id);
    expect(refused.status).toBe(409);
    expect(refused.body.reason).toBe('unavailable');
    // Nobody is told of a job the professional could not take.
    const [row] = await t.db.select().from(professionals).where(eq(professionals.userId, p.id));
    expect(row.available).toBe(false);
    const on = dataOf(await status(p.tok, true));
    expect(on.available).toBe(true);
    expect(dataOf(await take(p, o.lines[0].id)).state).toBe('accepted');
    // Switching off keeps the jobs already held.
    dataOf(await status(p.tok, false));
    expect(dataOf(await assigned(p.tok)).total).toBe(1);
    const log = (await t.db.execute(
      sql`select event from transition_log where entity = 'ProfessionalAvailability' and entity_id = ${p.id} order by id`,
    )) as unknown as { rows: { event: string }[] };
    expect(log.rows.map((r) => r.event)).toEqual(['SWITCH_OFF', 'SWITCH_ON', 'SWITCH_OFF']);
    // Another professional's number is refused by the owner hook.
    const other = await f.professional();
    expect((await status(p.tok, true, other.mobileNo)).status).toBe(403);
  });
});

describe('completion with the customer’s code', () => {
  it('a wrong code counts down, the fifth locks the job until the admin unlocks it; the right code completes once', async () => {
    const tr = await territory({ pros: 2 });
    const [p1, p2] = tr.pros;
    const o = await tr.order([tr.services[0]], slotAt(3, 10), 50);
    const line = o.lines[0];
    dataOf(await take(p1, line.id));
    const code = (await customerLine(tr.customer.tok, line.id)).completionCode as string;
    expect((await lineRow(line.id)).completionCode).toBe(code);
    // Another professional: the job is not theirs (404), whatever the code.
    expect((await complete(p2.tok, o.orderId, line.serviceId, code)).status).toBe(404);
    for (const left of [4, 3, 2, 1]) {
      const res = await complete(p1.tok, o.orderId, line.serviceId, otherCode(code));
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.attemptsLeft, JSON.stringify(res.body)).toBe(left);
      expect(res.body.errors[0].field).toBe('CompletionCode');
    }
    const fifth = await complete(p1.tok, o.orderId, line.serviceId, otherCode(code));
    expect(fifth.status).toBe(423);
    expect(fifth.body.attemptsLeft).toBe(0);
    // Locked: even the right code waits for the admin.
    expect((await complete(p1.tok, o.orderId, line.serviceId, code)).status).toBe(423);
    expect((await lineRow(line.id)).state).toBe('accepted');
    const reset = await t.api('POST', '/api/Professional/ResetCompletionAttempts', {
      token: admin,
      body: { OrderLineId: line.id, Remark: 'Customer confirmed the visit by phone' },
    });
    expect(dataOf(reset)).toEqual({ lineId: line.id, attemptsLeft: 5 });
    const twice = await t.api('POST', '/api/Professional/ResetCompletionAttempts', {
      token: admin,
      body: { OrderLineId: line.id, Remark: 'Again' },
    });
    expect(twice.status).toBe(409);

    const done = dataOf(await complete(p1.tok, o.orderId, line.serviceId, code));
    expect(done).toMatchObject({ lineId: line.id, state: 'completed', tip: 50 });
    const row = await lineRow(line.id);
    expect(row.state).toBe('completed');
    expect(row.completedAt).not.toBeNull();
    // The tip is owed to p1, once; the customer is asked to rate; the code is no longer shown.
    const tips = await t.db.select().from(professionalTips).where(eq(professionalTips.orderLineId, line.id));
    expect(tips).toEqual([expect.objectContaining({ professionalUserId: p1.id, amountPaise: 5_000, paidAt: null })]);
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, tr.customer.id), eq(notifications.kind, 'order_completed')));
    expect(note).toMatchObject({ title: 'Visit completed', link: '/MyAccounts?tab=orders' });
    const past = await customerLine(tr.customer.tok, line.id);
    expect(past).toMatchObject({ state: 'completed', completionCode: null, actions: expect.arrayContaining(['Rate']) });
    // A replay completes nothing more and owes nothing more.
    const replay = await complete(p1.tok, o.orderId, line.serviceId, code);
    expect(replay.status).toBe(409);
    expect(replay.body.state).toBe('completed');
    expect(await t.db.select().from(professionalTips).where(eq(professionalTips.orderLineId, line.id))).toHaveLength(1);
    const log = (await t.db.execute(
      sql`select event, remark from transition_log where entity = 'OrderLine' and entity_id = ${line.id} order by id`,
    )) as unknown as { rows: { event: string; remark: string | null }[] };
    expect(log.rows.map((r) => r.event).slice(-4)).toEqual([
      'SELF_ASSIGN',
      'COMPLETION_LOCKED',
      'UNLOCK_COMPLETION',
      'COMPLETE',
    ]);
    // The history of completed jobs shows it with the tip.
    const history = dataOf(await accepted(p1.tok, '?when=done'));
    expect(history.items[0]).toMatchObject({ lineId: line.id, state: 'completed', tip: 50, rating: null });
  });

  it("an order's tip goes to the professional of its first completed line, and is then never refunded", async () => {
    const tr = await territory({ services: 3, pros: 2 });
    const [p1, p2] = tr.pros;
    const o = await tr.order(tr.services, slotAt(4, 10), 100);
    const [a, b, c] = o.lines;
    dataOf(await take(p1, a.id));
    dataOf(await take(p2, b.id));
    const codeOf = async (id: number) => (await customerLine(tr.customer.tok, id)).completionCode as string;
    expect(dataOf(await complete(p2.tok, o.orderId, b.serviceId, await codeOf(b.id))).tip).toBe(100);
    expect(dataOf(await complete(p1.tok, o.orderId, a.serviceId, await codeOf(a.id))).tip).toBe(0);
    const owed = await t.db
      .select()
      .from(professionalTips)
      .where(sql`${professionalTips.orderLineId} in (${a.id}, ${b.id}, ${c.id})`);
    expect(owed).toEqual([
      expect.objectContaining({ orderLineId: b.id, professionalUserId: p2.id, amountPaise: 10_000 }),
    ]);
    // Cancelling the last open line refunds the line, not the tip (it is owed).
    const quote = dataOf(
      await t.api('POST', '/api/Order/OrderCancellationQuote', {
        token: tr.customer.tok,
        body: { OrderId: o.orderId, ServiceId: c.serviceId },
      }),
    );
    expect(quote.tipRefund).toBe(0);
    const cancelled = dataOf(
      await t.api('POST', '/api/Order/OrderCancellation', {
        token: tr.customer.tok,
        body: { OrderId: o.orderId, ServiceId: c.serviceId, AcceptedFee: quote.fee },
      }),
    );
    expect(cancelled.refund).toBe(quote.refund);
  });
});

describe('ratings and the dashboard', () => {
  it("a customer's rating adds to the professional's figures; the dashboard shows today, the counts and the average", async () => {
    const tr = await territory({ services: 3, pros: 1 });
    const [p] = tr.pros;
    const rate = (orderId: number, serviceId: number, Rating: number) =>
      t.api('POST', '/api/Professional/CompleteByProfessionalOrCustRating', {
        token: tr.customer.tok,
        body: { Action: 'CustRating', OrderId: orderId, ServiceId: serviceId, Rating, Review: 'Fine' },
      });
    // Two jobs done and rated 5 and 4; one rejected; one held for today (moved there as dispatch tests do).
    const done1 = await tr.order([tr.services[0]], slotAt(2, 9));
    const done2 = await tr.order([tr.services[1]], slotAt(2, 12));
    const turned = await tr.order([tr.services[2]], slotAt(2, 15));
    const today = await tr.order([tr.services[2]], slotAt(3, 16));
    for (const o of [done1, done2]) {
      dataOf(await take(p, o.lines[0].id));
      const code = (await customerLine(tr.customer.tok, o.lines[0].id)).completionCode;
      dataOf(await complete(p.tok, o.orderId, o.lines[0].serviceId, code));
    }
    // A technician cannot rate; the customer rates each once.
    expect(
      (
        await t.api('POST', '/api/Professional/CompleteByProfessionalOrCustRating', {
          token: p.tok,
          body: { Action: 'CustRating', OrderId: done1.orderId, ServiceId: done1.lines[0].serviceId, Rating: 1 },
        })
      ).status,
    ).toBe(403);
    dataOf(await rate(done1.orderId, done1.lines[0].serviceId, 5));
    dataOf(await rate(done2.orderId, done2.lines[0].serviceId, 4));
    const [fig] = await t.db.select().from(professionals).where(eq(professionals.userId, p.id));
    expect([fig.ratingCount, fig.ratingTotal]).toEqual([2, 9]);
    dataOf(await assign(turned.orderId, turned.lines[0].serviceId, p.id));
    dataOf(await reject(p, turned.lines[0].id, 'Too far'));
    dataOf(await take(p, today.lines[0].id));
    // Put the held job in today's last hour (India time): the dashboard's day is the India calendar day.
    const istDay = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const todaySlot = new Date(`${istDay}T23:00:00+05:30`);
    await t.db.transaction((tx) => moveSlotForSeed(tx, today.lines[0].id, todaySlot));

    const d = dataOf(await board(p.tok));
    expect(d.date).toBe(istDay);
    expect(d.today.map((j: any) => j.lineId)).toEqual([today.lines[0].id]);
    expect(d.today[0]).toMatchObject({
      customerName: tr.customer.fullName.split(' ')[0],
      serviceName: expect.any(String),
      area: { city: 'Mumbai', pinCode: expect.stringMatching(/^82/) },
      state: 'accepted',
    });
    expect(d.counts).toEqual({ upcoming: 1, completedThisMonth: 2, rejectedThisMonth: 1 });
    expect(d.rating).toEqual({ average: 4.5, count: 2 });
    expect(d.available).toBe(true);
    // Staff see the same board for the professional they name.
    expect(dataOf(await board(desk, `?ProffessionalMobileNo=${p.mobileNo}`)).counts).toEqual(d.counts);
    // The history of done jobs, latest first, with the stars.
    const history = dataOf(await accepted(p.tok, '?when=done'));
    expect(history.items.map((j: any) => [j.lineId, j.rating])).toEqual([
      [done2.lines[0].id, 4],
      [done1.lines[0].id, 5],
    ]);
  });
});
