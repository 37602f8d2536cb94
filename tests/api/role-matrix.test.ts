import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedRoles, bodySchemaOf, operations, sampleOf, urlOf } from '../support/contract';
import { factories } from '../support/factories';
import { accountOf, ROLE_CODES, startTestServer, type TestServer } from '../support/server';

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

/**
 * Ownership (x-owner): for every operation that names a customer, vendor or professional, a second
 * party of the same role naming the first gets 403 or 404 and never the data; the party naming itself passes the
 * check (its reply may still refuse the sample body for other reasons, but not as someone else's).
 */
describe("ownership: a second party never reaches the first one's data", () => {
  const owned = operations.filter((op) => op.spec['x-owner']);
  it('the ownership walk covers the operations that name a party', () => {
    expect(owned.map((o) => o.operationId)).toEqual(
      expect.arrayContaining(['getCustomerWalletBalance', 'getWalletHistoryForCustomer', 'getVendorWalletHistById']),
    );
  });

  for (const op of owned) {
    const rule = op.spec['x-owner'] as { in: string; name: string; is: string };
    const parties = (op.roles as string[]).filter((r) => r === 'Cust' || r === 'VE' || r === 'TE' || r === 'any');
    for (const role of parties.flatMap((r) => (r === 'any' ? ['Cust', 'VE'] : [r]))) {
      it(`${op.operationId}: a second ${role} naming the demo ${role} by ${rule.name}`, async () => {
        // The matrix above ends the demo sessions (logout): sign the demo party in again.
        t.forgetToken(role as never);
        const f = factories(t);
        const second = role === 'VE' ? await f.vendor() : await f.customer();
        const demo = accountOf(role as never);
        const me = (await t.api('GET', '/api/Auth/Me', { token: await t.tokenFor(role as never) })).body.data;
        const value = rule.is === 'userId' ? me.Id : rule.is === 'login' ? demo.email : demo.mobileNo;
        const sample = bodySchemaOf(op) ? (sampleOf(bodySchemaOf(op)!) as Record<string, unknown>) : undefined;
        const body = rule.in === 'body' ? { ...sample, [rule.name]: value } : sample;
        const url = rule.in === 'body' ? urlOf(op) : urlOf(op, { [rule.name]: value });
        const res = await t.api(op.method, url, { token: await second.token(), body });
        const label = `${op.operationId} -> ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`;
        expect([403, 404], label).toContain(res.status);
        expect(res.body?.data, label).toBeUndefined();
        if (op.operationId !== 'changePassword') {
          const own = await t.api(op.method, url, { token: await t.tokenFor(role as never), body });
          expect(own.status, `${op.operationId} as the demo ${role} itself -> ${own.status}`).not.toBe(403);
        }
      });
    }
  }
});
