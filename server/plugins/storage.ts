import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import { badRequest } from '../http';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export type MediaKind = 'image' | 'video';

const MB = 1024 * 1024;
const RULES: Record<MediaKind, { exts: Record<string, string>; maxBytes: number; what: string; limit: string }> = {
  image: {
    exts: { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' },
    maxBytes: 2 * MB,
    what: 'a JPEG, PNG or WebP picture',
    limit: '2 MB',
  },
  video: {
    exts: { mp4: 'video/mp4', webm: 'video/webm' },
    maxBytes: 20 * MB,
    what: 'an MP4 or WebM video',
    limit: '20 MB',
  },
};
/** Larger sides are refused: a tiny file can otherwise decode into gigabytes of pixels in a browser. */
const MAX_SIDE = 10_000;

/** A file that passed every check, still in memory; nothing is written until `Storage.withFiles`. */
export interface CheckedFile {
  bytes: Buffer;
  ext: string;
  mime: string;
  kind: MediaKind;
  /** A picture's WebP variants, one per VARIANT_WIDTHS entry, made here so a picture sharp cannot read is a 400. */
  variants?: Buffer[];
}

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * Decodes base64 (a `data:` URL prefix is accepted) and checks the bytes, not the name: the magic bytes must be
 * one of the allowed types of `kind`, the size within its limit, and a picture must have readable dimensions.
 * Every refusal is a 400 naming `field`.
 */
export async function checkUpload(data: string, field: string, kind: MediaKind): Promise<CheckedFile> {
  const rule = RULES[kind];
  const notIt = () => badRequest(field, `must be ${rule.what}`);
  const b64 = data.replace(/^data:[\w.+/-]*;base64,/i, '').replace(/\s+/g, '');
  if (!b64 || !BASE64.test(b64)) throw notIt();
  const bytes = Buffer.from(b64, 'base64');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(type.ext in rule.exts)) throw notIt();
  if (bytes.length > rule.maxBytes) throw badRequest(field, `must be at most ${rule.limit}`);
  if (kind === 'image') {
    let size: { width?: number; height?: number };
    try {
      size = imageSize(bytes);
    } catch {
      throw notIt();
    }
    if (!size.width || !size.height) throw notIt();
    if (size.width > MAX_SIDE || size.height > MAX_SIDE) {
      throw badRequest(field, `must be at most ${MAX_SIDE} pixels wide and high`);
    }
    let variants: Buffer[];
    try {
      variants = await makeVariants(bytes);
    } catch {
      throw notIt();
    }
    return { bytes, ext: type.ext, mime: rule.exts[type.ext], kind, variants };
  }
  return { bytes, ext: type.ext, mime: rule.exts[type.ext], kind };
}

/** The optional picture of a request: omitted or empty means "no new picture". */
export const checkOptionalImage = (data: string | undefined, field: string) =>
  data ? checkUpload(data, field, 'image') : Promise.resolve(null);

/**
 * A YouTube link as https://www.youtube.com/watch?v=ID; accepts youtube.com/watch?v=, youtu.be/ and
 * youtube.com/embed/ forms (with or without www., m. or the scheme).
 */
export function youtubeWatchUrl(link: string, field: string): string {
  const bad = () =>
    badRequest(field, 'must be a YouTube link (youtube.com/watch?v=…, youtu.be/… or youtube.com/embed/…)');
  const raw = link.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    throw bad();
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw bad();
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
  let id: string | null | undefined = null;
  if (host === 'youtube.com') {
    id =
      url.pathname.replace(/\/$/, '') === '/watch'
        ? url.searchParams.get('v')
        : /^\/embed\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  } else if (host === 'youtu.be') {
    id = /^\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  }
  if (!id || !/^[A-Za-z0-9_-]{11}$/.test(id)) throw bad();
  return `https://www.youtube.com/watch?v=${id}`;
}

export type Upload = { folder: string; file: CheckedFile } | null | undefined;

/**
 * The widths of the WebP variants made for every uploaded raster picture, stored next to it as `<name>-<w>.webp`
 * (src/ui's srcset helper builds the same names). Each is at most `w` wide: a smaller picture is never enlarged,
 * so a descriptor is an upper bound (docs/decisions/ "public page serving").
 */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
const RASTER = /^([0-9a-f]{32})\.(jpg|png|webp)$/;
const STORED = /^\/uploads\/([a-z0-9-]+)\/([0-9a-f]{32})\.([a-z0-9]+)$/;

/** The variant files of a stored picture's file name (none for anything but our raster uploads). */
export function variantNames(name: string): string[] {
  const m = RASTER.exec(name);
  return m ? VARIANT_WIDTHS.map((w) => `${m[1]}-${w}.webp`) : [];
}

