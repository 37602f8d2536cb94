import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../src/api/schema.gen';

export type OperationId = keyof operations;
export type RoleCode = 'A' | 'CD' | 'TE' | 'IM' | 'VE' | 'HR' | 'MR' | 'AC' | 'Cust';

type JsonBody<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : undefined;
type Part<O, K extends string> = O extends { parameters: { [P in K]?: infer X } } ? NonNullable<X> : never;

/** A request typed from the contract: body, query and path parameters of one operation. */
export type OpRequest<K extends OperationId> = FastifyRequest<{
  Body: JsonBody<operations[K]>;
  Querystring: Part<operations[K], 'query'>;
  Params: Part<operations[K], 'path'>;
}>;
type SuccessCode = 200 | 201 | 202;
/** A body as handlers build it: the serialiser writes a Date where the contract says string (date-time). */
type Serialisable<T> = T extends string
  ? T | Date
  : T extends (infer U)[]
    ? Serialisable<U>[]
    : T extends object
      ? { [P in keyof T]: Serialisable<T[P]> }
      : T;
/** The JSON bodies the contract allows an operation to answer with on success. */
export type SuccessBody<K extends OperationId> = operations[K] extends { responses: infer R }
  ? {
      [C in keyof R & SuccessCode]: R[C] extends { content: { 'application/json': infer B } } ? Serialisable<B> : never;
    }[keyof R & SuccessCode]
  : never;
/**
 * A handler typed from the contract: it answers one of the operation's success bodies (the route serialises it with
 * that schema), or the reply it has already sent itself (cached bytes, 304, files).
 */
export type Handler<K extends OperationId> = (
  req: OpRequest<K>,
  reply: FastifyReply,
) => Promise<SuccessBody<K> | FastifyReply>;
export type Handlers = { [K in OperationId]?: Handler<K> };

export interface CurrentUser {
  id: number;
  fullName: string;
  email: string | null;
  role: RoleCode;
  phone: string | null;
  mobileNo: string;
  mustChangePassword: boolean;
  sessionId: number;
  expiresAt: Date;
}

export interface FieldError {
  field: string;
  message: string;
  row?: number;
}

/**
 * A form's problems, gathered to answer them all at once: `bad` adds one; `filled` gives a required text trimmed and
 * adds "must not be empty" when nothing is left.
 */
export function formProblems() {
  const errors: FieldError[] = [];
  const bad = (field: string, message: string) => {
    errors.push({ field, message });
  };
  const filled = (field: string, value: string) => {
    const trimmed = value.trim();
    if (!trimmed) bad(field, 'must not be empty');
    return trimmed;
  };
  return { errors, bad, filled };
}

const attachment = (reply: FastifyReply, type: string, fileName: string) =>
  reply
    .type(type)
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'private, no-store');

/** A file only its caller may keep (an invoice, a slip, a workbook): downloaded, never held by a shared cache. */
export function privateDownload(reply: FastifyReply, type: string, fileName: string, body: Buffer | string) {
  return attachment(reply, type, fileName).send(body);
}

/** A file someone uploaded (a proof, a receipt, a CV), given back the same way; nosniff, as its bytes are theirs. */
export function uploadedFile(reply: FastifyReply, f: { mime: string; fileName: string; bytes: Buffer }) {
  return attachment(reply, f.mime, f.fileName).header('X-Content-Type-Options', 'nosniff').send(f.bytes);
}

/** The success envelope every operation answers with. */
export function ok<T>(data: T, message = 'OK') {
  return { status: 'true' as const, message, data };
}

export function done(message: string) {
  return { status: 'true' as const, message };
}

/** A failure that the central error handler turns into problem+json. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors: FieldError[] = [],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail ?? title);
  }
}

export const badRequest = (field: string, message: string) =>
  new HttpError(400, 'Invalid request', `${field}: ${message}`, [{ field, message }]);
export const invalidRows = (
  errors: FieldError[],
  detail = 'Nothing was imported: fix the rows listed and try again.',
) => new HttpError(400, 'Invalid rows', detail, errors);
export const notFound = (what: string) => new HttpError(404, 'Not found', `${what} was not found.`);
export const conflict = (field: string, message: string) =>
  new HttpError(409, 'Conflict', message, [{ field, message }]);
/** A repeated Idempotency-Key sent with another request: 422, and `detail` says what was not done. */
export const idempotencyKeyReused = (detail: string) =>
  new HttpError(422, 'Idempotency key reused', detail, [
    { field: 'Idempotency-Key', message: 'was already used for a different request' },
  ]);
export const unauthorized = (detail = 'Please sign in.') => new HttpError(401, 'Not signed in', detail);
export const forbidden = (detail = 'You are not allowed to do this.') => new HttpError(403, 'Forbidden', detail);

/** An Idempotency-Key and the hash of the request it came with: a reused key must come with the same request. */
export interface Idempotency {
  key: string | null;
  hash: string;
}

/** A hash of what a request asked for, so a reused Idempotency-Key with another request is caught. */
export const requestHash = (operation: string, actorId: number, body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([operation, actorId, body]))
    .digest('hex');

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * The Idempotency-Key header (checked here: header parameters are not validated by the contract) and the hash of
 * what was asked (the body unless given), by the signed-in user.
 */
export function idempotencyOf(req: FastifyRequest, operation: string, request: unknown = req.body): Idempotency {
  const key = req.headers['idempotency-key'];
  if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
    throw badRequest('Idempotency-Key', 'must be 8 to 100 letters, digits, - or _');
  }
  return { key: key ?? null, hash: requestHash(operation, currentUser(req).id, request) };
}

/** The signed-in user; only call on operations whose x-roles require a session. */
export function currentUser(req: FastifyRequest): CurrentUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
