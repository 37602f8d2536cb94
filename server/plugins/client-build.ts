// What the build adds for serving the single-page app (used by vite.config.ts, the server and the tests; no React or
// router code here): the app's page paths, so an unknown URL gets 404, and precompressed copies of the text files.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** `<client>/routes.json`: every page path, and those of the public area (the rest are staff or signed-in pages). */
export interface RoutesManifest {
  paths: string[];
  publicPaths: string[];
  /**
   * The modulepreloads of each page painted from the HTML, beyond index.html's: its route's chunks and what they
   * import. Written by the build (vite.config.ts); the server adds them to that page.
   */
  preloads?: Partial<Record<PaintedPath, string[]>>;
}

/**
 * The pages painted from the HTML (server/plugins/painted-pages.ts `PAINTED_PAGES`), each a public page whose route
 * file is `src/routes/_public/<name>.tsx` (`index.tsx` for `/`).
 */
export const PAINTED_PATHS = ['/', '/ServicesDetails'] as const;
export type PaintedPath = (typeof PAINTED_PATHS)[number];

/** The page paths as `src/routeTree.gen.ts` lists them (FileRoutesByFullPath; route ids tell the public area). */
export function routesFromTree(source: string): RoutesManifest {
  const keysOf = (name: string) => {
    const block = new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`).exec(source);
    if (!block) throw new Error(`routeTree.gen.ts has no ${name}: is it generated?`);
    return [...block[1].matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1]);
  };
  const publicPaths = keysOf('FileRoutesById')
    .filter((id) => id.startsWith('/_public/'))
    .map((id) => id.slice('/_public'.length).replace(/(.)\/$/, '$1'));
  return { paths: keysOf('FileRoutesByFullPath'), publicPaths };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One regular expression for all the paths, matched as TanStack Router matches them: case-insensitive, a trailing
 * slash ignored, `$id` one segment, `{-$id}` an optional segment, a final `$` (splat) anything, including nothing.
 */
export function routeMatcher(paths: string[]): (pathname: string) => boolean {
  const alternatives = paths.map((p) =>
    p
      .split('/')
      .filter(Boolean)
      .map((seg) => {
        if (seg === '$') return '(?:/.*)?';
        if (/^\{-\$\w+\}$/.test(seg)) return '(?:/[^/]+)?';
        if (/^\$\w+$/.test(seg)) return '/[^/]+';
        // A segment may mix text and parameters ("file{$id}.txt"): each `{$name}` is one or more characters.
        return `/${seg
          .split(/(\{\$\w+\})/)
          .map((part) => (/^\{\$\w+\}$/.test(part) ? '[^/]+' : escapeRe(part)))
          .join('')}`;
      })
      .join(''),
  );
  const re = new RegExp(`^(?:${alternatives.join('|')})/?$`, 'i');
  return (pathname) => {
    try {
      return re.test(decodeURIComponent(pathname));
    } catch {
      return false;
    }
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `.br` and `.gz` next to every text file of 1 KB or more under `dir`, at the best levels (too slow to use on
 * the fly, free at build time). The server sends them as they are, by Accept-Encoding. Returns the files compressed.
 */
export async function precompress(dir: string): Promise<string[]> {
  const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => COMPRESSIBLE.test(f));
  const done: string[] = [];
  await Promise.all(
    files.map(async (f) => {
      const file = path.join(dir, f);
      const bytes = fs.readFileSync(file);
      if (bytes.length < 1024) return;
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gz);
      done.push(f);
    }),
  );
  return done;
}
