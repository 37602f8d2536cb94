import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from '../../../http';
import type { CheckedFile } from '../../../plugins/storage';

/** The CV: a PDF or a Word file (.docx, or the older .doc, an OLE compound file), known by its bytes, at most 5 MB. */
export const CV_TYPES: Record<string, { ext: string; mime: string }> = {
  pdf: { ext: 'pdf', mime: 'application/pdf' },
  docx: { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  cfb: { ext: 'doc', mime: 'application/msword' },
};
/** The documents: a PDF, JPEG or PNG, at most 5 MB. */
export const DOC_TYPES: Record<string, { ext: string; mime: string }> = {
  pdf: { ext: 'pdf', mime: 'application/pdf' },
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
};
export const FILE_MAX_BYTES = 5 * 1024 * 1024;

const MIME_OF_EXT: Record<string, string> = Object.fromEntries(
  [...Object.values(CV_TYPES), ...Object.values(DOC_TYPES)].map((t) => [t.ext, t.mime]),
);

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** Decodes and checks an uploaded file against an allow-list by its magic bytes; every refusal is a 400 naming `field`. */
export async function checkFile(
  data: string,
  field: string,
  allowed: Record<string, { ext: string; mime: string }>,
  what: string,
): Promise<CheckedFile> {
  const notIt = () => badRequest(field, `must be ${what}`);
  const b64 = data.replace(/^data:[\w.+/-]*;base64,/i, '').replace(/\s+/g, '');
  if (!b64 || !BASE64.test(b64)) throw notIt();
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > FILE_MAX_BYTES) throw badRequest(field, 'must be at most 5 MB');
  const type = await fileTypeFromBuffer(bytes);
  const rule = type ? allowed[type.ext] : undefined;
  if (!rule) throw notIt();
  // Stored privately and never shown on a page: no picture variants.
  return { bytes, ext: rule.ext, mime: rule.mime, kind: 'image' };
}

export const checkCv = (data: string) => checkFile(data, 'cvFile', CV_TYPES, 'a PDF or Word file (.pdf, .doc, .docx)');
export const checkDoc = (data: string, field: string) => checkFile(data, field, DOC_TYPES, 'a PDF, JPEG or PNG file');

/** The name a file was uploaded with, as a bare printable file name, or `fallback.<ext>`. */
export function safeFileName(given: string | null | undefined, fallback: string, ext: string) {
  const base = path.basename((given ?? '').replace(/\\/g, '/')).trim();
  const clean = base.replace(/[^\w .()-]/g, '_').slice(0, 200);
  return clean || `${fallback}.${ext}`;
}

/** The media type of a stored file by its extension. */
export const mimeOfUrl = (url: string) => MIME_OF_EXT[url.split('.').pop() ?? ''] ?? 'application/octet-stream';

export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const UAN = /^[0-9]{12}$/;

/** Why an IFSC is wrong (after upper-casing), or null. */
export const ifscProblem = (ifsc: string) =>
  IFSC.test(ifsc) ? null : 'must be 4 letters, a zero and 6 letters or digits (HDFC0001234)';

/** Why a UAN is wrong, or null. */
export const uanProblem = (uan: string) => (UAN.test(uan) ? null : 'must be 12 digits');

/** A real calendar date YYYY-MM-DD, or the reason it is not. */
export function dateProblem(d: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return 'must be a date (YYYY-MM-DD)';
  const parsed = new Date(`${d}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== d) return 'is not a real date';
  return null;
}

/** Today's date in India. */
export const indiaToday = (now = new Date()) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** The instant an India calendar day starts. */
export const indiaDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00+05:30`));

/** The India day `n` days after `day`. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
