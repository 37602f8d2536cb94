import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import fp from 'fastify-plugin';
// Fastify's own logger (a dependency of fastify): imported for its asynchronous destination and err serializer.
import pino from 'pino';

/** A key that carries a credential: passwords, OTPs, tokens, secrets, session headers. */
export const SENSITIVE = /pass|otp|token|secret|authorization|cookie|api[-_]?key/i;
const MASK = '[REDACTED]';

/** The URL as logged: credentials that old clients put in query strings are masked. */
export function redactUrl(url: string) {
  const q = url.indexOf('?');
  if (q < 0) return url;
  // Most query strings carry nothing sensitive: skip parsing them.
  if (!SENSITIVE.test(url.slice(q + 1))) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SENSITIVE.test(key)) params.set(key, MASK);
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** A copy of `value` with every sensitive key masked, at any depth (error details can carry a request's fields). */
export function redactDeep(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SENSITIVE.test(k) ? MASK : typeof v === 'string' && k === 'url' ? redactUrl(v) : redactDeep(v, depth + 1);
  }
  return out;
}

/**
 * An error as logged: pino's fields with sensitive keys masked, and without a query's parameters (a database
 * error carries the values a request sent, in `params` and in its message).
 */
export function serializeError(err: Error) {
  const out = redactDeep(pino.stdSerializers.err(err)) as Record<string, unknown>;
  if ('params' in out) out.params = MASK;
  for (const key of ['message', 'stack']) {
    if (typeof out[key] === 'string') out[key] = (out[key] as string).replace(/\nparams: .*/g, `\nparams: ${MASK}`);
  }
  return out as ReturnType<typeof pino.stdSerializers.err>;
}

/** Failures the error handler answered with a 500, for the request's one log line. */
export const failures = new WeakMap<FastifyRequest, unknown>();

/**
 * Log lines gathered in memory and handed to `destination` 16 KB at a time, every second, and on close or exit.
 * SonicBoom measures its whole pending buffer (Buffer.byteLength of a growing concatenated string) on every write:
 * with a 32 KB buffer that was a 16 KB copy per line, about 5 µs, more than the rest of the line. Here a line
 * costs an array push; SonicBoom still does the asynchronous writing (partial writes, EAGAIN, flush on exit).
 */
