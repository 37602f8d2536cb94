import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines } from '../../server/db/schema';
import { cartForCheckout, emptyCart } from '../../server/domains/commerce/cart/service';
import { dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { factories } from '../support/factories';
import { accountOf, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
});
afterAll(() => t?.close());

/** A valid slot: `days` days from today (India time) at `hour`:00 India time. */
const slotAt = (days: number, hour: number) => {
  const d = new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${d}T${String(hour).padStart(2, '0')}:00:00+05:30`;
};

const post = (path: string, token: string, body?: unknown) => t.api('POST', path, { token, body });
const cartOf = async (token: string, body?: unknown) =>
  dataOf(await post('/api/Cart/GetCartDetailsByCustomerId', token, body));
const linesIn = (customerUserId: number) =>
  t.db
    .select({ serviceId: cartLines.serviceId, quantity: cartLines.quantity, slotStart: cartLines.slotStart })
    .from(cartLines)
    .where(eq(cartLines.customerUserId, customerUserId))
    .orderBy(cartLines.serviceId);

async function customer() {
  const c = await f.customer();
  return { ...c, tok: await c.token() };
}

describe('the server cart', () => {
  it('adds a line, raises it when the service is added again, and shows the server-computed amounts', async () => {
    const c = await customer();
    const s = await f.service({ price: 499, discount: 10, gst: 18 });
    const first = await post('/api/Cart/AddCart', c.tok, { ServiceId: s.id });
    expect(dataOf(first)).toEqual({ serviceId: s.id, quantity: 1 });
    expect(first.body.message).toBe('Service added to your cart');
    const again = await post('/api/Cart/AddCart', c.tok, { ServiceId: s.id });
    expect(dataOf(again).quantity).toBe(2);
    expect(again.body.message).toBe('Quantity increased');

    const cart = await cartOf(c.tok);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({
      serviceId: s.id,
      heading: s.heading,
      quantity: 2,
      slotStart: null,
      available: true,
      price: 499,
      discountPercent: 10,
      gstPercent: 18,
      grossAmount: 998,
      taxableAmount: 898.2,
      gstAmount: 161.68,
      lineTotal: 1059.88,
    });
    expect(cart.totals).toEqual({
      quantity: 2,
      grossAmount: 998,
      discountAmount: 99.8,
      taxableAmount: 898.2,
      gstAmount: 161.68,
      total: 1059.88,
    });
  });

  it("changes quantities: 'Increment' raises; 'Increament' (the spec's) and 'Decrement' lower; lowering 1 removes", async () => {
    const c = await customer();
    const s = await f.service();
    await post('/api/Cart/AddCart', c.tok, { ServiceId: s.id });
    const change = (flag: string) => post('/api/Cart/ChangeQuantityforCart', c.tok, { flag, ServiceId: s.id });
    expect(dataOf(await change('Increment')).quantity).toBe(2);
    expect(dataOf(await change('Increment')).quantity).toBe(3);
    expect(dataOf(await change('Increament')).quantity).toBe(2);
    expect(dataOf(await change('Decrement')).quantity).toBe(1);
    const gone = await change('Decrement');
    expect(dataOf(gone).quantity).toBe(0);
    expect(gone.body.message).toBe('Service removed from your cart');
    expect(await linesIn(c.id)).toEqual([]);
    expect((await change('Increment')).status).toBe(404);
  });

  it('keeps a quantity between 1 and 99: the 100th is refused, nothing changes', async () => {
    const c = await customer();
    const s = await f.service();
    await post('/api/Cart/AddCart', c.tok, { ServiceId: s.id });
    await t.db.update(cartLines).set({ quantity: 99 }).where(eq(cartLines.customerUserId, c.id));
    const add = await post('/api/Cart/AddCart', c.tok, { ServiceId: s.id });
    expect(add.status).toBe(409);
    expect(add.body.errors[0].field).toBe('ServiceId');
    const inc = await post('/api/Cart/ChangeQuantityforCart', c.tok, { flag: 'Increment', ServiceId: s.id });
    expect(inc.status).toBe(409);
    expect((await linesIn(c.id))[0].quantity).toBe(99);
  });

  it('removes one line, and clears the whole cart', async () => {
    const c = await customer();
    const [a, b] = [await f.service(), await f.service()];
    await post('/api/Cart/AddCart', c.tok, { ServiceId: a.id });
    await post('/api/Cart/AddCart', c.tok, { ServiceId: b.id });
    const removed = await post('/api/Cart/ClearCartByService', c.tok, { ServiceId: a.id });
    expect(removed.status).toBe(200);
    expect((await linesIn(c.id)).map((l) => l.serviceId)).toEqual([b.id]);
    expect((await post('/api/Cart/ClearCartByService', c.tok, { ServiceId: a.id })).status).toBe(404);
    expect((await post('/api/Cart/ClearCart', c.tok)).status).toBe(200);
    expect(await linesIn(c.id)).toEqual([]);
  });

  it('marks a line unavailable when its service, sub-category or category is inactive, and leaves it out of the totals', async () => {
    const c = await customer();
    const on = await f.service({ price: 100, discount: 0, gst: 0 });
    const sub = await f.subCategory();
    const off = await f.service({ subCategoryId: sub.id, price: 200, discount: 0, gst: 0 });
    await post('/api/Cart/AddCart', c.tok, { ServiceId: on.id });
    await post('/api/Cart/AddCart', c.tok, { ServiceId: off.id });
    const flags = async () => (await cartOf(c.tok)).lines.map((l: any) => [l.serviceId, l.available]);

    await f.toggle('Services', off.id);
    expect(await flags()).toEqual([
      [on.id, true],
      [off.id, false],
    ]);
    const cart = await cartOf(c.tok);
    expect(cart.totals.total).toBe(100);
    expect(cart.unavailableCount).toBe(1);
    const refused = await post('/api/Cart/AddCart', c.tok, { ServiceId: off.id });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].field).toBe('ServiceId');
    await f.toggle('Services', off.id);

    await f.toggle('SubCategory', sub.id);
    expect((await flags())[1]).toEqual([off.id, false]);
    await f.toggle('SubCategory', sub.id);
    await f.toggle('Category', sub.categoryId);
    expect((await flags())[1]).toEqual([off.id, false]);
    await f.toggle('Category', sub.categoryId);
    expect((await flags())[1]).toEqual([off.id, true]);

    const checkout = await cartForCheckout(t.db, c.id);
    expect(checkout.map((l) => [l.serviceId, l.available, l.sacCode, l.pricePaise])).toEqual([
      [on.id, true, '998729', 10000],
      [off.id, true, '998729', 20000],
    ]);
    await emptyCart(t.db, c.id);
    expect(await linesIn(c.id)).toEqual([]);
  });

  it('refuses a service that does not exist (404)', async () => {
    const c = await customer();
    const res = await post('/api/Cart/AddCart', c.tok, { ServiceId: 2_000_000_000 });
    expect(res.status).toBe(404);
  });
});

describe('slots', () => {
  it('sets a valid slot when adding or later, and clears it with null', async () => {
    const c = await customer();
    const s = await f.service();
    const slot = slotAt(1, 10);
    dataOf(await post('/api/Cart/AddCart', c.tok, { ServiceId: s.id, SchedulingDateTime: slot }));
    expect((await linesIn(c.id))[0].slotStart?.toISOString()).toBe(new Date(slot).toISOString());
    const later = slotAt(3, 19);
    const set = dataOf(await post('/api/Cart/SetCartSlot', c.tok, { ServiceId: s.id, SchedulingDateTime: later }));
    expect(new Date(set.slotStart).toISOString()).toBe(new Date(later).toISOString());
    expect((await cartOf(c.tok)).lines[0].slotStart).toBe(new Date(later).toISOString());
    dataOf(await post('/api/Cart/SetCartSlot', c.tok, { ServiceId: s.id, SchedulingDateTime: null }));
    expect((await linesIn(c.id))[0].slotStart).toBeNull();
  });

  it('refuses a slot that breaks a rule, with a message naming the rule, and writes nothing', async () => {
    const c = await customer();
    const s = await f.service();
    await post('/api/Cart/AddCart', c.tok, { ServiceId: s.id });
    const cases: [string, RegExp][] = [
      [slotAt(1, 7), /between 08:00 and 20:00 India time/],
      [slotAt(1, 20), /between 08:00 and 20:00 India time/],
      [slotAt(1, 10).replace(':00:00', ':30:00'), /on the hour/],
      [slotAt(-1, 10), /at least 2 hours from now/],
      [slotAt(32, 10), /at most 30 days ahead/],
      ['2026-02-30T10:00:00+05:30', /date and time|on the hour|between|at least|at most/],
      ['tomorrow', /must be a date and time/],
    ];
    for (const [slot, rule] of cases) {
      const before = await linesIn(c.id);
      for (const [path, body] of [
        ['/api/Cart/SetCartSlot', { ServiceId: s.id, SchedulingDateTime: slot }],
        ['/api/Cart/AddCart', { ServiceId: s.id, SchedulingDateTime: slot }],
      ] as const) {
        const res = await post(path, c.tok, body);
        expect(res.status, `${path} ${slot}`).toBe(400);
        expect(res.body.errors[0].field).toBe('SchedulingDateTime');
        expect(res.body.errors[0].message, slot).toMatch(rule);
      }
      expect(await linesIn(c.id)).toEqual(before);
    }
  });
});

describe('merging the local cart at sign-in', () => {
  it('adds the quantities (at most 99), sums repeated lines, and skips services no longer on offer', async () => {
    const c = await customer();
    const [a, b, gone] = [await f.service(), await f.service(), await f.service()];
    await post('/api/Cart/AddCart', c.tok, { ServiceId: a.id });
    await t.db.update(cartLines).set({ quantity: 97 }).where(eq(cartLines.customerUserId, c.id));
    await f.toggle('Services', gone.id);
    const merged = dataOf(
      await post('/api/Cart/MergeCart', c.tok, {
        Lines: [
          { ServiceId: a.id, Quantity: 5 },
          { ServiceId: b.id, Quantity: 2 },
          { ServiceId: b.id, Quantity: 1 },
          { ServiceId: gone.id, Quantity: 1 },
        ],
      }),
    );
    expect(merged).toEqual({ merged: 2, skipped: [gone.id] });
    expect((await linesIn(c.id)).map((l) => [l.serviceId, l.quantity])).toEqual([
      [a.id, 99],
      [b.id, 3],
    ]);
  });

  it('is for customers only, and checks its lines', async () => {
    const c = await customer();
    for (const role of ['A', 'CD', 'VE', 'TE'] as const) {
      const res = await post('/api/Cart/MergeCart', await t.tokenFor(role), { Lines: [{ ServiceId: 1, Quantity: 1 }] });
      expect(res.status, role).toBe(403);
    }
    const bad = await post('/api/Cart/MergeCart', c.tok, { Lines: [{ ServiceId: 1, Quantity: 100 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toMatch(/Quantity/);
    expect((await post('/api/Cart/MergeCart', c.tok, { Lines: [] })).status).toBe(400);
  });
});

describe('who may use a cart', () => {
  it('refuses visitors (401) and roles other than customers and the staff who act for them (403)', async () => {
    const s = await f.service();
    expect((await t.api('POST', '/api/Cart/AddCart', { body: { ServiceId: s.id } })).status).toBe(401);
    for (const role of ['TE', 'IM', 'VE', 'HR', 'MR', 'AC'] as const) {
      const res = await post('/api/Cart/AddCart', await t.tokenFor(role), { ServiceId: s.id });
      expect(res.status, role).toBe(403);
    }
  });

  it("refuses a customer naming another customer's mobile number, on every cart call (403), and writes nothing", async () => {
    const [me, other] = [await customer(), await customer()];
    const s = await f.service();
    await post('/api/Cart/AddCart', other.tok, { ServiceId: s.id });
    const before = await tableCounts(t.db);
    const otherLines = await linesIn(other.id);
    const calls: [string, Record<string, unknown>][] = [
      ['/api/Cart/AddCart', { MobileNo: other.mobileNo, ServiceId: s.id }],
      ['/api/Cart/GetCartDetailsByCustomerId', { MobileNo: other.mobileNo }],
      ['/api/Cart/ChangeQuantityforCart', { CustomerMobileNo: other.mobileNo, ServiceId: s.id, flag: 'Increment' }],
      ['/api/Cart/ClearCartByService', { MobileNo: other.mobileNo, ServiceId: s.id }],
      ['/api/Cart/ClearCart', { MobileNo: other.mobileNo }],
      ['/api/Cart/SetCartSlot', { MobileNo: other.mobileNo, ServiceId: s.id, SchedulingDateTime: null }],
    ];
    for (const [path, body] of calls) expect((await post(path, me.tok, body)).status, path).toBe(403);
    // Without a mobile number a customer reaches only their own cart: the other's line is not there.
    expect((await post('/api/Cart/ClearCartByService', me.tok, { ServiceId: s.id })).status).toBe(404);
    expect((await post('/api/Cart/ChangeQuantityforCart', me.tok, { ServiceId: s.id, flag: 'Increment' })).status).toBe(
      404,
    );
    expect((await cartOf(me.tok)).lines).toEqual([]);
    expect(await tableCounts(t.db)).toEqual(before);
    expect(await linesIn(other.id)).toEqual(otherLines);
  });

  it('lets a customer name their own mobile number, and the admin act for a customer by theirs (the call desk only reads)', async () => {
    const c = await customer();
    const s = await f.service();
    dataOf(await post('/api/Cart/AddCart', c.tok, { MobileNo: c.mobileNo, ServiceId: s.id }));
    // The call desk is read-only (decision 018): it reads the cart but cannot change it.
    expect(
      (await post('/api/Cart/AddCart', await t.tokenFor('CD'), { MobileNo: c.mobileNo, ServiceId: s.id })).status,
    ).toBe(403);
    const desk = await t.tokenFor('A');
    dataOf(await post('/api/Cart/AddCart', desk, { MobileNo: c.mobileNo, ServiceId: s.id }));
    expect((await cartOf(desk, { MobileNo: c.mobileNo })).lines[0].quantity).toBe(2);
    const noOne = await post('/api/Cart/AddCart', desk, { ServiceId: s.id });
    expect(noOne.status).toBe(400);
    expect(noOne.body.errors[0].field).toBe('MobileNo');
    const unknown = await post('/api/Cart/GetCartDetailsByCustomerId', desk, { MobileNo: '6999999999' });
    expect(unknown.status).toBe(404);
    // A staff member's mobile number is not a customer's.
    const staff = await post('/api/Cart/GetCartDetailsByCustomerId', desk, { MobileNo: accountOf('VE').mobileNo });
    expect(staff.status).toBe(404);
  });
});

describe('bad input', () => {
  it('names the field and writes nothing', async () => {
    const c = await customer();
    const s = await f.service();
    await post('/api/Cart/AddCart', c.tok, { ServiceId: s.id });
    const before = await tableCounts(t.db);
    const lines = await linesIn(c.id);
    const cases: [string, unknown, string][] = [
      ['/api/Cart/AddCart', {}, 'ServiceId'],
      ['/api/Cart/AddCart', { ServiceId: 'abc' }, 'ServiceId'],
      ['/api/Cart/AddCart', { ServiceId: 0 }, 'ServiceId'],
      ['/api/Cart/AddCart', { ServiceId: s.id, MobileNo: '12345' }, 'MobileNo'],
      ['/api/Cart/ChangeQuantityforCart', { ServiceId: s.id, flag: 'Up' }, 'flag'],
      ['/api/Cart/ChangeQuantityforCart', { ServiceId: s.id }, 'flag'],
      ['/api/Cart/ClearCartByService', {}, 'ServiceId'],
      ['/api/Cart/SetCartSlot', { ServiceId: s.id }, 'SchedulingDateTime'],
      ['/api/Cart/AddCart', { ServiceId: s.id, Extra: 1 }, 'Extra'],
    ];
    for (const [path, body, field] of cases) {
      const res = await post(path, c.tok, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.errors.map((e: any) => e.field)).toContain(field);
    }
    expect(await tableCounts(t.db)).toEqual(before);
    expect(await linesIn(c.id)).toEqual(lines);
    const count = await t.db.execute(sql`select count(*)::int as n from cart_lines`);
    expect(count).toBeTruthy();
  });
});
