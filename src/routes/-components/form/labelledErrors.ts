// Shared by the kit's forms (useOperationForm): field errors, the browser's or the server's, as readable sentences.
import type { FieldError } from '../../../api/client';
import type { ServerFieldError } from '../../../ui/form';

/**
 * Maps problem+json errors onto form fields. `fields` is form field → its label; `alias` sends a server
 * field (first path segment, case-insensitive: `categoryZoneList.0.zoneId` → `categoryZoneList`) to a form
 * field. Messages that start in lower case ("must not be empty") get the label in front, so the error
 * summary reads "Category name must not be empty".
 */
export function labelledErrors(
  errors: FieldError[],
  fields: Record<string, string>,
  alias: Record<string, string> = {},
): ServerFieldError[] {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const byNorm = new Map(Object.keys(fields).map((f) => [norm(f), f]));
  const aliasByNorm = new Map(Object.entries(alias).map(([from, to]) => [norm(from), to]));
  return errors.map((e) => {
    const head = norm((e.field ?? '').split(/[./[]/).find(Boolean) ?? '');
    const target = aliasByNorm.get(head) ?? byNorm.get(head);
    if (!target) return e;
    const label = fields[target];
    const message = /^[a-z]/.test(e.message) ? `${label} ${e.message}` : e.message;
    return { field: target, message };
  });
}
