import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type Database, type Db, openDatabase } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo';
import type { RoleCode } from '../../server/http';
import {
  databaseUrlFor,
  ensurePgliteTemplate,
  ensurePostgresTemplate,
  newCopyDir,
  pgliteFromTemplate,
  postgresFromTemplate,
  TEST_PASSWORD,
} from './template';

export { TEST_PASSWORD };
export const ROLE_CODES: RoleCode[] = ['A', 'CD', 'TE', 'IM', 'VE', 'HR', 'MR', 'AC', 'Cust'];
export const accountOf = (role: RoleCode) => DEMO_ACCOUNTS.find((a) => a.role === role)!;

/**
 * A fresh database per test file, copied from the migrated and seeded template (tests/support/template.ts):
 * a PGlite opened on a copy of the template's data directory, or `CREATE DATABASE … TEMPLATE` when TEST_DB=postgres.
 * The global setup builds the template once; without it (a script calling this directly) it is built here.
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const dir = newCopyDir();
    const client = await pgliteFromTemplate(await ensurePgliteTemplate(), dir);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      database: { db, kind: 'pglite', migrate: async () => {}, close: () => client.close() },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const template = await ensurePostgresTemplate(base);
  const name = `doorstep_t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  await postgresFromTemplate(base, template, name);
  const database = await openDatabase({ databaseUrl: databaseUrlFor(base, name) });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
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

export async function startTestServer(opts: { rateLimits?: boolean; serveClient?: boolean } = {}) {
  const started = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-test-'));
  const { database, drop } = await freshDatabase();
  const copied = performance.now();
  const config = {
    // Only the client folder comes from the environment (CLIENT_DIR: where the e2e global setup built it).
    ...loadConfig(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
    dataDir,
    logLevel: 'silent',
    serveClient: opts.serveClient ?? false,
    rateLimits: opts.rateLimits ?? false,
  };
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // What one more test file costs before its first test (the goal is under a second).
  const setupMs = Math.round(performance.now() - started);
  const dbMs = Math.round(copied - started);
  console.log(`test server ready in ${setupMs} ms (${database.kind} copy ${dbMs} ms, app ${setupMs - dbMs} ms)`);
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
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
