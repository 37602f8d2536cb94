// Uploaded pictures get WebP variants (480, 960, 1600 px wide at most, never enlarged) next to the original, made
// with sharp at upload time; the storefront's srcset names exactly those files; replacing a picture removes them.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Storage, VARIANT_WIDTHS, variantNames } from '../../server/plugins/storage';
import { srcsetOf } from '../../src/routes/-components/storefront/images';
import { b64, catalogueApi, dataOf, fileOf } from '../support/catalogue';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let c: ReturnType<typeof catalogueApi>;
beforeAll(async () => {
  t = await startTestServer();
  c = catalogueApi(t);
});
afterAll(() => t?.close());

/** A real picture of the given size (a gradient, so the encoders have something to do). */
const picture = (width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 140 } } })
    [format]()
    .toBuffer();

/** The srcset's candidates: URL and width descriptor. */
const candidates = (srcset: string) =>
  srcset.split(', ').map((c) => {
    const [url, w] = c.split(' ');
    return { url, w: Number(w.replace(/w$/, '')) };
  });

describe('picture variants', () => {
  it('makes 480, 960 and 1600 px WebP variants of a large upload, beside it, and the srcset names them', async () => {
    const cat = await c.category('Variants large', { image: b64(await picture(2400, 800)), fileName: 'big.jpg' });
    // The stored URL is unchanged (the original, as uploaded).
    expect(cat.imageUrl).toMatch(/^\/uploads\/categories\/[0-9a-f]{32}\.jpg$/);
    const srcset = srcsetOf(cat.imageUrl);
    expect(srcset).toBeDefined();
    const list = candidates(srcset!);
    expect(list.map((x) => x.w)).toEqual([...VARIANT_WIDTHS]);
    for (const { url, w } of list) {
      const res = await fetch(t.url + url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(w);
      expect(meta.height).toBe(Math.round((w * 800) / 2400));
    }
  });

  it('never enlarges: a 700 px picture gives a 480 px variant and 700 px ones for the larger names', async () => {
    const cat = await c.category('Variants small', { image: b64(await picture(700, 350, 'png')), fileName: 's.png' });
    const widths = await Promise.all(
      candidates(srcsetOf(cat.imageUrl)!).map(async ({ url }) => (await sharp(fileOf(t, url)).metadata()).width),
    );
    expect(widths).toEqual([480, 700, 700]);
  });

  it('applies the EXIF orientation (a portrait phone photo stays portrait)', async () => {
    // Stored landscape 800x400, tagged "rotate 90° clockwise to view".
    const rotated = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const cat = await c.category('Variants rotated', { image: b64(rotated), fileName: 'r.jpg' });
    const first = candidates(srcsetOf(cat.imageUrl)!)[0];
    const meta = await sharp(fileOf(t, first.url)).metadata();
    expect([meta.width, meta.height]).toEqual([400, 800]);
  });

  it('replacing a picture removes the old one and its variants', async () => {
    const cat = await c.category('Variants replaced', { image: b64(await picture(1000, 500)), fileName: 'a.jpg' });
    const old = [cat.imageUrl, ...candidates(srcsetOf(cat.imageUrl)!).map((x) => x.url)].map((u) => fileOf(t, u));
    for (const f of old) expect(fs.existsSync(f), f).toBe(true);
    const admin = await t.tokenFor('A');
    const updated = dataOf(
      await t.api('PATCH', `/api/Common/UpdateCategory/${cat.id}`, {
        token: admin,
        body: { image: b64(await picture(900, 300, 'png')), fileName: 'b.png' },
      }),
    );
    expect(updated.imageUrl).not.toBe(cat.imageUrl);
    for (const f of old) expect(fs.existsSync(f), f).toBe(false);
    for (const { url } of candidates(srcsetOf(updated.imageUrl)!))
      expect(fs.existsSync(fileOf(t, url)), url).toBe(true);
  });

  it('a picture whose magic bytes pass but which cannot be decoded is refused with 400 naming the field', async () => {
    const png = await picture(50, 50, 'png');
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    const res = await t.api('POST', '/api/Common/AddCategory', {
      token: await t.tokenFor('A'),
      body: { categoryName: 'Variants broken', image: b64(broken), fileName: 'x.png' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'image' })]);
  });

  it('SVGs, videos and the demo seed get no srcset', () => {
    expect(srcsetOf('/uploads/demo/banner-deep-cleaning.svg')).toBeUndefined();
    expect(srcsetOf('/uploads/media/0123456789abcdef0123456789abcdef.mp4')).toBeUndefined();
    expect(variantNames('0123456789abcdef0123456789abcdef.webm')).toEqual([]);
  });

  it('makes the missing variants of pictures stored before variants existed, at start', async () => {
    const dir = fs.mkdtempSync(path.join(t.dataDir, 'backfill-'));
    fs.mkdirSync(path.join(dir, 'banners'));
    const name = '0123456789abcdef0123456789abcdef.png';
    fs.writeFileSync(path.join(dir, 'banners', name), await picture(1200, 400, 'png'));
    const storage = new Storage(dir);
    expect(await storage.backfillVariants()).toBe(1);
    for (const v of variantNames(name)) expect(fs.existsSync(path.join(dir, 'banners', v)), v).toBe(true);
    // Once made, nothing to do.
    expect(await storage.backfillVariants()).toBe(0);
  });
});
