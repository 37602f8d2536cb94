import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** The end-to-end tests run against the built app; build it when the sources are newer than dist/. */
export default function setup() {
  // CLIENT_DIR lets several people build and test in one checkout without sharing dist/.
  const index = path.resolve(process.env.CLIENT_DIR ?? 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(path.resolve('src')),
    fs.statSync('index.html').mtimeMs,
    fs.statSync('vite.config.ts').mtimeMs,
  );
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs > sources) return;
  console.log('Building the front end for the end-to-end tests…');
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  execFileSync(path.resolve('node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
