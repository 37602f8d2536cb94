// Contract-driven fuzz: for every operation in openapi.yaml, signed in as every role and as nobody, hostile requests
// built by fast-check from the operation's schemas (tests/support/fuzz.ts). No reply is a 5xx, every 4xx is
// problem+json with the envelope, and a refused write changes no row. FUZZ_RUNS sets the runs per operation and
// allowed role (default 3, part of `npm test`); `npm run fuzz` runs it longer. FUZZ_SEED replays a run.
import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleCode } from '../../server/http';
import { allowedRoles, operations } from '../support/contract';
import { tableCounts, writeMark } from '../support/counts';
import { type FuzzRequest, hostileRequestArb } from '../support/fuzz';
import { ROLE_CODES, startTestServer, type TestServer } from '../support/server';

const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
// Operations that end the caller's session when they succeed: its token is fetched again afterwards.
const ENDS_SESSION = new Set(['logout', 'changePassword']);

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

/** node:http, not fetch: fetch refuses a GET with a body and normalises some headers. */
function send(r: FuzzRequest, token: string | null): Promise<{ status: number; type: string; text: string }> {
  const headers: Record<string, string | number> = { ...r.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (r.body !== undefined) headers['content-length'] = Buffer.byteLength(r.body);
  return new Promise((resolve, reject) => {
    const req = http.request(`${t.url}${r.url}`, { method: r.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end(r.body);
  });
}

const callers: (RoleCode | null)[] = [null, ...ROLE_CODES];
let requests = 0;

describe('contract fuzz: hostile input never reaches a 5xx and a refused write writes nothing', () => {
  for (const op of operations) {
    const allowed = allowedRoles(op);
    const writes = op.method !== 'GET';
    it(`${op.operationId}`, { timeout: Math.max(120_000, RUNS * 3_000) }, async () => {
      let before = writes ? await tableCounts(t.db) : null;
      // Counting every table is the costly part: count again only when a transaction wrote since `before`.
      let mark = writes ? await writeMark(t.db) : null;
      for (const role of callers) {
        const mayPass = allowed === 'public' || (role !== null && (allowed === 'any' || allowed.includes(role)));
        // A caller the role gate refuses never reaches validation: one run shows it is refused cleanly.
        const numRuns = mayPass ? RUNS : 1;
        await fc.assert(
          fc.asyncProperty(hostileRequestArb(op), async (r) => {
            // Signing in writes a session row: take the counts again after it.
            const signsIn = role !== null && !t.hasToken(role);
            const token = role ? await t.tokenFor(role) : null;
            if (signsIn && before) {
              mark = await writeMark(t.db);
              before = await tableCounts(t.db);
            }
            const res = await send(r, token);
            requests++;
            const label = `${op.operationId} as ${role ?? 'public'}, ${r.kind}: ${r.method} ${r.url.slice(0, 200)} ${String(r.body).slice(0, 200)} -> ${res.status} ${res.text.slice(0, 300)}`;
            expect(res.status, label).toBeLessThan(500);
            if (res.status >= 400) {
              expect(res.type, label).toContain('application/problem+json');
              const body = JSON.parse(res.text);
              expect(body.status, label).toBe('false');
              expect(typeof body.title, label).toBe('string');
              expect(Array.isArray(body.errors), label).toBe(true);
              for (const e of body.errors) expect(typeof e.field, label).toBe('string');
            }
            const now = before ? await writeMark(t.db) : null;
            if (before && now !== mark) {
              mark = now;
              const after = await tableCounts(t.db);
              if (res.status >= 400) expect(after, `${label}: rows changed`).toEqual(before);
              before = after;
            }
            if (res.status < 300 && role && ENDS_SESSION.has(op.operationId)) t.forgetToken(role);
          }),
          { numRuns, seed: SEED, endOnFailure: true },
        );
      }
    });
  }

  it('sent hostile requests to every operation', () => {
    expect(requests).toBeGreaterThanOrEqual(operations.length * callers.length);
  });
});
