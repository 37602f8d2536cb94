import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, categoryZones, services, zonePincodes, zones } from '../../server/db/schema';
import { catalogueApi, cityIds, count, dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let admin: string;
let c: ReturnType<typeof catalogueApi>;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.tokenFor('A');
  c = catalogueApi(t);
});
afterAll(() => t?.close());

const post = (path: string, body: unknown) => t.api('POST', path, { token: admin, body });

/** Refused with exactly these `{ row, field }` pairs, and nothing written anywhere. */
async function expectRefused(
  path: string,
  body: unknown,
  expected: { row: number; field: string; message?: unknown }[],
) {
  const before = await tableCounts(t.db);
  const res = await post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.title).toBe('Invalid rows');
  expect(res.body.detail).toMatch(/^Nothing was imported/);
  expect(res.body.errors).toEqual(
    expected.map((e) => ({ row: e.row, field: e.field, message: e.message ?? expect.any(String) })),
  );
  expect(await tableCounts(t.db)).toEqual(before);
  return res.body.errors as { row: number; field: string; message: string }[];
}

describe('zone import', () => {
  it('groups rows into zones and adds pincodes to an existing zone of the city', async () => {
    const before = await count(t, 'zones');
    const res = dataOf(
      await post('/api/Excel/AddZoneExcel', [
        { zoneName: 'Electronic City', cityName: 'Bengaluru', stateName: 'Karnataka', pinCode: '560100' },
        { zoneName: ' electronic city ', cityName: 'BENGALURU', stateName: 'karnataka', pinCode: '560099' },
        { zoneName: 'koramangala', cityName: 'Bengaluru', stateName: 'Karnataka', pinCode: '560030' },
        { zoneName: 'Vashi', cityName: 'Navi Mumbai', stateName: 'Maharashtra', pinCode: '400703' },
      ]),
      201,
    );
    expect(res).toEqual({ imported: 4, zones: 2, pincodes: 4 });
    expect(await count(t, 'zones')).toBe(before + 2);
    const [ec] = await t.db.select().from(zones).where(eq(zones.zoneName, 'Electronic City'));
    const blr = await cityIds(t, 'Karnataka', 'Bengaluru');
    expect(ec).toMatchObject({ cityId: blr.cityId, stateId: blr.stateId, active: true });
    const pins = await t.db
      .select({ pin: zonePincodes.pinCode })
      .from(zonePincodes)
      .where(eq(zonePincodes.zoneId, ec.id));
    expect(pins.map((p) => p.pin).sort()).toEqual(['560099', '560100']);
    const kora = dataOf(await t.api('GET', '/api/Common/GetPincodeByZoneId?id=1'));
    expect(kora.map((p: any) => p.pinCode)).toContain('560030');
  });

  it('checks every row first: one bad row and nothing is imported', async () => {
    const errors = await expectRefused(
      '/api/Excel/AddZoneExcel',
      [
        { zoneName: 'Good', cityName: 'Mumbai', stateName: 'Maharashtra', pinCode: '400601' },
        { zoneName: 'Atlantis', cityName: 'Mumbai', stateName: 'Oceania', pinCode: '400602' },
        { zoneName: 'Lost', cityName: 'Gotham', stateName: 'Maharashtra', pinCode: '400603' },
        { zoneName: 'Twice', cityName: 'Mumbai', stateName: 'Maharashtra', pinCode: '400604' },
        { zoneName: 'Twice', cityName: 'Mumbai', stateName: 'Maharashtra', pinCode: '400604' },
        { zoneName: 'Taken', cityName: 'Mumbai', stateName: 'Maharashtra', pinCode: '400053' },
        { zoneName: '  ', cityName: 'Mumbai', stateName: 'Maharashtra', pinCode: '400605' },
      ],
      [
        { row: 3, field: 'stateName', message: '"Oceania" is not a known state or union territory' },
        { row: 4, field: 'cityName', message: '"Gotham" is not a city of Maharashtra' },
        { row: 6, field: 'pinCode', message: 'Pincode 400604 is also on row 5' },
        { row: 7, field: 'pinCode', message: 'Pincode 400053 already belongs to zone Andheri (Mumbai).' },
        { row: 8, field: 'zoneName', message: 'must not be empty' },
      ],
    );
    expect(errors).toHaveLength(5);
  });

  it('reports schema problems by sheet row too', async () => {
    await expectRefused(
      '/api/Excel/AddZoneExcel',
      [
        { zoneName: 'A', cityName: 'Mumbai', stateName: 'Maharashtra', pinCode: '400606' },
        { zoneName: 'B', cityName: 'Mumbai', stateName: 'Maharashtra', pinCode: '40060' },
        { zoneName: 'C', cityName: 'Mumbai', stateName: 'Maharashtra' },
      ],
      [
        { row: 3, field: 'pinCode', message: 'must be a 6-digit pincode' },
        { row: 4, field: 'pinCode', message: 'is required' },
      ],
    );
  });
});

