import fs from 'node:fs';
import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress, routesFromTree } from './server/plugins/client-build';

const outDir = process.env.CLIENT_DIR ?? 'dist';

/**
 * After the build: `routes.json` (the app's page paths, so the server answers 404 for any other URL) and `.br` /
 * `.gz` copies of the text files, served precompressed (server/plugins/client.ts, docs/decisions).
 */
function servePlugin(): Plugin {
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
      fs.writeFileSync(path.join(dir, 'routes.json'), `${JSON.stringify(routesFromTree(tree), null, 1)}\n`);
      await precompress(dir);
    },
  };
}

/**
 * `<link rel="modulepreload">` in index.html for the public home's route chunks (the `/_public` layout, the `/`
 * page and what they import). The router imports them only once the entry has run; listed in the page, they download
 * alongside the entry instead of after it (one round trip less before the first paint). They are chunks the home
 * page loads anyway, so the JavaScript sent does not change. docs/decisions/009-public-page-serving.md.
 */
function homePreloadPlugin(): Plugin {
  const HOME_ROUTES = /\/src\/routes\/_public(\.tsx|\/index\.tsx)\?tsr-split/;
  return {
    name: 'doorstep-home-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        // The entry and its static imports: Vite lists those already.
        const listed = new Set<string>();
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          const c = bundle[file];
          if (c?.type === 'chunk') for (const i of c.imports) walk(i, into);
        };
        if (entry) walk(entry.fileName, listed);
        const wanted = new Set<string>();
        for (const c of chunks) {
          if (c.facadeModuleId && HOME_ROUTES.test(c.facadeModuleId)) walk(c.fileName, wanted);
        }
        return [...wanted]
          .filter((f) => !listed.has(f))
          .map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

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
    homePreloadPlugin(),
    servePlugin(),
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
    // home's own chunks are still preloaded from index.html (homePreloadPlugin). Decision 009.
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
