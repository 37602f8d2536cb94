import http from 'node:http';
import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fastJsonStringify from 'fast-json-stringify';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config';
import { loadContract } from './contract';
import type { Database, Db } from './db/client';
import { handlers } from './domains';
import { livePlugin } from './domains/platform';
import type { JobRunner } from './jobs/queue';
import authPlugin from './plugins/auth';
import cachePlugin, { frontCache } from './plugins/cache';
import clientPlugin, { compression } from './plugins/client';
import errorsPlugin, { frameworkError } from './plugins/errors';
import inputPlugin, { withColumnBounds } from './plugins/input';
import loggingPlugin, { lazyChildLogger, loggerOptions, RequestLog, writeRequestLine } from './plugins/logging';
import operationsPlugin, { requestIdOf } from './plugins/operations';
import ownerPlugin, { ownerRuleOf } from './plugins/owner';
import { type PaymentProviders, paymentProviders } from './plugins/payments';
import checkoutPages from './plugins/payments/checkout-pages';
import sandboxCheckout from './plugins/payments/sandbox-checkout';
import securityHeadersPlugin, { securityHeaders } from './plugins/security-headers';
import storagePlugin from './plugins/storage';
import { accountKey } from './roles';

export { accountKey };

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    payments: PaymentProviders;
    /** This process's job runner once server/jobs starts one (decision 065); null while none runs. */
    jobs: JobRunner | null;
  }
}

const identifierOf = (req: FastifyRequest) => {
  const b = (req.body ?? {}) as Record<string, unknown>;
  return accountKey(b.UserName ?? b.MobileNoOrEmail ?? b.Phone);
};

function rateLimits(): Record<string, RateLimitOptions> {
  const perAccount = (max: number, timeWindow: string): RateLimitOptions => ({
    max,
    timeWindow,
    keyGenerator: (req) => `${req.ip}|${identifierOf(req)}`,
  });
  return {
    adminLogin: perAccount(10, '5 minutes'),
    userLogin: perAccount(10, '5 minutes'),
    sendOtp: perAccount(5, '15 minutes'),
    forgotPassword: perAccount(10, '15 minutes'),
    customerSignup: { max: 20, timeWindow: '1 hour' },
  };
}

/**
 * Where the rate limits count: with REDIS_URL, in Redis, so that every server process counts together (decision 039);
 * otherwise in this process. Redis unreachable, the limits are skipped rather than every sign-in refused: the account
 * lockout (in the database) still bounds password guessing, and the error is logged once per outage.
 */
