import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo';
import { seedDemoCatalogue } from '../../server/db/seed/demo-catalogue';
import { DEMO_PROFESSIONAL_MOBILES, seedDemoProfessionals } from '../../server/db/seed/demo-professionals';
import { applyLineEvent } from '../../server/domains/commerce/orderLines/service';
import { aadhaarProblem } from '../../server/shared/identity';
import { cityIds, dataOf } from '../support/catalogue';
import { candidateFactories, dayFromToday, factories, freshAadhaar, freshPan } from '../support/factories';
import { accountOf, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server';

let t: TestServer;
let admin: string;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.tokenFor('A');
  f = factories(t);
  // The demo seeds first: the catalogue's seed does nothing once the factories have made a category.
  await seedDemoCatalogue(t.db, path.join(t.dataDir, 'uploads'));
  await seedDemoProfessionals(t.db);
});
afterAll(() => t?.close());

const rows = async <T>(query: string) => ((await t.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

let seq = 0;
/** A valid AddProfessional body; `over` replaces fields. */
async function body(over: Record<string, unknown> = {}) {
  const n = ++seq;
  return {
    fullName: `Ravi Kumar ${n}`,
    professionalType: 'Technician',
    phone: `61${String(Date.now() % 10_000_000).padStart(7, '0')}${n % 10}`,
    altContactNo: null,
    email: `ravi${n}.${Date.now()}@example.in`,
    ...(await cityIds(t, 'Maharashtra', 'Mumbai')),
    pinCode: '400001',
    addressLine1: '4 Marine Lines',
    addressLine2: 'Near the station',
    birthDate: '1990-05-17',
    panNumber: freshPan(),
    aadharNumber: freshAadhaar(),
    vendorId: 0,
    serviceId: 0,
    ...over,
  };
}
const add = (token: string | undefined, b: unknown, candidate = 0) =>
  t.api('POST', `/api/Professional/AddProfessional?CandidateId=${candidate}`, { token, body: b });

describe('adding a professional', () => {
  it('makes a TE account with a one-time password in the outbox, a forced change, zones and skills', async () => {
    const zone = await f.zone();
    const service = await f.service();
    const b = await body({
      professionalServicesDetailsList: [{ serviceId: service.id }],
      professionalZoneDetailsList: [{ zoneId: zone.id }],
    });
    const made = dataOf(await add(admin, b), 201);
    expect(made).toMatchObject({
      fullName: b.fullName,
      professionalType: 'Technician',
      mobileNo: b.phone,
      aadharNumber: b.aadharNumber,
      aadharMasked: false,
      serviceId: 0,
      active: true,
      available: true,
      mustChangePassword: true,
      averageRating: null,
    });
    expect(made.professionalZoneDetailsList.map((z: { zoneId: number }) => z.zoneId)).toEqual([zone.id]);
    expect(made.professionalServicesDetailsList.map((s: { serviceId: number }) => s.serviceId)).toEqual([service.id]);
    const [user] = await rows<{ role: string; must_change_password: boolean }>(
      `select role, must_change_password from users where id = ${made.id}`,
    );
    expect(user).toEqual({ role: 'TE', must_change_password: true });
    const sent = await rows<{ body: string; payload: { password: string } }>(
      `select body, payload from notification_outbox where recipient = '${b.phone}' and template = 'professional_welcome'`,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toContain(sent[0].payload.password);
  });

  it('the factory makes one that can sign in, with zones and skills set through the HTTP calls', async () => {
    const p = await f.professional();
    const token = await p.token();
    const me = dataOf(await t.api('GET', `/api/Professional/GetProfessionalByID/${p.id}`, { token }));
    expect(me).toMatchObject({ id: p.id, mobileNo: p.mobileNo, aadharMasked: true, mustChangePassword: false });
    expect(me.aadharNumber).toMatch(/^XXXX XXXX \d{4}$/);
    // A second sign-in uses the new password.
    expect(await p.token()).toEqual(expect.any(String));

    const zone = await f.zone();
    const link = dataOf(
      await t.api('PUT', `/api/Professional/AddZoneProfessionalwise?Zoneid=${zone.id}&EmpId=${p.id}`, { token: admin }),
    );
    expect(link).toMatchObject({ zoneId: zone.id, active: true });
    const service = await f.service();
    const skill = dataOf(
      await t.api('PUT', `/api/Professional/AddServiceProfessionalwise?ServiceId=${service.id}&EmpId=${p.id}`, {
        token: admin,
      }),
    );
    expect(skill).toMatchObject({ serviceId: service.id, professionalType: 'Technician' });
    const zones = dataOf(await t.api('GET', `/api/Professional/GetZoneByProfessional?EmpId=${p.id}`, { token }));
    expect(zones.map((z: { zoneId: number }) => z.zoneId).sort()).toEqual([...p.zoneIds, zone.id].sort());
  });
});

describe('rules', () => {
  it('names PAN and Aadhaar (format and Verhoeff) in its 400s and writes nothing', async () => {
    // The Verhoeff check digit of 23456789012 is 4, worked with the published tables (decision 044).
    const good = '234567890124';
    const wrongCheck = '234567890125';
    const before = await rows<{ n: number }>('select count(*)::int as n from professionals');
    for (const [over, field] of [
      [{ panNumber: 'ABCDE12345' }, 'panNumber'],
      [{ panNumber: 'ABCD1234EF' }, 'panNumber'],
      [{ aadharNumber: wrongCheck }, 'aadharNumber'],
      [{ aadharNumber: `1${good.slice(1)}` }, 'aadharNumber'],
      [{ aadharNumber: '23456789' }, 'aadharNumber'],
    ] as const) {
      const res = await add(admin, await body(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(await rows<{ n: number }>('select count(*)::int as n from professionals')).toEqual(before);
  });

  it('takes an Aadhaar number with a right check digit and refuses a wrong one, naming aadharNumber', async () => {
    // Known answers worked with the published Verhoeff tables (decision 044): 91234567203 takes 7, 23456789012 takes 4.
    const made = dataOf(await add(admin, await body({ aadharNumber: '912345672037' })), 201);
    const [stored] = await rows<{ aadhaar_number: string }>(
      `select aadhaar_number from professionals where user_id = ${made.id}`,
    );
    expect(stored.aadhaar_number).toBe('912345672037');
    const before = await rows<{ n: number }>('select count(*)::int as n from professionals');
    const refused = await add(admin, await body({ aadharNumber: '234567890125' }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({
      field: 'aadharNumber',
      message: 'is not a valid Aadhaar number (its check digit is wrong)',
    });
    expect(await rows<{ n: number }>('select count(*)::int as n from professionals')).toEqual(before);
  });
});

const fieldsOf = (res: { body: { errors?: { field: string }[] } }) => (res.body.errors ?? []).map((e) => e.field);

describe('rules of the profile', () => {
  it('names the field of every other rule: birth date, city of the state, vendor, zones, services of the type', async () => {
    const zone = await f.zone();
    const engineerService = await f.service({ professionalType: 'Engineer' });
    const karnataka = await cityIds(t, 'Karnataka', 'Bengaluru');
    const cases: [Record<string, unknown>, string][] = [
      [{ birthDate: `${new Date().getFullYear() - 15}-01-01` }, 'birthDate'],
      [{ birthDate: '1990-02-30' }, 'birthDate'],
      [{ cityId: karnataka.cityId }, 'cityId'],
      [{ vendorId: (await rows<{ id: number }>("select id from users where role = 'A' limit 1"))[0].id }, 'vendorId'],
      [
        { professionalZoneDetailsList: [{ zoneId: zone.id }, { zoneId: 2_000_000_000 }] },
        'professionalZoneDetailsList',
      ],
      [{ professionalServicesDetailsList: [{ serviceId: engineerService.id }] }, 'professionalServicesDetailsList'],
      [{ serviceId: 2_000_000_000 }, 'serviceId'],
      [{ fullName: '   ' }, 'fullName'],
      [{ phone: '12345' }, 'phone'],
      [{ pinCode: '012345' }, 'pinCode'],
      [{ professionalType: 'Plumber' }, 'professionalType'],
    ];
    const before = await rows<{ n: number }>('select count(*)::int as n from users');
    for (const [over, field] of cases) {
      const res = await add(admin, await body(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(fieldsOf(res).join(' '), JSON.stringify(over)).toContain(field);
    }
    expect(await rows<{ n: number }>('select count(*)::int as n from users')).toEqual(before);
  });

  it('refuses a taken mobile number, e-mail, PAN or Aadhaar with 409 naming it; PAN is kept in capitals', async () => {
    const first = await body({ panNumber: freshPan().toLowerCase() });
    const made = dataOf(await add(admin, first), 201);
    expect(made.panNumber).toBe((first.panNumber as string).toUpperCase());
    for (const [over, field] of [
      [{ phone: first.phone }, 'phone'],
      [{ email: (first.email as string).toUpperCase() }, 'email'],
      [{ panNumber: first.panNumber }, 'panNumber'],
      [{ aadharNumber: first.aadharNumber }, 'aadharNumber'],
      [{ phone: accountOf('Cust').mobileNo }, 'phone'],
    ] as const) {
      const res = await add(admin, await body(over));
      expect(res.status, JSON.stringify(over)).toBe(409);
      expect(fieldsOf(res)).toEqual([field]);
    }
  });

  it('keeps the home zone of the pincode and the candidate of an HR add; a vendor may be named', async () => {
    const pin = `87${String(Date.now() % 10_000).padStart(4, '0')}`;
    const zone = await f.zone({ pinCode: [pin] });
    const vendor = await f.vendor();
    const hr = await t.tokenFor('HR');
    // An HR add appoints an approved candidate, whose pincode is the professional's (decision 032).
    const candidate = await candidateFactories(t).at('approved', { pincode: pin });
    const made = dataOf(await add(hr, await body({ pinCode: pin, vendorId: vendor.id }), candidate.id), 201);
    expect(made).toMatchObject({
      homeZoneId: zone.id,
      homeZoneName: zone.zoneName,
      candidateId: candidate.id,
      vendorId: vendor.id,
      vendorName: vendor.fullName,
    });
  });
});

describe('the joining date (decision 033)', () => {
  it("is today on the admin's add, the body's when given, else the appointed candidate's revised date", async () => {
    const today = dayFromToday(0);
    expect(dataOf(await add(admin, await body()), 201).joiningDate).toBe(today);
    expect(dataOf(await add(admin, await body({ joiningDate: '2025-03-10' })), 201).joiningDate).toBe('2025-03-10');
    const hr = await t.tokenFor('HR');
    const candidate = await candidateFactories(t).at('approved');
    const detail = dataOf(await t.api('GET', `/api/Hr/GetCandidateDetail?id=${candidate.id}`, { token: hr })) as {
      revisedJoinDate: string;
    };
    const appointed = dataOf(await add(hr, await body(), candidate.id), 201);
    expect(appointed.joiningDate).toBe(detail.revisedJoinDate);
    expect(appointed.joiningDate).toBe(dayFromToday(30));
  });

  it('refuses nonsense with 400 naming joiningDate, writing nothing', async () => {
    const cases: [unknown, RegExp][] = [
      ['2025-02-30', /not a real date/],
      ['1999-12-31', /2000-01-01 or later/],
      [dayFromToday(366), /at most 365 days ahead/],
      ['2005-01-01', /18th birthday/], // born 1990-05-17
    ];
    for (const [joiningDate, why] of cases) {
      const b = await body({ joiningDate });
      const res = await add(admin, b);
      expect(res.status, String(joiningDate)).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['joiningDate']);
      expect(res.body.errors[0].message).toMatch(why);
      expect(await rows(`select 1 from users where mobile_no = '${b.phone}'`)).toHaveLength(0);
    }
    expect((await add(admin, await body({ joiningDate: dayFromToday(365) }))).status).toBe(201);
  });
});

describe('who may do what', () => {
  it('A and HR manage; CD reads lists and details; TE reads only their own; customers and vendors nothing', async () => {
    const p = await f.professional();
    const other = await f.professional();
    const own = await p.token();
    const tokens = {
      CD: await t.tokenFor('CD'),
      Cust: await t.tokenFor('Cust'),
      VE: await t.tokenFor('VE'),
      MR: await t.tokenFor('MR'),
      TE: own,
    };
    for (const who of ['CD', 'Cust', 'VE', 'MR', 'TE'] as const) {
      expect((await add(tokens[who], await body())).status, who).toBe(403);
      expect(
        (
          await t.api('PUT', `/api/Professional/AddZoneProfessionalwise?Zoneid=${p.zoneIds[0]}&EmpId=${other.id}`, {
            token: tokens[who],
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await t.api('DELETE', `/api/Professional/DeleteProfessional?MobileNo=${other.mobileNo}`, {
            token: tokens[who],
          })
        ).status,
      ).toBe(403);
      expect(
        (await t.api('POST', `/api/DeReActivateAll?action1=Professional&id=${other.id}`, { token: tokens[who] }))
          .status,
      ).toBe(403);
    }
    expect((await add(undefined, await body())).status).toBe(401);
    for (const who of ['Cust', 'VE', 'MR', 'TE'] as const) {
      expect(
        (await t.api('GET', '/api/GetProfnVendList?action1=Professional', { token: tokens[who] })).status,
        who,
      ).toBe(403);
    }
    dataOf(await t.api('GET', '/api/GetProfnVendList?action1=Professional', { token: tokens.CD }));
    // The call desk sees the detail with Aadhaar masked; the professional their own only.
    const cd = dataOf(await t.api('GET', `/api/Professional/GetProfessionalByID/${other.id}`, { token: tokens.CD }));
    expect(cd.aadharMasked).toBe(true);
    expect(cd.aadharNumber).toBe(`XXXX XXXX ${cd.aadharLast4}`);
    for (const path of [
      `/api/Professional/GetProfessionalByID/${other.id}`,
      `/api/Professional/GetZoneByProfessional?EmpId=${other.id}`,
      `/api/Professional/GetServiceByProfessional?EmpId=${other.id}`,
    ]) {
      expect((await t.api('GET', path, { token: own })).status, path).toBe(403);
    }
    dataOf(await t.api('GET', `/api/Professional/GetServiceByProfessional?EmpId=${p.id}`, { token: own }));
    // The full number: the admin and HR only.
    const full = dataOf(
      await t.api('GET', `/api/Professional/GetProfessionalByID/${other.id}`, { token: await t.tokenFor('HR') }),
    );
    expect(full.aadharMasked).toBe(false);
    expect(full.aadharNumber).toMatch(/^\d{12}$/);
    expect(full.aadharNumber.endsWith(cd.aadharLast4)).toBe(true);
  });
});

describe('lists', () => {
  it('pages professionals with only the last 4 Aadhaar digits, filtered by zone, service, type and status', async () => {
    const zone = await f.zone();
    const service = await f.service();
    const a = await f.professional({ zoneIds: [zone.id], serviceIds: [service.id], fullName: 'Aaron Zonefilter' });
    const b = await f.professional({ zoneIds: [zone.id], fullName: 'Bina Zonefilter' });
    const full = dataOf(await t.api('GET', `/api/Professional/GetProfessionalByID/${a.id}`, { token: admin }));
    const res = await t.api('GET', `/api/GetProfnVendList?action1=Professional&zoneId=${zone.id}`, { token: admin });
    const page = dataOf(res);
    expect(page.items.map((i: { id: number }) => i.id)).toEqual([a.id, b.id]);
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({
      aadharLast4: full.aadharNumber.slice(-4),
      zoneCount: 1,
      serviceCount: 1,
      active: true,
      available: true,
    });
    expect(JSON.stringify(res.body)).not.toContain(full.aadharNumber);
    const bySkill = dataOf(
      await t.api('GET', `/api/GetProfnVendList?action1=Professional&serviceId=${service.id}`, { token: admin }),
    );
    expect(bySkill.items.map((i: { id: number }) => i.id)).toEqual([a.id]);
    const engineers = dataOf(
      await t.api('GET', `/api/GetProfnVendList?action1=Professional&zoneId=${zone.id}&professionalType=Engineer`, {
        token: admin,
      }),
    );
    expect(engineers.total).toBe(0);
    const searched = dataOf(
      await t.api('GET', '/api/GetProfnVendList?action1=Professional&search=bina%20zonefilter', { token: admin }),
    );
    expect(searched.items.map((i: { id: number }) => i.id)).toEqual([b.id]);
    dataOf(await t.api('POST', `/api/DeReActivateAll?action1=Professional&id=${b.id}`, { token: admin }));
    const active = dataOf(
      await t.api('GET', `/api/GetProfnVendList?action1=Professional&zoneId=${zone.id}`, { token: admin }),
    );
    expect(active.items.map((i: { id: number }) => i.id)).toEqual([a.id]);
    const inactive = dataOf(
      await t.api('GET', `/api/GetProfnVendList?action1=Professional&zoneId=${zone.id}&status=inactive`, {
        token: admin,
      }),
    );
    expect(inactive.items.map((i: { id: number }) => i.id)).toEqual([b.id]);
  });

  it('lists vendors (role VE) for action1=Vendor', async () => {
    const v = await f.vendor({ fullName: 'Vasu Vendorlist' });
    const page = dataOf(await t.api('GET', '/api/GetProfnVendList?action1=Vendor&search=vendorlist', { token: admin }));
    expect(page.items).toEqual([
      expect.objectContaining({ id: v.id, fullName: 'Vasu Vendorlist', mobileNo: v.mobileNo, professionalType: null }),
    ]);
    const all = dataOf(await t.api('GET', '/api/GetProfnVendList?action1=Vendor&pageSize=200', { token: admin }));
    expect(all.items.map((i: { mobileNo: string }) => i.mobileNo)).toContain(accountOf('VE').mobileNo);
    expect(all.items.map((i: { mobileNo: string }) => i.mobileNo)).not.toContain(accountOf('TE').mobileNo);
  });
});

describe('zones and skills', () => {
  it('adds once (409 after), refuses unknown ids (404) and a skill of the other type (400), removes by link id', async () => {
    const p = await f.professional();
    const zone = await f.zone();
    const addZone = (z: number, e = p.id) =>
      t.api('PUT', `/api/Professional/AddZoneProfessionalwise?Zoneid=${z}&EmpId=${e}`, { token: admin });
    const link = dataOf(await addZone(zone.id));
    expect((await addZone(zone.id)).status).toBe(409);
    expect((await addZone(2_000_000_000)).status).toBe(404);
    expect((await addZone(zone.id, 2_000_000_000)).status).toBe(404);
    const engineer = await f.service({ professionalType: 'Engineer' });
    const addSkill = (s: number) =>
      t.api('PUT', `/api/Professional/AddServiceProfessionalwise?ServiceId=${s}&EmpId=${p.id}`, { token: admin });
    const wrong = await addSkill(engineer.id);
    expect(wrong.status).toBe(400);
    expect(fieldsOf(wrong)).toEqual(['ServiceId']);
    expect((await addSkill(p.serviceIds[0])).status).toBe(409);
    expect((await addSkill(2_000_000_000)).status).toBe(404);

    const remove = (id: number) =>
      t.api('DELETE', `/api/Professional/DeleteZoneProfessional?id=${id}`, { token: admin });
    expect((await remove(link.id)).status).toBe(200);
    expect((await remove(link.id)).status).toBe(404);
    const skills = dataOf(
      await t.api('GET', `/api/Professional/GetServiceByProfessional?EmpId=${p.id}`, { token: admin }),
    );
    expect(
      (await t.api('DELETE', `/api/Professional/DeleteServiceProfessional?id=${skills[0].id}`, { token: admin }))
        .status,
    ).toBe(200);
    expect(
      dataOf(await t.api('GET', `/api/Professional/GetServiceByProfessional?EmpId=${p.id}`, { token: admin })),
    ).toEqual([]);
    expect(
      dataOf(await t.api('GET', `/api/Professional/GetZoneByProfessional?EmpId=${p.id}`, { token: admin })).map(
        (z: { zoneId: number }) => z.zoneId,
      ),
    ).toEqual(p.zoneIds);
    expect(
      (await t.api('GET', '/api/Professional/GetZoneByProfessional?EmpId=2000000000', { token: admin })).status,
    ).toBe(404);
  });
});

describe('updating', () => {
  it('changes the profile and the sign-in mobile number; given lists replace the zones and skills', async () => {
    const p = await f.professional();
    await p.token();
    const [z1, z2] = [await f.zone(), await f.zone()];
    const s1 = await f.service();
    const b = await body({
      fullName: 'Renamed Person',
      professionalServicesDetailsList: [{ serviceId: s1.id }],
      professionalZoneDetailsList: [{ zoneId: z1.id }, { zoneId: z2.id }],
    });
    const updated = dataOf(
      await t.api('PUT', `/api/Professional/UpdateProfessional?id=${p.id}`, { token: admin, body: b }),
    );
    expect(updated).toMatchObject({ id: p.id, fullName: 'Renamed Person', mobileNo: b.phone, panNumber: b.panNumber });
    expect(updated.professionalZoneDetailsList.map((z: { zoneId: number }) => z.zoneId).sort()).toEqual(
      [z1.id, z2.id].sort(),
    );
    expect(updated.professionalServicesDetailsList.map((s: { serviceId: number }) => s.serviceId)).toEqual([s1.id]);
    const login = await t.api('POST', '/api/Userlogin', { body: { MobileNoOrEmail: b.phone, Password: p.password } });
    expect(login.status).toBe(200);
    // Its own PAN and mobile number are not "taken"; another's are.
    dataOf(await t.api('PUT', `/api/Professional/UpdateProfessional?id=${p.id}`, { token: admin, body: b }));
    const other = await f.professional();
    const clash = await t.api('PUT', `/api/Professional/UpdateProfessional?id=${other.id}`, {
      token: admin,
      body: { ...b, aadharNumber: freshAadhaar() },
    });
    expect(clash.status).toBe(409);
    expect(fieldsOf(clash)).toEqual(['phone']);
    expect(
      (await t.api('PUT', '/api/Professional/UpdateProfessional?id=2000000000', { token: admin, body: await body() }))
        .status,
    ).toBe(404);
  });
});

/** An order line of a fresh customer, assigned to `professionalUserId` (and accepted when asked). */
async function lineFor(professionalUserId: number, accept = false) {
  const c = await f.customer();
  const order = await f.placedOrder(c);
  const lineId = order.lines[0].id;
  const adminId = (await rows<{ id: number }>("select id from users where role = 'A' order by id limit 1"))[0].id;
  await t.db.transaction(async (tx) => {
    await applyLineEvent(tx, lineId, 'ASSIGN', adminId, { professionalUserId });
    if (accept) await applyLineEvent(tx, lineId, 'ACCEPT', professionalUserId);
  });
  return lineId;
}

describe('deleting', () => {
  it('deletes one who never had a job; refuses one with order lines (409: deactivate instead); 404 for others', async () => {
    const p = await f.professional();
    const del = (m: string) => t.api('DELETE', `/api/Professional/DeleteProfessional?MobileNo=${m}`, { token: admin });
    expect((await del(p.mobileNo)).status).toBe(200);
    expect(await rows(`select 1 from users where id = ${p.id}`)).toEqual([]);
    expect((await del(p.mobileNo)).status).toBe(404);
    expect((await del(accountOf('Cust').mobileNo)).status).toBe(404);
    const busy = await f.professional();
    await lineFor(busy.id);
    const refused = await del(busy.mobileNo);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/deactivate/);
    expect(await rows(`select 1 from professionals where user_id = ${busy.id}`)).toHaveLength(1);
  });
});

describe('the Professional toggle', () => {
  it('switching off releases open jobs, tells the admins, ends sessions and blocks sign-in; on again lets them in', async () => {
    const p = await f.professional();
    const token = await p.token();
    const assigned = await lineFor(p.id);
    const accepted = await lineFor(p.id, true);
    const off = await t.api('POST', `/api/DeReActivateAll?action1=Professional&id=${p.id}`, { token: admin });
    expect(dataOf(off)).toEqual({ id: p.id, active: false });
    const lines = await rows<{
      id: number;
      state: string;
      professional_user_id: number | null;
      assigned_at: string | null;
    }>(
      `select id, state, professional_user_id, assigned_at from order_lines where id in (${assigned}, ${accepted}) order by id`,
    );
    expect(lines).toEqual([
      { id: assigned, state: 'unassigned', professional_user_id: null, assigned_at: null },
      { id: accepted, state: 'unassigned', professional_user_id: null, assigned_at: null },
    ]);
    const log = await rows<{ entity: string; entity_id: number; event: string; from_state: string; to_state: string }>(
      `select entity, entity_id, event, from_state, to_state from transition_log
        where (entity = 'OrderLine' and entity_id in (${assigned}, ${accepted}) and event = 'RELEASE') or (entity = 'Professional' and entity_id = ${p.id}) order by id`,
    );
    expect(log).toEqual([
      { entity: 'Professional', entity_id: p.id, event: 'DEACTIVATE', from_state: 'active', to_state: 'inactive' },
      { entity: 'OrderLine', entity_id: assigned, event: 'RELEASE', from_state: 'assigned', to_state: 'unassigned' },
      { entity: 'OrderLine', entity_id: accepted, event: 'RELEASE', from_state: 'accepted', to_state: 'unassigned' },
    ]);
    const told = await rows<{ user_id: number; body: string }>(
      `select n.user_id, n.body from notifications n join users u on u.id = n.user_id where n.kind = 'job_released' and u.role = 'A' and n.body like '%${assigned}%'`,
    );
    expect(told.length).toBeGreaterThanOrEqual(1);
    // Staff and the professionals who could take the lines hear that they are unassigned again.
    const live = await rows<{ roles: string[]; tags: string[]; line_ids: number[] }>(
      `select roles, tags, array(select jsonb_array_elements_text(payload->'lineIds')::int) as line_ids
         from live_events where kind = 'line_released' and payload->'lineIds' @> '[${assigned}]'`,
    );
    expect(live).toEqual([
      { roles: ['A', 'CD'], tags: ['Dispatch', 'ProfessionalJobs'], line_ids: [assigned, accepted] },
    ]);
    // The old session is over, and signing in is refused.
    expect((await t.api('GET', `/api/Professional/GetProfessionalByID/${p.id}`, { token })).status).toBe(401);
    const login = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: p.mobileNo, Password: p.password },
    });
    expect(login.status).toBe(403);

    expect(
      dataOf(await t.api('POST', `/api/DeReActivateAll?action1=Professional&id=${p.id}`, { token: admin })),
    ).toEqual({ id: p.id, active: true });
    expect(
      (await t.api('POST', '/api/Userlogin', { body: { MobileNoOrEmail: p.mobileNo, Password: p.password } })).status,
    ).toBe(200);
    // Lines stay unassigned: switching on gives nothing back.
    expect(
      (await rows<{ n: number }>(`select count(*)::int as n from order_lines where professional_user_id = ${p.id}`))[0]
        .n,
    ).toBe(0);
    expect(
      (await t.api('POST', '/api/DeReActivateAll?action1=Professional&id=2000000000', { token: admin })).status,
    ).toBe(404);
    // A user who is not a professional is not toggled this way.
    const vendor = await f.vendor();
    expect(
      (await t.api('POST', `/api/DeReActivateAll?action1=Professional&id=${vendor.id}`, { token: admin })).status,
    ).toBe(404);
  });
});

describe('import', () => {
  const sheetRow = (n: number, over: Record<string, unknown> = {}) => ({
    fullName: `Imported Person ${n}`,
    roleName: 'technician',
    phone: `62${String((Date.now() + n) % 100_000_000).padStart(8, '0')}`,
    cityName: 'mumbai',
    stateName: 'Maharashtra',
    pinCode: '400050',
    addressLine1: `${n} Hill Road`,
    panNumber: freshPan(),
    aadharNumber: freshAadhaar(),
    ...over,
  });
  const importSheet = (rows: unknown[], token = admin) =>
    t.api('POST', '/api/Excel/AddProfessionalExcel', { token, body: rows });

  it('imports every row or none: each problem is named with its sheet row', async () => {
    const vendor = await f.vendor();
    const zone = await f.zone();
    const service = await f.service();
    const good = sheetRow(1, {
      vendorName: vendor.mobileNo,
      serviceName: service.heading.toUpperCase(),
      zoneName: zone.zoneName,
      joiningDate: '2025-06-02',
    });
    const before = await rows<{ n: number }>('select count(*)::int as n from professionals');
    const res = await importSheet([
      good,
      sheetRow(2, { roleName: 'Plumber' }),
      sheetRow(3, { cityName: 'Atlantis' }),
      sheetRow(4, { stateName: 'Karnataka' }),
      sheetRow(5, { vendorName: accountOf('Cust').mobileNo }),
      sheetRow(6, { serviceName: 'No such service' }),
      sheetRow(7, { panNumber: '12345ABCDE' }),
      sheetRow(8, { aadharNumber: `${good.aadharNumber.slice(0, 11)}${(Number(good.aadharNumber[11]) + 1) % 10}` }),
      sheetRow(9, { phone: good.phone }),
      sheetRow(10, { birthDate: '2000-01-01', joiningDate: '2017-05-01' }),
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual([
      '3:roleName',
      '4:cityName',
      '5:stateName',
      '6:vendorName',
      '7:serviceName',
      '8:panNumber',
      '9:aadharNumber',
      '10:phone',
      '11:joiningDate',
    ]);
    expect(await rows<{ n: number }>('select count(*)::int as n from professionals')).toEqual(before);

    const second = sheetRow(10, {
      roleName: 'Engineer',
      aadharNumber: `${freshAadhaar().slice(0, 4)} ${freshAadhaar().slice(4, 8)} x`,
    });
    expect(fieldsOf(await importSheet([good, second]))).toEqual(['aadharNumber']);
    const ok = sheetRow(11, {
      roleName: 'Engineer',
      aadharNumber: freshAadhaar().replace(/(\d{4})(\d{4})(\d{4})/, '$1 $2 $3'),
    });
    expect(dataOf(await importSheet([good, ok]), 201)).toEqual({ imported: 2 });
    const made = dataOf(
      await t.api('GET', `/api/GetProfnVendList?action1=Professional&search=${good.phone}`, { token: admin }),
    );
    expect(made.items).toEqual([
      expect.objectContaining({
        professionalType: 'Technician',
        cityName: 'Mumbai',
        vendorName: vendor.fullName,
        zoneCount: 1,
        serviceCount: 1,
      }),
    ]);
    // The sheet's joining date is kept; an empty one is the day of the import.
    const joined = await rows<{ mobile_no: string; joined_on: string }>(
      `select u.mobile_no, p.joined_on::text from professionals p join users u on u.id = p.user_id
        where u.mobile_no in ('${good.phone}', '${ok.phone}') order by u.mobile_no = '${good.phone}' desc`,
    );
    expect(joined.map((r) => r.joined_on)).toEqual(['2025-06-02', dayFromToday(0)]);
    const sent = await rows(
      `select 1 from notification_outbox where recipient in ('${good.phone}', '${ok.phone}') and template = 'professional_welcome'`,
    );
    expect(sent).toHaveLength(2);
    // Again: both are taken now.
    const again = await importSheet([good]);
    expect(again.status).toBe(400);
    expect(fieldsOf(again)).toEqual(['phone', 'panNumber', 'aadharNumber']);
    expect((await importSheet([good], await t.tokenFor('CD'))).status).toBe(403);
  });
});

describe('demo professionals', () => {
  it('seeds six professionals and the demo technician’s profile, one switched off; again is a no-op', async () => {
    await seedDemoProfessionals(t.db);
    const seeded = await rows<{ mobile_no: string; active: boolean; zones: number; skills: number; must: boolean }>(
      `select u.mobile_no, u.active, u.must_change_password as must,
              (select count(*)::int from professional_zones z where z.professional_user_id = u.id) as zones,
              (select count(*)::int from professional_services s where s.professional_user_id = u.id) as skills
         from users u join professionals p on p.user_id = u.id
        where u.mobile_no in (${DEMO_PROFESSIONAL_MOBILES.map((m) => `'${m}'`).join(', ')}) order by u.mobile_no`,
    );
    expect(seeded).toHaveLength(7);
    expect(seeded.filter((r) => !r.active)).toHaveLength(1);
    for (const r of seeded) {
      expect(r.zones, r.mobile_no).toBeGreaterThan(0);
      expect(r.skills, r.mobile_no).toBeGreaterThan(1);
    }
    // The demo technician keeps the demo password and serves the demo customer's zone.
    const tech = DEMO_ACCOUNTS.find((a) => a.role === 'TE')!;
    expect(seeded.find((r) => r.mobile_no === tech.mobileNo)).toMatchObject({ must: false, active: true });
    const res = await t.api('POST', '/api/Userlogin', {
      body: { MobileNoOrEmail: tech.mobileNo, Password: TEST_PASSWORD },
    });
    const token = dataOf(res).Token;
    const id = dataOf(res).User.Id;
    const zones = dataOf(await t.api('GET', `/api/Professional/GetZoneByProfessional?EmpId=${id}`, { token }));
    expect(zones.map((z: { zoneName: string }) => z.zoneName)).toContain('Koramangala');
  });

  it('carry Aadhaar numbers the published check digit accepts', async () => {
    const numbers = await rows<{ mobile_no: string; aadhaar_number: string }>(
      `select u.mobile_no, p.aadhaar_number from users u join professionals p on p.user_id = u.id
        where u.mobile_no in (${DEMO_PROFESSIONAL_MOBILES.map((m) => `'${m}'`).join(', ')})`,
    );
    expect(numbers).toHaveLength(7);
    for (const n of numbers) expect(aadhaarProblem(n.aadhaar_number), n.mobile_no).toBeNull();
  });
});
