// `npm run bench:catalogue`: the cached catalogue reads on PostgreSQL with 1,000 services, each next to a bare
// Fastify route answering the same bytes (target: at least 50% of the bare route's req/s).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshPostgres, print, run, startChild } from './lib';

const READS = [
  ['GetAllCategory', '/api/Common/GetAllCategory?pageSize=50'],
  ['GetAllSubCategory', '/api/Common/GetAllSubCategory?pageSize=50'],
  ['GetAllServices', '/api/Common/GetAllServices?pageSize=20'],
  ['GetAllServicesBySubCategory', '/api/Common/GetAllServicesBySubCategory/7'],
  ['GetServicesByID', '/api/Common/GetServicesByID/123'],
  ['GetAllBanner', '/api/Common/GetAllBanner?type=Home'],
] as const;

async function bench(label: string, env: Record<string, string>) {
  const app = await startChild('bench/app-child.ts', { ...env, BENCH_SEED: path.resolve('bench/seed-catalogue.ts') });
  const base = `http://127.0.0.1:${app.port}`;
  try {
    const bodies: { method: 'GET'; path: string; body: string }[] = [];
    for (const [name, url] of READS) {
      const res = await fetch(base + url);
      if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
      bodies.push({ method: 'GET', path: `/${name}`, body: await res.text() });
    }
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-')), 'routes.json');
    fs.writeFileSync(file, JSON.stringify(bodies));
    const bare = await startChild('bench/bare-child.ts', { BARE_ROUTES: file });
    try {
      const rows = [];
      for (const [name, url] of READS) {
        rows.push({
          app: await run(`GET ${name}`, { url: base + url }),
          bare: await run('bare', { url: `http://127.0.0.1:${bare.port}/${name}` }),
        });
      }
      print(`${label} (${os.cpus().length} cores, 10 connections, ${process.env.BENCH_SECONDS ?? 8} s each)`, rows);
    } finally {
      bare.child.kill();
    }
  } finally {
    app.child.kill();
  }
}

const pgdb = await freshPostgres();
if (!pgdb) {
  console.log('PostgreSQL: no server at 127.0.0.1:5432; the catalogue bench needs one.');
  process.exit(1);
}
try {
  await bench('Catalogue reads on PostgreSQL, 1,000 services', { DATABASE_URL: pgdb.url });
} finally {
  await pgdb.drop();
}
