import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedRoles, bodySchemaOf, operations, sampleOf, urlOf } from '../support/contract';
import { ROLE_CODES, startTestServer, type TestServer } from '../support/server';

// Operations that end or change the caller's session are walked last, so they do not sign out the others.
const sessionEnding = new Set(['logout', 'changePassword']);

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('role matrix: every operation x every role, plus anonymous', () => {
  it('every operation declares x-roles with known codes', () => {
    for (const op of operations) {
      expect(op.roles.length, op.operationId).toBeGreaterThan(0);
      for (const r of op.roles) expect(['public', 'any', ...ROLE_CODES], op.operationId).toContain(r);
    }
  });

  const ordered = [...operations].sort(
    (a, b) => Number(sessionEnding.has(a.operationId)) - Number(sessionEnding.has(b.operationId)),
  );
  for (const op of ordered) {
    it(`${op.method} ${op.path} (${op.operationId})`, async () => {
      const allowed = allowedRoles(op);
      const body = bodySchemaOf(op) ? sampleOf(bodySchemaOf(op)!) : undefined;
      const callers: (string | null)[] = [null, ...ROLE_CODES];
      for (const role of callers) {
        const token = role ? await t.tokenFor(role as never) : null;
        const res = await t.api(op.method, urlOf(op), { token, body });
        const gateRefused =
          (res.status === 401 && res.body?.title === 'Not signed in') ||
          res.body?.title === 'Not allowed for your role';
        const label = `${op.operationId} as ${role ?? 'anonymous'} -> ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`;
        if (allowed === 'public') {
          expect(gateRefused, label).toBe(false);
        } else if (role === null) {
          expect(res.status, label).toBe(401);
        } else if (allowed === 'any' || allowed.includes(role as never)) {
          expect(gateRefused, label).toBe(false);
        } else {
          expect(res.status, label).toBe(403);
        }
        expect(res.status, label).toBeLessThan(500);
      }
    });
  }
});
