// Serving the built single-page app: hashed assets and precompressed files, the page paths (200) versus unknown
// URLs (404 with the app's not-found page), robots.txt and sitemap.xml. Also the compression of dynamic replies.
// docs/decisions/009-public-page-serving.md.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type RoutesManifest, routeMatcher, routesFromTree } from './client-build';
import { VARIANT_WIDTHS } from './storage';

/**
 * Brotli or gzip for replies of 1 KB or more whose type compresses (JSON, problem+json, SVG...). Replies that
 * already carry a Content-Encoding (the precompressed static files) pass through untouched. Register it before any
 * route: it attaches itself to the routes added after it.
 */
export const compression = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4: most of brotli's gain for a fraction of its best level's time (these are per request).
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
});

/** The public pages listed in the sitemap besides the catalogue (sign-in and search pages are left out). */
const SITEMAP_PAGES = [
  '/',
  '/Services',
  '/NewLaunch',
  '/HomeImprovement',
  '/CustomerServices',
  '/About',
  '/PrivacyPolicy',
];
/** Paths that are never pages: an unknown one is a problem+json 404, not the app's page. */
const NOT_PAGES = /^\/(api|uploads|docs|assets)(\/|$)/i;

/** The page paths: the build's routes.json, else (a run without a fresh build) the router's generated tree. */
function loadManifest(dist: string): RoutesManifest | null {
  const built = path.join(dist, 'routes.json');
  if (fs.existsSync(built)) return JSON.parse(fs.readFileSync(built, 'utf8')) as RoutesManifest;
  const tree = path.join(import.meta.dirname, '..', '..', 'src', 'routeTree.gen.ts');
  return fs.existsSync(tree) ? routesFromTree(fs.readFileSync(tree, 'utf8')) : null;
}

/** PUBLIC_URL when set (production: a fixed, trusted origin), else the origin the request was made to. */
function baseUrl(app: FastifyInstance, req: FastifyRequest): string {
  return (app.config.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
}

const xml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Every item of a paged public read, through the app itself: the sitemap lists exactly what a visitor can open. */
async function allItems(app: FastifyInstance, url: string): Promise<{ id: number }[]> {
  const items: { id: number }[] = [];
  for (let page = 1; page <= 250; page++) {
    const res = await app.inject({
      method: 'GET',
      url: `${url}${url.includes('?') ? '&' : '?'}page=${page}&pageSize=200`,
    });
    if (res.statusCode !== 200) throw new Error(`sitemap: GET ${url} answered ${res.statusCode}`);
    const data = (res.json() as { data: { items: { id: number }[]; total: number } }).data;
    items.push(...data.items);
    if (data.items.length === 0 || items.length >= data.total) break;
  }
  return items;
}

/**
 * The public reads the home page makes first (the queries of src/api/storefront.ts; `primeHomeReads` reads them), inlined into
 * the page at `/` so its first render needs no API round trip. Keys are the names the client looks up.
 */
export const HOME_READS = {
  banners: '/api/Common/GetAllBanner?type=Home&page=1&pageSize=20&sort=id&order=asc',
  categories: '/api/Common/GetAllCategory?page=1&pageSize=200&sort=categoryName&order=asc',
  launches: '/api/Common/GetNewServiceForNoti',
} as const;
/** The home page's hero (src/routes/_public/index.tsx), for its first paint; tests/e2e/storefront-perf.test.ts checks
 * that they match. */
export const HOME_HERO = {
  title: 'Home services, at your doorstep',
  lead: 'Verified professionals for cleaning, repairs, painting, appliances and more — with upfront prices that already include GST.',
};
/** The `sizes` of the home carousel's pictures (BannerCarousel.tsx): the preload must ask for what the page uses. */
const BANNER_SIZES = '(max-width: 1232px) calc(100vw - 32px), 1200px';
/** An uploaded raster picture, which has `-480/-960/-1600.webp` variants (storage.ts `variantNames`). */
const UPLOADED = /^(\/uploads\/[a-z0-9-]+\/[0-9a-f]{32})\.(jpg|png|webp)$/;

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON safe inside a <script> element (no `</script>`, no `<!--`, no line separators that break old parsers). */
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * index.html for `/` with the home page's first reads inlined (a JSON data block, not a script: the content security
 * policy is unaffected) and a high-priority preload of the first banner picture, so the picture downloads with the
 * entry script instead of after the app has rendered. A read that fails is left out; the page then asks for it.
 */
