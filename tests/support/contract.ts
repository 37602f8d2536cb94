import { loadContract, type Operation } from '../../server/contract';
import type { RoleCode } from '../../server/http';

type Schema = Record<string, any>;
const { document, operations } = loadContract();

export { operations };

export function resolve(s: Schema | undefined): Schema {
  let cur = s ?? {};
  while (cur.$ref) {
    const parts = String(cur.$ref).replace(/^#\//, '').split('/');
    cur = parts.reduce((o: any, k) => o[k], document);
  }
  if (cur.allOf) {
    const parts = (cur.allOf as Schema[]).map(resolve);
    return {
      type: 'object',
      required: parts.flatMap((p) => p.required ?? []),
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
    };
  }
  return cur;
}

const patternSamples: Record<string, string> = {
  '^[6-9][0-9]{9}$': '9876500000',
  '^[1-9][0-9]{5}$': '560034',
  '^[0-9]{6}$': '123456',
};

/** A value that satisfies the schema (the smallest that does). */
export function sampleOf(raw: Schema | undefined): unknown {
  const s = resolve(raw);
  if (s.example !== undefined) return s.example;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (s.type) {
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1, s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sampleOf(s.items));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = sampleOf(s.properties?.[key]);
      return out;
    }
    default:
      if (s.pattern) return patternSamples[s.pattern] ?? 'x';
      if (s.format === 'email') return 'sample@example.in';
      if (s.format === 'date') return '2026-01-01';
      if (s.format === 'date-time') return '2026-01-01T00:00:00Z';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
  }
}

export function parametersOf(op: Operation): Schema[] {
  return ((op.spec.parameters as Schema[]) ?? []).map(resolve);
}

export function bodySchemaOf(op: Operation): Schema | null {
  const body = op.spec.requestBody as Schema | undefined;
  const schema = body?.content?.['application/json']?.schema;
  return schema ? resolve(schema) : null;
}

/** The URL of an operation with every required path and query parameter filled in. */
export function urlOf(op: Operation, overrides: Record<string, unknown> = {}): string {
  let url = op.path;
  const query = new URLSearchParams();
  for (const p of parametersOf(op)) {
    const value = String(overrides[p.name] ?? sampleOf(p.schema));
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (p.in === 'query' && (p.required || p.name in overrides)) query.set(p.name, value);
  }
  const qs = query.toString();
  return qs ? `${url}?${qs}` : url;
}

export function allowedRoles(op: Operation): RoleCode[] | 'public' | 'any' {
  if (op.roles.includes('public')) return 'public';
  if (op.roles.includes('any')) return 'any';
  return op.roles as RoleCode[];
}