describe('category and sub-category import', () => {
  it('imports categories with several zones each; ambiguous zone names need the city', async () => {
    const mum = await cityIds(t, 'Maharashtra', 'Mumbai');
    const blr = await cityIds(t, 'Karnataka', 'Bengaluru');
    for (const [city, pin] of [
      [mum, '400001'],
      [blr, '560001'],
    ] as const) {
      dataOf(await post('/api/Common/AddZone', { zoneName: 'Central', ...city, pinCode: [pin] }), 201);
    }
    await c.category('Existing cat');
    await expectRefused(
      '/api/Excel/AddCategoryExcel',
      [
        { categoryName: 'Gardening', details: 'Lawns', zoneName: 'Koramangala, Andheri' },
        { categoryName: 'Roofing', zoneName: 'Central' },
        { categoryName: 'GARDENING' },
        { categoryName: 'existing CAT' },
        { categoryName: 'Masonry', zoneName: 'Koramangala, Atlantis' },
      ],
      [
        {
          row: 3,
          field: 'zoneName',
          message: expect.stringMatching(
            /^"Central" names zones in several cities \((Mumbai, Bengaluru|Bengaluru, Mumbai)\)/,
          ),
        },
        { row: 4, field: 'categoryName', message: '"GARDENING" is also on row 2' },
        { row: 5, field: 'categoryName', message: 'A category named "Existing cat" already exists.' },
        { row: 6, field: 'zoneName', message: '"Atlantis" is not a known zone' },
      ],
    );

    const res = dataOf(
      await post('/api/Excel/AddCategoryExcel', [
        { categoryName: 'Gardening', details: 'Lawns', zoneName: 'Koramangala, andheri' },
        { categoryName: 'Roofing', zoneName: 'Central (mumbai)' },
        { categoryName: 'Masonry' },
      ]),
      201,
    );
    expect(res).toEqual({ imported: 3 });
    const [garden] = await t.db.select().from(categories).where(eq(categories.name, 'Gardening'));
    expect(garden.details).toBe('Lawns');
    const links = await t.db.select().from(categoryZones).where(eq(categoryZones.categoryId, garden.id));
    expect(links.map((l) => l.zoneId).sort()).toEqual([1, 4]);
    const avail = dataOf(
      await t.api('GET', `/api/Common/CheckAvailabilityOfCatByPincode?Pincode=400053&CategoryId=${garden.id}`),
    );
    expect(avail.available).toBe(true);
  });

  it('imports sub-categories by category name', async () => {
    const cat = await c.category('Sub import');
    await c.subCategory(cat.id, 'Already here');
    await expectRefused(
      '/api/Excel/AddSubCategoryExcel',
      [
        { subCategoryName: 'New one', categoryName: 'sub import' },
        { subCategoryName: 'already HERE', categoryName: 'Sub import' },
        { subCategoryName: 'Orphan', categoryName: 'No such category' },
        { subCategoryName: 'new ONE', categoryName: 'Sub Import' },
      ],
      [
        {
          row: 3,
          field: 'subCategoryName',
          message: 'Category "Sub import" already has a sub-category named "Already here".',
        },
        { row: 4, field: 'categoryName', message: '"No such category" is not a known category' },
        { row: 5, field: 'subCategoryName', message: '"new ONE" in Sub Import is also on row 2' },
      ],
    );
    const res = dataOf(
      await post('/api/Excel/AddSubCategoryExcel', [
        { subCategoryName: 'New one', headingField: 'Heading', categoryName: 'sub import' },
        { subCategoryName: 'Another', categoryName: 'SUB IMPORT' },
      ]),
      201,
    );
    expect(res).toEqual({ imported: 2 });
    const subs = dataOf(await t.api('GET', `/api/Common/GetAllSubCategoryByCategoryId/${cat.id}`));
    expect(subs.map((s: any) => s.subCategoryName)).toEqual(['Already here', 'Another', 'New one']);
  });
});

