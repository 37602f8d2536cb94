// Serving the built app over HTTP: precompressed assets by Accept-Encoding, compressed API JSON above 1 KB, cache
// headers, 404 for unknown URLs (with the app's page) and 200 for the app's paths, the pages painted from the HTML
// (the home and a service's page), robots.txt and sitemap.xml.
// The client folder is a small fixture made with the build's own steps (routes manifest, precompress), not a vite
// build: the same code, without a minute of bundling.
import fs from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { HOME_HERO } from '../../server/plugins/client';
import { precompress, routeMatcher, routesFromTree } from '../../server/plugins/client-build';
import { b64, catalogueApi, dataOf, png } from '../support/catalogue';
import { startTestServer, type TestServer } from '../support/server';

const root = path.resolve(import.meta.dirname, '../..');
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-serving-'));
// A hashed asset of a realistic, compressible size, and an index.html that names it.
const JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
const INDEX = `<!doctype html><html lang="en"><head><title>Doorstep</title><script type="module" src="/assets/index-AbC123xy.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

let t: TestServer;
let app: FastifyInstance;
let base: string;

/** A raw HTTP GET (fetch would decompress and hide the bytes): status, headers and the body as sent. */
function get(p: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(base + p, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-AbC123xy.js'), JS);
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const manifest = routesFromTree(fs.readFileSync(path.join(root, 'src/routeTree.gen.ts'), 'utf8'));
  // The painted pages' route chunks, as the build records them.
  const preloads = { '/': ['/assets/home-Aa1.js'], '/ServicesDetails': ['/assets/service-Bb2.js'] };
  fs.writeFileSync(path.join(clientDir, 'routes.json'), JSON.stringify({ ...manifest, preloads }));
  await precompress(clientDir);

  t = await startTestServer();
  // A second app on the same database, serving the fixture client (the shared test server serves none).
  app = await buildApp(
    {
      ...loadConfig({}),
      dataDir: t.dataDir,
      clientDir,
      serveClient: true,
      logLevel: 'silent',
      rateLimits: false,
      publicUrl: null,
    },
    { db: t.db, kind: 'pglite', migrate: async () => {}, close: async () => {} },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('the build steps', () => {
  it('precompresses text files of 1 KB or more, brotli and gzip, that decompress to the original', () => {
    const js = path.join(clientDir, 'assets', 'index-AbC123xy.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(JS);
    expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(JS);
    expect(fs.statSync(`${js}.br`).size).toBeLessThan(JS.length / 4);
    // Too small to be worth it.
    expect(fs.existsSync(path.join(clientDir, 'favicon.svg.br'))).toBe(false);
  });

  it('lists the page paths of the route tree, and which are public', () => {
    const m = JSON.parse(fs.readFileSync(path.join(clientDir, 'routes.json'), 'utf8'));
    expect(m.paths).toEqual(expect.arrayContaining(['/', '/Services', '/ServicesDetails', '/Category/CategoryList']));
    expect(m.publicPaths).toEqual(expect.arrayContaining(['/', '/Services', '/About']));
    expect(m.publicPaths).not.toContain('/Category/CategoryList');
  });

  it('matches paths as the router does: any case, trailing slash, parameters, optional segments and splats', () => {
    const is = routeMatcher([
      '/',
      '/About',
      '/orders/$orderId',
      '/docs/{-$lang}/intro',
      '/files/$',
      '/f/file{$id}.txt',
    ]);
    for (const ok of ['/', '/About', '/about/', '/orders/42', '/ORDERS/a%20b', '/docs/intro', '/docs/en/intro'])
      expect(is(ok), ok).toBe(true);
    for (const ok of ['/files', '/files/a/b/c', '/f/file7.txt']) expect(is(ok), ok).toBe(true);
    for (const no of ['/Abouts', '/orders', '/orders/1/2', '/docs/en/fr/intro', '/nope', '/f/file.txt', '/%E0%A4%A'])
      expect(is(no), no).toBe(false);
  });
});

describe('static assets', () => {
  it('sends a hashed script as brotli when accepted, gzip otherwise, plain without Accept-Encoding; cached for a year', async () => {
    const p = '/assets/index-AbC123xy.js';
    const br = await get(p, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(JS);

    const gz = await get(p, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(JS);

    const plain = await get(p);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(JS);
  });

  it('serves index.html for a page with no-cache, compressed', async () => {
    const res = await get('/Services', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(INDEX);
  });
});

describe('the home page', () => {
  it("inlines the home page's first reads and preloads its first banner picture, compressed", async () => {
    const c = catalogueApi(t);
    const token = await c.admin();
    const cat = await c.category('Inlined on the home page', { image: b64(png(32, 32)), fileName: 'h.png' });
    const banner = dataOf<{ id: number }>(
      await t.api('POST', '/api/Common/AddBanner', {
        token,
        body: {
          type: 'Home',
          path: `/SubCategory?categoryId=${cat.id}`,
          imagebase64Data: b64(png(300, 100)),
          fileName: 'b.png',
        },
      }),
      201,
    );

    const res = await get('/', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(res.body).toString();
    // The first banner is painted from the HTML, hidden from assistive technology, so the first paint does not wait
    // for the scripts, which go after the picture and the stylesheet.
    expect(html).toContain('<script type="module" fetchpriority="low" src="/assets/index-AbC123xy.js"></script>');
    const painted = /<div id="root">(.*?)<\/div>\s*<!--/s.exec(html)?.[1] ?? '';
    expect(painted).toMatch(/^<div aria-hidden="true"/);
    expect(painted).toContain(`>${HOME_HERO.title}</p>`);
    expect(painted).toMatch(/<img src="\/uploads\/[^"]+" srcset="[^"]+" sizes="[^"]+" alt="" /);

    const block = /<script type="application\/json" id="doorstep-home-data">(.*?)<\/script>/s.exec(html);
    expect(block).not.toBeNull();
    const reads = JSON.parse(block![1]);
    expect(Object.keys(reads).sort()).toEqual(['banners', 'categories', 'launches']);
    expect(reads.categories.data.items.map((x: { id: number }) => x.id)).toContain(cat.id);
    const banners = reads.banners.data.items as { id: number; imageUrl: string }[];
    expect(banners.map((b) => b.id)).toContain(banner.id);
    expect(Array.isArray(reads.launches.data)).toBe(true);

    // The first banner picture is preloaded with the srcset and sizes the carousel gives it.
    const first = banners.find((b) => b.imageUrl)!.imageUrl;
    const stem = first.replace(/\.png$/, '');
    expect(html).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${first}" imagesrcset="${stem}-480.webp 480w, ${stem}-960.webp 960w, ${stem}-1600.webp 1600w" imagesizes="(max-width: 1232px) calc(100vw - 32px), 1200px">`,
    );
  });
});

