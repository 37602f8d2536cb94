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
import { type PaintedPath, type RoutesManifest, routeMatcher, routesFromTree } from './client-build';
import { PAINTED_PAGES, paintedHtml } from './painted-pages';

// The home page's words live with the other painted pages; tests read them from here too.
export { HOME_HERO } from './painted-pages';

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

  // The pages painted from the HTML (painted-pages.ts): index.html with their first reads, picture and top. Routes
  // (not the not-found handler below), so the compression plugin compresses them like any dynamic reply; the app's
  // router options make them match in any case and with a trailing slash, as the client's router does.
  if (serveClient) {
    for (const [pagePath, page] of Object.entries(PAINTED_PAGES)) {
      const preloads = manifest?.preloads?.[pagePath as PaintedPath] ?? [];
      app.get(pagePath, async (req, reply) => {
        const index = await fs.promises.readFile(path.join(dist, 'index.html'), 'utf8');
        const html = await paintedHtml(app, page, req.query as Record<string, unknown>, index, preloads);
        return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
      });
    }
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
      .send({
        status: 'false',
        title: 'Not found',
        detail: `No route ${req.method} ${pathname}`,
        errors: [],
        requestId: String(req.id),
      });
  });
});
