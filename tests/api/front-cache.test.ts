// The response cache in front of Fastify (decision 037): a visitor's cached public read is answered from the raw
// request with what Fastify's own cache hit sends, logged like any request; everything else still reaches Fastify.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { seedDemoCatalogue } from '../../server/db/seed/demo-catalogue';
import { seedReference } from '../../server/db/seed/reference';
import { cacheKey } from '../../server/plugins/cache';
import { accountOf } from '../support/server';
import { TEST_PASSWORD } from '../support/template';

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A GET over a real connection, its body as sent (not decompressed). */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/** The headers that say what the reply is (the connection's own ones vary by request). */
const replyHeaders = (h: Record<string, string | string[] | number | undefined>) =>
  Object.fromEntries(
    Object.entries(h)
      .filter(([k]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k.toLowerCase()))
      .map(([k, v]) => [k.toLowerCase(), String(v)]),
  );

const decoded = (r: { headers: Record<string, string>; body: Buffer }) =>
  r.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? zlib.gunzipSync(r.body)
      : r.body;

describe('the response cache in front of Fastify', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let url: string;
  let close: () => Promise<void>;
  // Long enough (1 KB or more) for @fastify/compress to encode it.
  const READ = '/api/Common/GetAllCategory?pageSize=50';
  const entryOf = (p: string) => app.responseCache.get(cacheKey({ method: 'GET', url: p }));

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-front-'));
    const database = await openDatabase({ dataDir: null });
    await database.migrate();
    await seedReference(database.db);
    await seedDemo(database.db, TEST_PASSWORD);
    await seedDemoCatalogue(database.db, path.join(dataDir, 'uploads'));
    // The default configuration (LOG_LEVEL info), with the log captured.
    const config = { ...loadConfig({}), dataDir, serveClient: false, rateLimits: false };
    app = await buildApp(config, database, { logStream: { write: (line: string) => lines.push(line) } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    close = async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }, 60_000);
  afterAll(() => close?.());

  it('answers with the status, headers and body of Fastify’s own cache hit, plain, brotli, gzip and 304', async () => {
    const first = await get(url + READ);
    expect(first.status).toBe(200);
    expect(first.body.length).toBeGreaterThanOrEqual(1024);
    const etag = first.headers.etag;
    for (const headers of [
      {} as Record<string, string>,
      { 'accept-encoding': 'br' },
      { 'accept-encoding': 'gzip, deflate' },
      { 'if-none-match': etag },
      { 'accept-encoding': 'gzip, br', 'if-none-match': `W/${etag}` },
      { 'accept-encoding': 'br', 'x-no-compression': '1' },
    ]) {
      const front = await get(url + READ, headers);
      // app.inject goes through Fastify alone (no server): its onRequest cache hit and @fastify/compress.
      const fastify = await app.inject({ method: 'GET', url: READ, headers });
      expect(front.status, JSON.stringify(headers)).toBe(fastify.statusCode);
      expect(replyHeaders(front.headers), JSON.stringify(headers)).toEqual(replyHeaders(fastify.headers));
      expect(decoded(front).toString(), JSON.stringify(headers)).toBe(
        decoded({ headers: replyHeaders(fastify.headers), body: fastify.rawPayload }).toString(),
      );
    }
    // The front cache answered them: it made its copies of the entry (Fastify's path never does).
    expect(entryOf(READ)?.front).toMatchObject({ bytes: expect.any(Buffer), br: expect.any(Buffer) });
    expect(entryOf(READ)?.front?.gzip).toBeInstanceOf(Buffer);
  });

  it('logs each request it answers, with an id of Fastify’s series that no other request has', async () => {
    lines.length = 0;
    await get(url + READ);
    await get(`${url}/api/Common/GetZoneByID/abc`);
    await get(url + READ, { 'if-none-match': (await get(url + READ)).headers.etag });
    await new Promise((r) => setTimeout(r, 50));
    const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.reqId);
    expect(logged.map((l) => [l.url, l.status])).toEqual([
      [READ, 200],
      ['/api/Common/GetZoneByID/abc', 400],
      [READ, 200],
      [READ, 304],
    ]);
    expect(logged[0]).toMatchObject({ level: 30, method: 'GET', ip: '127.0.0.1', msg: 'request' });
    expect(new Set(logged.map((l) => l.reqId)).size).toBe(4);
    for (const l of logged) expect(l.reqId).toMatch(/^req-[0-9a-z]+$/);
  });

  it('leaves to Fastify a request with a token, q-values, or no entry; and a write empties it', async () => {
    app.responseCache.bump();
    const admin = (
      await app.inject({
        method: 'POST',
        url: '/api/adminlogin',
        payload: { UserName: accountOf('A').email, Password: TEST_PASSWORD },
      })
    ).json().data.Token;
    // Staff reach the handler (they may see what visitors do not); nothing is stored or answered for them here.
    const staff = await get(url + READ, { authorization: `Bearer ${admin}` });
    expect(staff.status).toBe(200);
    expect(staff.headers['cache-control']).toBe('private, no-store');
    expect(entryOf(READ)).toBeUndefined();
    // No entry yet: Fastify answers and stores it; q-values: Fastify answers from it, the front cache makes nothing.
    expect((await get(url + READ)).status).toBe(200);
    expect(entryOf(READ)?.front).toBeUndefined();
    const weighted = await get(url + READ, { 'accept-encoding': 'gzip;q=0.5, br;q=1' });
    expect([weighted.status, weighted.headers['content-encoding']]).toEqual([200, 'br']);
    expect(entryOf(READ)?.front?.br).toBeUndefined();
    // A visitor's plain request: the front cache.
    await get(url + READ);
    expect(entryOf(READ)?.front?.bytes).toBeInstanceOf(Buffer);
    // A catalogue write drops every entry: the next read is built again, with the change.
    const added = await app.inject({
      method: 'POST',
      url: '/api/Common/AddCategory',
      headers: { authorization: `Bearer ${admin}` },
      payload: { categoryName: 'Front cache check' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(entryOf(READ)).toBeUndefined();
    const after = await get(url + READ);
    expect(after.status).toBe(200);
  });
});
