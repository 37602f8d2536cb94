import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, listenForNotifications, notifyChannel } from '../db/client';
import { isStaff } from '../roles';
import { sessionCookie } from './auth';
import { memoized } from './logging';

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

interface Entry {
  body: string;
  etag: string;
  /** Whether the operation is open to visitors: only then may `frontCache` answer a request with no token. */
  visitors: boolean;
  /** The front cache's copies, made on first use: the body's bytes, its encodings and each reply's headers. */
  front?: {
    bytes: Buffer;
    br?: Buffer;
    gzip?: Buffer;
    headers?: (string | number)[];
    brHeaders?: (string | number)[];
    gzipHeaders?: (string | number)[];
    notModified?: (string | number)[];
  };
}

/**
 * Serialized replies of public reads, kept in memory and dropped as a whole when anything they are built from
 * changes. `version` grows at every invalidation; a read that started before one never stores its (possibly
 * stale) result. Per process: several server processes each keep their own.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  private current = 0;
  private bytes = 0;

  /** Bounded by entries and by size (UTF-16 length, about the bytes held), oldest dropped first. */
  constructor(
    readonly maxEntries = 2000,
    readonly maxChars = 32 * 1024 * 1024,
  ) {}

  get version() {
    return this.current;
  }

  get size() {
    return this.entries.size;
  }

  /** Off while this process cannot hear the others' drops (its listening connection is down): nothing kept. */
  private suspended = false;

  get(key: string): Entry | undefined {
    return this.suspended ? undefined : this.entries.get(key);
  }

  set(key: string, version: number, entry: Entry) {
    if (this.suspended || version !== this.current || entry.body.length > this.maxChars / 4) return;
    this.delete(key);
    // A Map keeps insertion order: the first keys are the oldest.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size < this.maxEntries && this.bytes + entry.body.length <= this.maxChars) break;
      this.delete(oldest);
    }
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
  }

  bump() {
    this.current++;
    this.entries.clear();
    this.bytes = 0;
  }

  /** Drops everything and keeps nothing until `resume`. */
  suspend() {
    this.suspended = true;
    this.bump();
  }

  /** Keeps replies again, from empty: whatever changed while suspended is read afresh. */
  resume() {
    this.bump();
    this.suspended = false;
  }

  private delete(key: string) {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.body.length;
      this.entries.delete(key);
    }
  }
}

/**
 * method + lower-cased path + query sorted by name (then value): the URLs the router sends to one route with one
 * query (it ignores case and a trailing slash) share a key.
 */
export function cacheKey(req: { method?: string; url?: string }): string {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  const pathPart = (q < 0 ? url : url.slice(0, q)).toLowerCase().replace(/\/+$/, '');
  if (q < 0) return `${req.method} ${pathPart}?`;
  const params = new URLSearchParams(url.slice(q + 1));
  const pairs = [...params].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return `${req.method} ${pathPart}?${new URLSearchParams(pairs).toString()}`;
}

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('hex')}"`;

function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * Answers a GET from the cache when `shared` (the reply is the same for every caller who gets it: visitors, not
 * admins asking for inactive items). The reply carries a strong ETag and `Cache-Control: no-cache`, so browsers
 * revalidate and get 304 with no body while nothing changed. Other callers get a fresh `private, no-store` reply.
 */
export async function cachedReply<T extends object>(
  req: FastifyRequest,
  reply: FastifyReply,
  shared: boolean,
  produce: () => Promise<T>,
): Promise<T | FastifyReply> {
  if (!shared) {
    reply.header('Cache-Control', 'private, no-store');
    return produce();
  }
  const cache = req.server.responseCache;
  const key = cacheKey(req);
  let entry = cache.get(key);
  if (!entry) {
    const version = cache.version;
    const body = reply.serializeInput(
      (await produce()) as Record<string, unknown>,
      '200',
      'application/json',
    ) as string;
    entry = { body, etag: etagOf(body), visitors: req.routeOptions.config?.roles?.includes('public') === true };
    cache.set(key, version, entry);
  }
  return sendEntry(req, reply, entry);
}

