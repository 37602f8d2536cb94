import type { FieldError } from '../../../../api/client';
import { PINCODE_PATTERN, splitPincodes } from '../../../../api/zones';

/**
 * The server answers one error per taken pincode, all on the same field; the form shows one message per
 * field, so messages of one field are joined ("Pincode 560034 already belongs to zone A. Pincode …").
 */
export function mergeFieldErrors(errors: readonly FieldError[]): FieldError[] {
  const byField = new Map<string, string[]>();
  for (const e of errors) {
    // 'pinCode.0' (one item of the list) is a message about the list field.
    const field = e.field.replace(/(\.\d+)+$/, '');
    const list = byField.get(field);
    if (list) list.push(e.message);
    else byField.set(field, [e.message]);
  }
  return [...byField].map(([field, messages]) => ({ field, message: [...new Set(messages)].join(' ') }));
}

/** The pincodes a set of messages names (to mark the chips the server refused). */
export function pincodesNamed(errors: readonly FieldError[]): Set<string> {
  const out = new Set<string>();
  for (const e of errors) for (const m of e.message.matchAll(/\b[1-9]\d{5}\b/g)) out.add(m[0]);
  return out;
}

export const MAX_PINCODES = 200;

/** The pasted list as the server reads it: separators are commas, semicolons, spaces or new lines. */
export function checkPastedPincodes(text: string): string | null {
  const parts = splitPincodes(text);
  if (parts.length === 0) return 'Paste at least one 6-digit pincode';
  const bad = parts.filter((p) => !PINCODE_PATTERN.test(p));
  if (bad.length) {
    return `${bad.slice(0, 5).join(', ')} ${bad.length === 1 ? 'is not a' : 'are not'} 6-digit pincode${bad.length === 1 ? '' : 's'}`;
  }
  if (new Set(parts).size > MAX_PINCODES) return `List at most ${MAX_PINCODES} pincodes`;
  return null;
}

/** Checks typed text: every pincode 6 digits and not yet in the list. Returns the new ones or a message. */
export function takePincodes(text: string, current: readonly string[]): { add: string[] } | { error: string } {
  const parts = splitPincodes(text);
  if (parts.length === 0) return { error: 'Type a 6-digit pincode, then press Enter or Add' };
  const bad = parts.filter((p) => !PINCODE_PATTERN.test(p));
  if (bad.length) {
    return {
      error: `${bad.slice(0, 3).join(', ')} ${bad.length === 1 ? 'is not a' : 'are not'} 6-digit pincode${bad.length === 1 ? '' : 's'} (6 digits, not starting with 0)`,
    };
  }
  const fresh = [...new Set(parts)].filter((p) => !current.includes(p));
  if (fresh.length === 0) {
    return {
      error: parts.length === 1 ? `${parts[0]} is already in the list` : 'These pincodes are already in the list',
    };
  }
  return { add: fresh };
}
