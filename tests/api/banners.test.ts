import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transitionLog } from '../../server/db/schema';
import { b64, catalogueApi, dataOf, fileOf, png, uploadedFiles } from '../support/catalogue';
import { tableCounts } from '../support/counts';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let admin: string;
let c: ReturnType<typeof catalogueApi>;
let service: any;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.tokenFor('A');
  c = catalogueApi(t);
  service = await factories(t).service({ heading: 'Bannered service' });
});
afterAll(() => t?.close());

const addBanner = (body: Record<string, unknown>) => t.api('POST', '/api/Common/AddBanner', { token: admin, body });

describe('banners', () => {
  it('adds a picture banner for a screen, served from /uploads', async () => {
    const b = dataOf(
      await addBanner({ type: 'Home', path: '/Services', imagebase64Data: b64(png()), fileName: 'h.png' }),
      201,
    );
    expect(b).toMatchObject({ type: 'Home', path: '/Services', status: true, serviceId: null, youtubeLink: null });
    expect(b.imageUrl).toMatch(/^\/uploads\/banners\/[0-9a-f]{32}\.png$/);
    const file = await fetch(t.url + b.imageUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toContain('immutable');
  });

  it('normalises YouTube links and refuses other links', async () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
      'https://youtu.be/dQw4w9WgXcQ',
      'youtube.com/embed/dQw4w9WgXcQ',
      'http://m.youtube.com/watch?v=dQw4w9WgXcQ',
    ]) {
      const b = dataOf(await addBanner({ type: 'NewLaunch', youtubeLink: link }), 201);
      expect(b.youtubeLink).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
      expect(b.imageUrl).toBeNull();
    }
    const before = await tableCounts(t.db);
    for (const link of ['https://evil.example/watch?v=dQw4w9WgXcQ', 'javascript:alert(1)', 'https://youtu.be/short']) {
      const res = await addBanner({ type: 'Home', youtubeLink: link });
      expect(res.status, link).toBe(400);
      expect(res.body.errors[0].field).toBe('youtubeLink');
    }
    const neither = await addBanner({ type: 'Home', path: '/x' });
    expect(neither.status).toBe(400);
    expect(neither.body.errors[0].field).toBe('imagebase64Data');
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('refuses paths that leave the site and bad pictures, writing nothing', async () => {
    const before = await tableCounts(t.db);
    const files = uploadedFiles(t);
    for (const path of ['https://evil.example/', '//evil.example', 'javascript:alert(1)', '/a b']) {
      const res = await addBanner({ type: 'Home', path, imagebase64Data: b64(png()) });
      expect(res.status, path).toBe(400);
      expect(res.body.errors[0].field).toBe('path');
    }
    const text = await addBanner({ type: 'Home', imagebase64Data: b64(Buffer.from('GIF89a? no, text')) });
    expect(text.status).toBe(400);
    expect(text.body.errors[0]).toEqual({ field: 'imagebase64Data', message: 'must be a JPEG, PNG or WebP picture' });
    expect(await tableCounts(t.db)).toEqual(before);
    expect(uploadedFiles(t)).toEqual(files);
  });

  it('ties a Service banner to an existing service through its path', async () => {
    const b = dataOf(
      await addBanner({ type: 'Service', path: `/servicesdetails?id=${service.id}`, imagebase64Data: b64(png()) }),
      201,
    );
    expect(b).toMatchObject({ serviceId: service.id, path: `/ServicesDetails?id=${service.id}` });
    for (const path of ['/ServicesDetails?id=999999', '/Services', '', `/ServicesDetails?id=${service.id}&x=1`]) {
      const res = await addBanner({ type: 'Service', path, imagebase64Data: b64(png()) });
      expect(res.status, path).toBe(400);
      expect(res.body.errors[0]).toEqual({
        field: 'path',
        message: 'must be /ServicesDetails?id=<serviceId> of an existing service',
      });
    }
    const list = dataOf(await t.api('GET', `/api/Common/GetAllBanner?type=Service&serviceId=${service.id}`));
    expect(list.items.map((x: any) => x.id)).toEqual([b.id]);
    // The service cannot be deleted while its banners exist.
    const del = await t.api('DELETE', `/api/Common/DeleteService?id=${service.id}`, { token: admin });
    expect(del.status).toBe(409);
    expect(del.body.detail).toBe('Service "Bannered service" has 1 banner; delete them first.');
    // Its banner vanishes for visitors while the service is inactive.
    await c.toggle('Services', service.id);
    expect(dataOf(await t.api('GET', '/api/Common/GetAllBanner?type=Service')).total).toBe(0);
    expect(dataOf(await t.api('GET', '/api/Common/GetAllBanner?type=Service', { token: admin })).total).toBe(1);
    await c.toggle('Services', service.id);
    expect(dataOf(await t.api('GET', '/api/Common/GetAllBanner?type=Service')).total).toBe(1);
  });

  it('hides and shows a banner; visitors see active ones, the admin may list all', async () => {
    const b = dataOf(await addBanner({ type: 'CustomerServices', imagebase64Data: b64(png()) }), 201);
    const hidden = dataOf(
      await t.api('PUT', `/api/Common/ChangeBannerStatus?id=${b.id}&status=false`, { token: admin }),
    );
    expect(hidden.status).toBe(false);
    const [log] = await t.db
      .select()
      .from(transitionLog)
      .where(and(eq(transitionLog.entity, 'Banner'), eq(transitionLog.entityId, b.id)));
    expect(log).toMatchObject({ event: 'DEACTIVATE', fromState: 'active', toState: 'inactive' });
    expect(dataOf(await t.api('GET', '/api/Common/GetAllBanner?type=CustomerServices')).items).toEqual([]);
    const visitorAll = dataOf(await t.api('GET', '/api/Common/GetAllBanner?type=CustomerServices&status=all'));
    expect(visitorAll.items).toEqual([]);
    const adminAll = dataOf(
      await t.api('GET', '/api/Common/GetAllBanner?type=CustomerServices&status=all', { token: admin }),
    );
    expect(adminAll.items.map((x: any) => [x.id, x.status])).toEqual([[b.id, false]]);
    const shown = dataOf(await t.api('PUT', `/api/Common/ChangeBannerStatus?id=${b.id}&status=true`, { token: admin }));
    expect(shown.status).toBe(true);
    expect(dataOf(await t.api('GET', '/api/Common/GetAllBanner?type=CustomerServices')).total).toBe(1);
    expect((await t.api('PUT', '/api/Common/ChangeBannerStatus?id=999999&status=true', { token: admin })).status).toBe(
      404,
    );
    const badStatus = await t.api('PUT', `/api/Common/ChangeBannerStatus?id=${b.id}&status=maybe`, { token: admin });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.errors[0].field).toBe('status');
  });

  it('caches the public list with an ETag and drops it when a banner changes', async () => {
    const url = '/api/Common/GetAllBanner?type=Home';
    const first = await t.api('GET', url);
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect((await t.api('GET', url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const b = dataOf(await addBanner({ type: 'Home', imagebase64Data: b64(png(5, 5)) }), 201);
    const second = await t.api('GET', url, { headers: { 'if-none-match': etag } });
    expect(second.status).toBe(200);
    expect(second.body.data.items.map((x: any) => x.id)).toContain(b.id);

    // Deleting removes the banner and its picture.
    dataOf(await t.api('DELETE', `/api/Common/DeleteBanner?id=${b.id}`, { token: admin }));
    expect(fs.existsSync(fileOf(t, b.imageUrl))).toBe(false);
    const third = await t.api('GET', url, { headers: { 'if-none-match': second.headers.get('etag')! } });
    expect(third.status).toBe(200);
    expect(third.body.data.items.map((x: any) => x.id)).not.toContain(b.id);
    expect((await t.api('DELETE', `/api/Common/DeleteBanner?id=${b.id}`, { token: admin })).status).toBe(404);
  });
});