describe('service import', () => {
  it('imports services with the same money rules; one bad row refuses the file', async () => {
    const cat = await c.category('Svc import');
    const sub = await c.subCategory(cat.id, 'Fans');
    await c.service(sub.id, 'Fan repair');
    const row = (heading: string, extra: Record<string, unknown> = {}) => ({
      heading,
      price: 499,
      discount: 10,
      gst: 18,
      categoryName: 'svc import',
      subCategoryName: 'FANS',
      professionalType: 'Technician',
      ...extra,
    });
    const before = await count(t, 'services');
    await expectRefused(
      '/api/Excel/AddServiceExcel',
      [
        row('Fan install'),
        row('Fan clean'),
        row('Fan paint', { price: 10.005 }),
        row('fan REPAIR'),
        row('Fan install'),
        row('Fan x', { subCategoryName: 'Lights' }),
        row('Fan y', { categoryName: 'Nope' }),
        row('Fan z', { visitingCharges: 0.5 }),
      ],
      [
        { row: 4, field: 'price', message: 'must have at most 2 decimal places (paise)' },
        { row: 5, field: 'heading', message: 'Sub-category "FANS" already has a service named "Fan repair".' },
        { row: 6, field: 'heading', message: '"Fan install" in FANS is also on row 2' },
        { row: 7, field: 'subCategoryName', message: '"Lights" is not a sub-category of svc import' },
        { row: 8, field: 'categoryName', message: '"Nope" is not a known category' },
      ],
    );
    // Schema-level problems are rows too.
    await expectRefused(
      '/api/Excel/AddServiceExcel',
      [row('Fan ok'), row('Fan bad', { price: 'abc', gst: 101 })],
      [
        { row: 3, field: 'price', message: 'must be a number' },
        { row: 3, field: 'gst', message: 'must be at most 100' },
      ],
    );
    expect(await count(t, 'services')).toBe(before);

    const res = dataOf(
      await post('/api/Excel/AddServiceExcel', [
        row('Fan install', { pDetails: 'Ceiling fans' }),
        row('Fan clean', { price: 199.99, discount: 0, gst: 5, professionalType: 'Engineer', visitingCharges: 50 }),
      ]),
      201,
    );
    expect(res).toEqual({ imported: 2 });
    const list = dataOf(await t.api('GET', `/api/Common/GetAllServices?subCategoryId=${sub.id}&sort=heading`));
    expect(list.items.map((s: any) => [s.heading, s.finalPrice, s.visitingCharges])).toEqual([
      ['Fan clean', 209.99, 50],
      ['Fan install', 529.94, 0],
      ['Fan repair', 529.94, 0],
    ]);
    const [install] = await t.db.select().from(services).where(eq(services.heading, 'Fan install'));
    expect(install).toMatchObject({ details: 'Ceiling fans', pricePaise: 49900, discountPercent: 10, gstPercent: 18 });
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'imports 5,000 services in one transaction well under 10 s on PostgreSQL',
    async () => {
      const cat = await c.category('Bulk');
      const subNames = Array.from({ length: 20 }, (_, i) => `Bulk sub ${i}`);
      dataOf(
        await post(
          '/api/Excel/AddSubCategoryExcel',
          subNames.map((subCategoryName) => ({ subCategoryName, categoryName: 'Bulk' })),
        ),
        201,
      );
      const rows = Array.from({ length: 5000 }, (_, i) => ({
        heading: `Bulk service ${i}`,
        price: (10_000 + ((i * 37) % 90_000)) / 100,
        discount: i % 50,
        gst: [0, 5, 18, 40][i % 4],
        categoryName: 'bulk',
        subCategoryName: subNames[i % 20].toUpperCase(),
        pDetails: `Description ${i}`,
        professionalType: i % 2 ? 'Technician' : 'Engineer',
      }));
      const before = await count(t, 'services');
      const started = performance.now();
      const res = await post('/api/Excel/AddServiceExcel', rows);
      const ms = performance.now() - started;
      console.log(`5,000-row service import on PostgreSQL: ${Math.round(ms)} ms`);
      expect(dataOf(res, 201)).toEqual({ imported: 5000 });
      expect(ms).toBeLessThan(10_000);
      expect(await count(t, 'services')).toBe(before + 5000);
      const page = dataOf(
        await t.api('GET', `/api/Common/GetAllServices?categoryId=${cat.id}&pageSize=1&sort=price&order=desc`),
      );
      expect(page.total).toBe(5000);
      // All or none on the big file too: one bad row in 5,000 writes nothing.
      const again = rows.map((r, i) => ({ ...r, heading: `Again ${i}`, ...(i === 4321 ? { price: 1.234 } : {}) }));
      await expectRefused('/api/Excel/AddServiceExcel', again, [{ row: 4323, field: 'price' }]);
    },
    60_000,
  );
});
