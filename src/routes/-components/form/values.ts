// Shared by the kit's forms: form text as body values, so the contract's schema (not a hand-written check) says
// what is wrong, in the server's words.
import type { FileValue } from '../../../ui/form';

/**
 * A select's value as an id; an unchosen select ('') sends no field, so the schema answers "is required". The cast
 * is the point: the body is checked against the schema before it is sent.
 */
export const chosenId = (value: string): number => (value ? Number(value) : undefined) as number;

/**
 * Typed digits as a number ("1,499.50" → 1499.5); text that is no number is sent as typed, so the schema answers
 * "must be a number"; an empty box sends no field ("is required" when the schema requires it).
 */
export function typedNumber(text: string): number {
  const plain = text.trim().replace(/,/g, '');
  if (!plain) return undefined as unknown as number;
  const n = Number(plain);
  return (Number.isFinite(n) ? n : plain) as number;
}

/**
 * A chosen picture as the body's `imagebase64Data` and `fileName` (a product's, a package's); none chosen sends
 * neither, so a change keeps the stored picture and an add is told the picture is required.
 */
export const pictureBody = (file: FileValue | null) =>
  file ? { imagebase64Data: file.data, fileName: file.fileName } : {};