describe("a service's page", () => {
  /** The served page for a path, decompressed, with what a painted page carries. */
  async function servicePage(p: string) {
    const res = await get(p, { 'accept-encoding': 'br' });
    expect(res.status, p).toBe(200);
    expect(res.headers['content-type'], p).toMatch(/^text\/html/);
    expect(res.headers['cache-control'], p).toBe('no-cache');
    expect(res.headers['content-encoding'], p).toBe('br');
    const html = zlib.brotliDecompressSync(res.body).toString();
    const block = /<script type="application\/json" id="doorstep-service-data">(.*?)<\/script>/s.exec(html);
    return {
      html,
      reads: block ? JSON.parse(block[1]) : null,
      painted: /<div id="root">(.*?)<\/div>\s*<!--/s.exec(html)?.[1] ?? '',
      preloads: [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]),
    };
  }

  it("inlines the service's read, preloads its picture and paints its heading and picture, in any case", async () => {
    const c = catalogueApi(t);
    const cat = await c.category('Painted cleaning');
    const sub = await c.subCategory(cat.id, 'Painted sofas');
    const svc = await c.service(sub.id, 'Painted three-seater shampoo', { image: b64(png(90, 60)), fileName: 's.png' });

    for (const p of [`/ServicesDetails?id=${svc.id}`, `/servicesdetails/?id=${svc.id}`]) {
      const { html, reads, painted, preloads } = await servicePage(p);
      // The page's first read, as the API answers it.
      expect(Object.keys(reads), p).toEqual(['service']);
      expect(reads.service.data).toMatchObject({ id: svc.id, heading: 'Painted three-seater shampoo' });
      const picture = reads.service.data.imageUrl as string;
      expect(picture).toMatch(/^\/uploads\/services\/[0-9a-f]{32}\.png$/);
      // The original picture, as the page shows it (no variants): preloaded first, and painted.
      expect(preloads, p).toEqual([`<link rel="preload" as="image" fetchpriority="high" href="${picture}">`]);
      expect(painted).toMatch(/^<div aria-hidden="true"/);
      expect(painted).toContain(`<img src="${picture}" alt="" width="720" height="480" fetchpriority="high" `);
      expect(painted).toContain('>Painted three-seater shampoo</p>');
      expect(painted).toContain('>Painted sofas · Painted cleaning</p>');
      // The first paint no longer waits for the scripts; the page's own route chunks come with the entry.
      expect(html).toContain('<script type="module" fetchpriority="low" src="/assets/index-AbC123xy.js"></script>');
      expect(html).toContain(
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/service-Bb2.js">',
      );
      expect(html).not.toContain('home-Aa1.js');
    }
  });

  it("puts each painted page's route chunks into that page only", async () => {
    const home = zlib.brotliDecompressSync((await get('/', { 'accept-encoding': 'br' })).body).toString();
    expect(home).toMatch(/<link rel="modulepreload" (fetchpriority="low" )?crossorigin href="\/assets\/home-Aa1.js">/);
    expect(home).not.toContain('service-Bb2.js');
    for (const p of ['/Services', '/UserCart']) {
      const other = (await get(p)).body.toString();
      expect(other, p).not.toMatch(/home-Aa1|service-Bb2/);
    }
  });

  it('escapes what comes from data: a heading with markup stays text, in the painted top and in the data', async () => {
    const c = catalogueApi(t);
    const cat = await c.category('Painted <b>bold</b> & co');
    const sub = await c.subCategory(cat.id, 'Painted "quoted" \'subs\'');
    const heading = `Sofa </p><script>alert('x')</script> $& $' deep clean`;
    const svc = await c.service(sub.id, heading, { image: b64(png(30, 20)), fileName: 'x.png' });

    const { html, reads, painted } = await servicePage(`/ServicesDetails?id=${svc.id}`);
    expect(reads.service.data.heading).toBe(heading);
    // No markup from the data anywhere in the page: one script element for the page's own, one for the data.
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>bold');
    expect(html.match(/<script/g)).toHaveLength(2);
    // The data block: `<` escaped, so it cannot close its element.
    expect(/id="doorstep-service-data">(.*?)<\/script>/s.exec(html)![1]).not.toContain('<');
    // The painted heading and line: the same words, as text; `$&` and `$'` are themselves, not parts of the page.
    expect(painted).toContain(
      '>Sofa &lt;/p&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; $&amp; $&#39; deep clean</p>',
    );
    expect(painted).toContain(
      '>Painted &quot;quoted&quot; &#39;subs&#39; · Painted &lt;b&gt;bold&lt;/b&gt; &amp; co</p>',
    );
    expect(painted).toContain('>Painted &lt;b&gt;bold&lt;/b&gt; &amp; co</a>');
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
  });

  it('an id that does not exist, a withdrawn service or no id: the page as before, with nothing inlined or painted', async () => {
    const c = catalogueApi(t);
    const sub = await c.subCategory((await c.category('Painted withdrawn')).id, 'Painted withdrawn sub');
    const gone = await c.service(sub.id, 'Painted withdrawn service', { image: b64(png(30, 20)), fileName: 'g.png' });
    expect(await c.toggle('Services', gone.id)).toEqual({ id: gone.id, active: false });

    for (const p of [
      '/ServicesDetails?id=999999',
      `/ServicesDetails?id=${gone.id}`,
      '/ServicesDetails',
      '/ServicesDetails?id=abc',
    ]) {
      const { html, reads, painted, preloads } = await servicePage(p);
      expect(reads, p).toBeNull();
      expect(preloads, p).toEqual([]);
      expect(painted, p).toBe('');
      expect(html, p).not.toContain('Painted withdrawn service');
      // Nothing painted: the scripts keep their priority. The page still loads its route chunks at once.
      expect(html, p).toContain('<script type="module" src="/assets/index-AbC123xy.js"></script>');
      expect(html, p).toContain('<link rel="modulepreload" crossorigin href="/assets/service-Bb2.js">');
    }
  });
});

