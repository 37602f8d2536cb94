// fast-check arbitraries built from openapi.yaml: valid values from each schema, and hostile requests made by
// breaking one thing at a time (types, bounds, control characters, length, nesting, unknown fields, content types,
// duplicate and prototype keys, path and query parameters).
import fc from 'fast-check';
import type { Operation } from '../../server/contract';
import { bodySchemaOf, parametersOf, resolve, sampleOf } from './contract';

type Schema = Record<string, any>;

export interface FuzzRequest {
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const INT4_MAX = 2147483647;
const CONTROL = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\u001b',
  '\u001f',
  '\u007f',
  '\ud800',
  '\udfff',
  '\u202e',
  '\ufeff',
];

/** A value the schema accepts (small: strings and lists are kept short). */
export function validArb(raw: Schema | undefined): fc.Arbitrary<unknown> {
  const s = resolve(raw);
  const arb = ((): fc.Arbitrary<unknown> => {
    if (s.enum) return fc.constantFrom(...(s.enum as unknown[]));
    switch (s.type) {
      case 'integer':
        return fc.integer({ min: Math.max(s.minimum ?? 0, -INT4_MAX), max: Math.min(s.maximum ?? INT4_MAX, INT4_MAX) });
      case 'number':
        return fc
          .integer({ min: Math.ceil((s.minimum ?? 0) * 100), max: Math.floor((s.maximum ?? 1e6) * 100) })
          .map((n) => n / 100);
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(validArb(s.items), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) });
      case 'object': {
        const props = Object.fromEntries(
          Object.entries(s.properties ?? {}).map(([k, v]) => [k, validArb(v as Schema)]),
        );
        return fc.record(props, { requiredKeys: s.required ?? [] });
      }
      default:
        // Patterns, formats and encoded files (images) have one known-good sample each.
        if (s.pattern || s.format || (s.maxLength ?? 0) > 100_000) return fc.constant(sampleOf(s));
        return fc.string({ minLength: Math.max(1, s.minLength ?? 0), maxLength: Math.min(s.maxLength ?? 40, 40) });
    }
  })();
  return s.nullable ? fc.option(arb, { nil: null }) : arb;
}

function nested(depth: number, leaf: unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
}

/** A value that breaks the schema, or sits on one of its edges. */
export function hostileArb(raw: Schema | undefined): fc.Arbitrary<unknown> {
  const s = resolve(raw);
  const sample = sampleOf(s);
  const numbers = [s.minimum, s.maximum].filter((n) => typeof n === 'number') as number[];
  const edges = [...numbers.flatMap((n) => [n - 1, n, n + 1]), 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1, 0, 0.5];
  const strings = [
    ...(s.maxLength !== undefined && s.maxLength < 100_000
      ? [s.maxLength, s.maxLength + 1].map((n) => 'x'.repeat(n))
      : []),
    ...(s.minLength ? ['x'.repeat(s.minLength - 1)] : []),
    'x'.repeat(200_000),
    '',
    ' ',
  ];
  return fc.oneof(
    fc.constantFrom(null, true, false, 12345, -1, 'abc', '', [], {}, [1, 2], { a: 1 }, '1e400'),
    fc.constantFrom(...edges),
    fc.constantFrom(...strings),
    fc
      .tuple(fc.constantFrom(...CONTROL), fc.string({ maxLength: 8 }))
      .map(([c, rest]) => `${typeof sample === 'string' ? sample : 'x'}${c}${rest}`),
    fc.integer({ min: 10, max: 80 }).map((d) => nested(d, sample)),
    fc.anything({ maxDepth: 3 }),
  );
}

/** A path or query parameter's text that the schema refuses or that sits on an edge. */
function hostileParamArb(raw: Schema): fc.Arbitrary<string> {
  const s = resolve(raw);
  return fc.oneof(
    fc.constantFrom(
      'abc',
      '-1',
      '0',
      '1.5',
      '0x10',
      ' 1',
      '2147483648',
      '2147483647',
      '-2147483649',
      '9007199254740993',
      '1e400',
      'NaN',
      '',
      '../../etc/passwd',
      'x'.repeat(3000),
      ...(s.maximum !== undefined ? [String(s.maximum + 1), String(s.maximum)] : []),
      ...(s.minimum !== undefined ? [String(s.minimum - 1)] : []),
    ),
    fc.tuple(fc.constantFrom(...CONTROL), fc.string({ maxLength: 5 })).map(([c, rest]) => `1${c}${rest}`),
  );
}

