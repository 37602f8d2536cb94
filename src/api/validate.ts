import type { operations } from './schema.gen';
import { type AjvError, type FieldError, validationErrors } from './validationErrors';
import * as compiled from './validators.gen';

type JsonBodyOf<T> = T extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** An operation that takes a JSON body. */
export type BodyOperation = {
  [K in keyof operations]: [JsonBodyOf<operations[K]>] extends [never] ? never : K;
}[keyof operations];

/** The JSON body an operation takes, as openapi.yaml says. */
export type BodyOf<K extends BodyOperation> = JsonBodyOf<operations[K]>;

/** A body field's limits in openapi.yaml (scripts/generate-operations.ts), for input attributes and hints. */
export interface FieldRule {
  required?: true;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
}

type Validate = ((body: unknown) => boolean) & { errors?: AjvError[] | null };
const validators = compiled as unknown as Record<string, Validate>;
const rules = compiled.requestRules as Record<string, Record<string, FieldRule>>;

/**
 * The body's mistakes, checked with the operation's request schema compiled from openapi.yaml at build time (the
 * server compiles the same schema with the same options) and worded as the server words them; [] when it is valid.
 */
export function checkBody<K extends BodyOperation>(operationId: K, body: BodyOf<K>): FieldError[] {
  const validate = validators[operationId];
  return validate(body) ? [] : validationErrors(validate.errors ?? [], Array.isArray(body));
}

/** The limits of each top-level field of the operation's body. */
export const rulesOf = (operationId: BodyOperation): Record<string, FieldRule> => rules[operationId] ?? {};
