import fs from 'node:fs';
import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PAINTED_PATHS, precompress, type RoutesManifest, routesFromTree } from './server/plugins/client-build';

const outDir = process.env.CLIENT_DIR ?? 'dist';

/** What the build found for each page painted from the HTML: its route chunks' modulepreloads (routePreloadPlugin). */
type Preloads = NonNullable<RoutesManifest['preloads']>;

/**
 * After the build: `routes.json` (the app's page paths, so the server answers 404 for any other URL, and the painted
 * pages' modulepreloads) and `.br` / `.gz` copies of the text files, served precompressed (server/plugins/client.ts,
 * docs/decisions).
 */
function servePlugin(preloads: Preloads): Plugin {
  let root = '';
  let dir = '';
  return {
    name: 'doorstep-serve',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      dir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const tree = fs.readFileSync(path.join(root, 'src/routeTree.gen.ts'), 'utf8');
      const manifest: RoutesManifest = { ...routesFromTree(tree), preloads };
      fs.writeFileSync(path.join(dir, 'routes.json'), `${JSON.stringify(manifest, null, 1)}\n`);
      await precompress(dir);
    },
  };
}

/**
 * Modulepreloads for the route chunks a public page loads first (its route file's split chunks and what they import,
 * less what the entry imports already). The router imports them only once the entry has run, and a dynamic import
 * carries no preload list (build.modulePreload below), so they would otherwise be found one import level at a time;
 * listed in the page, they download alongside the entry. The public layout's, which every public page loads, go into
 * index.html; each painted page's own (PAINTED_PATHS) go into routes.json, and the server adds them to that page
 * only (server/plugins/painted-pages.ts). Same files as without them, fetched sooner. Decision 009.
 */
function routePreloadPlugin(preloads: Preloads): Plugin {
  const routeFile = (file: string) => new RegExp(`/src/routes/${file.replace(/[.$]/g, '\\$&')}\\?tsr-split`);
  return {
    name: 'doorstep-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          const c = bundle[file];
          if (c?.type === 'chunk') for (const i of c.imports) walk(i, into);
        };
        // The entry and its static imports: Vite lists those already.
        const listed = new Set<string>();
        const entry = chunks.find((c) => c.isEntry);
        if (entry) walk(entry.fileName, listed);
        const chunksOf = (file: string) => {
          const found = new Set<string>();
          for (const c of chunks)
            if (c.facadeModuleId && routeFile(file).test(c.facadeModuleId)) walk(c.fileName, found);
          if (!found.size) throw new Error(`No route chunk for src/routes/${file}: was the route moved?`);
          return [...found].filter((f) => !listed.has(f));
        };
        const layout = chunksOf('_public.tsx');
        for (const f of layout) listed.add(f);
        for (const p of PAINTED_PATHS) {
          preloads[p] = chunksOf(`_public${p === '/' ? '/index' : p}.tsx`).map((f) => `/${f}`);
        }
        return layout.map((f) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

const preloads: Preloads = {};

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader travels with its component: one chunk per page, and the admin lists' loaders (with the API
      // modules they import) stay out of the public home's first load.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader', 'component'],
          ['pendingComponent', 'errorComponent', 'notFoundComponent'],
        ],
      },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    vanillaExtractPlugin(),
    routePreloadPlugin(preloads),
    servePlugin(preloads),
  ],
  server: {
    proxy: Object.fromEntries(
      ['/api', '/uploads', '/docs', '/robots.txt', '/sitemap.xml'].map((p) => [
        p,
        `http://localhost:${process.env.API_PORT ?? 3000}`,
      ]),
    ),
  },
  // One stylesheet (about 9 KB compressed for the whole app) instead of a render-blocking request per component.
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: process.env.BUNDLE_SOURCEMAP === '1',
    chunkSizeWarningLimit: 600,
    cssCodeSplit: false,
    // A page chunk's imports are not listed again beside each dynamic import: the browser fetches a module's imports
    // as soon as it has the module, and the router starts a page's chunk on link intent (hover, focus). The lists,
    // one per route and per split part, had grown to a third of the first chunk that every page loads. The public
    // layout's and the painted pages' chunks are still preloaded from their HTML (routePreloadPlugin). Decision 009.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      output: {
        // Chunks by hash alone: the first chunk lists every chunk's file name for preloading (about 330 of them), so
        // names there cost every page's first load; BUNDLE_SOURCEMAP=1 still tells what is in each.
        chunkFileNames: 'assets/[hash].js',
        advancedChunks: {
          // Every route's search check is in the first load of every page: one small chunk, not one per helper.
          groups: [{ name: 'route-search', test: /src\/(routes\/.*(Search|search|roles)\.ts|ui\/tableState\.ts)$/ }],
        },
      },
    },
  },
});
