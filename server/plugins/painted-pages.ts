// Pages painted from the HTML (docs/decisions/009-public-page-serving.md, its addenda): for a public page whose first
// paint would otherwise wait for the whole chain (HTML, entry, route chunks, API read, render, picture), the server
// answers index.html with the page's first public reads inlined, a high-priority preload of its main picture, its
// route chunks as modulepreloads, and the top of the page painted inside #root from the same reads. No front-end code
// runs here: the top is a string laid out as the page lays it out, which the app's first render replaces.
import type { FastifyInstance } from 'fastify';
import type { PaintedPath } from './client-build';
import { VARIANT_WIDTHS } from './storage';

/** The API replies the page reads first, by the names the client files them under; a failed read is left out. */
type Bodies = Record<string, unknown>;

/** A picture as the page asks for it: the same URL, srcset and sizes, so the preload is the request the page makes. */
interface Picture {
  src: string;
  srcset?: string;
  sizes?: string;
}

export interface PaintedPage {
  /** Names the data block, `doorstep-<name>-data`, that `primePaintedPage` (src/api/storefront.ts) reads. */
  name: string;
  /** The public API reads the page makes first (its query options in src/api/storefront.ts), from the URL's query. */
  reads(query: Record<string, unknown>): Record<string, string>;
  /** The top of the page from the reads that succeeded, with the picture to preload; null paints nothing. */
  top(bodies: Bodies): { picture: Picture; html: string } | null;
}

/** Text or an attribute value from data (admin-entered names): nothing in it can open a tag or close a quote. */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON safe inside a <script> element (no `</script>`, no `<!--`, no line separators that break old parsers). */
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** An uploaded raster picture, which has `-480/-960/-1600.webp` variants (storage.ts `variantNames`). */
const UPLOADED = /^(\/uploads\/[a-z0-9-]+\/[0-9a-f]{32})\.(jpg|png|webp)$/;
/** A picture with the srcset the client builds for it (src/routes/-components/storefront/images.ts). */
function responsive(src: string, sizes: string): Picture {
  const m = UPLOADED.exec(src);
  return m ? { src, srcset: VARIANT_WIDTHS.map((w) => `${m[1]}-${w}.webp ${w}w`).join(', '), sizes } : { src };
}
const pictureAttrs = (p: Picture) =>
  `src="${escapeHtml(p.src)}"${p.srcset ? ` srcset="${escapeHtml(p.srcset)}" sizes="${escapeHtml(p.sizes ?? '')}"` : ''}`;

/**
 * The public page around a painted top: below the header (64 px and its 1 px border, PublicLayout.css.ts), in the
 * page's column (storefront.css.ts `page`: 1200 px, 24 px above, 16 px at the sides, 40 px between sections).
 * Padding, not a top margin: a margin would collapse through #root and shift the body when the box goes. Hidden from
 * assistive technology: the page that replaces it says it all.
 */
const pageBox = (inner: string) =>
  '<div aria-hidden="true" style="padding-top:65px"><div style="box-sizing:border-box;max-width:1200px;' +
  `margin:0 auto;padding:24px 16px 0;display:flex;flex-direction:column;gap:40px">${inner}</div></div>`;
/** storefront.css.ts `heroTitle` (an h1's line height, global.css.ts). */
const TITLE =
  'margin:0;font-size:clamp(1.6rem, 1.2rem + 1.6vw, 2.2rem);font-weight:750;line-height:1.25;overflow-wrap:anywhere';
/** The muted colour of storefront text (`muted`), near enough without the theme's variables. */
const MUTED = 'opacity:.75';

/**
 * The public reads the home page makes first (its loader's queries; `primePaintedPage` files them), inlined into the
 * page at `/` so its first render needs no API round trip.
 */
