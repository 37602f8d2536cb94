// What an operator sees (decision 062): /healthz, /readyz, /metrics behind METRICS_TOKEN, the request id in log lines
// and problem replies, and load shed with 503 and Retry-After.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { registerJobMetrics, registerLedgerCheck } from '../../server/plugins/operations';
import { startTestServer, type TestServer } from '../support/server';

const TOKEN = 'metrics-token-for-tests';
let t: TestServer;
const apps: { app: FastifyInstance; dir: string }[] = [];

/** An app of our own on the file's database: the worker's shared one logs nothing and never sheds load. */
async function ownApp(env: Record<string, string>, lines?: string[], sampleIntervalMs?: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-ops-'));
  const database: Database = {
    db: t.db,
    kind: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    migrate: async () => {},
    close: async () => {},
  };
  const config = { ...loadConfig(env), dataDir: dir, serveClient: false, rateLimits: false };
  if (sampleIntervalMs) config.overload = { ...config.overload, sampleIntervalMs };
  const app = await buildApp(config, database, lines ? { logStream: { write: (l: string) => lines.push(l) } } : {});
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push({ app, dir });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  for (const { app, dir } of apps) {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  await t.close();
});

describe('health, readiness and metrics', () => {
  const lines: string[] = [];
  let url: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app, url } = await ownApp({ METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' }, lines));
  });

  it('answers /healthz, and /readyz while the database answers with every migration applied', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${url}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect(ready.status).toBe(200);
  });

  it('answers /readyz 503 while a migration of this build is not applied, and 200 again once it is', async () => {
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    await t.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`,
    );
    try {
      const pending = await fetch(`${url}/readyz`);
      expect(pending.status).toBe(503);
      expect(((await pending.json()) as { detail: string }).detail).toBe('migrations are pending');
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      await t.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${newest}`,
      );
    }
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    // The change is logged once each way, not per probe.
    const changes = lines.map((l) => JSON.parse(l)).filter((l) => /^(not ready|ready again)$/.test(l.msg));
    expect(changes.map((l) => l.msg)).toEqual(['not ready', 'ready again']);
  });

  it('answers /readyz 503 once the process is stopping, while /healthz still answers', async () => {
    app.operations.draining = true;
    try {
      expect((await fetch(`${url}/readyz`)).status).toBe(503);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      app.operations.draining = false;
    }
  });

  it('serves /metrics only to the holder of METRICS_TOKEN', async () => {
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    // Without a token configured there is no /metrics at all (the worker's shared app).
    expect((await t.api('GET', '/metrics')).status).toBe(404);
  });

  it('counts requests by operationId and status class, and reports streams, pool, jobs and the ledger check', async () => {
    registerJobMetrics(app, () => [
      { queue: 'reconciliation', state: 'active', count: 1 },
      { queue: 'reconciliation', state: 'completed', count: 7 },
    ]);
    let checks = 0;
    registerLedgerCheck(app, async () => {
      checks++;
      return { ok: true, breaches: 0 };
    });
    for (let i = 0; i < 3; i++) await fetch(`${url}/api/Common/GetAllCategory?pageSize=5&i=${i}`);
    await fetch(`${url}/api/Common/GetAllCategory?pageSize=0`);
    await fetch(`${url}/no/such/route`);
    const scrape = async () => {
      const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.text();
    };
    // The first scrape starts the ledger check; the next shows its result.
    await scrape();
    await expect.poll(() => checks).toBe(1);
    const text = await scrape();
    expect(text).toMatch(/^http_requests_total\{operation="getAllCategories",status_class="2xx"\} 3$/m);
    expect(text).toMatch(/^http_requests_total\{operation="getAllCategories",status_class="4xx"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{operation="unmatched",status_class="4xx"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{operation="getAllCategories",status_class="2xx"\} 3$/m);
    expect(text).toMatch(/^live_streams_open 0$/m);
    expect(text).toMatch(/^jobs\{queue="reconciliation",state="completed"\} 7$/m);
    expect(text).toMatch(/^ledger_check_ok 1$/m);
    expect(text).toMatch(/^ledger_check_breaches 0$/m);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
    if (process.env.TEST_DB === 'postgres') {
      expect(text).toMatch(/^db_pool_connections\{state="total"\} [1-9]/m);
      expect(text).toMatch(/^db_pool_waiting_clients 0$/m);
    } else {
      expect(text).not.toMatch(/^db_pool_connections\{/m);
    }
    // Fresh enough: a scrape within the interval does not run the check again.
    await scrape();
    expect(checks).toBe(1);
  });

  it('puts the request id in every request line and problem reply, keeping a well-formed X-Request-Id', async () => {
    lines.length = 0;
    const kept = await fetch(`${url}/api/Common/GetAllCategory?pageSize=0`, {
      headers: { 'x-request-id': 'lb-7f3a.9' },
    });
    expect(kept.status).toBe(400);
    expect(((await kept.json()) as { requestId: string }).requestId).toBe('lb-7f3a.9');
    for (const bad of ['has spaces', 'x'.repeat(65), 'quote"d']) {
      const res = await fetch(`${url}/no/such/route`, { headers: { 'x-request-id': bad } });
      expect(((await res.json()) as { requestId: string }).requestId).toMatch(/^req-[0-9a-z]+$/);
    }
    // A public read answered by the front cache (decision 037) logs the caller's id too.
    const read = '/api/Common/GetAllCategory?pageSize=3';
    await fetch(url + read);
    await fetch(url + read, { headers: { 'x-request-id': 'front-1' } });
    await fetch(`${url}/healthz`);
    await fetch(`${url}/readyz`);
    const logged = lines.map((l) => JSON.parse(l));
    const requestLines = logged.filter((l) => l.url !== undefined);
    expect(requestLines.length).toBe(6);
    for (const l of requestLines) expect(l.reqId).toMatch(/^[A-Za-z0-9._:-]{1,64}$/);
    expect(requestLines.map((l) => l.reqId)).toContain('lb-7f3a.9');
    expect(requestLines.filter((l) => l.url === read).map((l) => l.reqId)).toContain('front-1');
    expect(requestLines.some((l) => /^\/(healthz|readyz)/.test(l.url))).toBe(false);
  });
});

describe('overload', () => {
  it('sheds requests with 503 and Retry-After while the event loop lags, but still answers /healthz', async () => {
    const { app, url } = await ownApp({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '20', LOG_LEVEL: 'error' }, undefined, 200);
    // CPU work that holds the event loop 90 ms of every 100, as a burst of heavy requests would.
    const burn = setInterval(() => {
      const until = Date.now() + 90;
      while (Date.now() < until) {}
    }, 100);
    try {
      // A new URL each time: a repeated public read would be answered by the front cache, before Fastify (decision 037).
      let n = 0;
      const read = () => fetch(`${url}/api/Common/GetAllCategory?pageSize=5&n=${n++}`);
      await expect.poll(async () => (await read()).status, { timeout: 5000 }).toBe(503);
      expect(app.isUnderPressure()).toBe(true);
      const shed = await read();
      expect(shed.status).toBe(503);
      expect(shed.headers.get('retry-after')).toBe('5');
      const body = (await shed.json()) as { title: string; requestId: string };
      expect(body.title).toBe('Server busy');
      expect(body.requestId).toMatch(/^req-/);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      clearInterval(burn);
    }
    // Once the loop keeps up again, requests are served.
    await expect
      .poll(async () => (await fetch(`${url}/api/Common/GetAllCategory?pageSize=5&after=1`)).status, { timeout: 5000 })
      .toBe(200);
  });
});
