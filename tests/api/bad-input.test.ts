import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedRoles, bodySchemaOf, operations, parametersOf, resolve, sampleOf, urlOf } from '../support/contract';
import { tableCounts } from '../support/counts';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

async function tokenForOp(op: (typeof operations)[number]) {
  const allowed = allowedRoles(op);
  if (allowed === 'public') return null;
  return t.tokenFor(allowed === 'any' ? 'A' : allowed[0]);
}

function wrongTypeFor(schema: Record<string, any>): unknown {
  switch (resolve(schema).type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'boolean':
      return 'yes';
    case 'array':
      return 'not-a-list';
    default:
      return 'not-an-object';
  }
}

function expectProblem(
  res: { status: number; body: any; headers: Headers },
  status: number,
  field: string,
  label: string,
  row?: number,
) {
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(status);
  expect(res.headers.get('content-type'), label).toMatch(/^application\/problem\+json/);
  expect(res.body.status, label).toBe('false');
  expect(typeof res.body.title, label).toBe('string');
  const errors = res.body.errors as { field: string; row?: number; message: string }[];
  const named = errors.filter((e) => e.field === field && (row === undefined || e.row === row));
  expect(named, `${label}: ${JSON.stringify(res.body)}`).not.toHaveLength(0);
  for (const e of named) expect(e.message, label).toMatch(/\S/);
}

const expectFieldError = (
  res: { status: number; body: any; headers: Headers },
  field: string,
  label: string,
  row?: number,
) => expectProblem(res, 400, field, label, row);

/** A body the contract leaves free-form (a provider's webhook): its signature, not its fields, decides. */
const freeForm = (op: (typeof operations)[number]) => bodySchemaOf(op)?.additionalProperties === true;
const bodyRequired = (op: (typeof operations)[number]) =>
  (op.spec.requestBody as { required?: boolean } | undefined)?.required === true;

describe('bad input gets a 400 that names the field, and nothing is written', () => {
  const withBody = operations.filter((op) => bodySchemaOf(op) && !freeForm(op));
  for (const op of withBody) {
    it(`${op.operationId}: missing, unknown, wrong-type and oversized fields`, async () => {
      const token = await tokenForOp(op);
      const bodySchema = bodySchemaOf(op)!;
      // A body that is an array is a sheet of rows (the imports): an item's fields are checked in the second
      // item, and the errors must name the sheet row (index + 2, under a header row) as well as the field.
      const sheet = bodySchema.type === 'array';
      const schema = sheet ? resolve(bodySchema.items) : bodySchema;
      const valid = sampleOf(schema) as Record<string, unknown>;
      const row = sheet ? 3 : undefined;
      const before = await tableCounts(t.db);
      const send = (item: unknown) => t.api(op.method, urlOf(op), { token, body: sheet ? [valid, item] : item });

      if (sheet) {
        expectFieldError(await t.api(op.method, urlOf(op), { token, body: [] }), 'body', `${op.operationId} no rows`);
        expectFieldError(
          await t.api(op.method, urlOf(op), { token, body: valid }),
          'body',
          `${op.operationId} not rows`,
        );
      }
      for (const field of schema.required ?? []) {
        const { [field]: _omitted, ...rest } = valid;
        expectFieldError(await send(rest), field, `${op.operationId} without ${field}`, row);
      }
      expectFieldError(await send({ ...valid, zzUnknown: 1 }), 'zzUnknown', `${op.operationId} unknown field`, row);
      for (const [field, prop] of Object.entries(schema.properties ?? {})) {
        const p = resolve(prop as object);
        if (p.nullable) continue;
        expectFieldError(
          await send({ ...valid, [field]: wrongTypeFor(p) }),
          field,
          `${op.operationId} ${field} wrong type`,
          row,
        );
        if (p.type === 'string' && p.maxLength) {
          expectFieldError(
            await send({ ...valid, [field]: 'a'.repeat(p.maxLength + 1) }),
            field,
            `${op.operationId} ${field} oversized`,
            row,
          );
        }
      }
      const notJson = await t.api(op.method, urlOf(op), {
        token,
        rawBody: '{"broken": ',
        headers: { 'content-type': 'application/json' },
      });
      expectFieldError(notJson, 'body', `${op.operationId} malformed JSON`);
      expect(await tableCounts(t.db)).toEqual(before);
    });
  }

  const withIntParams = operations.filter((op) =>
    parametersOf(op).some((p) => ['integer', 'number'].includes(resolve(p.schema).type)),
  );
  for (const op of withIntParams) {
    it(`${op.operationId}: a non-numeric parameter is refused by name`, async () => {
      const token = await tokenForOp(op);
      for (const p of parametersOf(op).filter((x) => ['integer', 'number'].includes(resolve(x.schema).type))) {
        const res = await t.api(op.method, urlOf(op, { [p.name]: 'abc' }), {
          token,
          body: bodySchemaOf(op) ? sampleOf(bodySchemaOf(op)!) : undefined,
        });
        expectFieldError(res, p.name, `${op.operationId} ${p.name}=abc`);
      }
    });
  }
});

