import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet would set, worked out once (they never depend on the request). */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Helmet's security headers (from `securityHeaders`) on every reply. @fastify/helmet rebuilds helmet, CSP parsing
 * included, on every request (a fifth of a cached read's time); the headers are fixed, so they are computed at start
 * instead, once, and the front cache sends the same ones.
 */
export default fp(async (app: FastifyInstance, { headers }: { headers: Record<string, string> }) => {
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
});
