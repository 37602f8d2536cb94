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
  build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600, cssCodeSplit: false },
});
