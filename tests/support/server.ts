import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type Database, type Db, openDatabase } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo';
import type { RoleCode } from '../../server/http';
import { clientBuilt } from './client-build';
import { rowsOf } from './rows';
import {
  databaseUrlFor,
  ensurePgliteTemplate,
  ensurePostgresTemplate,
  newCopyDir,
  pgliteFromTemplate,
  postgresFromTemplate,
  TEST_PASSWORD,
  workerDatabaseName,
} from './template';

export { TEST_PASSWORD };
export const ROLE_CODES: RoleCode[] = ['A', 'CD', 'TE', 'IM', 'VE', 'HR', 'MR', 'AC', 'Cust'];
export const accountOf = (role: RoleCode) => DEMO_ACCOUNTS.find((a) => a.role === role)!;

/**
 * One database per worker and kind, opened on the first file that needs it and reset to the template before every
 * later file (decision 041): a PGlite on a copy of the template's data directory, or on PostgreSQL a database made
 * with `CREATE DATABASE … TEMPLATE`. Opening one cost 0.4–2 s a file; the reset restores only what the last file
 * changed (tests/support/template.ts, RESET_INSTALL). The global setup's teardown removes them when the run ends.
 */
const workerDatabases = new Map<'pglite' | 'postgres', Promise<Database>>();

/** The kind of database this project's files run on (vitest.config.ts sets TEST_DB per project). */
const testDbKind = () => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

function workerDatabase(): Promise<Database> {
  const kind = testDbKind();
  let database = workerDatabases.get(kind);
  if (!database) {
    database = kind === 'pglite' ? openPgliteCopy() : openPostgresCopy();
    workerDatabases.set(kind, database);
    // A failed open is not kept: the next file tries again.
    database.catch(() => workerDatabases.delete(kind));
  }
  return database;
}

async function openPgliteCopy(): Promise<Database> {
  const client = await pgliteFromTemplate(await ensurePgliteTemplate(), newCopyDir());
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', migrate: async () => {}, close: () => client.close() };
}

async function openPostgresCopy(): Promise<Database> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const template = await ensurePostgresTemplate(base);
  const name = workerDatabaseName();
  await postgresFromTemplate(base, template, name);
  return openDatabase({ databaseUrl: databaseUrlFor(base, name) });
}

/** Puts the worker's database back to the template; answers the tables that the last file had changed. */
export async function resetDatabase(database: Pick<Database, 'db'>): Promise<string> {
  const rows = await rowsOf<{ changed: string }>(database.db, sql`select test_seed.reset() as changed`);
  return rows[0].changed;
}

/**
 * The apps of this worker, by their options: built once and kept, as a server process outlives its requests. What an
 * app keeps in memory between files is dropped at each file's start: its response cache. Rate limits count in memory
 * too, so an app with them is closed with its file and built again for the next.
 */
const workerApps = new Map<
  string,
  Promise<{ app: Awaited<ReturnType<typeof buildApp>>; url: string; dataDir: string }>
>();

async function newApp(database: Database, opts: ServerOptions) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-test-'));
  const config = {
    // Only the client folder comes from the environment (CLIENT_DIR: where the e2e global setup built it).
    ...loadConfig(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
    dataDir,
    logLevel: 'silent',
    serveClient: opts.serveClient ?? false,
    rateLimits: opts.rateLimits ?? false,
    // A worker shares a busy machine, and PGlite runs on the event loop: no test may meet a 503 for load it did not
    // make. tests/api/operations.test.ts builds its own app to show the shedding (decision 062).
    overload: { ...loadConfig({}).overload, maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0 },
  };
  const app = await buildApp(config, database);
  app.addHook('onClose', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, dataDir };
}

/** Set by tests/support/per-file.ts as each test file starts: the first server a file asks for resets the database. */
let fileNumber = 0;
let resetForFile = -1;
export function testFileStarted() {
  fileNumber++;
}

/**
 * fastify-openapi-glue checks openapi.yaml against the OpenAPI schema on every buildApp, and compiles that schema
 * (with Ajv) afresh each time: about a third of a build once the app's own validators are kept (server/app.ts).
 * Test files build an app each in one worker (isolate: false), so the compiled schema is kept for the worker.
 * The check itself still runs on every build.
 */
