import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, type FieldError, HttpError } from '../http';
import { type CheckedFile, Storage } from '../plugins/storage';

/** The Aadhaar proof: a PDF, JPEG or PNG, known by its bytes (never by its name), at most 5 MB. */
export const PROOF_TYPES: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' };
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** Decodes and checks an uploaded proof; every refusal is a 400 naming `field`. */
export async function checkProof(data: string, field: string): Promise<CheckedFile> {
  const notIt = () => badRequest(field, 'must be a PDF, JPEG or PNG file');
  const b64 = data.replace(/^data:[\w.+/-]*;base64,/i, '').replace(/\s+/g, '');
  if (!b64 || !BASE64.test(b64)) throw notIt();
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > PROOF_MAX_BYTES) throw badRequest(field, 'must be at most 5 MB');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(type.ext in PROOF_TYPES)) throw notIt();
  // No picture variants: the proof is a private document, never shown on a public page.
  return { bytes, ext: type.ext, mime: PROOF_TYPES[type.ext], kind: 'image' };
}

/** An uploaded proof checked, or null with its problems added to `errors` (a form lists every problem at once). */
export async function checkProofInto(data: string, field: string, errors: FieldError[]): Promise<CheckedFile | null> {
  try {
    return await checkProof(data, field);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    errors.push(...err.errors);
    return null;
  }
}

/** The name the proof was uploaded with, as a bare file name (no folders), or a name made from its type. */
export function proofFileName(given: string | null | undefined, ext: string) {
  const base = path.basename((given ?? '').replace(/\\/g, '/')).trim();
  // Only printable characters: the name goes into a Content-Disposition header.
  const clean = base.replace(/[^\w .()-]/g, '_').slice(0, 200);
  return clean || `aadhaar-proof.${ext}`;
}

/** The media type of a stored proof by its extension. */
export const proofMime = (url: string) => PROOF_TYPES[url.split('.').pop() ?? ''] ?? 'application/octet-stream';

/** Where Aadhaar proofs live: beside the public uploads, never under them (a proof is not for the world to read). */
export const proofStorage = (uploads: Storage) => new Storage(`${uploads.root}-private`);
