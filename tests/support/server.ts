import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { DEMO_ACCOUNTS, seedDemo } from '../../server/db/seed/demo';
import { seedReference } from '../../server/db/seed/reference';
import type { RoleCode } from '../../server/http';

export const TEST_PASSWORD = 'Test-pass-2026';
export const ROLE_CODES: RoleCode[] = ['A', 'CD', 'TE', 'IM', 'VE', 'HR', 'MR', 'AC', 'Cust'];
export const accountOf = (role: RoleCode) => DEMO_ACCOUNTS.find((a) => a.role === role)!;

/** A fresh database per test file: in-memory PGlite, or a new PostgreSQL database when TEST_DB=postgres. */
async function freshDatabase() {
  if (process.env.TEST_DB !== 'postgres') {
    return { database: await openDatabase({ dataDir: null }), drop: async () => {} };
  }
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `doorstep_t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
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

export interface ApiReply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export async function startTestServer(opts: { rateLimits?: boolean; serveClient?: boolean } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-test-'));
  const { database, drop } = await freshDatabase();
  await database.migrate();
  await seedReference(database.db);
  await seedDemo(database.db, TEST_PASSWORD);
  const config = {
    ...loadConfig({}),
    dataDir,
    logLevel: 'silent',
    serveClient: opts.serveClient ?? false,
    rateLimits: opts.rateLimits ?? false,
  };
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
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
    api,
    tokenFor,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