const HOME_READS = {
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

/** `/`: the hero's two lines and the first banner, when a banner has a picture. */
const home: PaintedPage = {
  name: 'home',
  reads: () => HOME_READS,
  top(bodies) {
    const banners = (bodies.banners as { data?: { items?: { imageUrl?: string | null }[] } } | undefined)?.data?.items;
    const first = banners?.find((b) => b.imageUrl)?.imageUrl;
    if (!first) return null;
    const picture = responsive(first, BANNER_SIZES);
    // The hero, then the banner 40 px below it. The picture is 8 px wider than the carousel's, so the carousel's is
    // not a later, larger paint.
    const html = pageBox(
      '<div style="display:flex;flex-direction:column;gap:8px">' +
        `<p style="${TITLE}">${escapeHtml(HOME_HERO.title)}</p>` +
        `<p style="margin:0;font-size:1.05rem;max-width:70ch;${MUTED}">${escapeHtml(HOME_HERO.lead)}</p></div>` +
        `<img ${pictureAttrs(picture)} alt="" width="1200" height="400" fetchpriority="high" ` +
        'style="display:block;width:calc(100% + 8px);max-width:none;margin:0 -4px;height:auto;border-radius:12px">',
    );
    return { picture, html };
  },
};

/** A page's id as the router reads `?id=` (src/routes/-components/storefront/search.ts `posInt`), or undefined. */
function positiveId(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
}

/** The words of the service page's top that are not data (STOREFRONT in storefront/words.ts); the e2e test checks. */
const SERVICE_TOP = { crumbHome: 'Home', separator: '›' };

/** What the service's top needs of the API's `ServiceDetail`. */
interface ServiceDetail {
  id: number;
  heading: string;
  categoryName: string;
  subCategoryName: string;
  imageUrl: string | null;
  media: { type: string; url: string }[];
}

/**
 * The service page's grid (storefront.css.ts `detail`: the picture's column and the panel's, one column up to
 * 860 px) and its panel's padding (`panel`: 16 px up to 600 px). Media queries need a style element; it is in the
 * painted box, and goes with it.
 */
const SERVICE_STYLE =
  '<style>.painted-detail{display:grid;grid-template-columns:minmax(0,3fr) minmax(260px,2fr);gap:24px;' +
  'align-items:start}@media (max-width: 860px){.painted-detail{grid-template-columns:minmax(0,1fr)}}' +
  '.painted-panel{padding:24px}@media (max-width: 600px){.painted-panel{padding:16px}}</style>';

/**
 * `/ServicesDetails?id=`: the breadcrumbs, the service's main picture and the top of its panel (heading, with room for
 * the favourite heart, and its sub-category line), as ServiceDetails.tsx lays them out. An id the API does not
 * answer (unknown, or withdrawn) paints nothing: the page says the service is not available.
 */
const service: PaintedPage = {
  name: 'service',
  reads(query): Record<string, string> {
    const id = positiveId(query.id);
    return id ? { service: `/api/Common/GetServicesByID/${id}` } : {};
  },
  top(bodies) {
    const s = (bodies.service as { data?: ServiceDetail } | undefined)?.data;
    // The page's cover: the service's picture, else its first uploaded one.
    const cover = s && (s.imageUrl ?? s.media.find((m) => m.type === 'image')?.url);
    if (!s || !cover) return null;
    // The original, as the page shows it (`responsive={false}`).
    const picture: Picture = { src: cover };
    const sep = `<span style="margin-inline-end:4px;${MUTED}">${SERVICE_TOP.separator}</span>`;
    // Placeholder links (no href: not focusable) take the links' colour from the stylesheet.
    const crumb = (text: string, first = false) =>
      `<span>${first ? '' : sep}<a style="text-decoration:underline">${escapeHtml(text)}</a></span>`;
    const crumbs =
      '<div style="display:flex;flex-wrap:wrap;gap:4px;font-size:.875rem">' +
      crumb(SERVICE_TOP.crumbHome, true) +
      crumb(s.categoryName) +
      crumb(s.subCategoryName) +
      `<span>${sep}<span style="${MUTED}">${escapeHtml(s.heading)}</span></span></div>`;
    // The picture is 8 px wider (and so 16/3 px taller at 3:2) than the page's, so the page's is not a later, larger
    // paint; the negative bottom margin keeps what follows where the page has it.
    const gallery =
      `<div style="min-width:0"><img ${pictureAttrs(picture)} alt="" width="720" height="480" fetchpriority="high" ` +
      'style="display:block;width:calc(100% + 8px);max-width:none;margin:0 -4px calc(-16px / 3);height:auto;' +
      'aspect-ratio:3 / 2;object-fit:cover;border-radius:14px"></div>';
    // The panel's frame is the theme's, which this cannot name: a transparent border keeps the heading in place.
    const panel =
      '<div class="painted-panel" style="border:1px solid transparent;display:flex;flex-direction:column;gap:8px">' +
      '<div style="display:flex;align-items:flex-start;justify-content:space-between;gap:12px">' +
      `<p style="${TITLE}">${escapeHtml(s.heading)}</p><span style="flex:none;width:40px;height:40px"></span></div>` +
      `<p style="margin:0;${MUTED}">${escapeHtml(s.subCategoryName)} · ${escapeHtml(s.categoryName)}</p></div>`;
    return { picture, html: pageBox(`${SERVICE_STYLE}${crumbs}<div class="painted-detail">${gallery}${panel}</div>`) };
  },
};

/** The pages painted from the HTML, by path; the build records each one's route chunks (vite.config.ts). */
export const PAINTED_PAGES: Record<PaintedPath, PaintedPage> = { '/': home, '/ServicesDetails': service };

/**
 * index.html for a painted page: its first reads (a JSON data block, not a script: the content security policy is
 * unaffected), its route chunks as modulepreloads, and, when the reads give it a top, the main picture's preload and
 * the top inside #root. With the top in the HTML the first paint no longer waits for the scripts, so they go after
 * the picture and the stylesheet (`fetchpriority="low"`).
 */
export async function paintedHtml(
  app: FastifyInstance,
  page: PaintedPage,
  query: Record<string, unknown>,
  html: string,
  preloads: string[],
): Promise<string> {
  const bodies: Bodies = {};
  await Promise.all(
    Object.entries(page.reads(query)).map(async ([name, url]) => {
      const res = await app.inject({ method: 'GET', url });
      if (res.statusCode === 200) bodies[name] = res.json();
    }),
  );
  const top = page.top(bodies);
  const head: string[] = [];
  if (top) {
    const { src, srcset, sizes } = top.picture;
    head.push(
      `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(src)}"${
        srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes ?? '')}"` : ''
      }>`,
    );
  }
  if (Object.keys(bodies).length) {
    head.push(`<script type="application/json" id="doorstep-${page.name}-data">${scriptJson(bodies)}</script>`);
  }
  // Replacer functions: a `$&` or `$'` in the data must stay text, not name a part of the match.
  let out = html
    .replace('</title>', () => ['</title>', ...head].join('\n    '))
    .replace('</head>', () =>
      [...preloads.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`), '</head>'].join('\n  '),
    )
    .replace('<div id="root"></div>', () => `<div id="root">${top?.html ?? ''}</div>`);
  if (top) {
    out = out
      .replaceAll('<script type="module"', '<script type="module" fetchpriority="low"')
      .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
  }
  return out;
}