async function compileOpenApiSchemaOncePerWorker() {
  const glue = createRequire(import.meta.url).resolve('fastify-openapi-glue');
  const validatorFile = createRequire(glue).resolve('@seriousme/openapi-schema-validator');
  const { Validator } = await import(pathToFileURL(validatorFile).href);
  type Compile = ((this: unknown, version: string) => unknown) & { perWorker?: true };
  const proto = Validator.prototype as { getAjvValidator: Compile };
  if (proto.getAjvValidator.perWorker) return;
  const compile = proto.getAjvValidator;
  const compiled = new Map<string, unknown>();
  const kept: Compile = function (this: unknown, version: string) {
    if (!compiled.has(version)) compiled.set(version, compile.call(this, version));
    return compiled.get(version);
  };
  kept.perWorker = true;
  proto.getAjvValidator = kept;
}
await compileOpenApiSchemaOncePerWorker();

export interface ApiReply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

interface ServerOptions {
  rateLimits?: boolean;
  serveClient?: boolean;
}

/**
 * The test file's server on the worker's database, reset to the template when this is the file's first server
 * (decision 041). Servers asked for in one file share its database.
 */
export async function startTestServer(opts: ServerOptions = {}) {
  const started = performance.now();
  const fresh = !workerDatabases.has(testDbKind());
  const database = await workerDatabase();
  const opened = performance.now();
  let changed = '';
  // A database just copied from the template needs no reset.
  if (fresh) resetForFile = fileNumber;
  if (resetForFile !== fileNumber) {
    resetForFile = fileNumber;
    changed = await resetDatabase(database);
    // Uploads are files, not rows: a file finds the uploads folder empty, as a fresh app's.
    for (const running of workerApps.values()) {
      const { dataDir } = await running;
      fs.rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true });
    }
  }
  const reset = performance.now();
  const key = JSON.stringify([opts.serveClient ?? false, opts.rateLimits ?? false, database.kind]);
  let running = workerApps.get(key);
  if (!running) {
    running = (opts.serveClient ? clientBuilt() : Promise.resolve()).then(() => newApp(database, opts));
    if (!opts.rateLimits) workerApps.set(key, running);
    running.catch(() => workerApps.delete(key));
  }
  const { app, url, dataDir } = await running;
  app.responseCache.bump();
  // What one more test file costs before its first test (the goal is under half a second, decision 041).
  const setupMs = Math.round(performance.now() - started);
  const parts = [
    opened - started > 1 ? `database opened in ${Math.round(opened - started)} ms` : '',
    `reset ${Math.round(reset - opened)} ms${changed ? ` (${changed.split(' ').length} tables)` : ''}`,
    `app ${Math.round(performance.now() - reset)} ms`,
  ].filter(Boolean);
  console.log(`test server ready in ${setupMs} ms (${database.kind}: ${parts.join(', ')})`);
  const tokens = new Map<string, string>();

  async function api<T = any>(
    method: string,
    p: string,
    init: { body?: unknown; token?: string | null; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiReply<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined = init.rawBody;
    if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const res = await fetch(url + p, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  /** Signs a demo account in once and remembers its token. */
  async function tokenFor(role: RoleCode): Promise<string> {
    const cached = tokens.get(role);
    if (cached) return cached;
    const a = accountOf(role);
    const res =
      role === 'A'
        ? await api('POST', '/api/adminlogin', { body: { UserName: a.email, Password: TEST_PASSWORD } })
        : await api('POST', '/api/Userlogin', { body: { MobileNoOrEmail: a.mobileNo, Password: TEST_PASSWORD } });
    if (res.status !== 200) throw new Error(`login ${role} failed: ${JSON.stringify(res.body)}`);
    tokens.set(role, res.body.data.Token);
    return res.body.data.Token;
  }

  return {
    app,
    url,
    db: database.db,
    dataDir,
    setupMs,
    api,
    tokenFor,
    /** Whether a token for `role` is remembered (signing in again would write a session row). */
    hasToken: (role: RoleCode) => tokens.has(role),
    /** Forgets `role`'s token once a call ended its session; the next tokenFor signs in again. */
    forgetToken: (role: RoleCode) => tokens.delete(role),
    /** The app and database stay for the worker's next file; an app counting rate limits closes with its file. */
    async close() {
      if (opts.rateLimits) await app.close();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