function sharedRateLimits(app: FastifyInstance, config: Config) {
  if (!config.rateLimits || !config.redisUrl) return {};
  const redis = new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
  let down = false;
  redis.on('error', (err) => {
    if (!down) app.log.error({ err }, 'rate limits: Redis is unreachable; sign-in attempts are not counted meanwhile');
    down = true;
  });
  redis.on('ready', () => {
    down = false;
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, nameSpace: 'doorstep-rate-limit-', skipOnError: true };
}

/**
 * Validators by schema (and body or not): the same schema compiles to the same function, so an app built again
 * in the same process (each test file builds one, decision 010) reuses them instead of compiling the contract's
 * schemas again, most of a build's time.
 */
const validators = new Map<string, ValidateFunction>();
/** Response serializers by schema, kept across builds for the same reason (fast-json-stringify's code generation). */
const serializers = new Map<string, (data: unknown) => string>();

export async function buildApp(
  config: Config,
  database: Database,
  options: { logStream?: { write(line: string): unknown } } = {},
) {
  const logging = loggerOptions(config.logLevel, options.logStream);
  // Only configured proxies may name the client's address (rate limits key on it).
  const trustProxy =
    typeof config.trustProxy === 'number'
      ? (_addr: string, hop: number) => hop < (config.trustProxy as number)
      : config.trustProxy;
  // Fastify's request ids (req-1, req-2, …), from one counter that the front cache shares.
  let lastId = 0;
  const nextId = () => {
    lastId = (lastId + 1) & 0x7fffffff;
    return `req-${lastId.toString(36)}`;
  };
  // Set once the response cache exists: it answers cached public reads before Fastify (decision 037).
  let front: ((req: http.IncomingMessage, res: http.ServerResponse) => boolean) | undefined;
  const app = Fastify({
    logger: logging.logger,
    // One line per request (plugins/logging.ts), not Fastify's two.
    ...(logging.logger ? { logController: new RequestLog(), childLoggerFactory: lazyChildLogger } : {}),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 40 * 1024 * 1024,
    trustProxy,
    // A caller's well-formed X-Request-Id is kept (a proxy's or another service's id follows the request), else ours.
    genReqId: (req) => requestIdOf(req.headers['x-request-id']) ?? nextId(),
    // Fastify's own HTTP server, with the front cache before its handler.
    serverFactory: (handler, options) => {
      // Fastify's defaults, resolved, as it would apply them to a server of its own.
      const opts = options as {
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
        maxRequestsPerSocket?: number;
      };
      const server = http.createServer((req, res) => {
        if (!front?.(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = opts.keepAliveTimeout ?? 72_000;
      server.requestTimeout = opts.requestTimeout ?? 0;
      server.setTimeout(opts.connectionTimeout ?? 0);
      if ((opts.maxRequestsPerSocket ?? 0) > 0) server.maxRequestsPerSocket = opts.maxRequestsPerSocket!;
      return server;
    },
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    requestIdHeader: false,
    frameworkErrors: frameworkError,
  });
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('jobs', null as JobRunner | null);
  app.decorate(
    'payments',
    paymentProviders(config.payments, { db: database.db, dataDir: config.dataDir, baseUrl: config.publicUrl }),
  );

  // Bodies are validated strictly (no coercion, unknown fields refused); query and path strings are coerced.
  const ajvOptions = { allErrors: true, removeAdditional: false, useDefaults: true, strict: false } as const;
  const bodyAjv = addFormats(new Ajv({ ...ajvOptions, coerceTypes: false }));
  const paramAjv = addFormats(new Ajv({ ...ajvOptions, coerceTypes: 'array' }));
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const key = `${httpPart === 'body' ? 'body' : 'param'} ${JSON.stringify(schema)}`;
    let validate = validators.get(key);
    if (!validate) {
      validate = (httpPart === 'body' ? bodyAjv : paramAjv).compile(schema as object);
      validators.set(key, validate);
    }
    return validate;
  });

  // Fastify's own compiler (fast-json-stringify, no shared schemas: the contract's responses are self-contained).
  app.setSerializerCompiler(({ schema }) => {
    const key = JSON.stringify(schema);
    let serialize = serializers.get(key);
    if (!serialize) {
      serialize = fastJsonStringify(schema as object);
      serializers.set(key, serialize);
    }
    return serialize;
  });

  const { document, operations } = loadContract();
  await app.register(errorsPlugin);
  // First of the hooks: a shed request costs nothing more (plugins/operations.ts).
  await app.register(operationsPlugin, {
    db: database.db,
    metricsToken: config.metricsToken,
    overload: config.overload,
  });
  await app.register(compression);
  if (logging.flush) await app.register(loggingPlugin, { flush: logging.flush });
  await app.register(inputPlugin, { operations });
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(securityHeadersPlugin, { headers });
  await app.register(fastifyRateLimit, {
    global: false,
    hook: 'preHandler',
    ...sharedRateLimits(app, config),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many attempts. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`,
    }),
  });
  await app.register(authPlugin, { db: database.db });
  await app.register(ownerPlugin);
  await app.register(livePlugin);
  const uploads = path.join(config.dataDir, 'uploads');
  await app.register(storagePlugin, { root: uploads });
  // Public catalogue reads are cached; any successful write of these tags drops the cache.
  await app.register(cachePlugin, {
    tags: ['Catalogue', 'Geography', 'Banners'],
    // On PostgreSQL several server processes may run: a write in one drops every process's cache.
    shared: database.kind === 'postgres' ? database.db : undefined,
  });
  const trusted =
    trustProxy === false ? null : typeof trustProxy === 'function' ? trustProxy : proxyAddr.compile(trustProxy);
  front = frontCache(app.responseCache, {
    headers,
    nextId: (req) => requestIdOf(req.headers['x-request-id']) ?? nextId(),
    ipOf: (req) => {
      if (!trusted) return req.socket.remoteAddress;
      const addrs = proxyAddr.all(req, trusted);
      return addrs[addrs.length - 1];
    },
    // With logging on, Fastify's logger is pino's (loggerOptions); off, there is no request line to write.
    log:
      logging.logger && (app.log as Logger).isLevelEnabled('info')
        ? (line) => writeRequestLine(app.log, line)
        : undefined,
  });

  const byId = new Map(operations.map((o) => [o.operationId, o]));
  const owners = new Map(operations.map((o) => [o.operationId, ownerRuleOf(o)]));
  const limits = config.rateLimits ? rateLimits() : {};
  await app.register(openapiGlue, {
    specification: withColumnBounds(structuredClone(document)),
    // Typed loosely by the plugin; each handler is typed from the contract in its module.
    operationResolver: ((operationId: string) => {
      const handler = handlers[operationId as keyof typeof handlers];
      if (!handler) throw new Error(`openapi.yaml operation ${operationId} has no handler`);
      return {
        handler,
        config: {
          roles: byId.get(operationId)?.roles,
          owner: owners.get(operationId),
          cacheable: byId.get(operationId)?.cache,
          operationId,
          rateLimit: limits[operationId],
        },
      };
    }) as never,
  });

  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: withColumnBounds(structuredClone(document)) },
  } as never);
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });

  await app.register(fastifyStatic, {
    root: uploads,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders: (res) => {
      // Generated names never change content, so the browser may keep them for a year.
      res.header('Cache-Control', 'public, max-age=31536000, immutable');
      res.header('Content-Security-Policy', "default-src 'none'; sandbox");
      res.header('X-Content-Type-Options', 'nosniff');
    },
  });

  // The sandbox provider's checkout, and our pages opening Cashfree's and Razorpay's (plugins/payments).
  await app.register(sandboxCheckout);
  await app.register(checkoutPages, { providers: app.payments });

  // The built front end, robots.txt, sitemap.xml and the 404s (plugins/client.ts).
  await app.register(clientPlugin);

  return app;
}
