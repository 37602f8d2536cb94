import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Operation } from '../contract';
import { type FieldError, HttpError } from '../http';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as received, kept only where a signature is checked over it (payment webhooks). */
    rawBody?: string;
  }
}

/** PostgreSQL int4, the type of every id and count column: the default bounds of a contract integer. */
export const INT4 = { minimum: -2147483648, maximum: 2147483647 } as const;
/** Deeper bodies are refused before any code walks them; the deepest valid body is 3 levels. */
export const MAX_DEPTH = 32;
/**
 * The one media type a body is read from. Not text/plain: a page of another site can post it without a CORS preflight,
 * with the browser's session cookie, so reading it as JSON would let that page make changes (decision 043).
 */
export const JSON_TYPES = ['application/json'];

/**
 * Gives every `type: integer` in the contract that lacks a bound the int4 bound, so a number a column cannot hold
 * is a 400 from validation, never a database error. openapi.yaml states its bounds explicitly (the docs show them);
 * this is the net for a field added without them (decision 007).
 */
export function withColumnBounds<T>(document: T): T {
  const stack: unknown[] = [document];
  while (stack.length) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    const s = node as Record<string, unknown>;
    if (s.type === 'integer' && !s.enum) {
      if (s.minimum === undefined && s.exclusiveMinimum === undefined) s.minimum = INT4.minimum;
      if (s.maximum === undefined && s.exclusiveMaximum === undefined) s.maximum = INT4.maximum;
    }
    stack.push(...Object.values(s));
  }
  return document;
}

const invalid = (field: string, message: string, status = 400) =>
  new HttpError(status, 'Invalid request', `${field} ${message}`, [{ field, message }]);

/** The end of the JSON string that starts at `i` (a quote): the index of its closing quote. */
function stringEnd(text: string, i: number): number {
  let j = text.indexOf('"', i + 1);
  for (;;) {
    let k = j - 1;
    while (text.charCodeAt(k) === 92 /* \ */) k--;
    if ((j - 1 - k) % 2 === 0) return j;
    j = text.indexOf('"', j + 1);
  }
}

/**
 * Refuses what JSON.parse silently accepts: a key twice in one object (the last would win, so two readers of one
 * body could disagree) and nesting deeper than MAX_DEPTH. Runs on text JSON.parse has accepted, so it only tracks
 * strings, brackets and keys; long strings (base64 images) are skipped with indexOf.
 */
export function checkStructure(text: string) {
  const keys: (Set<string> | null)[] = [];
  const path: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const end = stringEnd(text, i);
      const set = keys[keys.length - 1];
      let n = end + 1;
      while (n < text.length && text.charCodeAt(n) <= 32) n++;
      if (set && text.charCodeAt(n) === 58 /* : */) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        path[keys.length - 1] = key;
        if (set.has(key)) throw invalid(path.slice(0, keys.length).filter(Boolean).join('.'), 'appears more than once');
        set.add(key);
      }
      i = end;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      keys.push(c === 123 ? new Set() : null);
      path[keys.length - 1] = '';
      if (keys.length > MAX_DEPTH) throw invalid('body', `must not be nested more than ${MAX_DEPTH} levels deep`);
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      keys.pop();
    }
  }
}

/** The path of the first string holding a NUL (PostgreSQL text cannot store one), walked without recursion. */
export function nulPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return at;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return at ? `${at}.${k}` : k;
        stack.push([child, at ? `${at}.${k}` : k]);
      }
    }
  }
  return null;
}

function nulError(req: FastifyRequest): FieldError | null {
  const message = 'must not contain the NUL character';
  for (const part of [req.params, req.query]) {
    const at = nulPath(part);
    if (at !== null) return { field: at, message };
  }
  const at = nulPath(req.body);
  if (at === null) return null;
  // A sheet of rows (the imports) names the row under the header, as every other row error does.
  const row = Array.isArray(req.body) ? /^(\d+)(?:\.(.*))?$/.exec(at) : null;
  if (row) return { row: Number(row[1]) + 2, field: row[2] ?? 'row', message };
  return { field: at || 'body', message };
}

