// GST rates are data (decision 014): the catalogue checks a service's rate against the gst_rates table's rates in
// force today; SAC codes per category (CGST Rule 46).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstRates as gstRatesTable, services } from '../../server/db/schema';
import { assertRateInForce, ratesInForce } from '../../server/domains/catalogue/tax/service';
import { dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { factories } from '../support/factories';
import { ROLE_CODES, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let admin: string;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.tokenFor('A');
  f = factories(t);
});
afterAll(() => t?.close());

const NOT_IN_FORCE = 'must be one of the GST rates in force today: 0, 5, 18, 40';

describe('the rates in force', () => {
  it('are 0, 5, 12, 18 and 28 until 21 September 2025 and 0, 5, 18 and 40 from the 22nd (India days)', async () => {
    expect(await ratesInForce(t.db, new Date('2025-09-21T12:00:00+05:30'))).toEqual([0, 5, 12, 18, 28]);
    // 22 September 00:30 in India is still the 21st in UTC: the Indian day counts.
    expect(await ratesInForce(t.db, new Date('2025-09-22T00:30:00+05:30'))).toEqual([0, 5, 18, 40]);
    expect(await ratesInForce(t.db, new Date())).toEqual([0, 5, 18, 40]);
    await expect(assertRateInForce(t.db, 28, new Date('2025-01-01T12:00:00+05:30'), 'gst')).resolves.toBeUndefined();
    await expect(assertRateInForce(t.db, 28, new Date(), 'gst')).rejects.toMatchObject({
      statusCode: 400,
      errors: [{ field: 'gst', message: NOT_IN_FORCE }],
    });
    await expect(assertRateInForce(t.db, 40, new Date('2025-01-01T12:00:00+05:30'), 'rate')).rejects.toMatchObject({
      errors: [{ field: 'rate', message: 'must be one of the GST rates in force on 2025-01-01: 0, 5, 12, 18, 28' }],
    });
  });

  it('GET /api/Tax/GstRates lists every rate with its dates and which are in force, for the admin and the inventory manager', async () => {
    const today = dataOf(await t.api('GET', '/api/Tax/GstRates', { token: admin }));
    expect(today.inForce).toEqual([0, 5, 18, 40]);
    expect(today.rates).toContainEqual({
      rate: 12,
      effectiveFrom: '2017-07-01',
      effectiveTo: '2025-09-21',
      note: 'Merged into 5% and 18% (GST 2.0)',
      inForce: false,
    });
    expect(today.rates).toContainEqual(
      expect.objectContaining({ rate: 40, effectiveFrom: '2025-09-22', inForce: true }),
    );
    const before = dataOf(await t.api('GET', '/api/Tax/GstRates?on=2025-09-21', { token: admin }));
    expect(before).toMatchObject({ on: '2025-09-21', inForce: [0, 5, 12, 18, 28] });

    const bad = await t.api('GET', '/api/Tax/GstRates?on=2025-13-45', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('on');
    expect((await t.api('GET', '/api/Tax/GstRates')).status).toBe(401);
    // The inventory manager prices the store's products (decision 028); nobody else reads the rates.
    expect((await t.api('GET', '/api/Tax/GstRates', { token: await t.tokenFor('IM') })).status).toBe(200);
    for (const role of ROLE_CODES.filter((r) => r !== 'A' && r !== 'IM')) {
      expect((await t.api('GET', '/api/Tax/GstRates', { token: await t.tokenFor(role) })).status, role).toBe(403);
    }
  });

  it('follow the table: a rate added with an effective date is allowed from that day', async () => {
    await t.db.insert(gstRatesTable).values({ rate: 3, effectiveFrom: '2025-10-01', note: 'test rate' });
    try {
      expect(await ratesInForce(t.db, new Date())).toEqual([0, 3, 5, 18, 40]);
      const s = await f.service({ gst: 3 });
      expect(s.gst).toBe(3);
    } finally {
      await t.db.delete(gstRatesTable).where(eq(gstRatesTable.rate, 3));
    }
  });
});

describe('the catalogue checks GST against the rates in force', () => {
  it('adds services at 0, 5, 18 and 40 percent', async () => {
    for (const gst of [0, 5, 18, 40]) {
      const s = await f.service({ price: 100, discount: 0, gst });
      expect(s).toMatchObject({ gst, gstAmount: gst, finalPrice: 100 + gst });
    }
  });

  it('refuses the withdrawn 12 and 28 percent slabs on add, update and import, naming the rates in force', async () => {
    const sub = await f.subCategory();
    const before = await tableCounts(t.db);
    for (const gst of [12, 28, 7]) {
      const res = await t.api('POST', '/api/Common/AddService', {
        token: admin,
        body: { heading: `At ${gst}`, price: 100, gst, subCategoryId: sub.id, professionalType: 'Technician' },
      });
      expect(res.status, String(gst)).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'gst', message: NOT_IN_FORCE }]);
    }
    const imported = await t.api('POST', '/api/Excel/AddServiceExcel', {
      token: admin,
      body: [
        {
          heading: 'Imported at 28',
          price: 100,
          gst: 28,
          categoryName: sub.categoryName,
          subCategoryName: sub.subCategoryName,
          professionalType: 'Technician',
        },
      ],
    });
    expect(imported.status).toBe(400);
    expect(imported.body.errors).toEqual([{ row: 2, field: 'gst', message: NOT_IN_FORCE }]);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('keeps showing a service stored at a withdrawn rate, but refuses to save it unchanged', async () => {
    const s = await f.service({ price: 100, discount: 0, gst: 18 });
    // A service saved before 22 September 2025 at 28% (written directly: the API no longer accepts it).
    await t.db.update(services).set({ gstPercent: 28 }).where(eq(services.id, s.id));
    const shown = dataOf(await t.api('GET', `/api/Common/GetServicesByID/${s.id}`));
    expect(shown).toMatchObject({ gst: 28, gstAmount: 28, finalPrice: 128 });
    const body = {
      heading: s.heading,
      price: 100,
      discount: 0,
      gst: 28,
      subCategoryId: s.subCategoryId,
      professionalType: 'Technician',
    };
    const same = await t.api('PUT', `/api/Common/UpdateService/${s.id}`, { token: admin, body });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual([{ field: 'gst', message: NOT_IN_FORCE }]);
    const moved = dataOf(
      await t.api('PUT', `/api/Common/UpdateService/${s.id}`, { token: admin, body: { ...body, gst: 40 } }),
    );
    expect(moved).toMatchObject({ gst: 40, finalPrice: 140 });
  });
});

