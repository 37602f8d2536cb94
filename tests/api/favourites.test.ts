// Favourites (Customer/UserFavoritesAddDel, Customer/GetUserFavorites).
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favourites, services } from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo';
import { seedDemoCatalogue } from '../../server/db/seed/demo-catalogue';
import { DEMO_FAVOURITES, seedDemoFavourites } from '../../server/db/seed/demo-favourites';
import { dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { factories } from '../support/factories';
import { ROLE_CODES, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
});
afterAll(() => t?.close());

const toggle = (token: string | null, ServiceId: unknown) =>
  t.api('POST', '/api/Customer/UserFavoritesAddDel', { token, body: { ServiceId } });
const list = (token: string, query = '') => t.api('GET', `/api/Customer/GetUserFavorites${query}`, { token });

describe('the demo favourites', () => {
  // First: the demo catalogue seeds only an empty catalogue.
  it('gives the demo customer a few favourites once the demo catalogue is there', async () => {
    await seedDemoCatalogue(t.db, path.join(t.dataDir, 'uploads'));
    const customer = DEMO_ACCOUNTS.find((a) => a.role === 'Cust')!;
    await seedDemoFavourites(t.db, customer.mobileNo);
    const page = dataOf(await list(await t.tokenFor('Cust')));
    expect(page.items.map((x: { service: { heading: string } }) => x.service.heading).sort()).toEqual(
      [...DEMO_FAVOURITES].sort(),
    );
    expect(page.items.every((x: { available: boolean }) => x.available)).toBe(true);
  });
});

