import fs from 'node:fs';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services, transitionLog } from '../../server/db/schema';
import { VARIANT_WIDTHS } from '../../server/plugins/storage';
import { b64, catalogueApi, dataOf, fileOf, jpeg, png, uploadedFiles } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { type Factories, factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let c: ReturnType<typeof catalogueApi>;
let f: Factories;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  c = catalogueApi(t);
  f = factories(t);
  admin = await t.tokenFor('A');
});
afterAll(() => t?.close());

describe('categories', () => {
  it('adds a category with a PNG picture that is served from /uploads with an immutable cache header', async () => {
    const cat = await c.category('Cleaning', { details: 'Home cleaning', image: b64(png()), fileName: 'x.png' });
    expect(cat).toMatchObject({
      categoryName: 'Cleaning',
      details: 'Home cleaning',
      active: true,
      subCategoryCount: 0,
    });
    expect(cat.imageUrl).toMatch(/^\/uploads\/categories\/[0-9a-f]{32}\.png$/);
    const res = await fetch(t.url + cat.imageUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(png())).toBe(true);
  });

  it('accepts a data: URL and replaces the picture, deleting the old file after the commit', async () => {
    const cat = await c.category('Painting', { image: `data:image/png;base64,${b64(png(3, 3))}` });
    const oldFile = fileOf(t, cat.imageUrl);
    expect(fs.existsSync(oldFile)).toBe(true);
    const updated = dataOf(
      await t.api('PATCH', `/api/Common/UpdateCategory/${cat.id}`, { token: admin, body: { image: b64(png(4, 4)) } }),
    );
    expect(updated.imageUrl).not.toBe(cat.imageUrl);
    expect(updated.categoryName).toBe('Painting');
    expect(fs.existsSync(oldFile)).toBe(false);
    expect(fs.existsSync(fileOf(t, updated.imageUrl))).toBe(true);
    // Omitting the picture keeps it.
    const renamed = dataOf(
      await t.api('PATCH', `/api/Common/UpdateCategory/${cat.id}`, {
        token: admin,
        body: { categoryName: 'Wall painting' },
      }),
    );
    expect(renamed).toMatchObject({ categoryName: 'Wall painting', imageUrl: updated.imageUrl });
  });

  it('refuses bad pictures by content, naming the field, and writes nothing', async () => {
    const before = await tableCounts(t.db);
    const files = uploadedFiles(t);
    const text = await t.api('POST', '/api/Common/AddCategory', {
      token: admin,
      body: { categoryName: 'Bad pic', image: b64(Buffer.from('just some text, not a picture')), fileName: 'evil.png' },
    });
    expect(text.status).toBe(400);
    expect(text.body.errors).toEqual([{ field: 'image', message: 'must be a JPEG, PNG or WebP picture' }]);
    const big = await t.api('POST', '/api/Common/AddCategory', {
      token: admin,
      body: { categoryName: 'Big pic', image: b64(jpeg(3 * 1024 * 1024)), fileName: 'big.jpg' },
    });
    expect(big.status).toBe(400);
    expect(big.body.errors).toEqual([{ field: 'image', message: 'must be at most 2 MB' }]);
    const notBase64 = await t.api('POST', '/api/Common/AddCategory', {
      token: admin,
      body: { categoryName: 'Odd pic', image: '<svg onload=alert(1)>' },
    });
    expect(notBase64.status).toBe(400);
    // A PNG signature with a broken header: the dimensions cannot be read.
    const broken = png().subarray(0, 20);
    const headless = await t.api('POST', '/api/Common/AddCategory', {
      token: admin,
      body: { categoryName: 'Broken pic', image: b64(broken) },
    });
    expect(headless.status).toBe(400);
    expect(headless.body.errors[0].field).toBe('image');
    expect(await tableCounts(t.db)).toEqual(before);
    expect(uploadedFiles(t)).toEqual(files);
  });

  it('lets one of several admins adding the same name at once win; the others get 409 and leave no file', async () => {
    const files = uploadedFiles(t);
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.api('POST', '/api/Common/AddCategory', {
          token: admin,
          body: { categoryName: i % 2 ? 'Glass work' : 'GLASS WORK', image: b64(png(3, 3)), fileName: 'g.png' },
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of replies.filter((x) => x.status === 409)) expect(r.body.errors[0].field).toBe('categoryName');
    const found = dataOf(await t.api('GET', '/api/Common/GetAllCategory?status=all&search=glass', { token: admin }));
    expect(found.total).toBe(1);
    // The winner's picture and its WebP variants; the refused requests left nothing behind.
    expect(uploadedFiles(t)).toHaveLength(files.length + 1 + VARIANT_WIDTHS.length);
  });

  it('keeps names unique, trimmed and case-insensitive: 409 naming the clash', async () => {
    await c.category('Plumbing');
    const files = uploadedFiles(t);
    const clash = await t.api('POST', '/api/Common/AddCategory', {
      token: admin,
      body: { categoryName: '  PLUMBING ', image: b64(png()) },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.errors).toEqual([
      { field: 'categoryName', message: 'A category named "Plumbing" already exists.' },
    ]);
    expect(uploadedFiles(t)).toEqual(files);
    const other = await c.category('Carpentry');
    const rename = await t.api('PATCH', `/api/Common/UpdateCategory/${other.id}`, {
      token: admin,
      body: { categoryName: 'plumbing' },
    });
    expect(rename.status).toBe(409);
    expect(rename.body.errors[0].message).toContain('"Plumbing"');
    const blank = await t.api('POST', '/api/Common/AddCategory', { token: admin, body: { categoryName: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.errors[0]).toEqual({ field: 'categoryName', message: 'must not be empty' });
  });

  it('links zones, lists them, and refuses unknown zones', async () => {
    const cat = await c.category('Pest control', { categoryZoneList: [{ zoneId: 1 }, { zoneId: 2 }, { zoneId: 1 }] });
    expect(cat.zoneCount).toBe(2);
    const zones = dataOf(await t.api('GET', `/api/Common/GetZoneByCategoryId?CategoryId=${cat.id}`));
    expect(zones.map((z: any) => z.zoneName).sort()).toEqual(['Indiranagar', 'Koramangala']);
    expect(zones[0]).toMatchObject({ categoryId: cat.id, cityName: 'Bengaluru', stateName: 'Karnataka', active: true });

    const unknown = await t.api('POST', '/api/Common/AddCategory', {
      token: admin,
      body: { categoryName: 'Ghost zones', categoryZoneList: [{ zoneId: 99999 }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].field).toBe('categoryZoneList');

    const added = dataOf(
      await t.api('PUT', `/api/Common/AddZoneCategorywise?Zoneid=4&CategoryId=${cat.id}`, { token: admin }),
    );
    expect(added.zoneName).toBe('Andheri');
    const again = await t.api('PUT', `/api/Common/AddZoneCategorywise?Zoneid=4&CategoryId=${cat.id}`, { token: admin });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].message).toContain('Andheri');
    dataOf(await t.api('DELETE', `/api/Common/DeleteZoneCategory?id=${added.id}`, { token: admin }));
    // PATCH with a zone list replaces the zones.
    const replaced = dataOf(
      await t.api('PATCH', `/api/Common/UpdateCategory/${cat.id}`, {
        token: admin,
        body: { categoryZoneList: [{ zoneId: 3 }] },
      }),
    );
    expect(replaced.zoneCount).toBe(1);
    const now = dataOf(await t.api('GET', `/api/Common/GetZoneByCategoryId?CategoryId=${cat.id}`));
    expect(now.map((z: any) => z.zoneName)).toEqual(['Whitefield']);
  });

  it('pages, searches and sorts in SQL', async () => {
    for (const n of ['Alpha 1', 'Alpha 2', 'Alpha 3', 'Beta %']) await c.category(n);
    const page = dataOf(
      await t.api('GET', '/api/Common/GetAllCategory?search=alpha&pageSize=2&sort=categoryName&order=desc'),
    );
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.items.map((x: any) => x.categoryName)).toEqual(['Alpha 3', 'Alpha 2']);
    const second = dataOf(
      await t.api('GET', '/api/Common/GetAllCategory?search=alpha&pageSize=2&page=2&sort=categoryName&order=desc'),
    );
    expect(second.items.map((x: any) => x.categoryName)).toEqual(['Alpha 1']);
    // Wildcards in the term are literal.
    const pct = dataOf(await t.api('GET', `/api/Common/GetAllCategory?search=${encodeURIComponent('%')}`));
    expect(pct.items.map((x: any) => x.categoryName)).toEqual(['Beta %']);
  });
});

describe('sub-categories and services', () => {
  it('computes prices exactly: 499 with 10% discount and 18% GST', async () => {
    const cat = await c.category('Appliance repair', { categoryZoneList: [{ zoneId: 1 }] });
    const sub = await c.subCategory(cat.id, 'AC repair', { headingField: 'Cool again in an hour' });
    expect(sub).toMatchObject({
      categoryId: cat.id,
      categoryName: 'Appliance repair',
      serviceCount: 0,
      headingField: 'Cool again in an hour',
    });
    const svc = await c.service(sub.id, 'AC gas refill', { price: 499, discount: 10, gst: 18, visitingCharges: 49.5 });
    expect(svc).toMatchObject({
      price: 499,
      discount: 10,
      gst: 18,
      discountedPrice: 449.1,
      gstAmount: 80.84,
      finalPrice: 529.94,
      visitingCharges: 49.5,
      professionalType: 'Technician',
      subCategoryName: 'AC repair',
      categoryId: cat.id,
      categoryName: 'Appliance repair',
      active: true,
    });
    const [row] = await t.db.select().from(services).where(eq(services.id, svc.id));
    expect(row).toMatchObject({ pricePaise: 49900, discountPercent: 10, gstPercent: 18, visitingChargesPaise: 4950 });

    const detail = dataOf(await t.api('GET', `/api/Common/GetServicesByID/${svc.id}`));
    expect(detail).toMatchObject({ id: svc.id, finalPrice: 529.94, rating: null, media: [] });
  });

  it('refuses bad amounts by name', async () => {
    const sub = await f.subCategory();
    const send = (body: Record<string, unknown>) =>
      t.api('POST', '/api/Common/AddService', {
        token: admin,
        body: { heading: 'X', subCategoryId: sub.id, price: 100, gst: 18, professionalType: 'Engineer', ...body },
      });
    const cases: [Record<string, unknown>, string][] = [
      [{ price: 10.005 }, 'price'],
      [{ price: 0 }, 'price'],
      [{ price: 1000000.01 }, 'price'],
      [{ discount: 101 }, 'discount'],
      [{ discount: 12.5 }, 'discount'],
      [{ gst: 7 }, 'gst'],
      [{ visitingCharges: -1 }, 'visitingCharges'],
      [{ visitingCharges: 0.001 }, 'visitingCharges'],
      [{ professionalType: 'Plumber' }, 'professionalType'],
      [{ subCategoryId: 999999 }, 'subCategoryId'],
    ];
    for (const [body, field] of cases) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.errors.map((e: any) => e.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    const okMax = dataOf(await send({ heading: 'Max', price: 1000000, discount: 0, gst: 40 }), 201);
    expect(okMax).toMatchObject({ price: 1000000, gstAmount: 400000, finalPrice: 1400000 });
  });

  it('keeps sub-category names unique per category and headings unique per sub-category', async () => {
    const a = await c.category('Unique A');
    const b = await c.category('Unique B');
    const subA = await c.subCategory(a.id, 'Deep clean');
    await c.subCategory(b.id, 'deep clean'); // another category: fine
    const clash = await t.api('POST', '/api/Common/AddSubCategory', {
      token: admin,
      body: { subCategoryName: ' DEEP CLEAN ', categoryId: a.id },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.errors).toEqual([
      { field: 'subCategoryName', message: 'Category "Unique A" already has a sub-category named "Deep clean".' },
    ]);
    await c.service(subA.id, 'Kitchen');
    const dup = await t.api('POST', '/api/Common/AddService', {
      token: admin,
      body: { heading: 'kitchen', subCategoryId: subA.id, price: 10, gst: 0, professionalType: 'Technician' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]).toEqual({
      field: 'heading',
      message: 'Sub-category "Deep clean" already has a service named "Kitchen".',
    });
  });

  it('updates with PUT (omitted pictures kept) and moves a service to another sub-category', async () => {
    const cat = await c.category('Moves');
    const s1 = await c.subCategory(cat.id, 'From');
    const s2 = await c.subCategory(cat.id, 'To');
    const svc = await c.service(s1.id, 'Mover', { image: b64(png()), bannerImage: b64(png(1, 1)) });
    expect(svc.imageUrl).toMatch(/^\/uploads\/services\//);
    const put = dataOf(
      await t.api('PUT', `/api/Common/UpdateService/${svc.id}`, {
        token: admin,
        body: {
          heading: 'Mover 2',
          subCategoryId: s2.id,
          price: 250.5,
          discount: 0,
          gst: 5,
          professionalType: 'Engineer',
        },
      }),
    );
    expect(put).toMatchObject({
      heading: 'Mover 2',
      subCategoryId: s2.id,
      price: 250.5,
      gstAmount: 12.53,
      finalPrice: 263.03,
      professionalType: 'Engineer',
      imageUrl: svc.imageUrl,
      bannerImageUrl: svc.bannerImageUrl,
    });
    const sub = dataOf(
      await t.api('PUT', `/api/Common/UpdateSubCategory/${s1.id}`, {
        token: admin,
        body: { subCategoryName: 'From (renamed)', categoryId: cat.id },
      }),
    );
    expect(sub).toMatchObject({ subCategoryName: 'From (renamed)', headingField: '' });
    const missing = await t.api('PUT', '/api/Common/UpdateService/999999', {
      token: admin,
      body: { heading: 'x', subCategoryId: s2.id, price: 1, gst: 0, professionalType: 'Engineer' },
    });
    expect(missing.status).toBe(404);
  });

  it('refuses to delete parents that have children, and deletes leaves with their files', async () => {
    const cat = await c.category('Parents', { image: b64(png()) });
    const sub = await c.subCategory(cat.id, 'Kids', { image: b64(png()) });
    const svcs = [];
    for (const h of ['One', 'Two', 'Three']) svcs.push(await c.service(sub.id, h));
    const other = await c.subCategory(cat.id, 'More kids');

    const delCat = await t.api('DELETE', `/api/Common/DeleteCategory?id=${cat.id}`, { token: admin });
    expect(delCat.status).toBe(409);
    expect(delCat.body.detail).toBe('Category "Parents" has 2 sub-categories; delete or move them first.');
    const delSub = await t.api('DELETE', `/api/Common/DeleteSubCategory?id=${sub.id}`, { token: admin });
    expect(delSub.status).toBe(409);
    expect(delSub.body.detail).toBe('Sub-category "Kids" has 3 services; delete or move them first.');

    const withMedia = svcs[0];
    const media = dataOf(
      await t.api('POST', `/api/AddServiceImagesVideos?ServiceId=${withMedia.id}&Vidtype=image`, {
        token: admin,
        body: { media: b64(png()), fileName: 'a.png' },
      }),
      201,
    );
    expect(fs.existsSync(fileOf(t, media.url))).toBe(true);
    for (const s of svcs) dataOf(await t.api('DELETE', `/api/Common/DeleteService?id=${s.id}`, { token: admin }));
    expect(fs.existsSync(fileOf(t, media.url))).toBe(false);
    dataOf(await t.api('DELETE', `/api/Common/DeleteSubCategory?id=${sub.id}`, { token: admin }));
    dataOf(await t.api('DELETE', `/api/Common/DeleteSubCategory?id=${other.id}`, { token: admin }));
    dataOf(await t.api('DELETE', `/api/Common/DeleteCategory?id=${cat.id}`, { token: admin }));
    expect(fs.existsSync(fileOf(t, cat.imageUrl))).toBe(false);
    expect(fs.existsSync(fileOf(t, sub.imageUrl))).toBe(false);
    expect((await t.api('DELETE', `/api/Common/DeleteCategory?id=${cat.id}`, { token: admin })).status).toBe(404);
  });
});

describe('inactive items vanish for visitors but stay for the admin', () => {
  it('a deactivated category hides its sub-categories and services, and the toggle is logged', async () => {
    const cat = await c.category('Seasonal', { categoryZoneList: [{ zoneId: 1 }] });
    const sub = await c.subCategory(cat.id, 'Diwali lights');
    const svc = await c.service(sub.id, 'Light install');
    const cust = await t.tokenFor('Cust');

    const off = await c.toggle('Category', cat.id);
    expect(off).toEqual({ id: cat.id, active: false });
    const [log] = await t.db
      .select()
      .from(transitionLog)
      .where(and(eq(transitionLog.entity, 'Category'), eq(transitionLog.entityId, cat.id)))
      .orderBy(desc(transitionLog.id));
    expect(log).toMatchObject({ fromState: 'active', toState: 'inactive', event: 'DEACTIVATE' });
    expect(log.actorId).toBeGreaterThan(0);

    for (const token of [null, cust]) {
      expect((await t.api('GET', `/api/Common/GetCategoryByID/${cat.id}`, { token })).status).toBe(404);
      expect((await t.api('GET', `/api/Common/GetSubCategoryByID/${sub.id}`, { token })).status).toBe(404);
      expect((await t.api('GET', `/api/Common/GetServicesByID/${svc.id}`, { token })).status).toBe(404);
      expect((await t.api('GET', `/api/Common/GetAllSubCategoryByCategoryId/${cat.id}`, { token })).status).toBe(404);
      expect((await t.api('GET', `/api/Common/GetAllServicesBySubCategory/${sub.id}`, { token })).status).toBe(404);
      expect((await t.api('GET', `/api/Common/GetZoneByCategoryId?CategoryId=${cat.id}`, { token })).status).toBe(404);
      const cats = dataOf(await t.api('GET', '/api/Common/GetAllCategory?search=Seasonal&status=all', { token }));
      expect(cats.total).toBe(0);
      const svcList = dataOf(
        await t.api('GET', `/api/Common/GetAllServices?subCategoryId=${sub.id}&status=all`, { token }),
      );
      expect(svcList.total).toBe(0);
      const subs = dataOf(
        await t.api('GET', `/api/Common/GetAllSubCategory?categoryId=${cat.id}&status=all`, { token }),
      );
      expect(subs.total).toBe(0);
    }
    const search = dataOf(await t.api('GET', '/api/GetGlobalSearchData?search=diwali'));
    expect(search.subCategories).toEqual([]);
    const launches = dataOf(await t.api('GET', '/api/Common/GetNewServiceForNoti'));
    expect(launches.map((s: any) => s.id)).not.toContain(svc.id);

    // The admin still sees everything, with `active` shown, and can filter.
    const all = dataOf(await t.api('GET', '/api/Common/GetAllCategory?search=Seasonal&status=all', { token: admin }));
    expect(all.items).toEqual([expect.objectContaining({ id: cat.id, active: false })]);
    const inactive = dataOf(await t.api('GET', '/api/Common/GetAllCategory?status=inactive', { token: admin }));
    expect(inactive.items.map((x: any) => x.id)).toEqual([cat.id]);
    const activeOnly = dataOf(await t.api('GET', '/api/Common/GetAllCategory?search=Seasonal', { token: admin }));
    expect(activeOnly.total).toBe(0);
    expect(dataOf(await t.api('GET', `/api/Common/GetServicesByID/${svc.id}`, { token: admin })).id).toBe(svc.id);
    expect(dataOf(await t.api('GET', `/api/Common/GetSubCategoryByID/${sub.id}`, { token: admin })).id).toBe(sub.id);
    expect(dataOf(await t.api('GET', `/api/Common/GetCategoryByID/${cat.id}`, { token: admin }))).toMatchObject({
      id: cat.id,
      categoryName: 'Seasonal',
      active: false,
      subCategoryCount: 1,
      zoneCount: 1,
    });

    expect(await c.toggle('Category', cat.id)).toEqual({ id: cat.id, active: true });
    expect((await t.api('GET', `/api/Common/GetServicesByID/${svc.id}`)).status).toBe(200);
    expect(dataOf(await t.api('GET', `/api/Common/GetCategoryByID/${cat.id}`)).categoryName).toBe('Seasonal');
  });

  it('an inactive service or sub-category is hidden on its own', async () => {
    const cat = await c.category('Own flags');
    const sub = await c.subCategory(cat.id, 'Flagged');
    const s1 = await c.service(sub.id, 'Visible one');
    const s2 = await c.service(sub.id, 'Hidden one');
    await c.toggle('Services', s2.id);
    const list = dataOf(await t.api('GET', `/api/Common/GetAllServicesBySubCategory/${sub.id}`));
    expect(list.map((s: any) => s.id)).toEqual([s1.id]);
    const adminList = dataOf(
      await t.api('GET', `/api/Common/GetAllServicesBySubCategory/${sub.id}?status=all`, { token: admin }),
    );
    expect(adminList.map((s: any) => [s.heading, s.active])).toEqual([
      ['Hidden one', false],
      ['Visible one', true],
    ]);
    const subView = dataOf(await t.api('GET', `/api/Common/GetSubCategoryByID/${sub.id}`));
    expect(subView.serviceCount).toBe(1);
    await c.toggle('SubCategory', sub.id);
    expect((await t.api('GET', `/api/Common/GetAllServicesBySubCategory/${sub.id}`)).status).toBe(404);
    const subs = dataOf(await t.api('GET', `/api/Common/GetAllSubCategoryByCategoryId/${cat.id}`));
    expect(subs).toEqual([]);
    const adminSubs = dataOf(
      await t.api('GET', `/api/Common/GetAllSubCategoryByCategoryId/${cat.id}?status=all`, { token: admin }),
    );
    expect(adminSubs.map((s: any) => s.active)).toEqual([false]);
    expect((await t.api('POST', '/api/DeReActivateAll?action1=Services&id=999999', { token: admin })).status).toBe(404);
  });
});

describe('caching of public reads', () => {
  it('answers 304 for a matching ETag and drops the cache after any catalogue write', async () => {
    const url = '/api/Common/GetAllCategory?pageSize=50&sort=id';
    const first = await t.api('GET', url);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');

    const again = await t.api('GET', url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    // Same URL with the query in another order and another case: the same entry.
    const reordered = await t.api('GET', '/api/common/getallcategory?sort=id&pageSize=50', {
      headers: { 'if-none-match': etag },
    });
    expect(reordered.status).toBe(304);

    await c.category('Cache buster');
    const after = await t.api('GET', url, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.body.data.items.map((x: any) => x.categoryName)).toContain('Cache buster');

    // A failed write changes nothing and keeps the cache.
    const etag2 = after.headers.get('etag')!;
    const failed = await t.api('POST', '/api/Common/AddCategory', {
      token: admin,
      body: { categoryName: 'cache BUSTER' },
    });
    expect(failed.status).toBe(409);
    expect((await t.api('GET', url, { headers: { 'if-none-match': etag2 } })).status).toBe(304);

    // Admin views are never cached or shared.
    const adminRes = await t.api('GET', url, { token: admin });
    expect(adminRes.headers.get('etag')).toBeNull();
    expect(adminRes.headers.get('cache-control')).toBe('private, no-store');
  });

  it('caches the service detail and invalidates it on a price change', async () => {
    const svc = await f.service({ price: 100, discount: 0, gst: 0 });
    const url = `/api/Common/GetServicesByID/${svc.id}`;
    const first = await t.api('GET', url);
    expect(first.body.data.finalPrice).toBe(100);
    const etag = first.headers.get('etag')!;
    expect((await t.api('GET', url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    dataOf(
      await t.api('PUT', `/api/Common/UpdateService/${svc.id}`, {
        token: admin,
        body: {
          heading: svc.heading,
          subCategoryId: svc.subCategoryId,
          price: 120,
          gst: 0,
          professionalType: 'Technician',
        },
      }),
    );
    const second = await t.api('GET', url, { headers: { 'if-none-match': etag } });
    expect(second.status).toBe(200);
    expect(second.body.data.finalPrice).toBe(120);
  });
});

describe('media, search, new launches and pincode availability', () => {
  it('adds and removes pictures and YouTube links; lists media by service or sub-category', async () => {
    const cat = await c.category('Media cat');
    const sub = await c.subCategory(cat.id, 'Media sub');
    const svc = await c.service(sub.id, 'Media svc');
    const yt = dataOf(
      await t.api('POST', `/api/AddServiceImagesVideos?ServiceId=${svc.id}&Vidtype=youtube`, {
        token: admin,
        body: { youtubeLink: 'youtu.be/dQw4w9WgXcQ?t=3' },
      }),
      201,
    );
    expect(yt).toMatchObject({
      type: 'youtube',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      serviceId: svc.id,
    });
    const img = dataOf(
      await t.api('POST', `/api/AddServiceImagesVideos?ServiceId=${svc.id}&Vidtype=image`, {
        token: admin,
        body: { media: b64(png()), fileName: 'front.png' },
      }),
      201,
    );
    expect(img).toMatchObject({ type: 'image', fileName: 'front.png', serviceHeading: 'Media svc' });

    const badLink = await t.api('POST', `/api/AddServiceImagesVideos?ServiceId=${svc.id}&Vidtype=youtube`, {
      token: admin,
      body: { youtubeLink: 'https://vimeo.com/12345' },
    });
    expect(badLink.status).toBe(400);
    expect(badLink.body.errors[0].field).toBe('youtubeLink');
    const pngAsVideo = await t.api('POST', `/api/AddServiceImagesVideos?ServiceId=${svc.id}&Vidtype=video`, {
      token: admin,
      body: { media: b64(png()) },
    });
    expect(pngAsVideo.status).toBe(400);
    expect(pngAsVideo.body.errors[0]).toEqual({ field: 'media', message: 'must be an MP4 or WebM video' });
    const noMedia = await t.api('POST', `/api/AddServiceImagesVideos?ServiceId=${svc.id}&Vidtype=image`, {
      token: admin,
      body: {},
    });
    expect(noMedia.status).toBe(400);
    expect(noMedia.body.errors[0].field).toBe('media');

    const bySub = dataOf(await t.api('GET', `/api/GetServiceImagesVideos?SubCategoryId=${sub.id}`));
    expect(bySub.map((m: any) => m.type)).toEqual(['youtube', 'image']);
    const byService = dataOf(await t.api('GET', `/api/GetServiceImagesVideos?ServiceId=${svc.id}`));
    expect(byService).toHaveLength(2);
    const neither = await t.api('GET', '/api/GetServiceImagesVideos');
    expect(neither.status).toBe(400);
    expect(neither.body.errors[0].field).toBe('SubCategoryId');
    const detail = dataOf(await t.api('GET', `/api/Common/GetServicesByID/${svc.id}`));
    expect(detail.media).toHaveLength(2);

    dataOf(await t.api('PUT', `/api/DelServiceImagesVideos?Id=${img.id}`, { token: admin }));
    expect(fs.existsSync(fileOf(t, img.url))).toBe(false);
    expect((await t.api('PUT', `/api/DelServiceImagesVideos?Id=${img.id}`, { token: admin })).status).toBe(404);
  });

  it('searches active names case-insensitively, prefix matches first, wildcards literal', async () => {
    const cat = await c.category('Sofa care');
    const sub = await c.subCategory(cat.id, 'Sofa shampoo');
    await c.service(sub.id, 'Leather sofa polish', { price: 200, discount: 0, gst: 18 });
    await c.service(sub.id, 'Sofa dry clean', { price: 100, discount: 50, gst: 0 });
    await c.service(sub.id, '100% steam');
    const res = dataOf(await t.api('GET', '/api/GetGlobalSearchData?search=SOFA'));
    expect(res.categories).toEqual([{ id: cat.id, categoryName: 'Sofa care', imageUrl: null }]);
    expect(res.subCategories).toEqual([
      { id: sub.id, subCategoryName: 'Sofa shampoo', categoryId: cat.id, categoryName: 'Sofa care' },
    ]);
    expect(res.services.map((s: any) => [s.heading, s.finalPrice])).toEqual([
      ['Sofa dry clean', 50],
      ['Leather sofa polish', 236],
    ]);
    const pct = dataOf(await t.api('GET', `/api/GetGlobalSearchData?search=${encodeURIComponent('0%')}`));
    expect(pct.services.map((s: any) => s.heading)).toEqual(['100% steam']);
    const underscore = dataOf(await t.api('GET', '/api/GetGlobalSearchData?search=__'));
    expect(underscore.services).toEqual([]);
    expect((await t.api('GET', '/api/GetGlobalSearchData?search=a')).status).toBe(400);
    expect((await t.api('GET', '/api/GetGlobalSearchData?search=%20%20a')).status).toBe(400);
  });

  it('lists new launches, newest first, at most 12; falls back to the 12 newest', async () => {
    const sub = await f.subCategory();
    const made = [];
    for (let i = 0; i < 14; i++) made.push(await c.service(sub.id, `Launch ${i}`));
    const launches = dataOf(await t.api('GET', '/api/Common/GetNewServiceForNoti'));
    expect(launches).toHaveLength(12);
    expect(launches[0].id).toBe(made[13].id);
    // Age everything beyond 60 days: the fallback still answers the 12 newest.
    await t.db.update(services).set({ createdAt: new Date(Date.now() - 90 * 24 * 3600_000) });
    await c.service(sub.id, 'Launch fresh'); // a write also drops the cached list
    const fresh = dataOf(await t.api('GET', '/api/Common/GetNewServiceForNoti'));
    expect(fresh.map((s: any) => s.heading)).toEqual(['Launch fresh']);
    const freshId = fresh[0].id;
    await t.db
      .update(services)
      .set({ createdAt: new Date(Date.now() - 90 * 24 * 3600_000) })
      .where(eq(services.id, freshId));
    await c.toggle('Services', freshId);
    const fallback = dataOf(await t.api('GET', '/api/Common/GetNewServiceForNoti'));
    expect(fallback).toHaveLength(12);
    expect(fallback.map((s: any) => s.id)).not.toContain(freshId);
  });

  it('checks a category at a pincode: inside, outside, unlinked zone, inactive category', async () => {
    const cat = await c.category('Availability', { categoryZoneList: [{ zoneId: 1 }] }); // Koramangala
    const check = async (pin: string, id = cat.id) =>
      dataOf(await t.api('GET', `/api/Common/CheckAvailabilityOfCatByPincode?Pincode=${pin}&CategoryId=${id}`));
    expect(await check('560034')).toEqual({
      available: true,
      zoneId: 1,
      zoneName: 'Koramangala',
      message: 'Availability is available at 560034 (Koramangala).',
    });
    expect(await check('400053')).toMatchObject({ available: false, zoneName: 'Andheri' });
    expect(await check('799999')).toEqual({
      available: false,
      zoneId: null,
      zoneName: null,
      message: 'We do not serve pincode 799999 yet.',
    });
    await c.toggle('Category', cat.id);
    expect(await check('560034')).toMatchObject({
      available: false,
      message: 'Availability is not available right now.',
    });
    await c.toggle('Category', cat.id);
    await c.toggle('Zone', 1);
    expect(await check('560034')).toMatchObject({ available: false, zoneId: null });
    await c.toggle('Zone', 1);
    expect(
      (await t.api('GET', '/api/Common/CheckAvailabilityOfCatByPincode?Pincode=560034&CategoryId=999999')).status,
    ).toBe(404);
    const bad = await t.api('GET', `/api/Common/CheckAvailabilityOfCatByPincode?Pincode=12345&CategoryId=${cat.id}`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('Pincode');
  });

  it('counts the catalogue on the dashboard', async () => {
    const counts = dataOf(await t.api('GET', '/api/GetDashboardCount', { token: admin }));
    expect(counts.categories).toBeGreaterThan(5);
    expect(counts.subCategories).toBeGreaterThan(5);
    expect(counts.services).toBeGreaterThan(counts.activeServices);
    expect(counts.activeServices).toBeGreaterThan(0);
  });
});