describe('a body is validated whatever its Content-Type says, and framework errors answer problem+json', () => {
  const withBody = operations.filter((op) => bodySchemaOf(op) && !freeForm(op));
  const raw = async (op: (typeof operations)[number], body: string | undefined, type?: string) =>
    t.api(op.method, urlOf(op), {
      token: await tokenForOp(op),
      rawBody: body,
      headers: type ? { 'content-type': type } : {},
    });

  it('a free-form body (a webhook) without a good signature is 401, whatever it holds, and writes nothing', async () => {
    for (const op of operations.filter(freeForm)) {
      const before = await tableCounts(t.db);
      for (const body of ['{"zzUnknown":1}', '{"orderId":"DSWX","status":"PAID"}']) {
        const res = await raw(op, body, 'application/json');
        expect(res.status, `${op.operationId} as application/json`).toBe(401);
        expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expectProblem(await raw(op, body, 'text/plain'), 415, 'content-type', `${op.operationId} as text/plain`);
      }
      expectProblem(await raw(op, 'a=1', 'application/x-www-form-urlencoded'), 415, 'content-type', op.operationId);
      expect(await tableCounts(t.db)).toEqual(before);
    }
  });

  for (const op of withBody) {
    it(`${op.operationId}: JSON is validated; every other type (text/plain too, decision 043) 415; no body 400`, async () => {
      const before = await tableCounts(t.db);
      const bodySchema = bodySchemaOf(op)!;
      const sheet = bodySchema.type === 'array';
      const schema = sheet ? resolve(bodySchema.items) : bodySchema;
      const valid = sampleOf(schema) as Record<string, unknown>;
      const withUnknown = JSON.stringify(sheet ? [valid, { ...valid, zzUnknown: 1 }] : { ...valid, zzUnknown: 1 });
      for (const type of ['application/json', 'application/json; charset=utf-8']) {
        expectFieldError(
          await raw(op, withUnknown, type),
          'zzUnknown',
          `${op.operationId} as ${type}`,
          sheet ? 3 : undefined,
        );
      }
      for (const [type, body] of [
        // JSON in types a page of another site can post without a preflight, or that only replies carry.
        ['text/plain', withUnknown],
        ['text/plain; charset=utf-8', withUnknown],
        ['application/problem+json', withUnknown],
        ['application/x-www-form-urlencoded', 'a=1'],
        ['multipart/form-data; boundary=zz', '--zz\r\n\r\nx\r\n--zz--'],
        ['application/xml', '<a/>'],
        // Types the contract answers (an invoice, an export), never reads.
        ['application/pdf', '%PDF-1.4'],
        ['text/csv', 'a,b'],
      ]) {
        expectProblem(await raw(op, body, type), 415, 'content-type', `${op.operationId} as ${type}`);
      }
      const none = await raw(op, undefined);
      // An optional body may be left out (its defaults apply); a required one may not.
      if (bodyRequired(op)) expectFieldError(none, 'body', `${op.operationId} without a body`);
      else expect(none.status, `${op.operationId} without its optional body`).toBeLessThan(400);
      expectFieldError(await raw(op, '', 'application/json'), 'body', `${op.operationId} empty JSON`);
      expect(await tableCounts(t.db)).toEqual(before);
    });
  }

  it('the cases the fuzz found: signup with password "a" (as text/plain: 415), adminlogin without a body', async () => {
    const signup = operations.find((op) => op.operationId === 'customerSignup')!;
    const body = { ...(sampleOf(bodySchemaOf(signup)!) as Record<string, unknown>), password: 'a' };
    expectFieldError(await raw(signup, JSON.stringify(body), 'application/json'), 'password', 'signup as JSON');
    expectProblem(await raw(signup, JSON.stringify(body), 'text/plain'), 415, 'content-type', 'signup text/plain');
    const login = await t.api('POST', '/api/adminlogin', {});
    expectFieldError(login, 'body', 'adminlogin without a body');
  });

  it('a malformed path parameter, a NUL, a number past int4, duplicate and prototype keys, a body too large', async () => {
    const token = await t.tokenFor('A');
    const zone = await t.api('GET', '/api/Common/GetZoneByID/abc', { token });
    expectFieldError(zone, 'id', 'zone abc');
    expect(zone.body.errors[0].field).toBe('id');
    expectFieldError(await t.api('GET', '/api/Common/GetZoneByID/2147483648', { token }), 'id', 'zone 2^31');
    expectFieldError(
      await t.api('GET', '/api/Common/GetAllCategory?search=a%00b', { token }),
      'search',
      'NUL in a query string',
    );
    const before = await tableCounts(t.db);
    expectFieldError(
      await t.api('POST', '/api/adminlogin', { body: { UserName: 'admin\u0000@doorstep.test', Password: 'x' } }),
      'UserName',
      'NUL in a body string',
    );
    const json = { 'content-type': 'application/json' };
    expectFieldError(
      await t.api('POST', '/api/adminlogin', {
        rawBody: '{"UserName":"a@b.in","UserName":"admin@doorstep.test","Password":"x"}',
        headers: json,
      }),
      'UserName',
      'duplicate key',
    );
    for (const poison of ['"__proto__":{"role":"A"}', '"constructor":{"prototype":{"role":"A"}}']) {
      expectFieldError(
        await t.api('POST', '/api/adminlogin', {
          rawBody: `{"UserName":"a@b.in","Password":"x",${poison}}`,
          headers: json,
        }),
        'body',
        poison,
      );
    }
    expectFieldError(
      await t.api('POST', '/api/adminlogin', {
        rawBody: `{"UserName":${'['.repeat(100)}${']'.repeat(100)}}`,
        headers: json,
      }),
      'body',
      'deep nesting',
    );
    const large = await t.api('POST', '/api/adminlogin', {
      rawBody: `"${'x'.repeat(41 * 1024 * 1024)}"`,
      headers: json,
    });
    expect(large.status).toBe(413);
    expect(large.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(large.body.errors[0].field).toBe('body');
    const long = await t.api('GET', `/api/Common/GetZoneByID/${'9'.repeat(500)}`, { token });
    expect(long.status).toBe(414);
    expect(long.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('the contract states the bounds the server enforces', () => {
  it('every integer and number a request carries has an explicit minimum and maximum (the docs show them)', () => {
    const missing: string[] = [];
    const walk = (node: unknown, where: string, depth = 0) => {
      if (!node || typeof node !== 'object' || depth > 12) return;
      const s = resolve(node as Record<string, unknown>);
      if (
        (s.type === 'integer' || s.type === 'number') &&
        !s.enum &&
        (s.minimum === undefined || s.maximum === undefined)
      )
        missing.push(where);
      for (const [k, v] of Object.entries(s)) walk(v, `${where}.${k}`, depth + 1);
    };
    for (const op of operations) {
      walk(op.spec.parameters, `${op.operationId} parameters`);
      walk(op.spec.requestBody, `${op.operationId} requestBody`);
    }
    expect(missing).toEqual([]);
  });
});
