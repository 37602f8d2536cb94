/** Short names users know, for the allow-list messages ('Image must be JPEG, PNG or WebP'). */
const MIME_NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/svg+xml': 'SVG',
  'image/avif': 'AVIF',
  'video/mp4': 'MP4',
  'video/webm': 'WebM',
  'video/quicktime': 'MOV',
  'application/pdf': 'PDF',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
};

/**
 * A scanned paper (an Aadhaar proof, a candidate's document, an expense's receipt), as the server takes it: a PDF,
 * JPEG or PNG of at most 5 MB. Spread into a file field.
 */
export const SCANNED_PAPER: { accept: string[]; maxBytes: number } = {
  accept: ['application/pdf', 'image/jpeg', 'image/png'],
  maxBytes: 5 * 1024 * 1024,
};

/** Some systems give files no MIME type; fall back to the extension for the types we accept. */
const EXTENSION_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function guessMimeType(fileName: string): string {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[ext] ?? '';
}

/** 512 bytes, 120 KB, 2 MB, 1.5 MB (binary units, as upload limits are usually set). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const round = (n: number) => String(Math.round(n * 10) / 10);
  if (bytes < 1024 * 1024) return `${round(bytes / 1024)} KB`;
  return `${round(bytes / (1024 * 1024))} MB`;
}

function typeName(mime: string): string {
  if (mime.endsWith('/*')) return `any ${mime.slice(0, -2)}`;
  return MIME_NAMES[mime] ?? mime.split('/').pop()?.toUpperCase() ?? mime;
}

/** 'JPEG, PNG or WebP'. */
export function describeTypes(accept: string[]): string {
  const names = [...new Set(accept.map(typeName))];
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** What the messages call the file: 'Image', 'Video' or 'File'. */
export function fileKind(accept: string[]): 'Image' | 'Video' | 'File' {
  if (accept.length && accept.every((t) => t.startsWith('image/'))) return 'Image';
  if (accept.length && accept.every((t) => t.startsWith('video/'))) return 'Video';
  return 'File';
}

export function matchesAccept(type: string, accept: string[]): boolean {
  return accept.some((a) => (a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) : a === type));
}

/**
 * The browser-side check before reading a file; the server checks magic bytes again.
 * Returns a message for the user, or null when the file is acceptable.
 */
export function checkFile(
  file: { name: string; type: string; size: number },
  accept: string[],
  maxBytes: number,
): string | null {
  const kind = fileKind(accept);
  const type = file.type || guessMimeType(file.name);
  if (!matchesAccept(type, accept)) return `${kind} must be ${describeTypes(accept)}`;
  if (file.size === 0) return `${kind} is empty`;
  if (file.size > maxBytes) return `${kind} must be at most ${formatBytes(maxBytes)}`;
  return null;
}

/** The file's contents as base64 without the `data:...;base64,` prefix (what the API expects). */
export function readFileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = String(reader.result ?? '');
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Whether a stored file URL points at a video (for choosing <video> over <img> in previews). */
export function isVideoUrl(url: string): boolean {
  return /\.(mp4|m4v|webm|mov|ogv)(?:[?#]|$)/i.test(url);
}