/** Every media type the contract's responses name. */
function responseTypes(operations: Operation[]): string[] {
  const types = new Set<string>();
  for (const o of operations) {
    const responses = (o.spec.responses ?? {}) as Record<string, { content?: Record<string, unknown> }>;
    for (const r of Object.values(responses)) for (const t of Object.keys(r.content ?? {})) types.add(t);
  }
  return [...types].sort();
}

/**
 * Bad input stops here, before validation and the handlers:
 * - a body is read only as application/json (prototype keys, duplicate keys and deep nesting refused); any other
 *   type is 415;
 * - each operation validates its body against openapi.yaml whatever the Content-Type said (the contract names
 *   application/json, and Fastify would otherwise skip validation for every other type);
 * - a required body that is missing is a 400 naming `body`; a NUL in any body, query or path string is a 400
 *   naming the field.
 */
export default fp(
  async (app: FastifyInstance, opts: { operations: Operation[] }) => {
    const byId = new Map(opts.operations.map((o) => [o.operationId, o]));
    const parse = app.getDefaultJsonParser('error', 'error');

    app.removeAllContentTypeParsers();
    app.addContentTypeParser(JSON_TYPES, { parseAs: 'string' }, (req, text, done) => {
      parse(req, text as string, (err: (Error & { code?: string }) | null, body: unknown) => {
        if (err) {
          if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return done(invalid('body', 'is required'), undefined);
          // Fastify's parser gives one error for both; text that plain JSON.parse reads was refused for its keys.
          let wellFormed = true;
          try {
            JSON.parse(text as string);
          } catch {
            wellFormed = false;
          }
          const message = wellFormed
            ? 'must not contain the keys __proto__ or constructor.prototype'
            : 'is not valid JSON';
          return done(invalid('body', message), undefined);
        }
        // A webhook's signature is over the bytes the provider sent, so its handler gets them as well.
        if (req.routeOptions.config?.operationId === 'paymentWebhook') req.rawBody = text as string;
        try {
          checkStructure(text as string);
        } catch (e) {
          return done(e as Error, undefined);
        }
        done(null, body);
      });
    });

    // What we answer but never read (CSV and Excel exports, PDF invoices, images, the live stream): refused like any
    // other type, and declared so every type in the contract has a parser (fastify-openapi-glue warns at start-up
    // about each one otherwise).
    // problem+json too: every error reply's type, in the shared Problem response (a $ref responseTypes does not follow).
    const answeredOnly = [...new Set([...responseTypes(opts.operations), 'application/problem+json'])].filter(
      (t) => !JSON_TYPES.includes(t),
    );
    if (answeredOnly.length) {
      app.addContentTypeParser(answeredOnly, (req, _payload, done) =>
        done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(req.headers['content-type']), undefined),
      );
    }

    app.addHook('onRoute', (route) => {
      const schema = route.schema as { body?: { content?: Record<string, { schema?: unknown }> } } | undefined;
      const content = schema?.body?.content;
      if (content?.['application/json']?.schema) schema!.body = content['application/json'].schema as never;
      const op = byId.get((route.config as { operationId?: string } | undefined)?.operationId ?? '');
      const requestBody = op?.spec.requestBody as { required?: boolean } | undefined;
      if (requestBody) {
        route.config = { ...route.config, [requestBody.required ? 'bodyRequired' : 'bodyOptional']: true } as never;
      }
    });

    app.addHook('preValidation', async (req) => {
      // Only the contract's operations: static files and /docs have no fields to name.
      if (!(req.routeOptions.config as { operationId?: string }).operationId) return;
      const config = req.routeOptions.config as { bodyRequired?: boolean; bodyOptional?: boolean };
      if (req.body === undefined && config.bodyRequired) {
        throw invalid('body', 'is required: send it as JSON (application/json)');
      }
      // An optional body left out is an empty object, so its defaults apply (validation would refuse undefined).
      if (req.body === undefined && config.bodyOptional) req.body = {};
      const nul = nulError(req);
      if (nul) throw new HttpError(400, 'Invalid request', `${nul.field} ${nul.message}`, [nul]);
    });
  },
  { name: 'input' },
);
