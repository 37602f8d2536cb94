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

function expectFieldError(
  res: { status: number; body: any; headers?: Headers },
  field: string,
  label: string,
  row?: number,
) {
  expect(res.status, label).toBe(400);
  expect(res.headers?.get?.('content-type') ?? 'application/problem+json').toContain('problem+json');
  expect(res.body.status, label).toBe('false');
  const errors = res.body.errors as { field: string; row?: number }[];
  const fields = errors.filter((e) => row === undefined || e.row === row).map((e) => e.field.toLowerCase());
  expect(fields, `${label}: ${JSON.stringify(res.body)}`).toContain(field.toLowerCase());
}

describe('bad input gets a 400 that names the field, and nothing is written', () => {
  const withBody = operations.filter((op) => bodySchemaOf(op));
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
      expect(notJson.status).toBe(400);
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