class LineBuffer {
  #lines: string[] = [];
  #length = 0;
  #closed = false;
  readonly #timer: NodeJS.Timeout;
  readonly #onExit = () => this.flushSync();
  constructor(
    private readonly destination: ReturnType<typeof pino.destination>,
    private readonly chunk = 16384,
  ) {
    this.#timer = setInterval(() => this.handOver(), 1000).unref();
    // Before SonicBoom's own exit handler (registered with the destination), so these lines are in what it flushes.
    process.prependListener('exit', this.#onExit);
  }
  write(line: string) {
    this.#lines.push(line);
    this.#length += line.length;
    if (this.#length >= this.chunk || this.#closed) this.handOver();
    return true;
  }
  /** Gives the gathered lines to the destination, which writes them asynchronously. */
  handOver() {
    if (this.#length === 0) return;
    const text = this.#lines.length === 1 ? this.#lines[0] : this.#lines.join('');
    this.#lines = [];
    this.#length = 0;
    this.destination.write(text);
  }
  /** pino's logger.flush(): hand over and let the destination write. */
  flush(cb?: (err?: Error) => void) {
    this.handOver();
    this.destination.flush(cb);
  }
  /** Writes everything now, synchronously (close, exit). */
  flushSync() {
    this.handOver();
    // flushSync throws when the destination is not ready or destroyed; what it holds is then lost either way.
    try {
      this.destination.flushSync();
    } catch {}
  }
  /** Writes what is held; later lines (a late log on shutdown) go straight to the destination. */
  close() {
    this.#closed = true;
    clearInterval(this.#timer);
    process.off('exit', this.#onExit);
    this.flushSync();
  }
}

/**
 * Fastify's logger options: pino at `level`, written to `stream` (tests) or to stdout through a LineBuffer in front
 * of pino's asynchronous SonicBoom destination, so lines are written in 16 KB pieces, at least every second, and on
 * close. Fastify's two lines per request are replaced by RequestLog's one, which never logs headers or bodies;
 * errors are logged with sensitive keys masked.
 */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): unknown },
): { logger: FastifyServerOptions['logger']; flush?: () => void } {
  if (level === 'silent') return { logger: false };
  const lines = stream ? null : new LineBuffer(pino.destination({ dest: 1, sync: false }));
  return {
    logger: {
      level,
      stream: stream ?? lines!,
      serializers: {
        err: serializeError,
        req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
    flush: lines ? () => lines.close() : undefined,
  };
}

/** Characters a JSON string cannot hold as they are (a lone surrogate included). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON must escape.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `s` as a JSON string: quoted as it is when nothing needs escaping (the usual case), else by JSON.stringify. */
export function jsonString(s: string) {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/**
 * A successful request's line, in pino's own format (level, time, the root's pid/hostname bindings), built by template
 * and written to pino's stream: about a tenth of the time of pino's generic path, measured at 7 µs a line. The caller
 * checks that info is enabled.
 */
/** `fn` remembered for the last (up to `max`) strings it was given: forgotten all at once when full. */
export function memoized(fn: (s: string) => string, max = 10_000) {
  const seen = new Map<string, string>();
  return (s: string) => {
    let out = seen.get(s);
    if (out === undefined) {
      if (seen.size >= max) seen.clear();
      out = fn(s);
      seen.set(s, out);
    }
    return out;
  };
}

/** Each URL as it goes into a line (redacted, as a JSON string): most requests repeat a URL seen lately. */
const loggedUrl = memoized((url) => jsonString(redactUrl(url)));

/** What a pino logger keeps under its symbols: where it writes, and its bindings as JSON text (`,"k":v…`). */
interface PinoInternals {
  [pino.symbols.streamSym]: { write(s: string): unknown };
  [pino.symbols.chindingsSym]: string;
}

export function writeRequestLine(
  log: FastifyBaseLogger,
  l: { reqId: string; method: string; url: string; status: number; ms: number; ip: string | undefined },
) {
  // The server's logger is pino's (app.ts builds it), whatever Fastify's type says.
  const pinoLog = log as FastifyBaseLogger & PinoInternals;
  const stream = pinoLog[pino.symbols.streamSym];
  const bindings = pinoLog[pino.symbols.chindingsSym];
  stream.write(
    `{"level":30,"time":${Date.now()}${bindings},"reqId":${jsonString(l.reqId)},"method":"${l.method}",` +
      `"url":${loggedUrl(l.url)},"status":${l.status},"ms":${l.ms},"ip":${l.ip === undefined ? 'null' : jsonString(l.ip)},` +
      `"msg":"request"}\n`,
  );
}

/**
 * One line per request, when the reply has gone, written where Fastify writes its own "request completed" (so no
 * extra hook runs): method, URL (redacted), status, time, client address and the request id, which a 500's body
 * shows as its reference. 2xx/3xx at info, 4xx at warn, 5xx at error with the failure, so a quieter LOG_LEVEL
 * keeps the failures. Fastify's "incoming request" line is dropped.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    // The root logger with reqId in the line: no per-request child logger is built for it (see lazyChildLogger).
    const log = req.server.log as pino.Logger;
    const status = reply.statusCode;
    // Probes and scrapes (plugins/operations.ts) are not logged when answered or not ready: /readyz logs its changes.
    if (req.routeOptions.config?.quiet && (status < 400 || status === 503)) return;
    // A 503 is load shed on purpose (decision 062): a warning, not a failure with its stack.
    const failed = (status >= 500 && status !== 503) || Boolean(error);
    if (!log.isLevelEnabled(failed ? 'error' : status >= 400 ? 'warn' : 'info')) return;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    if (!failed && status < 400) {
      writeRequestLine(log, { reqId: String(req.id), method: req.method, url: req.url, status, ms, ip: req.ip });
      return;
    }
    const line = { reqId: req.id, method: req.method, url: redactUrl(req.url), status, ms, ip: req.ip };
    if (failed) log.error({ ...line, err: failures.get(req) ?? error }, 'request failed');
    else log.warn(line, 'request refused');
  }
}

/**
 * `req.log` as Fastify's childLoggerFactory makes it: the pino child (with reqId) is built only when something
 * logs through it. Building one for every request cost more than the request's line, and most requests never log.
 */
class LazyChild implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: pino.Bindings,
    private readonly opts: pino.ChildLoggerOptions,
  ) {}
  get logger(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.opts);
    return this.#child;
  }
  get level() {
    return this.parent.level;
  }
  fatal(...a: Parameters<FastifyBaseLogger['fatal']>) {
    this.logger.fatal(...a);
  }
  error(...a: Parameters<FastifyBaseLogger['error']>) {
    this.logger.error(...a);
  }
  warn(...a: Parameters<FastifyBaseLogger['warn']>) {
    this.logger.warn(...a);
  }
  info(...a: Parameters<FastifyBaseLogger['info']>) {
    this.logger.info(...a);
  }
  debug(...a: Parameters<FastifyBaseLogger['debug']>) {
    this.logger.debug(...a);
  }
  trace(...a: Parameters<FastifyBaseLogger['trace']>) {
    this.logger.trace(...a);
  }
  silent() {}
  child(bindings: pino.Bindings, opts?: pino.ChildLoggerOptions) {
    return this.logger.child(bindings, opts);
  }
}

export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: pino.Bindings,
  opts: pino.ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChild(logger, bindings, opts);
}

/** Writes what the asynchronous destination still holds when the server closes (it flushes itself each second). */
export default fp(
  async (app: FastifyInstance, opts: { flush: () => void }) => {
    app.addHook('onClose', async () => opts.flush());
  },
  { name: 'logging' },
);
