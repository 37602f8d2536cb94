import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    vanillaExtractPlugin(),
  ],
  server: {
    proxy: Object.fromEntries(
      ['/api', '/uploads', '/docs'].map((p) => [p, `http://localhost:${process.env.API_PORT ?? 3000}`]),
    ),
  },
  build: { outDir: process.env.CLIENT_DIR ?? 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600 },
});
