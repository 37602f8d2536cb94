import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStaff } from '../roles';

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

interface Entry {
  body: string;
  etag: string;
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

  get(key: string): Entry | undefined {
    return this.entries.get(key);
  }

  set(key: string, version: number, entry: Entry) {
    if (version !== this.current || entry.body.length > this.maxChars / 4) return;
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

  private delete(key: string) {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.body.length;
      this.entries.delete(key);
    }
  }
}

/** method + lower-cased path + query sorted by name (then value). */
export function cacheKey(req: FastifyRequest): string {
  const q = req.url.indexOf('?');
  const pathPart = (q < 0 ? req.url : req.url.slice(0, q)).toLowerCase().replace(/\/+$/, '');
  const params = new URLSearchParams(q < 0 ? '' : req.url.slice(q + 1));
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
    entry = { body, etag: etagOf(body) };
    cache.set(key, version, entry);
  }
  return sendEntry(req, reply, entry);
}

function sendEntry(req: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.header('ETag', entry.etag).header('Cache-Control', 'no-cache').header('Vary', 'Authorization');
  if (matches(req.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  // A string with a JSON content type goes out as it is: Fastify does not serialize it again.
  return reply.type('application/json; charset=utf-8').send(entry.body);
}

/**
 * Decorates `app.responseCache` and drops it after every successful write (any method but GET/HEAD answering
 * below 400) of an operation tagged with one of `tags` (openapi.yaml tags). The hook runs before the reply
 * leaves, so a client that reads right after its own write never sees the old data.
 */
export default fp(async (app: FastifyInstance, opts: { tags: string[]; maxEntries?: number; maxChars?: number }) => {
  const cache = new ResponseCache(opts.maxEntries, opts.maxChars);
  const tags = new Set(opts.tags);
  app.decorate('responseCache', cache);
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
      if (opTags?.some((t) => tags.has(t))) cache.bump();
    }
    done(null, payload);
  });
});