/** encodeURIComponent, except that a lone surrogate is sent as its raw (invalid UTF-8) bytes, not refused. */
function encodeRaw(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return [...v]
      .map((ch) => {
        const cu = ch.charCodeAt(0);
        if (ch.length > 1 || cu < 0xd800 || cu > 0xdfff) return encodeURIComponent(ch);
        return [0xe0 | (cu >> 12), 0x80 | ((cu >> 6) & 0x3f), 0x80 | (cu & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      })
      .join('');
  }
}

function urlWith(op: Operation, values: Record<string, string>, extraQuery = ''): string {
  let url = op.path;
  const query = new URLSearchParams();
  for (const p of parametersOf(op)) {
    const v = values[p.name] ?? String(sampleOf(p.schema));
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeRaw(v));
    else if (p.in === 'query' && (p.required || p.name in values)) query.set(p.name, v);
  }
  const qs = [query.toString(), extraQuery].filter(Boolean).join('&');
  return qs ? `${url}?${qs}` : url;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Hostile requests for one operation, each breaking one thing of an otherwise valid request. */
export function hostileRequestArb(op: Operation): fc.Arbitrary<FuzzRequest> {
  const params = parametersOf(op);
  const bodySchema = bodySchemaOf(op);
  const sheet = bodySchema?.type === 'array';
  const itemSchema = sheet ? resolve(bodySchema!.items) : bodySchema;
  const validBody = bodySchema ? validArb(bodySchema) : fc.constant(undefined);
  const req = (kind: string, url: string, body?: string, headers: Record<string, string> = JSON_HEADERS) => ({
    kind,
    method: op.method,
    url,
    headers: body === undefined ? {} : headers,
    body,
  });
  const wrap = (item: unknown) => JSON.stringify(sheet ? [sampleOf(itemSchema ?? undefined), item] : item);
  const arbs: fc.Arbitrary<FuzzRequest>[] = [];

  if (params.length) {
    arbs.push(
      fc
        .constantFrom(...params)
        .chain((p) => hostileParamArb(p.schema).map((v) => ({ p, v })))
        .chain(({ p, v }) =>
          validBody.map((b) =>
            req(`param ${p.name}`, urlWith(op, { [p.name]: v }), bodySchema ? JSON.stringify(b) : undefined),
          ),
        ),
    );
  }
  arbs.push(
    fc
      .tuple(
        fc.constantFrom('zz', '__proto__', 'constructor', 'page[0]', 'a'.repeat(300)),
        fc.constantFrom('1', 'x', '%00', '[]'),
        fc.boolean(),
      )
      .map(([k, v, twice]) => {
        const extra = `${encodeURIComponent(k)}=${v}${twice ? `&${encodeURIComponent(k)}=${v}` : ''}`;
        return req(
          'unknown query',
          urlWith(op, {}, extra),
          bodySchema ? JSON.stringify(sampleOf(bodySchema)) : undefined,
        );
      }),
  );

  const url = urlWith(op, {});
  if (itemSchema && itemSchema.type === 'object') {
    const fields = Object.keys(itemSchema.properties ?? {});
    const validItem = validArb(itemSchema) as fc.Arbitrary<Record<string, unknown>>;
    if (fields.length) {
      arbs.push(
        fc
          .tuple(validItem, fc.constantFrom(...fields))
          .chain(([item, f]) =>
            hostileArb(itemSchema.properties[f]).map((v) => req(`field ${f}`, url, wrap({ ...item, [f]: v }))),
          ),
      );
      arbs.push(
        fc.tuple(validItem, fc.constantFrom(...fields)).map(([item, f]) => {
          const { [f]: _dropped, ...rest } = item;
          return req(`without ${f}`, url, wrap(rest));
        }),
      );
      // The same key twice: JSON.parse would keep the last one silently.
      arbs.push(
        fc.tuple(validItem, fc.constantFrom(...fields)).map(([item, f]) => {
          const text = JSON.stringify(item);
          const dup = `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}"${f}":${JSON.stringify(sampleOf(itemSchema.properties[f]))}}`;
          return req('duplicate key', url, sheet ? `[${dup}]` : dup);
        }),
      );
    }
    arbs.push(
      fc
        .tuple(validItem, fc.string({ minLength: 1, maxLength: 12 }), hostileArb({}))
        .map(([item, k, v]) => req('unknown field', url, wrap({ ...item, [`zz${k}`]: v }))),
    );
    arbs.push(
      fc
        .tuple(
          validItem,
          fc.constantFrom(
            '"__proto__":{"role":"A","isAdmin":true}',
            '"constructor":{"prototype":{"isAdmin":true}}',
            '"__proto__":null',
          ),
        )
        .map(([item, poison]) => {
          const text = JSON.stringify(item);
          const body = `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}${poison}}`;
          return req('prototype key', url, sheet ? `[${body}]` : body);
        }),
    );
  }
  if (bodySchema) {
    // The whole body wrong: another type, nested deep, or very large.
    arbs.push(
      fc
        .oneof(
          fc.constantFrom('null', '"text"', '42', 'true', '[]', '{}', '[[]]', '{"a":', '\u0000', 'x'),
          fc.integer({ min: 20, max: 5000 }).map((d) => '['.repeat(d) + ']'.repeat(d)),
          fc.integer({ min: 20, max: 200 }).map((d) => `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`),
          fc.constant(JSON.stringify({ a: 'x'.repeat(2_000_000) })),
        )
        .map((text) => req('whole body', url, text)),
    );
    // A valid body under every content type a client might claim, and none at all.
    arbs.push(
      fc
        .tuple(
          validBody,
          fc.constantFrom(
            'text/plain',
            'text/plain; charset=utf-8',
            'application/problem+json',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=zz',
            'application/xml',
            'application/json; charset=latin1',
            'application/jsonx',
            'none',
          ),
        )
        .map(([b, type]) => {
          const text = type.startsWith('application/x-www')
            ? 'a=1&b=2'
            : type.startsWith('multipart')
              ? '--zz\r\n\r\nx\r\n--zz--'
              : JSON.stringify(b);
          return req(`content-type ${type}`, url, text, type === 'none' ? {} : { 'content-type': type });
        }),
    );
    arbs.push(fc.constant(req('no body', url, undefined)));
    arbs.push(fc.constant(req('empty JSON body', url, '', JSON_HEADERS)));
  } else {
    // An operation without a body is sent one anyway.
    arbs.push(fc.constantFrom('{"a":1}', 'junk').map((text) => req('unexpected body', url, text)));
  }
  return fc.oneof(...arbs);
}
