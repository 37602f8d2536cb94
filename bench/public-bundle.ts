// `npx tsx bench/public-bundle.ts`: the JavaScript a first-time visitor's browser downloads for the public home
// page, gzipped, against the 150 KB budget. It builds the front end (into CLIENT_DIR, or a temporary folder;
// SKIP_BUILD=1 reuses CLIENT_DIR as it is), starts the real server on an in-memory database with a small catalogue
// (so every home section renders), opens `/` in headless Chromium, records every script response until the network
// is idle, gzips each body with zlib (level 9, what a static server would send) and sums them.
// Exits 1 above the budget. Not a test; prints a figure.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedDemo } from '../server/db/seed/demo';
import { seedReference } from '../server/db/seed/reference';
import { chromiumPath, launch, noChromiumReason } from '../tests/support/chromium';
import { HOME_JS_BUDGET as BUDGET, type LoadedScript, scriptsLoadedBy } from '../tests/support/scripts';
import { buildClient } from './lib';

const PASSWORD = 'Bundle-bench-1';
// 1x1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

const clientDir = path.resolve(process.env.CLIENT_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-bundle-')));
if (!chromiumPath) {
  console.error(`Cannot measure: ${noChromiumReason}.`);
  process.exit(2);
}

if (process.env.SKIP_BUILD !== '1') {
  buildClient(clientDir);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-bundle-data-'));
const database = await openDatabase({ dataDir: null });
await database.migrate();
await seedReference(database.db);
await seedDemo(database.db, PASSWORD);
const app = await buildApp(
  { ...loadConfig({}), dataDir, clientDir, serveClient: true, logLevel: 'silent', rateLimits: false },
  database,
);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function api(method: string, p: string, body: unknown, token?: string) {
  const res = await fetch(base + p, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: any };
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

let exitCode = 0;
try {
  // A small catalogue, so the banners, the categories, the new launches and the pincode check all render.
  const token = (await api('POST', '/api/adminlogin', { UserName: 'admin@doorstep.test', Password: PASSWORD }))
    .Token as string;
  const category = await api(
    'POST',
    '/api/Common/AddCategory',
    { categoryName: 'Cleaning', details: 'Home cleaning', image: PNG, fileName: 'c.png' },
    token,
  );
  const sub = await api(
    'POST',
    '/api/Common/AddSubCategory',
    { subCategoryName: 'Bathroom cleaning', categoryId: category.id, image: PNG, fileName: 's.png' },
    token,
  );
  const service = await api(
    'POST',
    '/api/Common/AddService',
    {
      heading: 'Deep bathroom cleaning',
      subCategoryId: sub.id,
      price: 799,
      discount: 10,
      gst: 18,
      professionalType: 'Technician',
      image: PNG,
      fileName: 'v.png',
    },
    token,
  );
  await api(
    'POST',
    '/api/Common/AddBanner',
    { type: 'Home', path: `/ServicesDetails?id=${service.id}`, imagebase64Data: PNG, fileName: 'b.png' },
    token,
  );

  const browser = await launch();
  let rows: LoadedScript[];
  try {
    rows = await scriptsLoadedBy(await browser.context.newPage(), `${base}/`);
  } finally {
    await browser.close();
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  for (const r of rows) console.log(`${kb(r.gzip).padStart(9)} gz  ${kb(r.raw).padStart(9)} raw  ${r.file}`);
  const total = rows.reduce((sum, r) => sum + r.gzip, 0);
  const raw = rows.reduce((sum, r) => sum + r.raw, 0);
  console.log(`\nPublic home: ${rows.length} JavaScript files, ${kb(total)} gzipped (${kb(raw)} raw).`);
  console.log(`Budget ${kb(BUDGET)}: ${total <= BUDGET ? 'within' : 'OVER'}.`);
  if (total > BUDGET) exitCode = 1;
} finally {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