async function homeHtml(app: FastifyInstance, html: string): Promise<string> {
  const bodies: Record<string, unknown> = {};
  await Promise.all(
    Object.entries(HOME_READS).map(async ([name, url]) => {
      const res = await app.inject({ method: 'GET', url });
      if (res.statusCode === 200) bodies[name] = res.json();
    }),
  );
  const head: string[] = [];
  const banners = (bodies.banners as { data?: { items?: { imageUrl?: string | null }[] } } | undefined)?.data?.items;
  const first = banners?.find((b) => b.imageUrl)?.imageUrl;
  let firstPaint = '';
  if (first) {
    const m = UPLOADED.exec(first);
    const srcset = m ? VARIANT_WIDTHS.map((w) => `${m[1]}-${w}.webp ${w}w`).join(', ') : null;
    const pictureAttrs = srcset ? ` srcset="${attr(srcset)}" sizes="${attr(BANNER_SIZES)}"` : '';
    head.push(
      `<link rel="preload" as="image" fetchpriority="high" href="${attr(first)}"${
        srcset ? ` imagesrcset="${attr(srcset)}" imagesizes="${attr(BANNER_SIZES)}"` : ''
      }>`,
    );
    // The home page's top, painted from the HTML before any script has run: the hero's words and the first banner,
    // laid out as the page lays them out (header 65 px, page padding, hero, 40 px gap), so the banner does not move
    // when the app's first render replaces this (createRoot empties #root). The picture is 8 px wider than the
    // carousel's, so the carousel's is not a later, larger paint. Padding, not margin: a margin would collapse through
    // #root and shift the body when it goes. Hidden from assistive technology: the page that replaces it says it all.
    firstPaint =
      '<div aria-hidden="true" style="padding-top:65px"><div style="box-sizing:border-box;max-width:1200px;' +
      'margin:0 auto;padding:24px 16px 0;display:flex;flex-direction:column;gap:40px">' +
      '<div style="display:flex;flex-direction:column;gap:8px">' +
      `<p style="margin:0;font-size:clamp(1.6rem, 1.2rem + 1.6vw, 2.2rem);font-weight:750;line-height:1.25">${HOME_HERO.title}</p>` +
      `<p style="margin:0;font-size:1.05rem;max-width:70ch;opacity:.75">${HOME_HERO.lead}</p></div>` +
      `<img src="${attr(first)}"${pictureAttrs} alt="" width="1200" height="400" fetchpriority="high" ` +
      'style="display:block;width:calc(100% + 8px);max-width:none;margin:0 -4px;height:auto;border-radius:12px"></div></div>';
  }
  head.push(`<script type="application/json" id="doorstep-home-data">${scriptJson(bodies)}</script>`);
  let page = html
    .replace('</title>', `</title>\n    ${head.join('\n    ')}`)
    .replace('<div id="root"></div>', `<div id="root">${firstPaint}</div>`);
  // With the first banner in the HTML, the first paint no longer waits for the scripts: they need not go before the
  // picture and the stylesheet.
  if (firstPaint) {
    page = page
      .replaceAll('<script type="module"', '<script type="module" fetchpriority="low"')
      .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
  }
  return page;
}

export default fp(async (app: FastifyInstance) => {
  const dist = app.config.clientDir;
  const serveClient = app.config.serveClient && fs.existsSync(path.join(dist, 'index.html'));
  const manifest = loadManifest(dist);
  if (serveClient && !manifest) app.log.warn('No routes.json or routeTree.gen.ts: every page path answers 200');
  const isPage = manifest ? routeMatcher(manifest.paths) : () => true;

  if (serveClient) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      // `x.js.br` / `x.js.gz` made by the build, chosen by Accept-Encoding (Vary set by the plugin).
      preCompressed: true,
      setHeaders: (res, file) => {
        res.header(
          'Cache-Control',
          // Hashed names never change content; everything else (index.html, favicon, boot script) revalidates.
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // The home page: index.html with its first reads inlined. A route (not the not-found handler below), so the
  // compression plugin compresses it like any dynamic reply.
  if (serveClient) {
    app.get('/', async (_req, reply) => {
      const html = await homeHtml(app, await fs.promises.readFile(path.join(dist, 'index.html'), 'utf8'));
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
    });
  }

  // Staff areas (every page outside the public layout), the API and its reference are not for search engines.
  const staffPrefixes = [
    ...new Set(
      (manifest?.paths ?? []).filter((p) => !manifest?.publicPaths.includes(p)).map((p) => `/${p.split('/')[1]}/`),
    ),
  ].sort();
  app.get('/robots.txt', (req, reply) => {
    const lines = [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /docs',
      'Disallow: /Admin',
      ...staffPrefixes.map((p) => `Disallow: ${p}`),
      'Allow: /',
      '',
      `Sitemap: ${baseUrl(app, req)}/sitemap.xml`,
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(`${lines.join('\n')}\n`);
  });

  app.get('/sitemap.xml', async (req, reply) => {
    const base = baseUrl(app, req);
    const pages = SITEMAP_PAGES.filter((p) => !manifest || manifest.publicPaths.includes(p));
    // The links as the storefront makes them (parts.tsx, SubCategoryPage.tsx).
    const [categories, subCategories, services] = await Promise.all([
      allItems(app, '/api/Common/GetAllCategory'),
      allItems(app, '/api/Common/GetAllSubCategory'),
      allItems(app, '/api/Common/GetAllServices'),
    ]);
    const urls = [
      ...pages,
      ...categories.map((c) => `/SubCategory?categoryId=${c.id}`),
      ...subCategories.map((s) => `/Services?subCategoryId=${s.id}`),
      ...services.map((s) => `/ServicesDetails?id=${s.id}`),
    ].slice(0, 50_000); // the sitemap protocol's limit per file
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map((u) => `  <url><loc>${xml(base + u)}</loc></url>`),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'no-cache').send(body);
  });

  // A page path gets the app (200); any other page-like GET gets the app with 404, whose router shows its
  // not-found page; the rest is a problem+json 404.
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const pathname = req.url.split('?')[0];
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !NOT_PAGES.test(pathname);
    if (serveClient && wantsPage) {
      return reply
        .code(isPage(pathname) ? 200 : 404)
        .header('Cache-Control', 'no-cache')
        .sendFile('index.html', dist);
    }
    return reply
      .code(404)
      .type('application/problem+json')
      .send({ status: 'false', title: 'Not found', detail: `No route ${req.method} ${pathname}`, errors: [] });
  });
});