describe('API compression', () => {
  it('compresses a JSON reply above 1 KB with br or gzip, by Accept-Encoding', async () => {
    const plain = await get('/api/GetAllState');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const json = JSON.parse(plain.body.toString());

    const br = await get('/api/GetAllState', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(json);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);

    const gz = await get('/api/GetAllState', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(json);
  });

  it('leaves a reply under 1 KB alone, and a problem+json reply stays readable', async () => {
    const small = await get('/api/Common/GetZoneByID/abc', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(400);
    expect(small.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ status: 'false', errors: [expect.anything()] });
  });

  it('does not compress an uploaded picture a second time (a streamed file reply)', async () => {
    const c = catalogueApi(t);
    const cat = await c.category('Compression check', { image: b64(png(64, 64)), fileName: 'x.png' });
    const res = await get(cat.imageUrl, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(png(64, 64))).toBe(true);
  });
});

describe('unknown URLs', () => {
  it('answers 404 with the app (its router shows the not-found page) for a URL that is no page', async () => {
    for (const p of ['/no-such-page', '/Services/Nope', '/Admin/Extra/Deep']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.headers['content-type'], p).toMatch(/^text\/html/);
      expect(res.body.toString(), p).toBe(INDEX);
    }
  });

  it('answers 200 for the pages of the app, in any case, with a query or a trailing slash', async () => {
    for (const p of ['/', '/About', '/services?subCategoryId=3', '/ServicesDetails/?id=1', '/Category/CategoryList']) {
      expect((await get(p)).status, p).toBe(200);
    }
  });

  it('keeps problem+json 404s for the API, uploads and missing assets', async () => {
    for (const p of ['/api/Nope', '/uploads/categories/nope.png', '/assets/gone-123.js']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.headers['content-type'], p).toMatch(/^application\/problem\+json/);
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt keeps crawlers out of the staff areas and the API, and points to the sitemap', async () => {
    const res = await get('/robots.txt', { host: 'shop.example.in' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.toString().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const rule of ['Disallow: /api/', 'Disallow: /Admin', 'Disallow: /Category/', 'Disallow: /Dashboard/'])
      expect(lines).toContain(rule);
    // The public catalogue pages stay open: no rule is a prefix of them.
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice(10));
    for (const page of ['/', '/Services', '/Services?subCategoryId=1', '/SubCategory?categoryId=2', '/ServicesDetails'])
      expect(
        disallowed.some((d) => page.startsWith(d)),
        page,
      ).toBe(false);
    expect(lines).toContain('Sitemap: http://shop.example.in/sitemap.xml');
  });

  it('sitemap.xml lists the public pages and every active category, sub-category and service, with absolute URLs', async () => {
    const c = catalogueApi(t);
    const cat = await c.category('Sitemap cleaning');
    const sub = await c.subCategory(cat.id, 'Sitemap sofa cleaning');
    const svc = await c.service(sub.id, 'Sitemap three-seater');
    const hidden = await c.category('Sitemap hidden');
    expect(await c.toggle('Category', hidden.id)).toEqual({ id: hidden.id, active: false });

    const res = await get('/sitemap.xml', { host: 'shop.example.in' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const xml = res.body.toString();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replaceAll('&amp;', '&'));
    const site = 'http://shop.example.in';
    expect(locs).toEqual(
      expect.arrayContaining([
        `${site}/`,
        `${site}/Services`,
        `${site}/SubCategory?categoryId=${cat.id}`,
        `${site}/Services?subCategoryId=${sub.id}`,
        `${site}/ServicesDetails?id=${svc.id}`,
      ]),
    );
    expect(locs).not.toContain(`${site}/SubCategory?categoryId=${hidden.id}`);
    expect(locs.some((l) => /\/(Auth|Admin|Category\/)/.test(l))).toBe(false);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('uses PUBLIC_URL, when set, instead of the request host', async () => {
    const fixed = await buildApp(
      { ...loadConfig({ PUBLIC_URL: 'https://doorstep.example/' }), dataDir: t.dataDir, clientDir, logLevel: 'silent' },
      { db: t.db, kind: 'pglite', migrate: async () => {}, close: async () => {} },
    );
    try {
      const robots = await fixed.inject({ url: '/robots.txt', headers: { host: 'evil.example' } });
      expect(robots.body).toContain('Sitemap: https://doorstep.example/sitemap.xml');
      const map = await fixed.inject({ url: '/sitemap.xml', headers: { host: 'evil.example' } });
      expect(map.body).toContain('<loc>https://doorstep.example/</loc>');
      expect(map.body).not.toContain('evil.example');
    } finally {
      await fixed.close();
    }
  });
});
