import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryZones, transitionLog, zonePincodes } from '../../server/db/schema';
import { catalogueApi, cityIds, dataOf } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let admin: string;
let blr: { stateId: number; cityId: number };
let mys: { stateId: number; cityId: number };
let mum: { stateId: number; cityId: number };
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.tokenFor('A');
  blr = await cityIds(t, 'Karnataka', 'Bengaluru');
  mys = await cityIds(t, 'Karnataka', 'Mysuru');
  mum = await cityIds(t, 'Maharashtra', 'Mumbai');
});
afterAll(() => t?.close());

const addZone = (body: Record<string, unknown>) => t.api('POST', '/api/Common/AddZone', { token: admin, body });

describe('adding zones', () => {
  it('adds a zone with a list of pincodes (repeats count once)', async () => {
    const zone = dataOf(
      await addZone({ zoneName: ' HSR Layout ', ...blr, pinCode: ['560102', '560068', '560102'] }),
      201,
    );
    expect(zone).toMatchObject({
      zoneName: 'HSR Layout',
      cityName: 'Bengaluru',
      stateName: 'Karnataka',
      active: true,
      pincodeCount: 2,
    });
    expect(zone.pincodes.map((p: any) => p.pinCode)).toEqual(['560068', '560102']);
    const visible = dataOf(await t.api('GET', `/api/Common/GetZoneByID/${zone.id}`));
    expect(visible.pincodes).toHaveLength(2);
  });

  it('adds a zone from typed pincodes (AddZoneNew) and names bad ones', async () => {
    const zone = dataOf(
      await t.api('POST', '/api/Common/AddZoneNew', {
        token: admin,
        body: { zoneName: 'Jayanagar', ...blr, pincodes: '560011, 560041;560069\n560082 560011' },
      }),
      201,
    );
    expect(zone.pincodes.map((p: any) => p.pinCode)).toEqual(['560011', '560041', '560069', '560082']);
    const bad = await t.api('POST', '/api/Common/AddZoneNew', {
      token: admin,
      body: { zoneName: 'Bad pins', ...blr, pincodes: '560001, 12345, abcdef' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'pincodes', message: '12345, abcdef are not 6-digit pincodes' }]);
  });

  it('keeps zone names unique per city (case-insensitive) but allows the same name in another city', async () => {
    const clash = await addZone({ zoneName: 'koramangala', ...blr, pinCode: ['560099'] });
    expect(clash.status).toBe(409);
    expect(clash.body.errors).toEqual([
      { field: 'zoneName', message: 'Bengaluru already has a zone named "Koramangala".' },
    ]);
    dataOf(await addZone({ zoneName: 'Koramangala', ...mys, pinCode: ['570001'] }), 201);
  });

  it('refuses a pincode that belongs to another zone, naming it, and writes nothing', async () => {
    const before = await tableCounts(t.db);
    const res = await addZone({ zoneName: 'Overlap', ...blr, pinCode: ['560200', '560034', '560038'] });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([
      { field: 'pinCode', message: 'Pincode 560034 already belongs to zone Koramangala (Bengaluru).' },
      { field: 'pinCode', message: 'Pincode 560038 already belongs to zone Indiranagar (Bengaluru).' },
    ]);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('gives a pincode claimed by two new zones at once to one of them, and the other zone is not written', async () => {
    const before = await tableCounts(t.db);
    const replies = await Promise.all(
      ['Kadugodi East', 'Kadugodi West'].map((zoneName) => addZone({ zoneName, ...blr, pinCode: ['560067'] })),
    );
    expect(replies.map((r) => r.status).sort(), JSON.stringify(replies.map((r) => r.body))).toEqual([201, 409]);
    const lost = replies.find((r) => r.status === 409)!;
    expect(lost.body.errors[0].field).toBe('pinCode');
    const after = await tableCounts(t.db);
    expect(after.zones).toBe(before.zones + 1);
    expect(after.zone_pincodes).toBe(before.zone_pincodes + 1);
  });

  it('checks that the city belongs to the state', async () => {
    const wrong = await addZone({ zoneName: 'Nowhere', stateId: mum.stateId, cityId: blr.cityId, pinCode: ['400999'] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toEqual({ field: 'cityId', message: 'is not a city of the chosen state' });
    const unknown = await addZone({ zoneName: 'Nowhere', stateId: mum.stateId, cityId: 999999, pinCode: ['400999'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].field).toBe('cityId');
    const empty = await addZone({ zoneName: '   ', ...mum, pinCode: ['400999'] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].field).toBe('zoneName');
  });
});

describe('changing zones and their pincodes', () => {
  it('renames and moves a zone, refusing a clash in the target city', async () => {
    const zone = await factories(t).zone({ zoneName: 'Powai' });
    const renamed = dataOf(
      await t.api('PUT', `/api/Common/UpdateZone/${zone.id}`, {
        token: admin,
        body: { zoneName: 'Powai East', ...mum },
      }),
    );
    expect(renamed).toMatchObject({ zoneName: 'Powai East', cityName: 'Mumbai', pincodeCount: 1 });
    const clash = await t.api('PUT', `/api/Common/UpdateZone/${zone.id}`, {
      token: admin,
      body: { zoneName: 'ANDHERI', ...mum },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.errors[0].message).toContain('"Andheri"');
    // Renaming to its own name in another case is not a clash with itself.
    dataOf(
      await t.api('PUT', `/api/Common/UpdateZone/${zone.id}`, {
        token: admin,
        body: { zoneName: 'POWAI EAST', ...mum },
      }),
    );
    const missing = await t.api('PUT', '/api/Common/UpdateZone/999999', {
      token: admin,
      body: { zoneName: 'x', ...mum },
    });
    expect(missing.status).toBe(404);
  });

  it('adds and removes single pincodes', async () => {
    const zone = dataOf(await addZone({ zoneName: 'Malad', ...mum, pinCode: ['400064'] }), 201);
    const added = dataOf(
      await t.api('PUT', `/api/Common/AddPincodesZonewise?Zoneid=${zone.id}&Pincode=400097`, { token: admin }),
    );
    expect(added).toMatchObject({ zoneId: zone.id, pinCode: '400097' });
    const taken = await t.api('PUT', `/api/Common/AddPincodesZonewise?Zoneid=${zone.id}&Pincode=400053`, {
      token: admin,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]).toEqual({
      field: 'Pincode',
      message: 'Pincode 400053 already belongs to zone Andheri (Mumbai).',
    });
    const noZone = await t.api('PUT', '/api/Common/AddPincodesZonewise?Zoneid=999999&Pincode=400098', { token: admin });
    expect(noZone.status).toBe(404);
    dataOf(await t.api('DELETE', `/api/Common/DeletePincodes?id=${added.id}`, { token: admin }));
    const after = dataOf(await t.api('GET', `/api/Common/GetPincodeByZoneId?id=${zone.id}`));
    expect(after.map((p: any) => p.pinCode)).toEqual(['400064']);
    expect((await t.api('DELETE', `/api/Common/DeletePincodes?id=${added.id}`, { token: admin })).status).toBe(404);
  });
});

describe('deleting and deactivating zones', () => {
  it('refuses to delete a zone with customers and suggests deactivating it', async () => {
    const res = await t.api('DELETE', '/api/Common/DeleteZone?id=1', { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Zone Koramangala has 1 customer; deactivate it instead of deleting it.');
  });

  it('counts customers who chose the zone and those placed in it by their pincode', async () => {
    const f = factories(t);
    const zone = await f.zone({ zoneName: 'Lived-in' });
    const pinCode = zone.pincodes[0].pinCode;
    const chose = await f.customer({ city: 'Mumbai', pinCode, zoneId: zone.id });
    const placed = await f.customer({ city: 'Mumbai', pinCode });
    expect([chose.zoneId, placed.zoneId]).toEqual([zone.id, zone.id]);
    const res = await t.api('DELETE', `/api/Common/DeleteZone?id=${zone.id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Zone Lived-in has 2 customers; deactivate it instead of deleting it.');
    // The customer made by the factory signs in like any other.
    expect(await chose.token()).toMatch(/\S{20,}/);
  });

  it('deletes an empty zone with its pincodes and category links', async () => {
    const c = catalogueApi(t);
    const zone = dataOf(await addZone({ zoneName: 'Temporary', ...mum, pinCode: ['400101', '400102'] }), 201);
    const cat = await c.category('Zone-linked', { categoryZoneList: [{ zoneId: zone.id }, { zoneId: 1 }] });
    dataOf(await t.api('DELETE', `/api/Common/DeleteZone?id=${zone.id}`, { token: admin }));
    expect(await t.db.select().from(zonePincodes).where(eq(zonePincodes.zoneId, zone.id))).toEqual([]);
    expect(await t.db.select().from(categoryZones).where(eq(categoryZones.zoneId, zone.id))).toEqual([]);
    const links = dataOf(await t.api('GET', `/api/Common/GetZoneByCategoryId?CategoryId=${cat.id}`));
    expect(links.map((l: any) => l.zoneId)).toEqual([1]);
    expect((await t.api('GET', `/api/Common/GetZoneByID/${zone.id}`, { token: admin })).status).toBe(404);
    // The pincodes are free again.
    dataOf(await addZone({ zoneName: 'Reused', ...mum, pinCode: ['400101'] }), 201);
    expect((await t.api('DELETE', `/api/Common/DeleteZone?id=${zone.id}`, { token: admin })).status).toBe(404);
  });

  it('toggles a zone, logs the transition and hides it from visitors', async () => {
    const zone = await factories(t).zone();
    const off = dataOf(await t.api('POST', `/api/DeReActivateAll?action1=Zone&id=${zone.id}`, { token: admin }));
    expect(off).toEqual({ id: zone.id, active: false });
    const [log] = await t.db
      .select()
      .from(transitionLog)
      .where(and(eq(transitionLog.entity, 'Zone'), eq(transitionLog.entityId, zone.id)))
      .orderBy(desc(transitionLog.id));
    expect(log).toMatchObject({ fromState: 'active', toState: 'inactive', event: 'DEACTIVATE' });
    expect((await t.api('GET', `/api/Common/GetZoneByID/${zone.id}`)).status).toBe(404);
    expect((await t.api('GET', `/api/Common/GetZoneByID/${zone.id}`, { token: admin })).status).toBe(200);
    const on = dataOf(await t.api('POST', `/api/DeReActivateAll?action1=Zone&id=${zone.id}`, { token: admin }));
    expect(on.active).toBe(true);
    const logs = await t.db
      .select({ event: transitionLog.event })
      .from(transitionLog)
      .where(and(eq(transitionLog.entity, 'Zone'), eq(transitionLog.entityId, zone.id)));
    expect(logs.map((l) => l.event)).toEqual(['DEACTIVATE', 'ACTIVATE']);
  });

  it('only the admin writes zones', async () => {
    for (const role of ['CD', 'HR', 'Cust'] as const) {
      const res = await t.api('POST', '/api/Common/AddZone', {
        token: await t.tokenFor(role),
        body: { zoneName: 'Sneaky', ...mum, pinCode: ['400999'] },
      });
      expect(res.status).toBe(403);
    }
    expect((await t.api('DELETE', '/api/Common/DeleteZone?id=2')).status).toBe(401);
  });
});
