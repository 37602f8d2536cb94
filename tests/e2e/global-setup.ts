import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { hashOfFiles } from '../support/template';

/** What the built front end depends on: its sources, static files, page, build config and package versions. */
const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'server/plugins/client-build.ts', 'package-lock.json'];

/** A hash of the inputs' names and contents: a touched but unchanged file does not call for a build. */
const buildKey = () => hashOfFiles(INPUTS).slice(0, 16);

/** Where the build's outcome is told to the workers: the key when it is done, or the failure. */
export interface ClientBuild {
  keyFile: string;
  key: string;
  failedFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    clientBuild: ClientBuild;
  }
}

/**
 * The end-to-end tests run against the built app: built once per run here, and only when its inputs changed since
 * the last build (the key of a completed build is kept in node_modules/.cache; a failed build leaves none). The
 * build runs beside the other projects' files (decision 041): an end-to-end file's server waits for it
 * (tests/support/client-build.ts), and the sequencer (tests/support/sequencer.ts) starts those files last.
 */
export default function setup(project: TestProject) {
  const started = performance.now();
  // CLIENT_DIR lets several people build and test in one checkout without sharing dist/.
  const dist = path.resolve(process.env.CLIENT_DIR ?? 'dist');
  // Kept outside the build (which is served): one key per build folder.
  const keyFile = path.resolve(
    'node_modules/.cache/doorstep-tests',
    `client-${createHash('sha256').update(dist).digest('hex').slice(0, 12)}.key`,
  );
  const failedFile = `${keyFile}.failed`;
  const key = buildKey();
  project.provide('clientBuild', { keyFile, key, failedFile });
  const built =
    fs.existsSync(path.join(dist, 'index.html')) && fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8') : '';
  if (built === key) {
    console.log(
      `[e2e] front end in ${path.relative('.', dist) || '.'} is current (${Math.round(performance.now() - started)} ms)`,
    );
    return;
  }
  console.log('Building the front end for the end-to-end tests, beside the other tests…');
  fs.mkdirSync(path.dirname(keyFile), { recursive: true });
  fs.rmSync(keyFile, { force: true });
  fs.rmSync(failedFile, { force: true });
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const build = spawn(path.resolve('node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  let output = '';
  build.stdout.on('data', (d) => {
    output += d;
  });
  build.stderr.on('data', (d) => {
    output += d;
  });
  const done = new Promise<void>((resolve) => {
    build.on('close', (code) => {
      if (code === 0) {
        fs.writeFileSync(keyFile, key);
        console.log(`[e2e] front end built in ${Math.round(performance.now() - started)} ms`);
      } else {
        fs.writeFileSync(failedFile, `vite build exited with ${code}:\n${output}`);
        console.error(`[e2e] the front end's build failed:\n${output}`);
      }
      resolve();
    });
  });
  return async () => {
    if (build.exitCode === null) build.kill();
    await done;
  };
}
