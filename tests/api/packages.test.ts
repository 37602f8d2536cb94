// Special packages (decision 022; the special package, its expiry flag Y, AddSpecialPackages,
// UpdateSpecialPackages, ExpirePackage, GetSpecialPackages, AddSPackagesService, DeletePackageServices), booking one
// into the cart (AddPackageToCart, decision 022) and GetAdvertisementExcel.

import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, homeScreenAds, specialPackages, transitionLog } from '../../server/db/schema';
import { seedDemoCatalogue } from '../../server/db/seed/demo-catalogue';
import { DEMO_ADVERTISEMENTS, DEMO_PACKAGE, seedDemoPackages } from '../../server/db/seed/demo-packages';
import { ensureDemoAdvertisement } from '../../server/domains/commerce/packages/repo';
import { b64, dataOf, png } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { factories, packageFactories } from '../support/factories';
import { accountOf, ROLE_CODES, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let f: ReturnType<typeof factories>;
let p: ReturnType<typeof packageFactories>;
let admin: string;
let marketing: string;
beforeAll(async () => {
  t = await startTestServer();
  f = factories(t);
  p = packageFactories(t);
  admin = await t.tokenFor('A');
  marketing = await t.tokenFor('MR');
});
afterAll(() => t?.close());

type Pkg = {
  id: number;
  pkgName: string;
  price: number;
  expiredStatus: 'Y' | 'N';
  available: boolean;
  servicesValue: number;
  pkgImageUrl: string | null;
  services: { id: number; serviceId: number; heading: string; value: number; available: boolean }[];
};

const packagesAs = async (token: string | null, query = '') =>
  dataOf<{ items: Pkg[]; total: number }>(
    await t.api('GET', `/api/Marketing/GetSpecialPackages?pageSize=200${query}`, { token }),
  );
const visibleIds = async (token: string | null) => (await packagesAs(token)).items.map((x) => x.id);
const log = async (id: number) =>
  (await t.db.select().from(transitionLog).orderBy(transitionLog.id))
    .filter((r) => r.entity === 'SpecialPackage' && r.entityId === id)
    .map((r) => [r.event, r.fromState, r.toState, r.remark]);

describe('the demo packages and advertisements', () => {
  // First: the demo catalogue is seeded only into a database without categories.
  it('seeds two advertisements and a package of three demo services once, however often it runs', async () => {
    const uploads = path.join(t.dataDir, 'uploads');
    await seedDemoCatalogue(t.db, uploads);
    await seedDemoPackages(t.db, uploads);
    await seedDemoPackages(t.db, uploads);
    const ads = await t.db
      .select({ description: homeScreenAds.description, imageUrl: homeScreenAds.imageUrl })
      .from(homeScreenAds)
      .where(eq(homeScreenAds.advType, 'AD'));
    for (const ad of DEMO_ADVERTISEMENTS) {
      expect(ads.filter((a) => a.description === ad.description)).toEqual([
        { description: ad.description, imageUrl: `/uploads/demo/${ad.file}` },
      ]);
    }
    expect(
      await t.db
        .select({ id: specialPackages.id })
        .from(specialPackages)
        .where(eq(specialPackages.pkgName, DEMO_PACKAGE.pkgName)),
    ).toHaveLength(1);
    const shown = (await packagesAs(null, '&search=Combo')).items.find((x) => x.pkgName === DEMO_PACKAGE.pkgName)!;
    expect(shown).toMatchObject({ price: 1999, servicesValue: 2312.25, available: true });
    expect(shown.services.map((v) => v.heading)).toEqual(DEMO_PACKAGE.services);
    const picture = await fetch(`${t.url}${shown.pkgImageUrl}`);
    expect(picture.status).toBe(200);
  });
});

describe('AddSpecialPackages and GetSpecialPackages', () => {
  it('marketing adds a package with its services; visitors see it with the services and their value', async () => {
    const a = await f.service({ price: 1000, discount: 10 });
    const b = await f.service({ price: 500, discount: 0 });
    const res = await t.api('POST', '/api/Marketing/AddSpecialPackages', {
      token: marketing,
      body: {
        pkgName: '  Kitchen   combo ',
        pkgDesc: 'Kitchen and a bathroom.',
        price: 1199.5,
        imagebase64Data: b64(png()),
        fileName: 'combo.png',
        serviceIds: [a.id, b.id],
      },
    });
    const made = dataOf<Pkg>(res, 201);
    expect(res.body.message).toBe('Package Kitchen combo added.');
    expect(made).toMatchObject({
      pkgName: 'Kitchen combo',
      price: 1199.5,
      expiredStatus: 'N',
      available: true,
      servicesValue: 1400,
      pkgImageName: 'combo.png',
    });
    expect(made.pkgImageUrl).toMatch(/^\/uploads\/packages\/[0-9a-f]{32}\.png$/);
    expect(made.services.map((s) => [s.serviceId, s.value, s.available])).toEqual([
      [a.id, 900, true],
      [b.id, 500, true],
    ]);

    const one = await packagesAs(null, `&PkgId=${made.id}`);
    expect(one.total).toBe(1);
    expect(one.items[0]).toEqual(made);
    expect(await visibleIds(await t.tokenFor('Cust'))).toContain(made.id);
    expect(await log(made.id)).toEqual([['ADD', null, 'active', 'Kitchen combo at ₹1,199.50']]);
  });

  it('the admin changes the name, price and picture; an omitted picture is kept', async () => {
    const made = await p.specialPackage();
    const put = (body: Record<string, unknown>) =>
      t.api('PUT', '/api/Marketing/UpdateSpecialPackages', { token: admin, body: { Id: made.id, ...body } });
    const kept = dataOf<Pkg>(await put({ pkgName: 'Renamed', pkgDesc: 'New words.', price: 1500 }));
    expect(kept).toMatchObject({ pkgName: 'Renamed', price: 1500, pkgImageUrl: made.pkgImageUrl });
    const pictured = dataOf<Pkg>(
      await put({ pkgName: 'Renamed', pkgDesc: 'New words.', price: 1500, imagebase64Data: b64(png(3, 3)) }),
    );
    expect(pictured.pkgImageUrl).not.toBe(made.pkgImageUrl);
    expect((await log(made.id)).map((r) => r[3])).toEqual([
      `${made.pkgName} at ₹999.00`,
      `name ${made.pkgName} → Renamed; price ₹999.00 → ₹1,500.00; description`,
      'picture',
    ]);
  });

  it('AddSPackagesService and DeletePackageServices change the services ("special offers add")', async () => {
    const made = await p.specialPackage({ services: 1 });
    const extra = await f.service();
    const added = await t.api('POST', `/api/Marketing/AddSPackagesService?ServiceId=${extra.id}&PkgId=${made.id}`, {
      token: marketing,
    });
    const withTwo = dataOf<Pkg>(added, 201);
    expect(withTwo.services.map((s) => s.serviceId)).toEqual([made.services[0].serviceId, extra.id]);

    const again = await t.api('POST', `/api/Marketing/AddSPackagesService?ServiceId=${extra.id}&PkgId=${made.id}`, {
      token: marketing,
    });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toEqual({
      field: 'ServiceId',
      message: `${extra.heading} is already in package ${made.pkgName}.`,
    });

    const row = withTwo.services[1].id;
    const removed = dataOf<Pkg>(await t.api('PUT', `/api/Marketing/DeletePackageServices?Id=${row}`, { token: admin }));
    expect(removed.services.map((s) => s.serviceId)).toEqual([made.services[0].serviceId]);
    const gone = await t.api('PUT', `/api/Marketing/DeletePackageServices?Id=${row}`, { token: admin });
    expect(gone.status).toBe(404);
    expect((await log(made.id)).map((r) => r[0])).toEqual(['ADD', 'ADD_SERVICE', 'REMOVE_SERVICE']);
  });
});

describe('what visitors see', () => {
  it('an expired package disappears from the public pages (and PkgId is 404), staff still see it; N offers it again', async () => {
    const made = await p.specialPackage();
    const expire = (flag: string) =>
      t.api('PUT', `/api/Marketing/ExpirePackage?Id=${made.id}&ExpFlag=${flag}`, { token: marketing });
    const expired = await expire('Y');
    expect(dataOf<Pkg>(expired)).toMatchObject({ expiredStatus: 'Y', available: false });
    expect(expired.body.message).toBe(`Package ${made.pkgName} expired.`);

    expect(await visibleIds(null)).not.toContain(made.id);
    expect(await visibleIds(await t.tokenFor('Cust'))).not.toContain(made.id);
    expect(await visibleIds(await t.tokenFor('CD'))).not.toContain(made.id);
    const byId = await t.api('GET', `/api/Marketing/GetSpecialPackages?PkgId=${made.id}`);
    expect(byId.status).toBe(404);
    // A visitor's ?expired=Y is ignored: they still get bookable packages only.
    expect((await packagesAs(null, '&expired=Y')).items.map((x) => x.id)).not.toContain(made.id);

    expect((await packagesAs(admin, '&expired=Y')).items.map((x) => x.id)).toContain(made.id);
    expect((await packagesAs(marketing, '&expired=N')).items.map((x) => x.id)).not.toContain(made.id);
    expect((await packagesAs(marketing)).items.map((x) => x.id)).toContain(made.id);

    dataOf(await expire('N'));
    expect(await visibleIds(null)).toContain(made.id);
    expect((await log(made.id)).map((r) => r.slice(0, 3))).toEqual([
      ['ADD', null, 'active'],
      ['EXPIRE', 'active', 'expired'],
      ['RENEW', 'expired', 'active'],
    ]);
  });

  it('a package with a service off offer, or with no services, is hidden from visitors', async () => {
    const made = await p.specialPackage();
    const service = made.services[1].serviceId;
    dataOf(await t.api('POST', `/api/DeReActivateAll?action1=Services&id=${service}`, { token: admin }));
    expect(await visibleIds(null)).not.toContain(made.id);
    const staffView = (await packagesAs(admin, `&PkgId=${made.id}`)).items[0];
    expect(staffView.available).toBe(false);
    expect(staffView.services.find((s) => s.serviceId === service)?.available).toBe(false);
    dataOf(await t.api('POST', `/api/DeReActivateAll?action1=Services&id=${service}`, { token: admin }));
    expect(await visibleIds(null)).toContain(made.id);

    const empty = await p.specialPackage({ services: 0 });
    expect(empty.available).toBe(false);
    expect(await visibleIds(null)).not.toContain(empty.id);
  });
});

describe('roles', () => {
  it('marketing and the admin manage packages; every other role is refused (403) and a visitor must sign in (401)', async () => {
    const made = await p.specialPackage();
    const service = await f.service();
    const writes = [
      ['POST', '/api/Marketing/AddSpecialPackages', { pkgName: 'x', pkgDesc: 'y', price: 10, imagebase64Data: 'x' }],
      ['PUT', '/api/Marketing/UpdateSpecialPackages', { Id: made.id, pkgName: 'x', pkgDesc: 'y', price: 10 }],
      ['PUT', `/api/Marketing/ExpirePackage?Id=${made.id}&ExpFlag=Y`, undefined],
      ['POST', `/api/Marketing/AddSPackagesService?ServiceId=${service.id}&PkgId=${made.id}`, undefined],
      ['PUT', `/api/Marketing/DeletePackageServices?Id=${made.services[0].id}`, undefined],
      ['GET', '/api/GetAdvertisementExcel', undefined],
    ] as const;
    const others = ROLE_CODES.filter((r) => r !== 'A' && r !== 'MR');
    // Signing in writes a session: every caller signs in before the counts are taken.
    for (const role of others) await t.tokenFor(role);
    const before = await tableCounts(t.db);
    for (const role of [null, ...others]) {
      const token = role ? await t.tokenFor(role) : null;
      for (const [method, path, body] of writes) {
        const res = await t.api(method, path, { token, body });
        expect(res.status, `${role} ${path}`).toBe(role ? 403 : 401);
      }
    }
    expect(await tableCounts(t.db)).toEqual(before);
    const booked = await t.api('POST', `/api/Cart/AddPackageToCart?PkgId=${made.id}`, {
      token: await t.tokenFor('MR'),
    });
    expect(booked.status).toBe(403);
  });
});

describe('bad input', () => {
  it('refuses each mistake naming the field, and writes nothing', async () => {
    const ok = await f.service();
    const off = await f.service();
    dataOf(await t.api('POST', `/api/DeReActivateAll?action1=Services&id=${off.id}`, { token: admin }));
    const taken = await p.specialPackage({ services: 1 });
    const body = { pkgName: 'Fine', pkgDesc: 'Fine.', price: 100, imagebase64Data: b64(png()), serviceIds: [ok.id] };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ pkgName: '   ' }, 400, 'pkgName'],
      [{ pkgDesc: ' ' }, 400, 'pkgDesc'],
      [{ price: 0 }, 400, 'price'],
      [{ price: 10.555 }, 400, 'price'],
      [{ price: 2_000_000 }, 400, 'price'],
      [{ imagebase64Data: b64(Buffer.from('not a picture at all')) }, 400, 'imagebase64Data'],
      [{ imagebase64Data: undefined }, 400, 'imagebase64Data'],
      [{ serviceIds: [ok.id, ok.id] }, 400, 'serviceIds'],
      [{ serviceIds: [off.id] }, 409, 'serviceIds'],
      [{ pkgName: taken.pkgName.toUpperCase() }, 409, 'pkgName'],
    ];
    const before = await tableCounts(t.db);
    for (const [over, status, field] of cases) {
      const res = await t.api('POST', '/api/Marketing/AddSpecialPackages', {
        token: admin,
        body: { ...body, ...over },
      });
      expect(res.status, JSON.stringify(over)).toBe(status);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        JSON.stringify(over),
      ).toContain(field);
    }
    const unknown = await t.api('POST', '/api/Marketing/AddSpecialPackages', {
      token: admin,
      body: { ...body, serviceIds: [2_000_000_000] },
    });
    expect(unknown.status).toBe(404);
    const noPackage = await t.api('PUT', '/api/Marketing/ExpirePackage?Id=2000000000&ExpFlag=Y', { token: admin });
    expect(noPackage.status).toBe(404);
    const badFlag = await t.api('PUT', `/api/Marketing/ExpirePackage?Id=${taken.id}&ExpFlag=X`, { token: admin });
    expect(badFlag.status).toBe(400);
    const offService = await t.api('POST', `/api/Marketing/AddSPackagesService?ServiceId=${off.id}&PkgId=${taken.id}`, {
      token: admin,
    });
    expect(offService.status).toBe(409);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('AddPackageToCart (decision 022)', () => {
  async function customer() {
    const c = await f.customer();
    return { ...c, tok: await c.token() };
  }
  const book = (token: string, pkgId: number, mobile = '') =>
    t.api('POST', `/api/Cart/AddPackageToCart?PkgId=${pkgId}${mobile ? `&MobileNo=${mobile}` : ''}`, { token });
  const linesOf = (userId: number) =>
    t.db
      .select({ serviceId: cartLines.serviceId, quantity: cartLines.quantity, packageId: cartLines.packageId })
      .from(cartLines)
      .where(eq(cartLines.customerUserId, userId))
      .orderBy(cartLines.serviceId);

  it('puts each service in the cart once, marked with the package; a second booking is refused', async () => {
    const c = await customer();
    const made = await p.specialPackage({ services: 3 });
    const res = await book(c.tok, made.id);
    expect(dataOf(res)).toEqual({
      packageId: made.id,
      pkgName: made.pkgName,
      serviceIds: made.services.map((s) => s.serviceId),
    });
    expect(res.body.message).toBe(`Package ${made.pkgName} added to the cart`);
    expect(await linesOf(c.id)).toEqual(
      made.services
        .map((s) => ({ serviceId: s.serviceId, quantity: 1, packageId: made.id }))
        .sort((x, y) => x.serviceId - y.serviceId),
    );
    const again = await book(c.tok, made.id);
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([{ field: 'PkgId', message: `package ${made.pkgName} is already in your cart` }]);
    expect(await linesOf(c.id)).toHaveLength(3);
  });

  it('refuses a service already in the cart as a normal line, naming it', async () => {
    const c = await customer();
    const made = await p.specialPackage();
    dataOf(await t.api('POST', '/api/Cart/AddCart', { token: c.tok, body: { ServiceId: made.services[1].serviceId } }));
    const res = await book(c.tok, made.id);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(
      `${made.services[1].heading} is already in your cart: remove it to book package ${made.pkgName}`,
    );
    expect(await linesOf(c.id)).toEqual([{ serviceId: made.services[1].serviceId, quantity: 1, packageId: null }]);
  });

  it('refuses an expired package, an unavailable service and an unknown package', async () => {
    const c = await customer();
    const expired = await p.specialPackage();
    dataOf(await t.api('PUT', `/api/Marketing/ExpirePackage?Id=${expired.id}&ExpFlag=Y`, { token: admin }));
    const r1 = await book(c.tok, expired.id);
    expect(r1.status).toBe(400);
    expect(r1.body.errors[0]).toEqual({ field: 'PkgId', message: `Package ${expired.pkgName} has expired.` });

    const broken = await p.specialPackage();
    dataOf(
      await t.api('POST', `/api/DeReActivateAll?action1=Services&id=${broken.services[0].serviceId}`, { token: admin }),
    );
    const r2 = await book(c.tok, broken.id);
    expect(r2.status).toBe(400);
    expect(r2.body.errors[0].message).toBe(
      `${broken.services[0].heading} in package ${broken.pkgName} is not available now.`,
    );
    expect((await book(c.tok, 2_000_000_000)).status).toBe(404);
    expect(await linesOf(c.id)).toEqual([]);
  });

  it("a package line's quantity cannot change; removing one line removes the whole package", async () => {
    const c = await customer();
    const made = await p.specialPackage({ services: 3 });
    const other = await f.service();
    dataOf(await t.api('POST', '/api/Cart/AddCart', { token: c.tok, body: { ServiceId: other.id } }));
    dataOf(await book(c.tok, made.id));
    const first = made.services[0];
    for (const flag of ['Increment', 'Decrement']) {
      const res = await t.api('POST', '/api/Cart/ChangeQuantityforCart', {
        token: c.tok,
        body: { flag, ServiceId: first.serviceId },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toEqual({
        field: 'ServiceId',
        message: `part of package ${made.pkgName}: remove the package to change it`,
      });
    }
    const addAgain = await t.api('POST', '/api/Cart/AddCart', { token: c.tok, body: { ServiceId: first.serviceId } });
    expect(addAgain.status).toBe(400);
    expect(addAgain.body.errors[0].message).toBe(
      `${first.heading} is part of package ${made.pkgName}: remove the package to change it`,
    );
    expect((await linesOf(c.id)).filter((l) => l.packageId === made.id).map((l) => l.quantity)).toEqual([1, 1, 1]);

    dataOf(
      await t.api('POST', '/api/Cart/ClearCartByService', {
        token: c.tok,
        body: { ServiceId: made.services[2].serviceId },
      }),
    );
    expect(await linesOf(c.id)).toEqual([{ serviceId: other.id, quantity: 1, packageId: null }]);
  });

  it('the admin books for a customer by MobileNo; another customer cannot name them', async () => {
    const c = await customer();
    const made = await p.specialPackage();
    dataOf(await book(admin, made.id, c.mobileNo));
    expect(await linesOf(c.id)).toHaveLength(2);
    const stranger = await customer();
    const res = await book(stranger.tok, made.id, c.mobileNo);
    expect([403, 404]).toContain(res.status);
    expect(await linesOf(stranger.id)).toEqual([]);
  });

  it('two parallel bookings of one package by one customer add it once', async () => {
    const c = await customer();
    const made = await p.specialPackage();
    const replies = await Promise.all([book(c.tok, made.id), book(c.tok, made.id)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(
      await t.db
        .select({ id: cartLines.id })
        .from(cartLines)
        .where(and(eq(cartLines.customerUserId, c.id), eq(cartLines.packageId, made.id))),
    ).toHaveLength(2);
  });
});

describe('GetAdvertisementExcel', () => {
  it('answers a real .xlsx with every advertisement not deleted, newest first', async () => {
    const adminId = (await t.api('GET', '/api/Auth/Me', { token: admin })).body.data.Id;
    const first = await ensureDemoAdvertisement(t.db, {
      description: 'Monsoon deep clean',
      discountDesc: 'Flat ₹300 off',
      imageUrl: null,
      addedBy: adminId,
    });
    const second = await ensureDemoAdvertisement(t.db, {
      description: 'AC check-up season',
      discountDesc: '',
      imageUrl: '/uploads/demo/x.svg',
      addedBy: adminId,
    });
    const res = await fetch(`${t.url}/api/GetAdvertisementExcel?AdvType=AD`, {
      headers: { authorization: `Bearer ${marketing}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="advertisements-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const rows = await readSheet(bytes);
    expect(rows[0]).toEqual([
      'Id',
      'Type',
      'Description',
      'Discount description',
      'Picture',
      'Status',
      'Added by',
      'Role',
      'Created (India time)',
    ]);
    const ids = rows.slice(1).map((r) => r[0]);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    const row = rows.find((r) => r[0] === first)!;
    expect(row.slice(1, 8)).toEqual([
      'Advertisement',
      'Monsoon deep clean',
      'Flat ₹300 off',
      null,
      'Active',
      accountOf('A').fullName,
      'A',
    ]);
    expect(row[8]).toBeInstanceOf(Date);
  });
});
