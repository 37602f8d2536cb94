import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type FieldError, HttpError } from '../http';
import { failures } from './logging';

// Plain-words messages for the patterns used in openapi.yaml.
const patternMessages: Record<string, string> = {
  '^[6-9][0-9]{9}$': 'must be a 10-digit mobile number starting with 6, 7, 8 or 9',
  '^[1-9][0-9]{5}$': 'must be a 6-digit pincode',
  '^[0-9]{6}$': 'must be the 6-digit code',
};

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

function fieldOf(e: AjvError): string {
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (e.keyword === 'required') return [path, e.params.missingProperty].filter(Boolean).join('.');
  if (e.keyword === 'additionalProperties') return [path, e.params.additionalProperty].filter(Boolean).join('.');
  return path || 'body';
}

function messageOf(e: AjvError): string {
  const p = e.params;
  switch (e.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not an allowed field';
    case 'type':
      return `must be ${p.type === 'integer' ? 'a whole number' : /^[aeiou]/.test(String(p.type)) ? `an ${p.type}` : `a ${p.type}`}`;
    case 'maxLength':
      return `must be at most ${p.limit} characters`;
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters`;
    case 'maximum':
      return `must be at most ${p.limit}`;
    case 'minimum':
      return `must be at least ${p.limit}`;
    case 'exclusiveMinimum':
      return `must be greater than ${p.limit}`;
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'format':
      return p.format === 'email' ? 'must be a valid e-mail address' : `must be a valid ${p.format}`;
    case 'pattern':
      return patternMessages[p.pattern as string] ?? 'has an invalid format';
    case 'maxItems':
      return `must have at most ${p.limit} items`;
    case 'minItems':
      return `must have at least ${p.limit} item${p.limit === 1 ? '' : 's'}`;
    default:
      return e.message ?? 'is invalid';
  }
}

/**
 * A body that is an array is a sheet of rows (the Excel/... imports): an error inside item N is reported as
 * `{ row: N + 2, field }`, the row under the sheet's header row, like the imports' own checks.
 */
function rowOf(e: AjvError): { row: number; error: AjvError } | null {
  const m = /^\/(\d+)(\/.*)?$/.exec(e.instancePath);
  if (!m) return null;
  return { row: Number(m[1]) + 2, error: { ...e, instancePath: m[2] ?? '' } };
}

export function validationErrors(validation: AjvError[], rows = false): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const raw of validation) {
    // anyOf/oneOf produce umbrella errors that say nothing a person can act on.
    if (raw.keyword === 'anyOf' || raw.keyword === 'oneOf' || raw.keyword === 'if') continue;
    const inRow = rows ? rowOf(raw) : null;
    const e = inRow?.error ?? raw;
    const field =
      inRow && !e.instancePath && e.keyword !== 'required' && e.keyword !== 'additionalProperties' ? 'row' : fieldOf(e);
    const message = messageOf(e);
    const key = `${inRow?.row ?? ''}:${field}:${message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(inRow ? { row: inRow.row, field, message } : { field, message });
    }
  }
  return out;
}

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
export function frameworkError(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const [field, message] = frameworkErrors[err.code] ?? ['url', 'could not be routed'];
  return reply
    .code(err.statusCode ?? 400)
    .type('application/problem+json')
    .send({ status: 'false', title: 'Invalid request', detail: `${field} ${message}`, errors: [{ field, message }] });
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
      });
    }
    const code = err.statusCode ?? 500;
    if (code === 429) {
      return reply.code(429).send({ status: 'false', title: 'Too many requests', detail: err.message, errors: [] });
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
      });
    }
    // The request's one log line (plugins/logging.ts) carries this failure and the same reference.
    failures.set(req, err);
    return reply.code(500).send({
      status: 'false',
      title: 'Server error',
      detail: `Something went wrong on our side. Reference: ${req.id}`,
      errors: [],
    });
  });
});
