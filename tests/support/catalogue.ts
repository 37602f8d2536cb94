import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { cities, states } from '../../server/db/schema';
import { factories } from './factories';
import type { TestServer } from './server';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real PNG (valid chunks and CRCs) of the given size, one colour. */
export function png(width = 2, height = 2, rgb: [number, number, number] = [200, 80, 40]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG of `bytes` bytes: real markers (SOI, JFIF, SOF0 16x16) padded with a comment-free filler. */
export function jpeg(bytes: number): Buffer {
  const head = Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11,
    0x01,
  ]);
  const out = Buffer.alloc(Math.max(bytes, head.length + 2));
  head.copy(out);
  out[out.length - 2] = 0xff;
  out[out.length - 1] = 0xd9;
  return out;
}

export const b64 = (buf: Buffer) => buf.toString('base64');

/** Every file under the test server's uploads folder (relative paths). */
export function uploadedFiles(t: TestServer): string[] {
  const root = path.join(t.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .flatMap((d) => (d.isFile() ? [path.relative(root, path.join(d.parentPath, d.name))] : []));
}

export const fileOf = (t: TestServer, url: string) => path.join(t.dataDir, url);

export async function cityIds(t: TestServer, state: string, city: string) {
  const [row] = await t.db
    .select({ stateId: cities.stateId, cityId: cities.id })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(and(eq(states.name, state), eq(cities.name, city)));
  if (!row) throw new Error(`no city ${city}, ${state} in the seed`);
  return row;
}

export async function count(t: TestServer, table: string): Promise<number> {
  const r = (await t.db.execute(sql.raw(`select count(*)::int as n from "${table}"`))) as unknown as {
    rows: { n: number }[];
  };
  return r.rows[0].n;
}

/** Asserts a 2xx and answers the envelope's data. */
export function dataOf<T = any>(res: { status: number; body: any }, status = 200): T {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.status).toBe('true');
  return res.body.data as T;
}

/** The catalogue factories with positional names, as the older tests call them (see factories.ts). */
export function catalogueApi(t: TestServer) {
  const f = factories(t);
  return {
    admin: f.admin,
    category: (categoryName: string, extra: Record<string, unknown> = {}) => f.category({ categoryName, ...extra }),
    subCategory: (categoryId: number, subCategoryName: string, extra: Record<string, unknown> = {}) =>
      f.subCategory({ subCategoryName, categoryId, ...extra }),
    service: (subCategoryId: number, heading: string, extra: Record<string, unknown> = {}) =>
      f.service({ heading, subCategoryId, ...extra }),
    toggle: f.toggle,
  };
}
