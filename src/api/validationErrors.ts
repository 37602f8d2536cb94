// The words of a validation error, shared by the server (plugins/errors.ts answers a refused request with them) and
// the forms (src/api/validate.ts checks a body with the same compiled schema before sending it), so a person reads
// the same sentence whether the browser or the server caught the mistake. Pure: no imports (the server may import
// this one file of src/api, .dependency-cruiser.cjs).

export interface FieldError {
  field: string;
  message: string;
  row?: number;
}

// Plain-words messages for the patterns used in openapi.yaml.
const patternMessages: Record<string, string> = {
  '^[6-9][0-9]{9}$': 'must be a 10-digit mobile number starting with 6, 7, 8 or 9',
  '^[1-9][0-9]{5}$': 'must be a 6-digit pincode',
  '^[0-9]{6}$': 'must be 6 digits',
  '^99[0-9]{4}$': 'must be a 6-digit SAC code of a service (starting with 99)',
  '^[0-9]{4}([0-9]{2}){0,2}$': 'must be an HSN code of 4, 6 or 8 digits',
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,3})?)?(Z|[+-][0-9]{2}:[0-9]{2})$':
    'must be a date and time with its offset, such as 2026-11-24T10:00:00+05:30',
  '^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,49}$': 'must be up to 50 ids separated by commas',
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}$': 'must be a day, such as 2030-01-31',
  '^[A-Za-z0-9_-]+$': 'must be letters, digits, - or _ only',
};

export interface AjvError {
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

/** Ajv's errors as `{ field, message }` in plain words; `rows`: the body is a sheet of rows (an import). */
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