function sendEntry(req: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.header('ETag', entry.etag).header('Cache-Control', 'no-cache').header('Vary', 'Authorization, Cookie');
  if (matches(req.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  // A string with a JSON content type goes out as it is: Fastify does not serialize it again.
  return reply.type('application/json; charset=utf-8').send(entry.body);
}

/** @fastify/compress's threshold (plugins/client.ts): a shorter reply goes out as it is, whatever the client accepts. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * The encoding @fastify/compress would choose for a plain list of codings (br first, then gzip), null for none, or
 * undefined when the request says more (q-values, `*`, x-no-compression): Fastify then answers it.
 */
function encodingFor(req: IncomingMessage): 'br' | 'gzip' | null | undefined {
  // @fastify/compress sends such a request's reply plain; Fastify answers it.
  if (req.headers['x-no-compression'] !== undefined) return undefined;
  const header = req.headers['accept-encoding'];
  if (!header) return null;
  if (header.includes(';') || header.includes('*')) return undefined;
  const codings = header.split(',').map((c) => c.trim().toLowerCase());
  return codings.includes('br') ? 'br' : codings.includes('gzip') ? 'gzip' : null;
}

export interface FrontCacheOptions {
  /** The headers every reply carries before its own (the security headers). */
  headers: Record<string, string>;
  /** The request's id: the caller's X-Request-Id when well-formed, else the next from Fastify's generator. */
  nextId: (req: IncomingMessage) => string;
  /** The client's address as Fastify's `req.ip` gives it (the configured proxies trusted). */
  ipOf: (req: IncomingMessage) => string | undefined;
  /** Writes the request's line as the logging plugin does; absent when info is not logged. */
  log?: (line: {
    reqId: string;
    method: string;
    url: string;
    status: number;
    ms: number;
    ip: string | undefined;
  }) => void;
}

/**
 * The response cache in front of Fastify (decision 037): a visitor's GET of a cached public read is answered from the
 * raw request, before Fastify routes it and builds its request, reply and hooks, with the status, headers and body
 * Fastify's own cache hit sends (the security headers, ETag, Cache-Control, Vary, the type, and brotli or gzip made
 * once per entry, not per request). It answers false, and Fastify handles the request, for anything else: another
 * method, a token or session cookie (the user decides what they may see), no entry, an Accept-Encoding with q-values.
 */
export function frontCache(cache: ResponseCache, o: FrontCacheOptions) {
  /** Each reply's headers as one flat list for writeHead, made once per entry and encoding. */
  const headersOf = (entry: Entry, encoding: 'br' | 'gzip' | null, length: number | null) => {
    const list: (string | number)[] = [];
    for (const name in o.headers) list.push(name, o.headers[name]);
    list.push('etag', entry.etag, 'cache-control', 'no-cache');
    if (length === null) return [...list, 'vary', 'Authorization, Cookie'];
    list.push('vary', encoding ? 'Authorization, Cookie, accept-encoding' : 'Authorization, Cookie');
    list.push('content-type', 'application/json; charset=utf-8');
    if (encoding) list.push('content-encoding', encoding);
    return [...list, 'content-length', length];
  };
  // The key of each URL seen lately, so a repeated URL is not parsed again.
  const keyOf = memoized((url) => cacheKey({ method: 'GET', url }));
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    // A token in either place: the user decides what they may see (decision 043 for the cookie).
    if (req.method !== 'GET' || req.headers.authorization !== undefined || sessionCookie(req.headers.cookie)) {
      return false;
    }
    const url = req.url ?? '';
    const entry = cache.get(keyOf(url));
    if (!entry?.visitors) return false;
    const started = performance.now();
    entry.front ??= { bytes: Buffer.from(entry.body) };
    const front = entry.front;
    const encoding = front.bytes.length >= COMPRESS_FROM_BYTES ? encodingFor(req) : null;
    if (encoding === undefined) return false;
    const fresh = matches(req.headers['if-none-match'], entry.etag);
    if (fresh) {
      front.notModified ??= headersOf(entry, null, null);
      res.writeHead(304, front.notModified).end();
    } else if (encoding === 'br') {
      front.br ??= zlib.brotliCompressSync(front.bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
      front.brHeaders ??= headersOf(entry, 'br', front.br.length);
      res.writeHead(200, front.brHeaders).end(front.br);
    } else if (encoding === 'gzip') {
      front.gzip ??= zlib.gzipSync(front.bytes);
      front.gzipHeaders ??= headersOf(entry, 'gzip', front.gzip.length);
      res.writeHead(200, front.gzipHeaders).end(front.gzip);
    } else {
      front.headers ??= headersOf(entry, null, front.bytes.length);
      res.writeHead(200, front.headers).end(front.bytes);
    }
    o.log?.({
      reqId: o.nextId(req),
      method: 'GET',
      url,
      status: fresh ? 304 : 200,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ip: o.ipOf(req),
    });
    return true;
  };
}

/** The NOTIFY channel on which a process tells the others that a write dropped its response cache. */
export const RESPONSE_CACHE_CHANNEL = 'response_cache_dropped';

/**
 * Decorates `app.responseCache` and drops it after every successful write (any method but GET/HEAD answering
 * below 400) of an operation tagged with one of `tags` (openapi.yaml tags). The hook runs before the reply
 * leaves, so a client that reads right after its own write never sees the old data.
 *
 * With `shared` (PostgreSQL, where several server processes run: decision 039), the drop is also NOTIFYed before the
 * reply leaves, and every other process drops its own cache when it hears it. A process that is not listening (its
 * connection lost, until it is back) keeps nothing, so it never serves what another process's write changed.
 */
export default fp(
  async (app: FastifyInstance, opts: { tags: string[]; shared?: Db; maxEntries?: number; maxChars?: number }) => {
    const cache = new ResponseCache(opts.maxEntries, opts.maxChars);
    const tags = new Set(opts.tags);
    app.decorate('responseCache', cache);
    const shared = opts.shared;
    // This process's own drops come back on the channel too; they are already done.
    const origin = randomUUID();
    if (shared) {
      let stop: (() => Promise<void>) | null = null;
      app.addHook('onReady', async () => {
        cache.suspend();
        stop = await listenForNotifications(shared, RESPONSE_CACHE_CHANNEL, {
          notify: (from) => {
            if (from !== origin) cache.bump();
          },
          subscribed: () => cache.resume(),
          lost: (err) => {
            cache.suspend();
            app.log.warn({ err }, 'response cache: the connection hearing other processes dropped; caching paused');
          },
        });
      });
      app.addHook('onClose', async () => {
        await stop?.();
      });
    }
    // Fast path: a visitor's read that is already cached is answered before validation and the handler run (an
    // invalid URL never has an entry). Staff always reach the handler, which decides what they may see.
    // Callback-style hooks: they never wait, and an async hook costs a promise and a tick on every request.
    app.addHook('onRequest', (req, reply, done) => {
      if (req.method !== 'GET' || !req.routeOptions.config?.cacheable || isStaff(req.user)) return done();
      const entry = cache.get(cacheKey(req));
      // Answered here: not calling done() ends the hooks (Fastify's "respond from a hook").
      if (entry) sendEntry(req, reply, entry);
      else done();
    });
    app.addHook('onSend', (req, reply, payload, done) => {
      if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) {
        const opTags = (req.routeOptions.schema as { tags?: string[] } | undefined)?.tags;
        if (opTags?.some((t) => tags.has(t))) {
          cache.bump();
          if (shared) {
            // The write is committed; the reply waits until the other processes are told.
            notifyChannel(shared, RESPONSE_CACHE_CHANNEL, origin).then(
              () => done(null, payload),
              (err) => {
                req.log.error({ err }, 'response cache: could not tell the other processes of a write');
                done(null, payload);
              },
            );
            return;
          }
        }
      }
      done(null, payload);
    });
  },
);
