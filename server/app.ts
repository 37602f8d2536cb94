import fs from 'node:fs';
import path from 'node:path';
import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import type { Config } from './config';
import { loadContract } from './contract';
import type { Database, Db } from './db/client';
import { handlers } from './modules';
import authPlugin from './plugins/auth';
import cachePlugin from './plugins/cache';
import errorsPlugin from './plugins/errors';
import securityHeadersPlugin from './plugins/security-headers';
import storagePlugin from './plugins/storage';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

const SENSITIVE = /^(password|newpass|oldpassword|newpassword|otp|token|authorization)$/i;

/** The URL as logged: credentials that old clients put in query strings are masked. */
export function redactUrl(url: string) {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SENSITIVE.test(key)) params.set(key, '[REDACTED]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

const identifierOf = (req: FastifyRequest) => {
  const b = (req.body ?? {}) as Record<string, unknown>;
  return String(b.UserName ?? b.MobileNoOrEmail ?? b.Phone ?? '').toLowerCase();
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

export async function buildApp(config: Config, database: Database) {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
            },
          },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 40 * 1024 * 1024,
    trustProxy: true,
    requestIdHeader: false,
  });
  app.decorate('db', database.db);
  app.decorate('config', config);

  // Bodies are validated strictly (no coercion, unknown fields refused); query and path strings are coerced.
  const ajvOptions = { allErrors: true, removeAdditional: false, useDefaults: true, strict: false } as const;
  const bodyAjv = addFormats(new Ajv({ ...ajvOptions, coerceTypes: false }));
  const paramAjv = addFormats(new Ajv({ ...ajvOptions, coerceTypes: 'array' }));
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : paramAjv).compile(schema as object),
  );

  await app.register(errorsPlugin);
  // The contract names problem+json replies; accepting it as a body type keeps the glue's parser check quiet.
  app.addContentTypeParser(
    'application/problem+json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'ignore'),
  );
  await app.register(securityHeadersPlugin, {
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
  await app.register(fastifyRateLimit, {
    global: false,
    hook: 'preHandler',
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many attempts. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`,
    }),
  });
  await app.register(authPlugin, { db: database.db });
  const uploads = path.join(config.dataDir, 'uploads');
  await app.register(storagePlugin, { root: uploads });
  // Public catalogue reads are cached; any successful write of these tags drops the cache.
  await app.register(cachePlugin, { tags: ['Catalogue', 'Geography', 'Banners'] });

  const { document, operations } = loadContract();
  const byId = new Map(operations.map((o) => [o.operationId, o]));
  const limits = config.rateLimits ? rateLimits() : {};
  await app.register(openapiGlue, {
    specification: structuredClone(document),
    // Typed loosely by the plugin; each handler is typed from the contract in its module.
    operationResolver: ((operationId: string) => {
      const handler = handlers[operationId as keyof typeof handlers];
      if (!handler) throw new Error(`openapi.yaml operation ${operationId} has no handler`);
      return {
        handler,
        config: {
          roles: byId.get(operationId)?.roles,
          cacheable: byId.get(operationId)?.cache,
          operationId,
          rateLimit: limits[operationId],
        },
      };
    }) as never,
  });

  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: structuredClone(document) },
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

  const dist = config.clientDir;
  const serveClient = config.serveClient && fs.existsSync(path.join(dist, 'index.html'));
  if (serveClient) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        res.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // The single-page app answers every other GET for a page; anything else is a problem+json 404.
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !/^\/(api|uploads|docs)(\/|$)/i.test(req.url);
    if (serveClient && wantsPage) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', dist);
    }
    return reply
      .code(404)
      .type('application/problem+json')
      .send({
        status: 'false',
        title: 'Not found',
        detail: `No route ${req.method} ${req.url.split('?')[0]}`,
        errors: [],
      });
  });

  return app;
}