describe('toggling a favourite', () => {
  it('adds on the first call and removes on the second, answering whether it is now a favourite', async () => {
    const c = await f.customer();
    const token = await c.token();
    const s = await f.service({ heading: 'Fan repair at home' });
    const added = await toggle(token, s.id);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      message: 'Fan repair at home added to your favourites.',
      data: { serviceId: s.id, favourite: true },
    });
    const page = dataOf(await list(token));
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(page.items[0]).toMatchObject({
      custId: c.id,
      servicesId: s.id,
      available: true,
      service: { id: s.id, heading: 'Fan repair at home', finalPrice: s.finalPrice, categoryName: expect.any(String) },
    });
    expect(Date.parse(page.items[0].createDate)).toBeGreaterThan(Date.now() - 60_000);

    const removed = await toggle(token, s.id);
    expect(removed.body).toMatchObject({
      message: 'Removed from your favourites.',
      data: { serviceId: s.id, favourite: false },
    });
    expect(dataOf(await list(token))).toMatchObject({ total: 0, items: [] });
  });

  it('toggles one at a time: ten toggles at once leave it as ten toggles in a row would (not a favourite)', async () => {
    const c = await f.customer();
    const token = await c.token();
    const s = await f.service();
    const replies = await Promise.all(Array.from({ length: 10 }, () => toggle(token, s.id)));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(replies.filter((r) => r.body.data.favourite).length).toBe(5);
    expect(dataOf(await list(token)).total).toBe(0);
  });

  it('lists newest first, paged', async () => {
    const c = await f.customer();
    const token = await c.token();
    const made = [];
    for (let i = 0; i < 3; i++) {
      const s = await f.service();
      dataOf(await toggle(token, s.id));
      made.push(s.id);
    }
    const first = dataOf(await list(token, '?page=1&pageSize=2'));
    expect(first.total).toBe(3);
    expect(first.items.map((x: { servicesId: number }) => x.servicesId)).toEqual([made[2], made[1]]);
    const second = dataOf(await list(token, '?page=2&pageSize=2'));
    expect(second.items.map((x: { servicesId: number }) => x.servicesId)).toEqual([made[0]]);
  });

  it('shows a switched-off service as unavailable, refuses to add one, and still lets the customer remove it', async () => {
    const c = await f.customer();
    const token = await c.token();
    const s = await f.service();
    dataOf(await toggle(token, s.id));
    await f.toggle('Services', s.id);
    expect(dataOf(await list(token)).items[0]).toMatchObject({ servicesId: s.id, available: false });

    const other = await f.customer();
    const refused = await toggle(await other.token(), s.id);
    expect(refused.status).toBe(404);

    // Its category switched off hides it too.
    const s2 = await f.service();
    dataOf(await toggle(token, s2.id));
    await f.toggle('Category', s2.categoryId);
    const items = dataOf(await list(token)).items;
    expect(items.find((x: { servicesId: number }) => x.servicesId === s2.id).available).toBe(false);

    expect(dataOf(await toggle(token, s.id)).favourite).toBe(false);
    expect(dataOf(await toggle(token, s2.id)).favourite).toBe(false);
  });

  it('refuses bad input naming the field, and an unknown service with 404, writing nothing', async () => {
    const token = await t.tokenFor('Cust');
    const before = await tableCounts(t.db);
    for (const [body, message] of [
      [{}, 'is required'],
      [{ ServiceId: 'abc' }, 'must be a whole number'],
      [{ ServiceId: 0 }, 'must be at least 1'],
      [{ ServiceId: 2 ** 31 }, 'must be at most 2147483647'],
      [{ ServiceId: 1.5 }, 'must be a whole number'],
      [{ ServiceId: 1, CustId: 5 }, 'is not an allowed field'],
    ] as const) {
      const res = await t.api('POST', '/api/Customer/UserFavoritesAddDel', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.errors.map((e: { message: string }) => e.message),
        JSON.stringify(body),
      ).toContain(message);
    }
    expect((await toggle(token, 999_999)).status).toBe(404);
    const badPage = await list(token, '?pageSize=500');
    expect(badPage.status).toBe(400);
    expect(badPage.body.errors[0].field).toBe('pageSize');
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('who may see and change favourites', () => {
  it("refuses another customer's favourites (403), and lets the admin and the call desk read anyone's", async () => {
    const owner = await f.customer();
    const s = await f.service();
    dataOf(await toggle(await owner.token(), s.id));
    const other = await f.customer();
    const peek = await list(await other.token(), `?Id=${owner.id}`);
    expect(peek.status).toBe(403);
    expect(peek.body.data).toBeUndefined();
    // Their own list, named or not, is theirs.
    expect(dataOf(await list(await other.token(), `?Id=${other.id}`)).total).toBe(0);

    for (const role of ['A', 'CD'] as const) {
      const staff = await t.tokenFor(role);
      const seen = dataOf(await list(staff, `?Id=${owner.id}`));
      expect(
        seen.items.map((x: { servicesId: number }) => x.servicesId),
        role,
      ).toEqual([s.id]);
      const missing = await list(staff);
      expect(missing.status, role).toBe(400);
      expect(missing.body.errors).toEqual([{ field: 'Id', message: "is required: the customer's user id" }]);
      // A staff account or an unknown id is not a customer.
      const me = dataOf(await t.api('GET', '/api/Auth/Me', { token: staff }));
      expect((await list(staff, `?Id=${me.Id}`)).status, role).toBe(404);
      expect((await list(staff, '?Id=999999')).status, role).toBe(404);
    }
  });

  it('lets only customers toggle, and only their own; other roles get 403, visitors 401', async () => {
    const s = await f.service();
    expect((await toggle(null, s.id)).status).toBe(401);
    for (const role of ROLE_CODES.filter((r) => r !== 'Cust')) {
      expect((await toggle(await t.tokenFor(role), s.id)).status, role).toBe(403);
    }
    for (const role of ROLE_CODES.filter((r) => !['Cust', 'A', 'CD'].includes(r))) {
      expect((await list(await t.tokenFor(role))).status, role).toBe(403);
    }
    expect((await t.api('GET', '/api/Customer/GetUserFavorites')).status).toBe(401);
  });

  it('keeps at most 200 favourites per customer', async () => {
    const c = await f.customer();
    const token = await c.token();
    const sub = await f.subCategory();
    const rows = Array.from({ length: 201 }, (_, i) => ({
      heading: `Favourite candidate ${i}`,
      price: 100,
      gst: 18,
      categoryName: sub.categoryName,
      subCategoryName: sub.subCategoryName,
      professionalType: 'Technician',
    }));
    dataOf(await t.api('POST', '/api/Excel/AddServiceExcel', { token: await f.admin(), body: rows }), 201);
    const ids = (
      await t.db
        .select({ id: services.id })
        .from(services)
        .where(eq(services.subCategoryId, sub.id))
        .orderBy(services.id)
    ).map((r) => r.id);
    // 200 favourites at once (the toggle would take 200 calls); the 201st goes through the API.
    await t.db.insert(favourites).values(ids.slice(0, 200).map((serviceId) => ({ customerUserId: c.id, serviceId })));
    const over = await toggle(token, ids[200]);
    expect(over.status).toBe(409);
    expect(over.body.errors).toEqual([
      { field: 'ServiceId', message: 'You can keep at most 200 favourites; remove one first.' },
    ]);
    expect(dataOf(await toggle(token, ids[0])).favourite).toBe(false);
    expect(dataOf(await toggle(token, ids[200])).favourite).toBe(true);
  });
});