describe('SAC code per category', () => {
  it('defaults to 998729, is set on add and changed on update, and is listed', async () => {
    const plain = await f.category();
    expect(plain.sacCode).toBe('998729');
    const c = await f.category({ sacCode: '998533' });
    expect(c.sacCode).toBe('998533');
    const changed = dataOf(
      await t.api('PATCH', `/api/Common/UpdateCategory/${c.id}`, { token: admin, body: { sacCode: '998531' } }),
    );
    expect(changed).toMatchObject({ id: c.id, sacCode: '998531', categoryName: c.categoryName });
    const listed = dataOf(
      await t.api('GET', `/api/Common/GetAllCategory?search=${encodeURIComponent(c.categoryName)}`, { token: admin }),
    );
    expect(listed.items[0].sacCode).toBe('998531');
    const imported = await t.api('POST', '/api/Excel/AddCategoryExcel', {
      token: admin,
      body: [{ categoryName: 'Imported with SAC', sacCode: '995462' }],
    });
    expect(imported.status).toBe(201);
    const found = dataOf(
      await t.api('GET', '/api/Common/GetAllCategory?search=Imported%20with%20SAC', { token: admin }),
    );
    expect(found.items[0].sacCode).toBe('995462');
  });

  it('refuses a code that is not a 6-digit service SAC, naming the field, and writes nothing', async () => {
    const c = await f.category();
    const before = await tableCounts(t.db);
    const rule = 'must be a 6-digit SAC code of a service (starting with 99)';
    for (const sacCode of ['12345', '9987291', '123456', '99872a', '', ' 998729']) {
      const add = await t.api('POST', '/api/Common/AddCategory', {
        token: admin,
        body: { categoryName: `Bad SAC ${sacCode}`, sacCode },
      });
      expect(add.status, sacCode).toBe(400);
      expect(add.body.errors, sacCode).toEqual([{ field: 'sacCode', message: rule }]);
      const update = await t.api('PATCH', `/api/Common/UpdateCategory/${c.id}`, { token: admin, body: { sacCode } });
      expect(update.status, sacCode).toBe(400);
      expect(update.body.errors[0].field).toBe('sacCode');
    }
    const imported = await t.api('POST', '/api/Excel/AddCategoryExcel', {
      token: admin,
      body: [{ categoryName: 'Bad SAC import', sacCode: '123456' }],
    });
    expect(imported.status).toBe(400);
    expect(imported.body.errors).toEqual([{ row: 2, field: 'sacCode', message: rule }]);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});
