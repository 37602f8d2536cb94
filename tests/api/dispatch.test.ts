// Dispatch (decision 016): the admin's order lists, ranked suggestions, assignment with its refusals and override,
// the staff line page, the active professionals, and slot capacity at the cart and at checkout.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines } from '../../server/db/schema';
import { suggestionsFor, unassignedAudience } from '../../server/domains/commerce/dispatch/service';
import { applyLineEvent } from '../../server/domains/commerce/orderLines/service';
import { dataOf } from '../support/catalogue';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import { changeOf, openSse } from '../support/sse';

let t: TestServer;
let f: ReturnType<typeof factories>;
let admin: string;
let desk: string;
beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  admin = await t.tokenFor('A');
  desk = await t.tokenFor('CD');
});
afterAll(() => t?.close());

const rows = async <T = any>(query: string) => ((await t.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const get = (token: string | undefined, path: string) => t.api('GET', path, { token });
const assign = (
  token: string | undefined,
  q: { TechnicianId: number; OrderId: number; ServiceId: number },
  body: unknown = {},
) =>
  t.api('POST', `/api/AssignTechnician?TechnicianId=${q.TechnicianId}&OrderId=${q.OrderId}&ServiceId=${q.ServiceId}`, {
    token,
    body,
  });
const sameLines = (c: { payload: unknown }, lines: { id: number }[]) =>
  JSON.stringify((c.payload as { lineIds: number[] }).lineIds) === JSON.stringify(lines.map((l) => l.id));
const lineRow = async (id: number) => (await t.db.select().from(orderLines).where(eq(orderLines.id, id)))[0];

/** A placed (paid, unassigned) order of `services` lines in a fresh zone, with that zone's id. */
async function placed(services = 1) {
  const c = await f.customer();
  const o = await f.placedOrder(c, services);
  const first = await lineRow(o.lines[0].id);
  return { c, ...o, zoneId: first.zoneId as number, categoryId: first.categoryId, slotStart: first.slotStart };
}

describe('placing writes what dispatch reads', () => {
  it('each line gets the zone of the address pincode and a 4-digit completion code', async () => {
    const stream = await openSse(`${t.url}/api/Live/Stream`, { token: admin });
    await stream.waitFor((e) => e.event === 'ready');
    const o = await placed(2);
    for (const l of o.lines) {
      const row = await lineRow(l.id);
      expect(row.state).toBe('unassigned');
      expect(row.zoneId).toBe(o.zoneId);
      expect(row.completionCode).toMatch(/^[0-9]{4}$/);
    }
    expect(o.zoneId).toBeGreaterThan(0);
    // Staff and the professionals who could take them hear of new lines live.
    const [ev] = await rows(
      `select kind, roles, tags from live_events where kind = 'line_unassigned' and payload->'lineIds' @> '${o.lines[0].id}'::jsonb`,
    );
    expect(ev).toMatchObject({ kind: 'line_unassigned', roles: ['A', 'CD'] });
    // And pushed: the statement that numbers the invoice NOTIFYs the event, which reaches the admin's open stream.
    const pushed = await stream.waitFor(
      (e) => e.event === 'change' && changeOf(e).kind === 'line_unassigned' && sameLines(changeOf(e), o.lines),
    );
    expect(changeOf(pushed).tags).toEqual(['Dispatch', 'ProfessionalJobs']);
    stream.close();
  }, 120_000);
});

describe('the order lists', () => {
  let o: Awaited<ReturnType<typeof placed>>;
  beforeAll(async () => {
    o = await placed(2);
  });

  it('answer staff only: the admin and the call desk read, others are refused', async () => {
    const path = `/api/GetUnassignedOrders?ZoneId=${o.zoneId}`;
    expect((await get(admin, path)).status).toBe(200);
    expect((await get(desk, path)).status).toBe(200);
    expect((await get(undefined, path)).status).toBe(401);
    for (const role of ['TE', 'Cust', 'VE', 'HR'] as const) {
      expect((await get(await t.tokenFor(role), path)).status).toBe(403);
    }
    const cust = await o.c.token();
    for (const p of ['GetAssignedOrders', 'GetCancelledOrders', 'Professional/GetCompletedOrders']) {
      expect((await get(cust, `/api/${p}`)).status).toBe(403);
      expect((await get(desk, `/api/${p}`)).status).toBe(200);
    }
  });

  it('the unassigned list: oldest slot first, how long each waited, the customer and the area', async () => {
    const data = dataOf(await get(admin, `/api/GetUnassignedOrders?ZoneId=${o.zoneId}`));
    expect(data.total).toBe(2);
    expect(data.totalCapped).toBe(false);
    expect(data.nextCursor).toBeNull();
    expect(data.items.map((i: any) => i.lineId)).toEqual(o.lines.map((l) => l.id));
    expect(data.items[0]).toMatchObject({
      orderId: o.orderId,
      serviceId: o.lines[0].serviceId,
      state: 'unassigned',
      stateLabel: 'Placed',
      zoneId: o.zoneId,
      customerFirstName: 'Customer',
      customerMobileNo: o.c.mobileNo,
      professional: null,
      categoryId: o.categoryId,
    });
    expect(data.items[0].area).toMatch(/^Mumbai [0-9]{6}$/);
    expect(data.items[0].waitingMinutes).toBeGreaterThanOrEqual(0);
  });

  it('pages by cursor with the same filters, and refuses a cursor that is not one', async () => {
    const first = dataOf(await get(admin, `/api/GetUnassignedOrders?ZoneId=${o.zoneId}&pageSize=1`));
    expect(first.items).toHaveLength(1);
    expect(first.total).toBe(2);
    expect(first.nextCursor).toMatch(/^[0-9]+_[0-9]+$/);
    const second = dataOf(
      await get(admin, `/api/GetUnassignedOrders?ZoneId=${o.zoneId}&pageSize=1&cursor=${first.nextCursor}`),
    );
    expect(second.items.map((i: any) => i.lineId)).toEqual([o.lines[1].id]);
    expect(second.nextCursor).toBeNull();
    const bad = await get(admin, '/api/GetUnassignedOrders?cursor=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toContain('cursor');
  });

  it('filters by category, slot dates, professional and search (order id, mobile, words)', async () => {
    const ids = async (q: string) =>
      dataOf(await get(admin, `/api/GetUnassignedOrders?${q}`)).items.map((i: any) => i.lineId);
    const mine = o.lines.map((l) => l.id);
    expect(await ids(`CategoryId=${o.categoryId}`)).toEqual(mine);
    const day = new Date(o.slotStart.getTime() + 330 * 60_000).toISOString().slice(0, 10);
    expect(await ids(`ZoneId=${o.zoneId}&from=${day}&to=${day}`)).toEqual(mine);
    expect(await ids(`ZoneId=${o.zoneId}&to=2020-01-01`)).toEqual([]);
    expect(await ids(`search=${o.orderId}`)).toEqual(mine);
    expect(await ids(`search=${o.c.mobileNo}`)).toEqual(mine);
    expect(await ids(`ZoneId=${o.zoneId}&search=${encodeURIComponent(o.c.fullName)}`)).toEqual(mine);
    expect(await ids(`ZoneId=${o.zoneId}&ProfessionalId=1`)).toEqual([]);
    const backwards = await get(admin, '/api/GetUnassignedOrders?from=2026-02-02&to=2026-02-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0].field).toBe('to');
  });

  it('exports the same filters as a streamed CSV with a header', async () => {
    const res = await t.api('GET', `/api/GetUnassignedOrders?ZoneId=${o.zoneId}&format=csv`, { token: desk });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('unassigned-orders.csv');
    const text = res.body as unknown as string;
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toMatch(/^LineId,OrderId,ServiceId,Service,/);
    expect(lines).toHaveLength(3);
    expect(lines[1].startsWith(`${o.lines[0].id},${o.orderId},`)).toBe(true);
  });
});

describe('assignment', () => {
  it('suggests only eligible professionals, ranked by load, rating and distance, with reasons', async () => {
    const o = await placed(1);
    const serviceId = o.lines[0].serviceId;
    const other = await f.zone();
    const busy = await f.professional({ zoneIds: [o.zoneId], serviceIds: [serviceId], fullName: 'Busy Bee' });
    const rated = await f.professional({ zoneIds: [o.zoneId], serviceIds: [serviceId], fullName: 'Rated Ravi' });
    const fresh = await f.professional({ zoneIds: [o.zoneId], serviceIds: [serviceId], fullName: 'Fresh Farah' });
    const off = await f.professional({ zoneIds: [o.zoneId], serviceIds: [serviceId], available: false });
    const elsewhere = await f.professional({ zoneIds: [other.id], serviceIds: [serviceId] });
    const unskilled = await f.professional({ zoneIds: [o.zoneId] });
    await t.db.execute(sql`update professionals set rating_total = 46, rating_count = 10 where user_id = ${rated.id}`);
    // Busy has another job the same day (a different slot): more load ranks them last.
    const second = await placed(1);
    await t.db.execute(sql`update order_lines set zone_id = ${o.zoneId}, service_id = ${serviceId},
      slot_start = ${new Date(o.slotStart.getTime() + 3_600_000).toISOString()}::timestamptz where id = ${second.lines[0].id}`);
    await t.db.transaction((tx) =>
      applyLineEvent(tx, second.lines[0].id, 'ASSIGN', null, { professionalUserId: busy.id }),
    );

    // Clash holds another job in the very slot; Rhea rejected this line once: neither is suggested.
    const clash = await f.professional({ zoneIds: [o.zoneId], serviceIds: [serviceId] });
    const third = await placed(1);
    await t.db.execute(sql`update order_lines set zone_id = ${o.zoneId}, service_id = ${serviceId},
      slot_start = ${o.slotStart.toISOString()}::timestamptz where id = ${third.lines[0].id}`);
    await t.db.transaction((tx) =>
      applyLineEvent(tx, third.lines[0].id, 'ASSIGN', null, { professionalUserId: clash.id }),
    );
    const rejecter = await f.professional({ zoneIds: [o.zoneId], serviceIds: [serviceId], fullName: 'Rhea Rejected' });
    await t.db.execute(sql`insert into order_line_rejections (order_line_id, professional_user_id, reason)
      values (${o.lines[0].id}, ${rejecter.id}, 'Too far')`);

    const s = dataOf(await get(desk, `/api/Dispatch/GetSuggestions?OrderId=${o.orderId}&ServiceId=${serviceId}`));
    expect(s).toMatchObject({ lineId: o.lines[0].id, state: 'unassigned', assignable: true });
    const ids = s.suggestions.map((x: any) => x.userId);
    expect(ids).toEqual([rated.id, fresh.id, busy.id]);
    for (const never of [off.id, elsewhere.id, unskilled.id, clash.id, rejecter.id]) expect(ids).not.toContain(never);
    // The factory's professionals live in Mumbai, the zone's city: distance 1.
    expect(s.suggestions[0]).toMatchObject({ rank: 1, todayJobs: 0, rating: 4.6, ratingCount: 10, zoneDistance: 1 });
    expect(s.suggestions[0].reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^serves /),
        expect.stringMatching(/^has skill /),
        'rated 4.6 (10)',
      ]),
    );
    expect(s.suggestions[1].reasons).toContain('not rated yet');
    expect(s.suggestions[2]).toMatchObject({ todayJobs: 1 });
    expect(s.suggestions[2].reasons.join(' ')).toMatch(/1 job (today|that day)/);

    const missing = await get(admin, `/api/Dispatch/GetSuggestions?OrderId=${o.orderId}&ServiceId=999999`);
    expect(missing.status).toBe(404);
  }, 120_000);

  it('tells of unassigned lines everyone suggested for any of them, read in one statement, and no one else', async () => {
    const o = await placed(2);
    const [one, two] = o.lines.map((l) => l.serviceId);
    const forOne = await f.professional({ zoneIds: [o.zoneId], serviceIds: [one] });
    const forTwo = await f.professional({ zoneIds: [o.zoneId], serviceIds: [two] });
    const forBoth = await f.professional({ zoneIds: [o.zoneId], serviceIds: [one, two] });
    const off = await f.professional({ zoneIds: [o.zoneId], serviceIds: [one, two], available: false });
    const elsewhere = await f.professional({ zoneIds: [(await f.zone()).id], serviceIds: [one, two] });
    const lineIds = o.lines.map((l) => l.id);
    const audience = await t.db.transaction((tx) => unassignedAudience(tx, lineIds));
    expect([...audience].sort()).toEqual([forOne.id, forTwo.id, forBoth.id].sort());
    expect(audience).not.toContain(off.id);
    expect(audience).not.toContain(elsewhere.id);
    // The same people the per-line suggestions name.
    const perLine = new Set<number>();
    for (const id of lineIds) for (const x of await suggestionsFor(t.db, id, { limit: 200 })) perLine.add(x.userId);
    expect([...perLine].sort()).toEqual([...audience].sort());
  }, 120_000);

  it('refuses each broken rule with its reason; a remark overrides, and is recorded; inactive never', async () => {
    const o = await placed(1);
    const line = o.lines[0];
    const ref = { OrderId: o.orderId, ServiceId: line.serviceId };
    const other = await f.zone();
    const cases: [string, Awaited<ReturnType<typeof f.professional>>][] = [
      ['wrong_zone', await f.professional({ zoneIds: [other.id], serviceIds: [line.serviceId] })],
      ['missing_skill', await f.professional({ zoneIds: [o.zoneId] })],
      ['unavailable', await f.professional({ zoneIds: [o.zoneId], serviceIds: [line.serviceId], available: false })],
    ];
    for (const [reason, pro] of cases) {
      const res = await assign(admin, { ...ref, TechnicianId: pro.id });
      expect(res.status, reason).toBe(409);
      expect(res.body.reason).toBe(reason);
      expect(res.body.reasons).toEqual([reason]);
      expect(res.body.errors[0].field).toBe('TechnicianId');
    }
    // Overlap: a professional already holding another line in the same slot.
    const pro = await f.professional({ zoneIds: [o.zoneId], serviceIds: [line.serviceId] });
    const twin = await placed(1);
    await t.db.execute(
      sql`update order_lines set slot_start = ${o.slotStart.toISOString()}::timestamptz where id = ${twin.lines[0].id}`,
    );
    await t.db.transaction((tx) =>
      applyLineEvent(tx, twin.lines[0].id, 'ASSIGN', null, { professionalUserId: pro.id }),
    );
    const overlap = await assign(admin, { ...ref, TechnicianId: pro.id });
    expect(overlap.status).toBe(409);
    expect(overlap.body.reason).toBe('overlapping_job');
    expect(overlap.body.detail).toContain(`line ${twin.lines[0].id}`);
    // Inactive: refused even with a remark.
    const gone = await f.professional({ zoneIds: [o.zoneId], serviceIds: [line.serviceId] });
    await t.db.execute(sql`update users set active = false where id = ${gone.id}`);
    const inactive = await assign(admin, { ...ref, TechnicianId: gone.id }, { remark: 'Please, just this once' });
    expect(inactive.status).toBe(409);
    expect(inactive.body.reason).toBe('inactive');
    // Nothing was written by the refusals.
    expect((await lineRow(line.id)).state).toBe('unassigned');
    // The call desk can never assign.
    expect((await assign(desk, { ...ref, TechnicianId: pro.id })).status).toBe(403);
    // A remark too short is bad input.
    const short = await assign(admin, { ...ref, TechnicianId: pro.id }, { remark: 'x' });
    expect(short.status).toBe(400);
    expect(short.body.errors[0].field).toContain('remark');
    // The body is required (`{}` for a plain assignment), and the query names the line and the professional.
    const noBody = await t.api(
      'POST',
      `/api/AssignTechnician?TechnicianId=${pro.id}&OrderId=${ref.OrderId}&ServiceId=${ref.ServiceId}`,
      { token: admin },
    );
    expect(noBody.status).toBe(400);
    const noLine = await t.api('POST', `/api/AssignTechnician?TechnicianId=${pro.id}&OrderId=x`, {
      token: admin,
      body: {},
    });
    expect(noLine.status).toBe(400);
    // The override: assigned, the broken rule and the remark kept on the line and in its history.
    const ok = dataOf(
      await assign(admin, { ...ref, TechnicianId: pro.id }, { remark: 'Customer asked for this technician' }),
    );
    expect(ok).toMatchObject({
      lineId: line.id,
      event: 'ASSIGN',
      state: 'assigned',
      overridden: ['overlapping_job'],
      professional: { userId: pro.id },
    });
    const row = await lineRow(line.id);
    expect(row).toMatchObject({ state: 'assigned', professionalUserId: pro.id });
    expect(row.assignmentOverride).toBe('overlapping_job: Customer asked for this technician');
    const [log] = await rows(
      `select event, remark, to_state from transition_log where entity = 'OrderLine' and entity_id = ${line.id} and event = 'ASSIGN'`,
    );
    expect(log).toEqual({ event: 'ASSIGN', remark: 'Customer asked for this technician', to_state: 'assigned' });
  }, 120_000);

  it('assigns cleanly, notifies the professional, publishes live; reassigns; refuses a closed line', async () => {
    const o = await placed(1);
    const line = o.lines[0];
    const ref = { OrderId: o.orderId, ServiceId: line.serviceId };
    const a = await f.professional({ zoneIds: [o.zoneId], serviceIds: [line.serviceId] });
    const b = await f.professional({ zoneIds: [o.zoneId], serviceIds: [line.serviceId] });
    const done = dataOf(await assign(admin, { ...ref, TechnicianId: a.id }));
    expect(done).toMatchObject({ event: 'ASSIGN', state: 'assigned', overridden: [], override: null });
    expect(done.allowedEvents).toContain('ACCEPT');
    const [note] = await rows(`select kind, link from notifications where user_id = ${a.id} and kind = 'job_assigned'`);
    expect(note).toBeTruthy();
    const [ev] = await rows(
      `select user_ids, roles, tags from live_events where kind = 'line_assigned' and (payload->>'lineId')::int = ${line.id}`,
    );
    expect(ev.user_ids).toEqual(expect.arrayContaining([a.id, (await lineRow(line.id)).customerUserId]));
    expect(ev.roles).toEqual(['A', 'CD']);
    expect(ev.tags).toEqual(['Dispatch', 'ProfessionalJobs', 'OrderLines']);
    // Listed as assigned now, with the professional; filterable by them.
    const assigned = dataOf(await get(desk, `/api/GetAssignedOrders?ProfessionalId=${a.id}`));
    expect(assigned.items.map((i: any) => i.lineId)).toEqual([line.id]);
    expect(assigned.items[0].professional).toMatchObject({ userId: a.id, fullName: a.fullName });
    // The same professional again is a conflict; another is a REASSIGN.
    expect((await assign(admin, { ...ref, TechnicianId: a.id })).status).toBe(409);
    const moved = dataOf(await assign(admin, { ...ref, TechnicianId: b.id }));
    expect(moved).toMatchObject({ event: 'REASSIGN', state: 'assigned', professional: { userId: b.id } });
    expect((await rows(`select 1 from notifications where user_id = ${a.id} and kind = 'job_reassigned'`)).length).toBe(
      1,
    );
    // The staff line page: history, allowed events, who holds it.
    const detail = dataOf(await get(desk, `/api/Dispatch/GetOrderLine?id=${line.id}`));
    expect(detail).toMatchObject({ lineId: line.id, state: 'assigned', professional: { userId: b.id } });
    expect(detail.history.map((h: any) => h.event)).toEqual(['CREATE', 'PAYMENT_SETTLED', 'ASSIGN', 'REASSIGN']);
    expect(detail.allowedEvents).toEqual(expect.arrayContaining(['ACCEPT', 'REJECT', 'REASSIGN']));
    expect((await get(desk, '/api/Dispatch/GetOrderLine?id=2147483647')).status).toBe(404);
    // Suggestions for an assigned line leave its professional out.
    const s = dataOf(await get(admin, `/api/Dispatch/GetSuggestions?OrderId=${o.orderId}&ServiceId=${line.serviceId}`));
    expect(s.suggestions.map((x: any) => x.userId)).toEqual([a.id]);
    // A completed line cannot be assigned: 409 with the state.
    await t.db.transaction(async (tx) => {
      await applyLineEvent(tx, line.id, 'ACCEPT', b.id);
      await applyLineEvent(tx, line.id, 'COMPLETE', b.id);
    });
    const closed = await assign(admin, { ...ref, TechnicianId: a.id });
    expect(closed.status).toBe(409);
    expect(closed.body.state).toBe('completed');
    const after = dataOf(
      await get(admin, `/api/Dispatch/GetSuggestions?OrderId=${o.orderId}&ServiceId=${line.serviceId}`),
    );
    expect(after).toMatchObject({ assignable: false, suggestions: [] });
    const completed = dataOf(await get(admin, `/api/Professional/GetCompletedOrders?ZoneId=${o.zoneId}`));
    expect(completed.items.map((i: any) => i.lineId)).toEqual([line.id]);
    expect((await assign(admin, { OrderId: o.orderId, ServiceId: 999999, TechnicianId: a.id })).status).toBe(404);
    const notPro = await assign(admin, { ...ref, TechnicianId: o.c.id });
    expect(notPro.status).toBe(409);
  }, 120_000);
});

describe('active professionals', () => {
  it('lists the active ones with zones, rating and load; filters by zone, skill, type, availability and name', async () => {
    const z = await f.zone();
    const service = await f.service();
    const on = await f.professional({ zoneIds: [z.id], serviceIds: [service.id], fullName: 'Active Anil' });
    const off = await f.professional({ zoneIds: [z.id], available: false, professionalType: 'Engineer' });
    const gone = await f.professional({ zoneIds: [z.id] });
    await t.db.execute(sql`update users set active = false where id = ${gone.id}`);
    const list = async (q: string) =>
      dataOf(await get(desk, `/api/Professional/GetActivateTechsEngg?ZoneId=${z.id}${q}`)).items.map(
        (i: any) => i.userId,
      );
    expect((await list('')).sort()).toEqual([on.id, off.id].sort());
    expect(await list(`&ServiceId=${service.id}`)).toEqual([on.id]);
    expect(await list('&Type=Engineer')).toEqual([off.id]);
    expect(await list('&Available=false')).toEqual([off.id]);
    expect(await list('&search=Active%20Anil')).toEqual([on.id]);
    const page = dataOf(await get(admin, `/api/Professional/GetActivateTechsEngg?ZoneId=${z.id}&search=Active`));
    expect(page.items[0]).toMatchObject({ fullName: 'Active Anil', available: true, rating: null, todayJobs: 0 });
    expect(page.items[0].zones).toEqual([z.zoneName]);
    expect((await get(await t.tokenFor('Cust'), '/api/Professional/GetActivateTechsEngg')).status).toBe(403);
  }, 120_000);
});

describe('slot capacity', () => {
  /** A zone with one pincode and a category served there, a service of it, and a customer whose address is there. */
  async function servedZone() {
    const pinCode = `39${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const zone = await f.zone({ pinCode: [pinCode] });
    const category = await f.category({ categoryZoneList: [{ zoneId: zone.id }] });
    const sub = await f.subCategory({ categoryId: category.id });
    const service = await f.service({ subCategoryId: sub.id });
    const c = await f.customer();
    const tok = await c.token();
    dataOf(
      await t.api('POST', '/api/Order/AddAddressForCustomer', {
        token: tok,
        body: {
          adress: '1 Capacity Road',
          pinCode,
          city: 'Mumbai',
          state: 'Maharashtra',
          receiverName: c.fullName,
          receiverMobileNo: c.mobileNo,
        },
      }),
    );
    return { pinCode, zone, service, c, tok };
  }
  const day = new Date(Date.now() + 3 * 86_400_000 + 330 * 60_000).toISOString().slice(0, 10);
  const at = (hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+05:30`);
  /** Another customer's placed line moved into `zoneId` at `slot` for `serviceId` (as if booked there). */
  async function lineAt(zoneId: number, serviceId: number, slot: Date) {
    const other = await placed(1);
    const id = other.lines[0].id;
    await t.db.execute(
      sql`update order_lines set zone_id = ${zoneId}, service_id = ${serviceId}, slot_start = ${slot.toISOString()}::timestamptz where id = ${id}`,
    );
    return id;
  }
  const free = async (token: string, q: string) =>
    dataOf(await get(token, `/api/Cart/GetFreeSlots?${q}`)).slots.map((s: string) => new Date(s).getTime());

  it('offers, and accepts, only slots in which a matching professional is free', async () => {
    const z = await servedZone();
    const q = `ServiceId=${z.service.id}&PinCode=${z.pinCode}&from=${day}&days=1`;
    // Nobody in the zone has the skill yet: dispatch does not cover it, every slot of the booking rules is offered.
    await f.professional({ zoneIds: [z.zone.id] });
    const open = dataOf(await get(z.tok, `/api/Cart/GetFreeSlots?${q}`));
    expect(open).toMatchObject({ zoneId: z.zone.id, limited: false });
    expect(open.slots).toHaveLength(12);

    const pro = await f.professional({ zoneIds: [z.zone.id], serviceIds: [z.service.id] });
    expect(await free(z.tok, q)).toHaveLength(12);
    // The professional's job at 10:00 fills that slot.
    const busyLine = await lineAt(z.zone.id, z.service.id, at(10));
    await t.db.transaction((tx) => applyLineEvent(tx, busyLine, 'ASSIGN', null, { professionalUserId: pro.id }));
    const slots = await free(desk, q);
    expect(slots).toHaveLength(11);
    expect(slots).not.toContain(at(10).getTime());
    expect(slots).toContain(at(11).getTime());

    const full = await t.api('POST', '/api/Cart/AddCart', {
      token: z.tok,
      body: { ServiceId: z.service.id, SchedulingDateTime: at(10).toISOString() },
    });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ title: 'Slot full', reason: 'slot_full' });
    expect(full.body.errors[0].field).toBe('SchedulingDateTime');
    dataOf(await t.api('POST', '/api/Cart/AddCart', { token: z.tok, body: { ServiceId: z.service.id } }));
    const setFull = await t.api('POST', '/api/Cart/SetCartSlot', {
      token: z.tok,
      body: { ServiceId: z.service.id, SchedulingDateTime: at(10).toISOString() },
    });
    expect(setFull.status).toBe(409);
    expect(setFull.body.errors[0].field).toBe('SchedulingDateTime');
    dataOf(
      await t.api('POST', '/api/Cart/SetCartSlot', {
        token: z.tok,
        body: { ServiceId: z.service.id, SchedulingDateTime: at(11).toISOString() },
      }),
    );
    const quote = dataOf(await t.api('POST', '/api/Order/OrderCheckOut', { token: z.tok, body: {} }));
    expect(quote.placeable).toBe(true);

    // A line already waiting at 11:00 for the one free professional fills 11:00 too: checkout names it, placing
    // refuses.
    await lineAt(z.zone.id, z.service.id, at(11));
    expect(await free(z.tok, q)).not.toContain(at(11).getTime());
    const again = dataOf(await t.api('POST', '/api/Order/OrderCheckOut', { token: z.tok, body: {} }));
    expect(again.placeable).toBe(false);
    expect(JSON.stringify(again.lines[0].problems)).toContain('No professional is free');
    const place = await t.api('POST', '/api/Order/OrderPlacedNew?ApiName=Wallet', {
      token: z.tok,
      body: {},
      headers: { 'idempotency-key': `k-${crypto.randomUUID()}` },
    });
    expect(place.status).toBe(409);
    expect(place.body.detail).toContain('No professional is free');
  }, 120_000);

  it('a reschedule moves a waiting line only into a slot where a matching professional is free', async () => {
    const z = await servedZone();
    const pro = await f.professional({ zoneIds: [z.zone.id], serviceIds: [z.service.id] });
    const busyLine = await lineAt(z.zone.id, z.service.id, at(10));
    await t.db.transaction((tx) => applyLineEvent(tx, busyLine, 'ASSIGN', null, { professionalUserId: pro.id }));
    // The customer's own waiting line, moved into the served zone at 12:00.
    const mine = await placed(1);
    const id = mine.lines[0].id;
    await t.db.execute(
      sql`update order_lines set zone_id = ${z.zone.id}, service_id = ${z.service.id}, slot_start = ${at(12).toISOString()}::timestamptz where id = ${id}`,
    );
    const ref = { OrderId: (await lineRow(id)).orderId, ServiceId: z.service.id };
    const tok = await mine.c.token();
    const full = await t.api('POST', '/api/Order/OrderReschedule', {
      token: tok,
      body: { ...ref, RescheduleDate: at(10).toISOString() },
    });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ reason: 'slot_full' });
    expect(full.body.errors[0].field).toBe('RescheduleDate');
    expect((await lineRow(id)).slotStart.getTime()).toBe(at(12).getTime());
    dataOf(
      await t.api('POST', '/api/Order/OrderReschedule', {
        token: tok,
        body: { ...ref, RescheduleDate: at(11).toISOString() },
      }),
    );
    expect((await lineRow(id)).slotStart.getTime()).toBe(at(11).getTime());
  }, 120_000);

  it('free slots: staff and customers only, a pincode outside every zone offers every slot, bad input is 400', async () => {
    expect((await get(await t.tokenFor('TE'), '/api/Cart/GetFreeSlots?ServiceId=1&PinCode=110001')).status).toBe(403);
    expect((await get(undefined, '/api/Cart/GetFreeSlots?ServiceId=1&PinCode=110001')).status).toBe(401);
    const nowhere = dataOf(await get(admin, `/api/Cart/GetFreeSlots?ServiceId=1&PinCode=999999&from=${day}&days=2`));
    expect(nowhere).toMatchObject({ zoneId: null, limited: false });
    expect(nowhere.slots).toHaveLength(24);
    const bad = await get(admin, '/api/Cart/GetFreeSlots?ServiceId=1&PinCode=12');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toContain('PinCode');
  });
});
