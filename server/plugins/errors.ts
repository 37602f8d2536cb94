import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AjvError, validationErrors } from '../../src/api/validationErrors';
import { HttpError } from '../http';
import { failures } from './logging';

/** Fastify's client errors, as [field, message] in the words of our validation errors. */
const frameworkErrors: Record<string, [string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['body', 'is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['content-type', 'must be application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['content-length', 'does not match the body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['body', 'is required'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['body', 'is not valid JSON'],
  FST_ERR_BAD_URL: ['url', 'is not a valid address'],
  FST_ERR_MAX_PARAM_LENGTH: ['url', 'has a path parameter that is too long'],
  FST_ERR_ASYNC_CONSTRAINT: ['request', 'could not be routed'],
};

/**
 * Fastify's `frameworkErrors` option: errors raised while routing, before any hook or the error handler runs
 * (a malformed URL, an over-long path parameter), answered in the same problem+json.
 */
export function frameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const [field, message] = frameworkErrors[err.code] ?? ['url', 'could not be routed'];
  return reply
    .code(err.statusCode ?? 400)
    .type('application/problem+json')
    .send({
      status: 'false',
      title: 'Invalid request',
      detail: `${field} ${message}`,
      errors: [{ field, message }],
      requestId: String(req.id),
    });
}

/** One place that turns every failure into problem+json; no stack or SQL ever reaches a reply. */
export default fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError & { validation?: AjvError[] }, req, reply) => {
    reply.type('application/problem+json');
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({
        status: 'false',
        title: err.title,
        detail: err.detail ?? err.title,
        errors: err.errors,
        ...err.extra,
        requestId: String(req.id),
      });
    }
    if (err.validation) {
      const rows = err.validationContext === 'body' && Array.isArray(req.body);
      const errors = validationErrors(err.validation, rows);
      const shown = errors.slice(0, 10).map((e) => `${e.row ? `row ${e.row}: ` : ''}${e.field} ${e.message}`);
      if (errors.length > 10) shown.push(`and ${errors.length - 10} more`);
      const detail = shown.join('; ');
      return reply.code(400).send({
        status: 'false',
        title: rows ? 'Invalid rows' : 'Invalid request',
        detail: rows ? `Nothing was imported: ${detail}` : detail,
        errors,
        requestId: String(req.id),
      });
    }
    const code = err.statusCode ?? 500;
    if (code === 429) {
      return reply.code(429).send({
        status: 'false',
        title: 'Too many requests',
        detail: err.message,
        errors: [],
        requestId: String(req.id),
      });
    }
    if (code >= 400 && code < 500) {
      // Fastify's own client errors (body too large, wrong content type, ...): safe to describe, and named by field.
      const known = frameworkErrors[err.code ?? ''];
      const [field, message] = known ?? ['request', err.message];
      return reply.code(code).send({
        status: 'false',
        title: code === 415 || code === 413 ? 'Bad request' : 'Invalid request',
        detail: `${field} ${message}`,
        errors: [{ field, message }],
        requestId: String(req.id),
      });
    }
    // The request's one log line (plugins/logging.ts) carries this failure and the same reference.
    failures.set(req, err);
    return reply.code(500).send({
      status: 'false',
      title: 'Server error',
      detail: `Something went wrong on our side. Reference: ${req.id}`,
      errors: [],
      requestId: String(req.id),
    });
  });
});