/** The WebP variants of a picture, in VARIANT_WIDTHS order; EXIF orientation applied, metadata dropped. */
function makeVariants(bytes: Buffer): Promise<Buffer[]> {
  return Promise.all(
    VARIANT_WIDTHS.map((width) =>
      sharp(bytes, { limitInputPixels: MAX_SIDE * MAX_SIDE })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78, effort: 4 })
        .toBuffer(),
    ),
  );
}

/** Files under `<dataDir>/uploads/<folder>/<32 hex>.<ext>`; the database keeps only the URL `/uploads/...`. */
export class Storage {
  constructor(readonly root: string) {}

  async save(folder: string, file: CheckedFile): Promise<string> {
    if (!/^[a-z0-9-]+$/.test(folder)) throw new Error(`bad upload folder ${folder}`);
    const dir = path.join(this.root, folder);
    await fs.mkdir(dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.${file.ext}`;
    const target = path.join(dir, name);
    await fs.writeFile(target, file.bytes, { flag: 'wx', mode: 0o644 });
    const url = `/uploads/${folder}/${name}`;
    try {
      const names = variantNames(name);
      await Promise.all(
        (file.variants ?? []).map((v, i) => fs.writeFile(path.join(dir, names[i]), v, { flag: 'wx', mode: 0o644 })),
      );
    } catch (err) {
      await this.remove(url);
      throw err;
    }
    return url;
  }

  /** Removes a stored file (and its variants) by its URL; anything not ours (or already gone) is ignored. */
  async remove(url: string | null | undefined): Promise<void> {
    const m = url ? STORED.exec(url) : null;
    if (!m) return;
    const name = `${m[2]}.${m[3]}`;
    await Promise.all(
      [name, ...variantNames(name)].map((f) => fs.rm(path.join(this.root, m[1], f), { force: true }).catch(() => {})),
    );
  }

  /**
   * Makes the missing variants of pictures uploaded before variants existed (at start, once per picture), so
   * every stored raster picture can be given a srcset.
   */
  async backfillVariants(): Promise<number> {
    let made = 0;
    const folders = await fs.readdir(this.root, { withFileTypes: true });
    for (const folder of folders.filter((d) => d.isDirectory())) {
      const dir = path.join(this.root, folder.name);
      const files = new Set(await fs.readdir(dir));
      for (const name of files) {
        const variants = variantNames(name);
        if (!variants.length || variants.every((v) => files.has(v))) continue;
        try {
          const out = await makeVariants(await fs.readFile(path.join(dir, name)));
          await Promise.all(out.map((v, i) => fs.writeFile(path.join(dir, variants[i]), v, { mode: 0o644 })));
          made++;
        } catch {
          // An unreadable old file keeps its plain URL; the storefront then shows it without a srcset.
        }
      }
    }
    return made;
  }

  /** Where a URL's file lives on disk (tests and maintenance). */
  pathOf(url: string): string {
    return path.join(this.root, url.replace(/^\/uploads\//, ''));
  }

  /**
   * Writes the new files, then runs `work` (which commits the database change and says which stored URLs it
   * replaced). The replaced files are removed once `work` has committed; when `work` fails, the new files are
   * removed and the error goes on. Call it only after every other check of the request has passed.
   */
  async withFiles<T>(
    uploads: Upload[],
    work: (urls: (string | null)[]) => Promise<{ result: T; replaced?: (string | null | undefined)[] }>,
  ): Promise<T> {
    const urls: (string | null)[] = [];
    try {
      for (const u of uploads) urls.push(u ? await this.save(u.folder, u.file) : null);
      const { result, replaced = [] } = await work(urls);
      await Promise.all(replaced.map((url) => this.remove(url)));
      return result;
    } catch (err) {
      await Promise.all(urls.map((url) => this.remove(url)));
      throw err;
    }
  }
}

/** Decorates `app.storage` for the uploads folder (served read-only at /uploads by app.ts). */
export default fp(async (app: FastifyInstance, opts: { root: string }) => {
  await fs.mkdir(opts.root, { recursive: true });
  const storage = new Storage(opts.root);
  app.decorate('storage', storage);
  // Pictures stored before variants existed get theirs in the background once the server is up: a start never
  // waits on a walk of the whole uploads folder, and until then those pictures are served without a srcset.
  app.addHook('onReady', async () => {
    storage
      .backfillVariants()
      .then((made) => made && app.log.info(`Made the WebP variants of ${made} earlier uploaded pictures`))
      .catch((err) => app.log.warn({ err }, 'could not make the variants of earlier pictures'));
  });
});
